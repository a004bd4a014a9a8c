#!/usr/bin/env bash
# make test-aarch64: the suite on an aarch64 build under qemu-user.  The
# statically linked binaries (no QEMU_LD_PREFIX, no binfmt needed) run
# through two wrappers beside them that start qemu-aarch64 with -cpu max
# (so the SVE2 paths run too); ATTACKBENCH_TEST_EMULATED tells the tests
# that timings mean nothing here, so that the few that judge a timing skip
# with the reason.
# Usage: tests/aarch64.sh build/aarch64/attackbench build/aarch64/unit_tests [NAME...]
set -u
program=$1
unit_tests=$2
shift 2
qemu=$(command -v qemu-aarch64 || command -v qemu-aarch64-static) || {
    echo "test-aarch64 needs qemu-user (Debian: apt-get install qemu-user)" >&2
    exit 2
}
for binary in "$program" "$unit_tests"; do
    cat >"$binary-qemu" <<WRAPPER
#!/bin/sh
exec "$qemu" -cpu max "$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")" "\$@"
WRAPPER
    chmod +x "$binary-qemu"
done
export ATTACKBENCH_TEST_EMULATED="qemu-user"
export ATTACKBENCH="$program-qemu" ATTACKBENCH_UNIT_TESTS="$unit_tests-qemu"
exec bash "$(dirname "$0")/run.sh" "$@"

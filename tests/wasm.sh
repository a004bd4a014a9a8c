#!/usr/bin/env bash
# make test-wasm: the suite on the wasm32-wasi build (make wasm) under
# node's WASI.  Both programs run through runners written by
# scripts/platforms/wasm-runner.sh; ATTACKBENCH_TEST_EMULATED tells the tests that
# the timings of a JIT-compiled engine are not the CPU's, so that the few
# that judge a timing skip with the reason.
# Usage: tests/wasm.sh build/wasm/attackbench build/wasm/unit_tests-node [tests/run.sh arguments]
set -u
program=$1
unit_tests=$2
shift 2
command -v node >/dev/null 2>&1 || {
    echo "test-wasm needs node (Debian: apt-get install nodejs)" >&2
    exit 2
}
export ATTACKBENCH_TEST_EMULATED="WebAssembly (node $(node --version))"
export ATTACKBENCH="$program" ATTACKBENCH_UNIT_TESTS="$unit_tests"
exec bash "$(dirname "$0")/run.sh" "$@"

#!/usr/bin/env bash
# The unit tests (tests/test_*.c, linked into build/unit_tests): each
# "ok NAME" or "FAIL NAME" line of the binary becomes a TAP result, its
# other lines diagnostics.
source "$(dirname "$0")/../lib/tap.bash"

[ -x "$unit_tests" ] || { fail "the unit-test binary $unit_tests exists (make build/unit_tests)"; exit 1; }
"$unit_tests" >"$scratch/unit.out" 2>"$scratch/unit.err"
unit_status=$?
while IFS= read -r line; do
    case "$line" in
    'ok '*) pass "${line#ok }" ;;
    'FAIL '*) fail "${line#FAIL }" ;;
    *) echo "# $line" ;;
    esac
done <"$scratch/unit.out"
sed 's/^/# /' "$scratch/unit.err"
if [ "$unit_status" -ne 0 ] && [ "$failed" -eq 0 ]; then
    fail "the unit-test binary exited with status $unit_status"
fi
[ "$passed" -gt 0 ] || fail "the unit-test binary ran no test"

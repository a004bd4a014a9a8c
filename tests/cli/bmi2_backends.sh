#!/usr/bin/env bash
# The BMI2 backends added beside pext (pext-pdep, split-pext) are listed
# unavailable, with the reason, on a CPU without BMI2 (simulated), and the
# table-only ones (row-hash-perfect, kgssb) stay available there.
source "$(dirname "$0")/../lib/tap.bash"
[ "$x86_build" = 1 ] || skip_all "it tests x86-64 backends, which this build lists as x86-64 only"

ATTACKBENCH_HIDE_FEATURES="bmi2" "$program" --list >"$scratch/list-no-bmi2"
for method in pext-pdep split-pext; do
    grep -qE "^$method +unavailable \(this CPU lacks bmi2\)" "$scratch/list-no-bmi2" &&
        pass "hiding bmi2 makes $method unavailable (lacks bmi2)" ||
        fail "hiding bmi2 makes $method unavailable (lacks bmi2)"
done
for method in row-hash-perfect kgssb; do
    grep -qE "^$method +available" "$scratch/list-no-bmi2" &&
        pass "hiding bmi2 leaves $method available" || fail "hiding bmi2 leaves $method available"
done

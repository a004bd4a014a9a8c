#!/usr/bin/env bash
# make test-portable: the portable build (make PORTABLE=1) picks, per
# backend, the code compiled for the highest x86-64 level this CPU has;
# with features hidden it falls back level by level, and every level's
# code is verified against the reference.  ATTACKBENCH names the
# portable build; the Makefile then runs the whole suite on it.
source "$(dirname "$0")/lib/tap.bash"

"$program" --version | quiet_grep -- '-march=x86-64-v2 .*backends also for x86-64-v3, x86-64-v4, x86-64-v4 with GFNI' &&
    pass "--version names the baseline and the levels" || fail "--version names the baseline and the levels"

# level_of HIDDEN METHOD: the level --list says METHOD's code was built for.
level_of() {
    ATTACKBENCH_HIDE_FEATURES="$1" "$program" --list | awk -v m="$2" '$1 == m' |
        sed -n 's/.*compiled for: \([^(]*\) (run-time choice).*/\1/p' | sed 's/ *$//'
}
features=$(grep -o -w -E 'avx512f|avx512vl|avx512bw|avx512cd|avx512dq|gfni|avx2|bmi2' /proc/cpuinfo 2>/dev/null | sort -u | tr '\n' ' ')
expected_top=baseline
case "$features" in *avx2*bmi2*) expected_top="x86-64-v3" ;; esac
case "$features" in *avx512bw*avx512cd*avx512dq*avx512f*avx512vl*) expected_top="x86-64-v4" ;; esac
case "$features" in *avx512bw*avx512cd*avx512dq*avx512f*avx512vl*gfni*) expected_top="x86-64-v4 with GFNI" ;; esac
top_level=$(level_of "" classical)
[ "${top_level:-baseline}" = "$expected_top" ] &&
    pass "classical runs the code for this CPU's level ($expected_top)" ||
    fail "classical runs the code for this CPU's level ($expected_top; got ${top_level:-baseline})"

# Each level this CPU can show: hide what the levels above need, check the
# choice fell to it, and verify every backend there.
for hidden in "" "gfni" "avx512" "avx2"; do
    level=$(level_of "$hidden" kogge-stone)
    case "$hidden" in
        gfni) want="x86-64-v4" ;; avx512) want="x86-64-v3" ;; avx2) want="" ;; *) want=$top_level ;;
    esac
    if [ "$hidden" = gfni ] && [ "$expected_top" != "x86-64-v4 with GFNI" ]; then continue; fi
    if [ "$hidden" = avx512 ] && [ "$expected_top" = baseline ]; then continue; fi
    [ "$level" = "$want" ] && pass "hiding '${hidden}' runs kogge-stone's code for ${want:-the baseline}" ||
        fail "hiding '${hidden}' runs kogge-stone's code for ${want:-the baseline} (got ${level:-the baseline})"
    ATTACKBENCH_HIDE_FEATURES="$hidden" expect_status "every backend verifies with '${hidden}' hidden (${want:-baseline} code)" 0 \
        "$program" --verify-only "$here/data/boards.fen"
done

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
# The level this CPU has, by the table of src/platform/x86_64_levels.h
# (its /proc/cpuinfo names) against /proc/cpuinfo's flags.
cpu_flags=" $(grep -m 1 '^flags' /proc/cpuinfo 2>/dev/null | cut -d: -f2) "
cpu_level=$(sed -n 's/^ *X(\([1-4]\), "[^"]*", "\([^"]*\)".*/\1 \2/p' "$top/src/platform/x86_64_levels.h" |
    awk -v flags="$cpu_flags" '$2 != "-" && index(flags, " " $2 " ") == 0 { lacks[$1] = 1 }
        END { for (level = 1; level <= 4 && !lacks[level]; level++) ; print level - 1 }')
expected_top=baseline
[ "$cpu_level" -ge 3 ] && expected_top="x86-64-v3"
[ "$cpu_level" -ge 4 ] && expected_top="x86-64-v4"
[ "$cpu_level" -ge 4 ] && [[ "$cpu_flags" == *" gfni "* ]] && expected_top="x86-64-v4 with GFNI"
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

# Under qemu-user's CPU models: a CPU with AVX2, BMI1, BMI2 and LZCNT but
# no MOVBE is below x86-64-v3, so every backend runs its baseline code
# (the v3 copy of hyperbola uses MOVBE); Haswell itself gets the v3 copy;
# an x86-64-v1 CPU is refused with one line before anything runs.
if ! have_tool qemu-x86_64; then
    skip "the levels under qemu-x86_64 CPU models: qemu-user is not installed (apt-get install qemu-user)"
else
    qemu_level_of() { # qemu_level_of CPU METHOD
        qemu-x86_64 -cpu "$1" "$program" --list 2>/dev/null | awk -v m="$2" '$1 == m' |
            sed -n 's/.*compiled for: \([^(]*\) (run-time choice).*/\1/p' | sed 's/ *$//'
    }
    level=$(qemu_level_of Haswell hyperbola)
    [ "$level" = x86-64-v3 ] && pass "qemu Haswell: hyperbola runs its x86-64-v3 copy" ||
        fail "qemu Haswell: hyperbola runs its x86-64-v3 copy (got '${level:-the baseline}')"
    level=$(qemu_level_of Haswell,-movbe hyperbola)
    [ -z "$level" ] && pass "qemu Haswell without MOVBE: hyperbola runs its baseline copy" ||
        fail "qemu Haswell without MOVBE: hyperbola runs its baseline copy (got '$level')"
    expect_status "qemu Haswell without MOVBE: hyperbola, kogge-stone and pext verify" 0 \
        qemu-x86_64 -cpu Haswell,-movbe "$program" --verify-only --method=hyperbola,kogge-stone,pext
    qemu-x86_64 -cpu qemu64 "$program" --list >"$scratch/out" 2>"$scratch/err"
    status=$?
    if [ "$status" -eq 2 ] && [ "$(wc -l <"$scratch/err")" -eq 1 ] && [ ! -s "$scratch/out" ] &&
        grep -q '^attackbench: this CPU lacks .*SSE4_2.* of x86-64-v2' "$scratch/err"; then
        pass "qemu qemu64 (x86-64-v1): refused with one line naming what it lacks, exit 2"
    else
        fail "qemu qemu64 (x86-64-v1): refused with one line, exit 2 (exit $status: $(head -c 300 "$scratch/err"))"
    fi
fi

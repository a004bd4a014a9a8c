#!/usr/bin/env bash
# make test-portable: the portable build (make PORTABLE=1) picks, per
# backend, the code compiled for the highest x86-64 level this CPU has;
# with features hidden it falls back level by level, and every level's
# code is verified against the reference.  ATTACKBENCH names the
# portable build; the Makefile then runs the whole suite on it.
source "$(dirname "$0")/lib/tap.bash"

# The table of src/platform/x86_64_levels.h: the baseline level, and the
# variant rows, highest first, as LEVEL|EXTRA|NAME (EXTRA: the feature
# beyond the level, as ATTACKBENCH_HIDE_FEATURES names it, or -); the
# first feature of each level that ATTACKBENCH_HIDE_FEATURES can hide, as
# LEVEL|FEATURE; each feature's /proc/cpuinfo name, as LEVEL CPUINFO.
levels_table="$top/src/platform/x86_64_levels.h"
feature_name() { # feature_name ATTACKBENCH_FEATURE_X: x, as the program names it
    sed 's/^ATTACKBENCH_FEATURE_//; s/_/-/g' <<<"$1" | tr 'A-Z' 'a-z'
}
baseline_level=$(sed -n 's/^#define X86_64_BASELINE_LEVEL //p' "$levels_table")
variants=$(sed -n 's/^ *X(ARGUMENT, [a-z0-9]*, "\([^"]*\)", \([0-9]\), "[^"]*", \([A-Z0-9_]*\)).*/\2 \3 \1/p' "$levels_table" |
    while read -r level extra name; do
        [ "$extra" = 0 ] && extra=- || extra=$(feature_name "$extra")
        echo "$level|$extra|$name"
    done)
level_features=$(sed -n 's/^ *X(\([1-4]\), "[^"]*", "[^"]*", [^,]*, [A-Z]*, [0-9]*, \(ATTACKBENCH_FEATURE_[A-Z0-9_]*\)).*/\1 \2/p' \
    "$levels_table" | awk '!seen[$1]++' | while read -r level feature; do echo "$level|$(feature_name "$feature")"; done)
variant_names=$(cut -d'|' -f3 <<<"$variants" | tac | paste -sd, | sed 's/,/, /g')
[ -n "$baseline_level" ] && [ -n "$variant_names" ] && [ -n "$level_features" ] ||
    fail "tests/portable.sh reads the levels table of $levels_table"

"$program" --version | quiet_grep -- "-march=x86-64-v$baseline_level .*backends also for $variant_names" &&
    pass "--version names the baseline and the levels" || fail "--version names the baseline and the levels"

# level_of HIDDEN METHOD: the level --list says METHOD's code was built for.
level_of() {
    ATTACKBENCH_HIDE_FEATURES="$1" "$program" --list | awk -v m="$2" '$1 == m' |
        sed -n 's/.*compiled for: \([^(]*\) (run-time choice).*/\1/p' | sed 's/ *$//'
}
# The level this CPU has, by the table's /proc/cpuinfo names against
# /proc/cpuinfo's flags.
cpu_flags=" $(grep -m 1 '^flags' /proc/cpuinfo 2>/dev/null | cut -d: -f2) "
cpu_level=$(sed -n 's/^ *X(\([1-4]\), "[^"]*", "\([^"]*\)".*/\1 \2/p' "$levels_table" |
    awk -v flags="$cpu_flags" '$2 != "-" && index(flags, " " $2 " ") == 0 { lacks[$1] = 1 }
        END { for (level = 1; level <= 4 && !lacks[level]; level++) ; print level - 1 }')
# Some guests' /proc/cpuinfo leaves out a flag their CPUID sets (an AMD EPYC
# VM, family 26 model 2, lists no "abm", LZCNT's name there): glibc's
# loader, which reads CPUID itself, names the levels the CPU supports.
loader_level=$(/lib64/ld-linux-x86-64.so.2 --help 2>/dev/null |
    sed -n 's/^ *x86-64-v\([2-4]\) (supported.*/\1/p' | sort -n | tail -n 1)
[ -n "$loader_level" ] && [ "$loader_level" -gt "$cpu_level" ] && cpu_level=$loader_level
# variant_for LEVEL HIDDEN: the name of the highest variant a CPU of LEVEL
# with this CPU's flags runs, HIDDEN hidden; empty for the baseline.
variant_for() {
    local level=$1 hidden=$2 row_level extra name
    while IFS='|' read -r row_level extra name; do
        [ "$row_level" -le "$level" ] || continue
        [ "$extra" = - ] || { [[ "$cpu_flags" == *" $extra "* ]] && [ "$extra" != "$hidden" ]; } || continue
        echo "$name"
        return
    done <<<"$variants"
}
expected_top=$(variant_for "$cpu_level" "")
top_level=$(level_of "" classical)
[ "$top_level" = "$expected_top" ] &&
    pass "classical runs the code for this CPU's level (${expected_top:-baseline})" ||
    fail "classical runs the code for this CPU's level (${expected_top:-baseline}; got ${top_level:-baseline})"

# Each level this CPU can show: hide what a level or variant needs (each
# variant's extra feature, each level's first hideable one), check the
# choice fell to the variant below, and verify every backend there.
hidings=("")
while IFS='|' read -r row_level extra name; do
    [ "$extra" = - ] || [[ " ${hidings[*]} " == *" $extra "* ]] || hidings+=("$extra")
    feature=$(awk -F'|' -v l="$row_level" '$1 == l { print $2 }' <<<"$level_features")
    [[ " ${hidings[*]} " == *" $feature "* ]] || hidings+=("$feature")
done <<<"$variants"
for hidden in "${hidings[@]}"; do
    hidden_level=$(awk -F'|' -v f="$hidden" '$2 == f { print $1 }' <<<"$level_features")
    effective_level=$cpu_level
    [ -n "$hidden_level" ] && [ "$hidden_level" -le "$effective_level" ] && effective_level=$((hidden_level - 1))
    want=$(variant_for "$effective_level" "$hidden")
    # A hidden extra this CPU lacks changes nothing; nor does hiding a
    # level on a CPU that runs the baseline.
    if [ -z "$hidden_level" ] && [ -n "$hidden" ] && [[ "$cpu_flags" != *" $hidden "* ]]; then continue; fi
    if [ -n "$hidden_level" ] && [ -z "$expected_top" ]; then continue; fi
    level=$(level_of "$hidden" kogge-stone)
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

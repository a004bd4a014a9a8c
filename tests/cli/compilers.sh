#!/usr/bin/env bash
# scripts/comparisons/compilers (make compilers): a row per method with both builds'
# times and their ratio; a failing build is exit 2.
source "$(dirname "$0")/../lib/tap.bash"

# as_build COMPILER: the program under test as COMPILER's build: its
# --version names COMPILER, every other command runs the program itself.
as_build() {
    cat >"$scratch/as-$1" <<WRAPPER
#!/bin/sh
if [ "\$1" = --version ]; then "$program" --version | sed -E '1s/\(([A-Za-z+-]+) /($1 /'; exit; fi
exec "$program" "\$@"
WRAPPER
    chmod +x "$scratch/as-$1"
}
as_build gcc
as_build clang
compilers_options=(-m classical,magic-black -w random -p rook --dispatch=batch -r 3 -c 2000 --queries=256 -q -f csv)
run_to "$scratch/compilers.md" "$scratch/err" python3 "$here/../scripts/comparisons/compilers" "$scratch/as-gcc" "$scratch/as-clang" "${compilers_options[@]}"
status=$?
if [ $status -eq 0 ] && grep -qE '^\| `classical` \| [0-9.]+ \| [0-9.]+ \| [0-9.]+ \|' "$scratch/compilers.md" &&
    grep -qE '^\| `magic-black` \|' "$scratch/compilers.md" && ! grep -q '`null`' "$scratch/compilers.md"; then
    pass "compilers: a row per method with both times and their ratio"
else
    fail "compilers: a row per method with both times and their ratio (exit $status; $(head -c 300 "$scratch/err"))"
fi
# The default --piece=queen only beneath a workload that takes a piece:
# attackbench refuses --piece with sets or sides alone.
run_to "$scratch/compilers.md" "$scratch/err" python3 "$here/../scripts/comparisons/compilers" "$scratch/as-gcc" "$scratch/as-clang" -m classical -w sides -r 1 \
    -c 2000 "$here/data/boards.fen"
status=$?
[ $status -eq 0 ] && grep -qE '^\| `classical` \| [0-9.]+ \|' "$scratch/compilers.md" &&
    pass "compilers: -w sides runs without the default --piece" ||
    fail "compilers: -w sides runs without the default --piece (exit $status; $(head -c 300 "$scratch/err"))"
run_to /dev/null /dev/null python3 "$here/../scripts/comparisons/compilers" "$scratch/as-gcc" "$scratch/no-such-build" "${compilers_options[@]}"
status=$?
[ $status -eq 2 ] && pass "compilers: a build that cannot run fails the script" ||
    fail "compilers: a build that cannot run fails the script (exit $status)"

# The pairs, on fake builds that print attackbench's CSV (no timing): each
# call is logged, and FAKE_SHIFTED lists the calls of the gcc build that run
# 1/0.6 as long on every row, FAKE_SLOW_ROW the call where one row is 2x.
make_fake_build() {
    local name=$1 factor=$2
    cat >"$scratch/fake-$name" <<FAKE
#!/usr/bin/env bash
[ "\$1" = --version ] && { echo "attackbench 0.2.0 ($name 12.2.0; -O2)"; exit 0; }
count=0
[ -f "\$FAKE_DIR/$name.count" ] && read -r count <"\$FAKE_DIR/$name.count"
count=\$((count + 1))
echo \$count >"\$FAKE_DIR/$name.count"
echo $name >>"\$FAKE_DIR/order"
echo "\$*" >>"\$FAKE_DIR/arguments"
shifted=0
case " \${FAKE_SHIFTED:-} " in *" $name:\$count "*) shifted=1 ;; esac
echo "method,metric,ns_per_query_median"
# One awk for every row (a process per row made the fake most of the
# script's CPU); a shifted factor is rounded as awk's print writes it.
awk -v f=$factor -v shifted=\$shifted -v slow_row="\${FAKE_SLOW_ROW:-}" -v call="$name:\$count:" 'BEGIN {
    if (shifted) f = sprintf("%.6g", f / 0.6) + 0
    rows = split("pext:1.0 magic-black:2.0 hyperbola:3.0 kogge-stone:5.0 classical:4.0 null:0.3", row, " ")
    for (i = 1; i <= rows; i++) {
        split(row[i], part, ":")
        printf "%s,ns,%.4f\n", part[1], part[2] * f * (slow_row == call part[1] ? 2 : 1)
    }
}'
FAKE
    chmod +x "$scratch/fake-$name"
}
make_fake_build gcc 1.0
make_fake_build clang 0.8
# compilers_fake NAME [VAR=VALUE...] -- [compilers options]: runs the
# script on the fakes with a fresh log in $scratch/fake-NAME/.
compilers_fake() {
    local name=$1
    shift
    export FAKE_DIR="$scratch/fake-$name.d"
    mkdir -p "$FAKE_DIR"
    run_to "$FAKE_DIR/out" "$FAKE_DIR/err" env "$@" python3 "$here/../scripts/comparisons/compilers" ${compilers_pair_options:-} "$scratch/fake-gcc" "$scratch/fake-clang"
}

compilers_pair_options="--pairs=4" compilers_fake clean FAKE_SHIFTED=
[ "$(tr '\n' ' ' <"$scratch/fake-clean.d/order")" = "gcc clang clang gcc gcc clang clang gcc " ] &&
    grep -qF '| `pext` | 1.000 | 0.800 | 1.25 | 1.25-1.25 | differs by more than 10% |' "$scratch/fake-clean.d/out" &&
    grep -qF 'No pair was retaken: none moved as a whole' "$scratch/fake-clean.d/out" &&
    pass "compilers: 4 pairs in ABBA order, the median pair ratio and its range, nothing retaken" ||
    fail "compilers: 4 pairs in ABBA order, the median pair ratio and its range, nothing retaken ($(cat "$scratch/fake-clean.d/order" "$scratch/fake-clean.d/out" "$scratch/fake-clean.d/err" | head -c 600))"

compilers_pair_options="--pairs=4" compilers_fake shifted FAKE_SHIFTED=gcc:3
[ "$(tr '\n' ' ' <"$scratch/fake-shifted.d/order")" = "gcc clang clang gcc gcc clang clang gcc gcc clang " ] &&
    grep -qF "Retaken: pair 3, its gcc run: 1.67x the other gcc runs' figures on 5 of 5 rows (retake 1)." "$scratch/fake-shifted.d/out" &&
    grep -qF '| `kogge-stone` | 5.000 | 4.000 | 1.25 | 1.25-1.25 |' "$scratch/fake-shifted.d/out" &&
    grep -qF 'After the retakes none moved as a whole' "$scratch/fake-shifted.d/out" &&
    pass "compilers: a gcc run 0.6x as fast on every row is retaken with its pair, and named" ||
    fail "compilers: a gcc run 0.6x as fast on every row is retaken with its pair, and named ($(cat "$scratch/fake-shifted.d/out" "$scratch/fake-shifted.d/err" | head -c 600))"

compilers_pair_options="--pairs=4" compilers_fake slow-row FAKE_SLOW_ROW=gcc:2:pext
! grep -q 'Retaken' "$scratch/fake-slow-row.d/out" && [ "$(wc -l <"$scratch/fake-slow-row.d/order")" -eq 8 ] &&
    grep -qF '| `pext` | 1.000 | 0.800 | 1.25 | 1.25-2.50 |' "$scratch/fake-slow-row.d/out" &&
    pass "compilers: one slow row is no whole-run shift: nothing retaken, the row's range shows it" ||
    fail "compilers: one slow row is no whole-run shift ($(cat "$scratch/fake-slow-row.d/out" "$scratch/fake-slow-row.d/err" | head -c 600))"

compilers_pair_options="--pairs=4 --retakes=1" compilers_fake exhausted FAKE_SHIFTED="gcc:2 gcc:5"
[ "$(wc -l <"$scratch/fake-exhausted.d/order")" -eq 10 ] &&
    grep -qF "Retaken: pair 2, its gcc run: 1.67x" "$scratch/fake-exhausted.d/out" &&
    grep -qF "The figures rest on a shifted run: pair 2, its gcc run: 1.67x" "$scratch/fake-exhausted.d/out" &&
    pass "compilers: a run shifted at every take ends the retakes and is named as what the figures rest on" ||
    fail "compilers: a run shifted at every take ends the retakes ($(cat "$scratch/fake-exhausted.d/out" "$scratch/fake-exhausted.d/err" | head -c 600))"

# An option of the run's own keeps the other defaults (random queens,
# batched): --reps=3 alone once dropped them all.
export FAKE_DIR="$scratch/fake-own-reps.d"; mkdir -p "$FAKE_DIR"
run_to /dev/null "$scratch/err" python3 "$here/../scripts/comparisons/compilers" --pairs=1 "$scratch/fake-gcc" "$scratch/fake-clang" -m pext --reps=3
status=$?
[ $status -eq 0 ] && [ "$(grep -c -- '--workload=random --piece=queen --dispatch=batch -q --format=csv -m pext --reps=3 --format=csv$' \
    "$FAKE_DIR/arguments")" -eq 2 ] && ! grep -q -- '--reps=9' "$FAKE_DIR/arguments" &&
    pass "compilers: --reps=3 of the run's own keeps the default workload, piece and dispatch" ||
    fail "compilers: --reps=3 keeps the default workload (exit $status: $(head -c 300 "$scratch/err"; tail -2 "$FAKE_DIR/arguments"))"

for bad in --pairs=0 --pairs=abc --retakes=-1; do
    run_to /dev/null "$scratch/err" python3 "$here/../scripts/comparisons/compilers" "$bad" "$scratch/fake-gcc" "$scratch/fake-clang"
    status=$?
    [ $status -eq 2 ] && [ "$(wc -l <"$scratch/err")" -eq 1 ] && grep -qF "compilers: ${bad}: give a whole number" "$scratch/err" &&
        pass "compilers: $bad is one line and exit 2" || fail "compilers: $bad is one line and exit 2 (exit $status: $(head -c 300 "$scratch/err"))"
done

# A time that is not one (0, nan, below 0) in a build's CSV: one line
# naming it, not a table of nan or inf ratios with exit 0.
sed 's/-v f=0.8 /-v f=0 /' "$scratch/fake-clang" >"$scratch/fake-clang-zero"
chmod +x "$scratch/fake-clang-zero"
export FAKE_DIR="$scratch/fake-zero.d"; mkdir -p "$FAKE_DIR"
run_to /dev/null "$scratch/err" python3 "$here/../scripts/comparisons/compilers" --pairs=1 "$scratch/fake-gcc" "$scratch/fake-clang-zero"
status=$?
[ $status -eq 2 ] && [ "$(wc -l <"$scratch/err")" -eq 1 ] &&
    grep -qF "method pext: ns_per_query_median '0.0000' is not a time (a positive number)" "$scratch/err" &&
    pass "compilers: a build's time of 0 is one line and exit 2" ||
    fail "compilers: a build's time of 0 is one line and exit 2 (exit $status: $(head -c 300 "$scratch/err"))"

# --rounds (make compilers' default): one `ab` a technique, clang as A and
# gcc as B, on a fake gcc build that lists techniques and answers ab from
# FAKE_RATIOS ("method:ratio ..."; "method:fail" exits 2), logging its calls.
cat >"$scratch/fake-ab-gcc" <<'FAKE'
#!/usr/bin/env bash
[ "$1" = --version ] && { echo "attackbench 0.2.0 (gcc 12.2.0; -O2)"; exit 0; }
if [ "$1" = --list ]; then
    printf '%s\n' 'method status' 'reference available x' 'null available x' 'pext available x' \
        'magic-black available x' 'kogge-stone:scalar formulation of kogge-stone available' 'cfish-avx512 unavailable (no AVX-512)' \
        'classical available x'
    exit 0
fi
echo "$*" >>"$FAKE_DIR/calls"
json= method=
for word in "$@"; do
    case "$word" in --json=*) json=${word#--json=} ;; --method=*) method=${word#--method=} ;; esac
done
ratio=$(printf '%s\n' $FAKE_RATIOS | awk -F: -v m="$method" '$1 == m { print $2 }')
[ "$ratio" = fail ] && { echo "attackbench ab: $method: the side failed" >&2; exit 2; }
printf '{"label": "%s", "verdict": "%s", "ratio": %s, "ratio_low": %s, "ratio_high": %s, "pairs_used": 12, "pairs_left_out": 1}\n' \
    "${FAKE_LABEL:-gcc}" "$( [ "$ratio" = null ] && echo undecided || echo 'B slower')" "$ratio" \
    "$( [ "$ratio" = null ] && echo null || awk -v r="$ratio" 'BEGIN { print r - 0.01 }')" \
    "$( [ "$ratio" = null ] && echo null || awk -v r="$ratio" 'BEGIN { print r + 0.01 }')" >"$json"
exit 3
FAKE
chmod +x "$scratch/fake-ab-gcc"
rounds_fake() {
    local name=$1
    shift
    export FAKE_DIR="$scratch/rounds-$name.d"
    mkdir -p "$FAKE_DIR"
    run_to "$FAKE_DIR/out" "$FAKE_DIR/err" env "$@" python3 "$here/../scripts/comparisons/compilers" --rounds --max-time=20 "$scratch/fake-ab-gcc" "$scratch/fake-clang" \
        ${rounds_options:-}
}
rounds_fake all FAKE_RATIOS="pext:1.02 magic-black:1.25 classical:null"
status=$?
[ $status -eq 0 ] && [ "$(grep -c '^| `' "$scratch/rounds-all.d/out")" -eq 3 ] &&
    grep -qF '| `pext` | 1.020 | 1.010-1.030 | gcc slower | 12 (1 left out) |  |' "$scratch/rounds-all.d/out" &&
    grep -qF '| `magic-black` | 1.250 | 1.240-1.260 | gcc slower | 12 (1 left out) | differs by more than 10% |' "$scratch/rounds-all.d/out" &&
    grep -qF '| `classical` | | | undecided | 12 (1 left out) | |' "$scratch/rounds-all.d/out" &&
    grep -qF '1 of 3 outside 1/1.1 to 1.1: magic-black.' "$scratch/rounds-all.d/out" &&
    grep -qxF -- "ab --resolution=5% --min-time=10 --max-time=20 --pair-time=0.5 --json=$(sed -n 's/.*--json=\([^ ]*\).*/\1/p' "$scratch/rounds-all.d/calls" | head -1) $scratch/fake-clang $scratch/fake-ab-gcc --method=pext" "$scratch/rounds-all.d/calls" &&
    pass "compilers --rounds: one ab a technique the CPU runs, clang as A, the ratio, its interval and the mark" ||
    fail "compilers --rounds: one ab a technique the CPU runs ($(cat "$scratch/rounds-all.d/out" "$scratch/rounds-all.d/err" "$scratch/rounds-all.d/calls" | head -c 900))"
rounds_options="--workload=sides -m pext data/positions.fen" rounds_fake some FAKE_RATIOS="pext:0.97"
[ "$(grep -c '^| `' "$scratch/rounds-some.d/out")" -eq 1 ] &&
    grep -q -- '--method=pext --workload=sides data/positions.fen$' "$scratch/rounds-some.d/calls" &&
    pass "compilers --rounds: -m chooses the methods, the other options go to every ab" ||
    fail "compilers --rounds: -m chooses the methods ($(cat "$scratch/rounds-some.d/out" "$scratch/rounds-some.d/err" "$scratch/rounds-some.d/calls" | head -c 600))"
rounds_options="-m pext" rounds_fake bytes FAKE_RATIOS="pext:0.97" FAKE_LABEL=$'\xff'gcc
[ "$(grep -c '^| `pext` | 0.970 |' "$scratch/rounds-bytes.d/out")" -eq 1 ] && [ ! -s "$scratch/rounds-bytes.d/err" ] &&
    pass "compilers --rounds: a label that is not UTF-8 in ab's JSON (a build's path) gives its row, no traceback" ||
    fail "compilers --rounds: a label that is not UTF-8 ($(cat "$scratch/rounds-bytes.d/out" "$scratch/rounds-bytes.d/err" | head -c 600))"
rounds_fake failing FAKE_RATIOS="pext:1.0 magic-black:fail"
status=$?
[ $status -eq 2 ] && [ "$(wc -l <"$scratch/rounds-failing.d/err")" -eq 1 ] &&
    grep -qF 'compilers: ab of magic-black failed: attackbench ab: magic-black: the side failed' "$scratch/rounds-failing.d/err" &&
    pass "compilers --rounds: an ab that fails is one line and exit 2" ||
    fail "compilers --rounds: an ab that fails is one line and exit 2 (exit $status: $(head -c 300 "$scratch/rounds-failing.d/err"))"
run_to /dev/null "$scratch/err" python3 "$here/../scripts/comparisons/compilers" --rounds --pair-time= "$scratch/fake-ab-gcc" "$scratch/fake-clang"
status=$?
[ $status -eq 2 ] && [ "$(wc -l <"$scratch/err")" -eq 1 ] && grep -qF 'compilers: --pair-time=: give a value' "$scratch/err" &&
    pass "compilers --rounds: an empty setting is one line and exit 2" ||
    fail "compilers --rounds: an empty setting is one line and exit 2 (exit $status: $(head -c 300 "$scratch/err"))"
# The real ab on this build twice, briefly, its disturbed pairs kept so
# that a loaded machine still gives a ratio (WebAssembly has no ab).
if [ "$wasm_build" = 1 ]; then
    skip "compilers --rounds: a row from the real ab of two builds: WebAssembly cannot start ab's sides"
else
    run_to "$scratch/rounds-real.md" "$scratch/err" python3 "$here/../scripts/comparisons/compilers" --rounds --min-time=0.5 --max-time=1 --pair-time=0.1 --keep-disturbed \
        "$scratch/as-gcc" "$scratch/as-clang" -m classical
    status=$?
    [ $status -eq 0 ] && grep -qE '^\| `classical` \| [0-9.]+ \| [0-9.]+-[0-9.]+ \| (gcc slower|gcc faster|no difference|undecided) \| [0-9]+ \([0-9]+ left out\) \|' "$scratch/rounds-real.md" &&
        pass "compilers --rounds: a row from the real ab of two builds" ||
        fail "compilers --rounds: a row from the real ab of two builds (exit $status: $(cat "$scratch/rounds-real.md" "$scratch/err" | head -c 600))"
fi

# Each program's --version must name the compiler of its column: the same
# build twice, or the builds swapped, is refused before any run, and so is
# a --rounds setting ab would refuse, before the table starts.
export FAKE_DIR="$scratch/fake-checks.d"; mkdir -p "$FAKE_DIR"
for pair in "gcc gcc:the second program must be clang's build" "clang clang:the first program must be gcc's build" \
    "clang gcc:the first program must be gcc's build"; do
    builds=${pair%%:*}
    run_to "$scratch/out" "$scratch/err" python3 "$here/../scripts/comparisons/compilers" --pairs=1 "$scratch/fake-${builds% *}" "$scratch/fake-${builds#* }"
    status=$?
    [ $status -eq 2 ] && [ "$(wc -l <"$scratch/err")" -eq 1 ] && grep -qF "${pair#*:}" "$scratch/err" &&
        [ ! -s "$scratch/out" ] && [ ! -e "$FAKE_DIR/order" ] &&
        pass "compilers: builds $builds are refused in one line before any run" ||
        fail "compilers: builds $builds are refused in one line before any run (exit $status: $(head -c 300 "$scratch/err"))"
done
run_to /dev/null "$scratch/err" python3 "$here/../scripts/comparisons/compilers" --pairs=1 /bin/echo "$scratch/fake-clang"
status=$?
[ $status -eq 2 ] && grep -qF "compilers: /bin/echo: its --version names no compiler" "$scratch/err" &&
    pass "compilers: a program that is not attackbench is refused" ||
    fail "compilers: a program that is not attackbench is refused (exit $status: $(head -c 300 "$scratch/err"))"
# A folder as a program is named as one ("Permission denied" before).
run_to /dev/null "$scratch/err" python3 "$here/../scripts/comparisons/compilers" --pairs=1 "$scratch" "$scratch/fake-clang"
status=$?
[ $status -eq 2 ] && [ "$(wc -l <"$scratch/err")" -eq 1 ] &&
    grep -qF "compilers: $scratch: a folder, not an attackbench build" "$scratch/err" &&
    pass "compilers: a folder as a program is named as one" ||
    fail "compilers: a folder as a program is named as one (exit $status: $(head -c 300 "$scratch/err"))"
for bad in --resolution=-5 --resolution=100 --max-time=0 --min-time=abc; do
    run_to "$scratch/out" "$scratch/err" python3 "$here/../scripts/comparisons/compilers" --rounds "$bad" "$scratch/fake-ab-gcc" "$scratch/fake-clang"
    status=$?
    [ $status -eq 2 ] && [ "$(wc -l <"$scratch/err")" -eq 1 ] && grep -qF "compilers: $bad: expected" "$scratch/err" &&
        [ ! -s "$scratch/out" ] && pass "compilers --rounds: $bad is refused before the table" ||
        fail "compilers --rounds: $bad is refused before the table (exit $status: $(head -c 300 "$scratch/out" "$scratch/err"))"
done

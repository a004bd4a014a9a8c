#!/usr/bin/env bash
# Command-line tests of the side-wise workloads (sets, sides).
source "$(dirname "$0")/../lib/tap.bash"

# --dump --workload=sets: the header, two rows per position (white, then
# black, also without sliders), every method agreeing with the reference.
"$program" --dump --workload=sets --method=reference "$here/data/boards.fen" >"$scratch/sets-reference" 2>/dev/null
positions=$("$program" --dump --method=reference "$here/data/boards.fen" 2>/dev/null | tail -n +2 | cut -d, -f1 | sort -un | wc -l)
head -1 "$scratch/sets-reference" | grep -qx 'position,side,attacks' &&
    [ "$(tail -n +2 "$scratch/sets-reference" | wc -l)" -ge $((2 * positions)) ] &&
    sed -n 2p "$scratch/sets-reference" | quiet_grep -E '^1,white,0x[0-9a-f]{16}$' &&
    sed -n 3p "$scratch/sets-reference" | quiet_grep -E '^1,black,0x[0-9a-f]{16}$' &&
    pass "dump sets: header, white then black, 0x and 16 hex digits" ||
    fail "dump sets: header, white then black, 0x and 16 hex digits"
# A lone white rook on d4: black has no slider and attacks nothing.
grep -qx '1,black,0x0000000000000000' "$scratch/sets-reference" && grep -qx '1,white,0x08080808f7080808' "$scratch/sets-reference" &&
    pass "dump sets: a lone rook's attack map, and a side without sliders" ||
    fail "dump sets: a lone rook's attack map, and a side without sliders"

"$program" --dump --method=reference data/positions.fen >"$scratch/dump-plain" 2>/dev/null
"$program" --dump --workload=sets --method=reference data/positions.fen >"$scratch/dump-sets" 2>/dev/null
for method in kogge-stone kogge-stone-rotate kogge-stone-shift-avx2 dumb7fill dumb7fill-avx2 dumb7fill-avx512 \
    dumb7fill-early-exit pext hyperbola magic-lanes obstruction-lanes \
    hyperbola-lanes hyperbola-lanes-avx2 kogge-stone-lanes kogge-stone-lanes-avx2; do
    quiet_grep -E "^$method +available" "$scratch/list" || continue
    "$program" --dump --workload=sets --method="$method" data/positions.fen 2>/dev/null | cmp -s - "$scratch/dump-sets" &&
        pass "dump sets: $method matches the reference" || fail "dump sets: $method matches the reference"
    "$program" --dump --workload=sides --method="$method" data/positions.fen 2>/dev/null | cmp -s - "$scratch/dump-plain" &&
        pass "dump sides: $method gives today's dump rows" || fail "dump sides: $method gives today's dump rows"
done
# One kind of row per dump: two workloads are refused, not one dropped.
for pair in sets,sides pieces,sets pieces,sides; do
    expect_one_line "dump takes one workload: $pair" \
        "one of --workload=pieces, --workload=sets and --workload=sides" \
        "$program" --dump --workload=$pair --method=$lookup data/positions.fen
done

# --list names the native side-wise paths: the fills' set-wise entries,
# the lanes kernels' multi-square ones, none for a table method.
cp "$scratch/list" "$scratch/list-native"
on_x86 "--list names each method's native side-wise paths" &&
grep -qE '^kogge-stone +available .*  native sets  source:' "$scratch/list-native" &&
    grep -qE '^pext +[a-z]+ .*  native none  source:' "$scratch/list-native" &&
    grep -qE '^hyperbola-lanes +[a-z]+ .*  native sides  source:' "$scratch/list-native" &&
    [ "$(grep -cE '^[a-z0-9-]+ +(available|unavailable).*  native (sets|sides|none|sets,sides)  source:' "$scratch/list-native")" \
        -eq "$(grep -cE '^[a-z0-9-]+ +(available|unavailable)' "$scratch/list-native")" ] &&
    pass "--list names each method's native side-wise paths" ||
    { [ "$x86_build" = 1 ] && fail "--list names each method's native side-wise paths"; }

# Every side-wise path of every position of data/positions.fen, per
# backend: tests/cli/verify.sh.

# Rows: workload sets and sides, piece "sliders", queries = position-sides
# for sets and sliders for sides; --phase splits both.
"$program" --workload=sets,sides --phase --method=pext,kogge-stone --reps=2 --calls=1000 --format=csv \
    data/positions.fen >"$scratch/sides.csv" 2>/dev/null
status=$?
# The CSV read with a CSV reader: the flags field may hold quoted commas.
sides_rows() {
    python3 -c 'import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
pick = lambda w: [r for r in rows if r["workload"] == w and r["phase"] == "all"]
print(pick("sets")[0]["queries"] if pick("sets") else "", pick("sides")[0]["queries"] if pick("sides") else "",
      all(r["piece"] == "sliders" for r in rows if r["workload"] in ("sets", "sides")),
      any(r["workload"] == "sides" and r["phase"] == "endgame" for r in rows))' "$1"
}
read -r sets_queries sides_queries all_sliders has_endgame <<<"$(sides_rows "$scratch/sides.csv")"
sliders=$(tail -n +2 "$scratch/dump-plain" | wc -l)
if [ "$status" -eq 0 ] && [ "$sets_queries" = "$(tail -n +2 "$scratch/dump-sets" | wc -l)" ] &&
    [ "$sides_queries" = "$sliders" ] && [ "$all_sliders" = True ] && [ "$has_endgame" = True ]; then
    pass "sets and sides rows: queries are position-sides and sliders, piece sliders, phases split"
else
    fail "sets and sides rows (exit $status, sets queries $sets_queries, sides queries $sides_queries, sliders $sliders)"
fi

# --count=instructions on the side-wise workloads: the counted pass is the
# side-wise one (an AVX-512 build refuses, as for every workload).
"$program" --count=instructions --method=$lookup,null --workload=sets,sides --dispatch=batch \
    --format=csv "$here/data/boards.fen" >"$scratch/count-sides.csv" 2>"$scratch/count-sides.err"
status=$?
if [ -n "$emulated" ]; then
    skip "count sides: valgrind cannot run this $emulated build"
elif [ "$sanitized" = 1 ]; then
    skip "count sides: valgrind cannot run a sanitizer build"
elif grep -q "uses AVX-512.*make instructions" "$scratch/count-sides.err"; then
    [ "$status" -eq 2 ] && pass "count sides: refused where valgrind cannot count" ||
        fail "count sides: refused where valgrind cannot count (exit $status)"
elif ! have_tool valgrind; then
    [ "$status" -eq 2 ] && pass "count sides: refused without valgrind" ||
        fail "count sides: refused without valgrind (exit $status)"
    skip "count sides: rows for sets and sides: valgrind is not installed (apt-get install valgrind)"
elif [ "$status" -eq 0 ] && [ "$(grep -c ',sliders,sets,batch,throughput,' "$scratch/count-sides.csv")" -eq 2 ] &&
    [ "$(grep -c ',sliders,sides,batch,throughput,' "$scratch/count-sides.csv")" -eq 2 ]; then
    pass "count sides: rows for sets and sides"
else
    fail "count sides: rows for sets and sides (exit $status: $(head -c 300 "$scratch/count-sides.err"))"
fi

# scripts/comparisons/sides-by-count: groups of positions whose sides have k sliders
# each (unequal sides and k = 0 left out), one table row per group and one
# for the whole file, and the CSV with each row's group.
cat >"$scratch/counts.fen" <<'POSITIONS'
4k2r/8/8/8/8/8/8/R3K3 w - - 0 1
3bk3/8/8/8/8/8/8/2B1K3 w - - 0 1
r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1
1b2k1q1/8/8/8/8/8/8/1B2K1Q1 w - - 0 1
4k3/8/8/8/8/8/8/R3K2R w - - 0 1
4k3/8/8/8/8/8/8/4K3 w - - 0 1
POSITIONS
scripts/comparisons/sides-by-count --program="$program" --methods=$lookup,hyperbola --min-positions=1 --csv="$scratch/counts.csv" \
    "$scratch/counts.fen" -- --reps=3 --calls=2000 >"$scratch/counts.md" 2>"$scratch/counts.err"
status=$?
groups=$(csv_column sliders_per_side <"$scratch/counts.csv" | sort -u | tr '\n' ' ')
if [ "$status" -eq 0 ] && grep -q "| hyperbola ns/slider | hyperbola / $lookup |" "$scratch/counts.md" &&
    grep -qE '^\| 1 \| 2 \| [0-9.]+ \| [0-9.]+ \| [0-9.]+ \|$' "$scratch/counts.md" &&
    grep -qE '^\| 2 \| 2 \|' "$scratch/counts.md" && grep -qE '^\| mixed \| 6 \|' "$scratch/counts.md" &&
    ! grep -qE '^\| 0 \|' "$scratch/counts.md" && [ "$groups" = "1 2 mixed " ]; then
    pass "sides-by-count: a row per slider count and one for the whole file"
else
    fail "sides-by-count (exit $status, groups '$groups'): $(cat "$scratch/counts.md" "$scratch/counts.err" | head -c 400)"
fi
printf '4k2r/8/8/8/8/8/8/R3K3 w - - 0 1\n4k2r/8/8/8/8/8/8/R3K3 w - - 0\n' >"$scratch/counts-bad.fen"
expect_error "sides-by-count: a malformed line is named by its file and line" "counts-bad.fen:2" \
    scripts/comparisons/sides-by-count --program="$program" --methods=$lookup,hyperbola "$scratch/counts-bad.fen" -- --reps=3 --calls=2000

# Sides without a slider hold no query: no row with a time for nothing.
printf '8/8/8/8/8/8/8/K6k w - - 0 1\n' >"$scratch/no-sliders.fen"
expect_error "boards without a slider are nothing to measure" "nothing to measure: no slider on the boards of" \
    "$program" -m "$lookup" --reps=1 --calls=1000 -q --dispatch=batch -w sides "$scratch/no-sliders.fen" -f csv
[ ! -s "$scratch/out" ] && pass "no row for boards without a slider" || fail "rows for boards without a slider"
# ... said at once, in one line (with --verify, after every backend's check
# before); beside the pieces workload of --piece=rook, bishops are sides'.
expect_one_line "--verify -w sides on boards without a slider: one line, before the checks" \
    "attackbench: nothing to measure: no slider on the boards of $scratch/no-sliders.fen" \
    "$program" --verify --verify-boards=1000 -m "$lookup,hyperbola" --reps=1 --calls=1000 -w sides "$scratch/no-sliders.fen"
printf 'B7/8/8/8/8/8/8/K6k w - - 0 1\n' >"$scratch/bishop-only.fen"
expect_status "-w pieces,sides --piece=rook on a bishop's board times its side" 0 \
    "$program" -m "$lookup" --reps=1 --calls=1000 -q --dispatch=batch -w pieces,sides --piece=rook "$scratch/bishop-only.fen"
{ grep -v '^#' data/positions.fen | head -n 2; cat "$scratch/no-sliders.fen"; } >"$scratch/endgame-empty.fen"
"$program" -m "$lookup" --reps=1 --calls=1000 -q --dispatch=batch -w sides --phase "$scratch/endgame-empty.fen" -f csv \
    >"$scratch/phases.csv" 2>"$scratch/err"
phases=$(csv_column phase <"$scratch/phases.csv" | sort -u | tr '\n' ' ')
[[ "$phases" != *endgame* ]] && [ -n "$phases" ] && pass "--phase: a phase without a slider has no row" ||
    fail "--phase: a phase without a slider has no row (phases: $phases)"

#!/usr/bin/env bash
# --layout: the random stream in Chess_Movegen's positions layout (one
# occupancy read once for its 12 squares) beside the default, one query
# at a time.  Its contract: the values, the refusals (one line, exit 2),
# the layout column of the CSV and JSON, and every backend's checksum in
# the positions layout equal to an independent computation
# (tests/layout_checksums.py: the same generator, a ray walk, the mix).
source "$(dirname "$0")/../lib/tap.bash"

positions=200
run=("$program" -q --workload=random --reps=1 --calls=1)

# The refusals, each one line on standard error and exit 2.
refuse() {
    local name=$1 text=$2
    shift 2
    expect_error "$name" "$text" "$@"
    lines=$(wc -l <"$scratch/err")
    [ "$lines" -eq 1 ] && pass "$name: one line" || fail "$name: one line ($lines)"
}
refuse "an unknown layout is refused" "--layout=rows: expected queries or positions" \
    "${run[@]}" --layout=rows
refuse "two layouts at once are refused" "--layout=queries,positions: expected queries or positions" \
    "${run[@]}" --layout=queries,positions
refuse "an empty layout is refused" "--layout=: expected queries or positions" "${run[@]}" --layout=
refuse "no positions is refused" "--positions=0: expected a number from 1 to 2^24" \
    "${run[@]}" --layout=positions --positions=0
refuse "more positions than 2^24 is refused" "--positions=16777217: expected a number from 1 to 2^24" \
    "${run[@]}" --layout=positions --positions=16777217
refuse "a positions count that is no number is refused" "--positions=many: expected a number" \
    "${run[@]}" --layout=positions --positions=many
refuse "--positions without the positions layout is refused" "--positions sets the length of --layout=positions" \
    "${run[@]}" --positions=10
refuse "the positions layout of a file workload is refused" "--layout=positions lays out the random stream" \
    "$program" -q --workload=pieces --layout=positions "$here/data/boards.fen"
refuse "the positions layout beside another workload is refused" "--layout=positions lays out the random stream" \
    "$program" -q --workload=random,pieces --layout=positions "$here/data/boards.fen"
refuse "the positions layout under cache pressure is refused" "--layout=positions has no cache-pressure mode" \
    "${run[@]}" --layout=positions --pressure=64K
refuse "--queries in the positions layout is refused" "takes its length from --positions, not --queries" \
    "${run[@]}" --layout=positions --queries=1200

# The layout each row records, in both formats, and the table's heading.
"${run[@]}" --method=$lookup --piece=queen --dispatch=batch --layout=positions --positions=$positions \
    --csv="$scratch/positions.csv" --json="$scratch/positions.json" >"$scratch/positions.txt" 2>"$scratch/err"
[ "$(csv_column layout <"$scratch/positions.csv" | sort -u)" = positions ] &&
    [ "$(csv_column queries <"$scratch/positions.csv" | sort -u)" = $((12 * positions)) ] &&
    [ "$(csv_column positions <"$scratch/positions.csv" | sort -u)" = $positions ] &&
    pass "the CSV records the positions layout, its positions and queries" ||
    fail "the CSV records the positions layout, its positions and queries ($(head -c 300 "$scratch/err"))"
python3 -c 'import json, sys
rows = json.load(open(sys.argv[1]))["results"]
sys.exit(0 if rows and all(row["layout"] == "positions" for row in rows) else 1)' "$scratch/positions.json" &&
    pass "the JSON records the positions layout" || fail "the JSON records the positions layout"
grep -q "threads 1, layout positions (" "$scratch/positions.txt" &&
    pass "the table's heading names the positions layout" || fail "the table's heading names the positions layout"
"${run[@]}" --method=$lookup --piece=queen --dispatch=batch --queries=120 --csv="$scratch/queries.csv" \
    >/dev/null 2>&1
[ "$(csv_column layout <"$scratch/queries.csv" | sort -u)" = queries ] &&
    pass "the default layout is recorded as queries" || fail "the default layout is recorded as queries"
"${run[@]}" --method=$lookup --piece=queen --dispatch=batch --layout=queries --queries=120 \
    --csv="$scratch/explicit.csv" >/dev/null 2>&1
[ "$(csv_column layout <"$scratch/explicit.csv" | sort -u)" = queries ] &&
    pass "--layout=queries is the default's layout" || fail "--layout=queries is the default's layout"

# Every backend, every piece, both dispatch modes and latency mode: the
# checksum of the positions layout is the independent computation's.
python3 "$here/layout_checksums.py" $positions 7 >"$scratch/expected"
for mode in throughput latency; do
    chain=()
    [ $mode = latency ] && chain=(--chain)
    "${run[@]}" --seed=7 --method=all --piece=all --layout=positions --positions=$positions "${chain[@]}" \
        --csv="$scratch/all.csv" >/dev/null 2>"$scratch/err"
    status=$?
    python3 -c 'import csv, sys
expected = dict(line.split() for line in open(sys.argv[2]))
rows = [row for row in csv.DictReader(open(sys.argv[1])) if row["checksum"]]
wrong = [(row["method"], row["piece"], row["dispatch"], row["checksum"]) for row in rows
         if row["checksum"] != expected[row["piece"]]]
print(len(rows), wrong[:5])
sys.exit(0 if len(rows) > 100 and not wrong else 1)' "$scratch/all.csv" "$scratch/expected" >"$scratch/check" 2>&1
    [ $status -eq 0 ] && [ $? -eq 0 ] && [ "$(cut -d' ' -f2- "$scratch/check")" = "[]" ] &&
        pass "every backend's checksum in the positions layout ($mode) is the independent computation's" ||
        fail "every backend's checksum in the positions layout ($mode) is the independent computation's (exit $status; $(cat "$scratch/check"); $(head -c 300 "$scratch/err"))"
done

# The same queries in both layouts: one checksum.
"${run[@]}" --seed=7 --method=reference --piece=all --dispatch=batch --queries=$((12 * positions)) \
    --csv="$scratch/flat.csv" >/dev/null 2>&1
[ "$(csv_column checksum <"$scratch/flat.csv" | grep . | sort | tr '\n' ' ')" = "$(cut -d' ' -f2 "$scratch/expected" | sort | tr '\n' ' ')" ] &&
    pass "the queries layout of as many queries gives the same checksums" ||
    fail "the queries layout of as many queries gives the same checksums"


#!/usr/bin/env bash
# shellcheck shell=bash disable=SC2154
# --format=bmf (issue 50, item 4): the benchmark, perft and compare write
# Bencher Metric Format JSON, checked against the schema's field names by
# tests/bmf_check.py (itself shown to refuse what is not BMF), each figure
# the one the CSV or the table gives, with the same exit status.
source "$(dirname "$0")/../lib/tap.bash"

if ! have_tool python3; then
    skip_all "bmf: python3 is not installed (apt-get install python3)"
fi
check="$here/bmf_check.py"

# The checker refuses what is not BMF: without it, the tests below prove nothing.
printf '{"a": {"latency": {"lower_value": 1, "upper_value": 2}}}\n' >"$scratch/no-value.json"
printf '{"a": {"latency": {"value": 1, "median": 1}}}\n' >"$scratch/extra.json"
printf '{"a": {"latency": {"value": NaN}}}\n' >"$scratch/nan.json"
printf '{"a": {"latency": {"value": 3, "lower_value": 1, "upper_value": 2}}}\n' >"$scratch/outside.json"
printf '{"a": {"latency": {"value": 1}}, "a": {"latency": {"value": 2}}}\n' >"$scratch/twice.json"
refused=0
for bad in no-value extra nan outside twice; do
    run_python "$check" "$scratch/$bad.json" >/dev/null && echo "accepted $bad" >>"$scratch/accepted" || refused=$((refused + 1))
done
[ "$refused" -eq 5 ] && pass "bmf: the checker refuses a missing value, an extra member, NaN, a value outside its bounds, a name twice" ||
    fail "bmf: the checker refuses what is not BMF ($(cat "$scratch/accepted"))"

# The benchmark: one benchmark per CSV row, its median and extremes.
"$program" -q -m $lookup,classical -p queen,rook -w random --dispatch=batch -r 5 -c 20000 --queries=1024 \
    -f bmf --csv="$scratch/bench.csv" >"$scratch/bench.json" 2>"$scratch/err"
status=$?
if [ "$status" -eq 0 ] && [ "$(python3 "$check" "$scratch/bench.json")" = "6 latency" ] &&
    run_python - "$scratch/bench.json" "$scratch/bench.csv" <<'PY'; then
import csv, json, sys
document = json.load(open(sys.argv[1]))
rows = list(csv.DictReader(open(sys.argv[2])))
assert len(rows) == len(document), (len(rows), len(document))
for row in rows:
    name = "/".join(row[c] for c in ("method", "piece", "workload", "dispatch", "mode", "pressure_bytes", "phase", "threads", "layout"))
    figure = document[name]["latency"]
    for key, column in (("value", "ns_per_query_median"), ("lower_value", "ns_per_query_min"), ("upper_value", "ns_per_query_max")):
        assert abs(figure[key] - float(row[column])) <= 1e-4 * max(1, float(row[column])), (name, key, figure, row[column])
PY
    pass "bmf: the benchmark's rows, each named by its configuration, the CSV's median, min and max"
else
    fail "bmf: the benchmark's rows (exit $status: $(head -c 300 "$scratch/err"; run_python "$check" "$scratch/bench.json" | head -3))"
fi

# perft: one benchmark per method, nodes per second, no position rows.
"$program" perft -m $lookup,classical --depth=3 --reps=3 --format=bmf --csv="$scratch/perft.csv" \
    "$here/../data/perft.epd" >"$scratch/perft.json" 2>"$scratch/err"
status=$?
if [ "$status" -eq 0 ] && [ "$(python3 "$check" "$scratch/perft.json")" = "2 throughput" ] &&
    run_python - "$scratch/perft.json" "$scratch/perft.csv" <<'PY'; then
import csv, json, sys
document = json.load(open(sys.argv[1]))
for row in csv.DictReader(open(sys.argv[2])):
    [name] = [n for n in document if n.startswith(f"perft/{row['method']}/depth 3/")]
    figure = document[name]["throughput"]
    nodes = float(row["nodes"])
    # 9 significant digits against the CSV's whole nodes per second.
    assert abs(figure["value"] - float(row["nodes_per_second"])) <= 1 + 1e-8 * figure["value"], (figure, row["nodes_per_second"])
    # The bounds are nodes over the slowest and fastest repetition; the
    # CSV gives those seconds to 6 decimals (half a microsecond), the JSON
    # the bounds to 9 significant digits.
    for key, column in (("lower_value", "seconds_max"), ("upper_value", "seconds_min")):
        seconds = nodes / figure[key]
        assert abs(seconds - float(row[column])) <= 5e-7 + 1e-8 * seconds, (row["method"], key, figure, column, row[column])
PY
    pass "bmf: perft's methods, the CSV's nodes per second, bounds from the slowest and fastest repetitions"
else
    fail "bmf: perft's methods (exit $status: $(head -c 300 "$scratch/err"; run_python "$check" "$scratch/perft.json" | head -3))"
fi

# compare: one benchmark per row of the table, its ratio and interval, the
# table's exit status (3 with a row 1.5 times slower).
base="$here/data/compare-run1.csv"
run_python - "$base" "$scratch/slower.csv" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
for row in rows:
    if row["method"] == "kogge-stone":
        row["samples_ns"] = " ".join("%.4f" % (1.5 * float(x)) for x in row["samples_ns"].split())
writer = csv.DictWriter(open(sys.argv[2], "w", newline=""), list(rows[0]), lineterminator="\n")
writer.writeheader()
writer.writerows(rows)
PY
for new in "$here/data/compare-run2.csv" "$scratch/slower.csv"; do
    "$program" compare "$base" "$new" >"$scratch/table.md" 2>/dev/null
    table_status=$?
    "$program" compare --format=bmf "$base" "$new" >"$scratch/compare.json" 2>"$scratch/err"
    status=$?
    label="bmf: compare against $(basename "$new"): each table row's ratio and interval, exit $table_status as the table's"
    if [ "$status" -eq "$table_status" ] && run_python "$check" "$scratch/compare.json" | grep -q ' ratio$' &&
        run_python - "$scratch/compare.json" "$scratch/table.md" <<'PY'; then
import json, sys
document = json.load(open(sys.argv[1]))
rows = [line.split("|")[1:-1] for line in open(sys.argv[2]) if line.startswith("| ") and not line.startswith("| method") and not line.startswith("| geometric")]
assert len(rows) == len(document), (len(rows), len(document))
for cells in rows:
    cells = [c.strip() for c in cells]
    # The parameters cell (empty for a method's defaults) joins the name
    # only when it holds some.
    figure = document["/".join(cells[:9] + cells[9:10] * bool(cells[9])) + "/ns"]["ratio"]
    assert abs(figure["value"] - float(cells[13])) <= 0.0006, (cells, figure)
    low, high = (float(x) for x in cells[14].split("–"))
    assert abs(figure["lower_value"] - low) <= 0.0006 and abs(figure["upper_value"] - high) <= 0.0006, (cells, figure)
PY
        pass "$label"
    else
        fail "$label (exit $status: $(head -c 300 "$scratch/err"))"
    fi
done

# A format none of them writes: one line, exit 2.
expect_error "bmf: the benchmark refuses --format=xml" "--format=xml: expected table, csv, json or bmf" \
    "$program" -f xml
expect_error "bmf: perft refuses --format=xml" "--format=xml: expected csv or bmf" "$program" perft --format=xml
expect_error "bmf: perft refuses --divide, whose lines would break the JSON" \
    "perft: --divide with --format=bmf: standard output is the JSON alone (use --format=csv)" \
    "$program" perft -m reference --depth=1 --reps=1 --divide --format=bmf
expect_error "bmf: compare refuses --format=xml" "--format=xml: expected markdown or bmf" \
    "$program" compare --format=xml "$base" "$base"

#!/usr/bin/env bash
# The results scripts (scripts/results/) refuse input that would give
# false figures: one line on stderr naming the file, exit 2, nothing
# written.  Hand-made files: no benchmark runs here.
source "$(dirname "$0")/../lib/tap.bash"

results=$here/../scripts/results

# A perft CSV of two methods that agree, and copies with one fault each.
perft_header='timestamp,cpu,compiler,flags,method,positions,depth,nodes,seconds,nodes_per_second,table_bytes,init_ms'
{
    echo "$perft_header"
    echo '2026-11-30T10:00:00Z,Test CPU,gcc 12.2.0,-O2,pext,7,2,6723,0.000026,256070388,862720,4.1'
    echo '2026-11-30T10:00:00Z,Test CPU,gcc 12.2.0,-O2,hyperbola,7,2,6723,0.000022,299032581,2560,0.4'
} >"$scratch/perft.csv"
sed '3s/,6723,/,6724,/' "$scratch/perft.csv" >"$scratch/perft-nodes.csv"
{ cat "$scratch/perft.csv"; tail -n 1 "$scratch/perft.csv"; } >"$scratch/perft-twice.csv"
sed '3s/,6723,0.000022,/,6723,-1,/' "$scratch/perft.csv" >"$scratch/perft-seconds.csv"
sed '3s/,7,2,6723,/,7,0,6723,/' "$scratch/perft.csv" >"$scratch/perft-depth.csv"
sed 's/,nodes,/,count,/' "$scratch/perft.csv" >"$scratch/perft-no-nodes.csv"
# report_and_plot_refuse TEXT MESSAGE FILE: report and plot each refuse
# FILE with MESSAGE in one line.
report_and_plot_refuse() {
    local script options
    for script in report plot; do
        options=()
        [ "$script" = plot ] && options=(-o "$scratch/plots")
        expect_one_line "$script: $1" "$2" "$results/$script" "${options[@]}" "$3"
    done
}
report_and_plot_refuse "perft node counts that differ between methods are refused, both named" \
    "line 3: hyperbola counts 6724 nodes at depth 2, pext 6723 (" "$scratch/perft-nodes.csv"
report_and_plot_refuse "a perft row twice is refused" "line 4: a second row for hyperbola" "$scratch/perft-twice.csv"
report_and_plot_refuse "perft seconds of -1 are refused" "column seconds: -1.0 is not above 0" "$scratch/perft-seconds.csv"
report_and_plot_refuse "a perft depth of 0 is refused" "column depth: '0' is not a depth" "$scratch/perft-depth.csv"
report_and_plot_refuse "a perft CSV without nodes is refused" "missing column(s) nodes" "$scratch/perft-no-nodes.csv"
"$results/report" "$scratch/perft.csv" >"$scratch/out" 2>"$scratch/err" &&
    grep -q '^| 1 | hyperbola | 299.03 |' "$scratch/out" &&
    pass "report: a sound perft CSV still gets its table" ||
    fail "report: a sound perft CSV still gets its table ($(head -c 300 "$scratch/err"))"

# Manifests: a real ISO date, a schema these scripts read, at least one
# benchmark CSV; plot, readme-results and results-merge --check all read
# them through attackbench_results.read_manifest.
mkdir -p "$scratch/machine-2026-01-02"
cp "$here/data/report-input.csv" "$scratch/machine-2026-01-02/machine-2026-01-02-gcc.csv"
good_manifest="$scratch/machine-2026-01-02/machine-2026-01-02-manifest.json"
python3 "$results/results-tool" manifest "$good_manifest" machine="Test CPU (AMD family 25 model 1)" \
    slug=machine date=2026-01-02 bench="$scratch/machine-2026-01-02/machine-2026-01-02-gcc.csv" cpus=2
cp "$good_manifest" "$scratch/good-manifest.json"
# results-tool manifest: an OUTPUT that is a file it names (bench=OUTPUT
# made the CSV JSON) is refused, the CSV left whole; an empty OUTPUT or an
# empty identity value is refused, nothing written.
bench_csv="$scratch/machine-2026-01-02/machine-2026-01-02-gcc.csv"
for key in bench perft probes list report; do
    expect_one_line "results-tool manifest: OUTPUT naming the $key file is refused" \
        "manifest $bench_csv: that is an input file of this manifest" \
        python3 "$results/results-tool" manifest "$bench_csv" machine=x "$key=$bench_csv"
done
cmp -s "$bench_csv" "$here/data/report-input.csv" && pass "results-tool manifest: the CSV is left whole" ||
    fail "results-tool manifest: the CSV is left whole"
expect_one_line "results-tool manifest '': an empty OUTPUT is refused" "results-tool: manifest: OUTPUT needs a file name" \
    python3 "$results/results-tool" manifest "" machine=x
for key in machine slug date; do
    expect_one_line "results-tool manifest: an empty $key= is refused" "results-tool: manifest: $key= has no value" \
        python3 "$results/results-tool" manifest "$scratch/empty-value.json" "$key=" bench="$bench_csv"
done
# A value the readers would refuse is refused as the manifest is written.
for refusal in "cpus=0|cpus=0: not a count of CPUs" "cpus=$(printf '9%.0s' {1..5000})|cpus=99999999999999999999...: not a count" \
    "cpus=2x|cpus=2x: not a count of CPUs" "date=yesterday|\"date\" 'yesterday' is not a date"; do
    value=${refusal%%|*}
    expect_one_line "results-tool manifest: ${value:0:20} is refused" "${refusal#*|}" \
        python3 "$results/results-tool" manifest "$scratch/empty-value.json" machine=x "${refusal%%|*}" bench="$bench_csv"
done
[ ! -e "$scratch/empty-value.json" ] && pass "results-tool manifest: a refused manifest writes no file" ||
    fail "results-tool manifest: a refused manifest writes no file"
printf 'before\n<!-- results:begin -->\nold\n<!-- results:end -->\nafter\n' >"$scratch/README.md"
cp "$scratch/README.md" "$scratch/README.kept"
# Each fault: EXPRESSION|TEXT, the good manifest with EXPRESSION applied
# (python, m the object) and what the refusal says.  One python3 run
# writes every faulty manifest (good-manifest.json.bad0, .bad1, ...).
faults=('m["date"] = "yesterday"|"date" '"'"'yesterday'"'"' is not a date'
    'm["date"] = "2026-13-45"|"date" '"'"'2026-13-45'"'"' is not a date'
    'm["schema"] = 99|"schema" 99 is not one this script reads'
    'm["bench"] = []|"bench" names no CSV file'
    'm["needs"] = {"pext": 5}|"needs" of '"'"'pext'"'"' is not an array of names'
    'm["needs"] = {"pext": [1]}|"needs" of '"'"'pext'"'"' is not an array of names'
    'm["native"] = {"x": None}|"native" of '"'"'x'"'"' is not an array of names'
    'm["plugins"] = [7]|"plugins" holds a value that is not a method name'
    'm["report"] = ["x"]|"report" is not a JSON string'
    'm["cpus"] = "2"|"cpus" is not a JSON integer'
    'm["cpus"] = 0|"cpus" 0 is not a count of CPUs'
    'm["bench"] = m["bench"] * 2|"bench" names machine-2026-01-02-gcc.csv twice')
run_python - "$scratch/good-manifest.json" "${faults[@]%%|*}" <<'PY'
import json, sys
for index, expression in enumerate(sys.argv[2:]):
    m = json.load(open(sys.argv[1]))
    exec(expression)
    json.dump(m, open(f"{sys.argv[1]}.bad{index}", "w"))
PY
fault_index=0
for fault in "${faults[@]}"; do
    cp "$scratch/good-manifest.json.bad$fault_index" "$good_manifest"
    fault_index=$((fault_index + 1))
    text=${fault#*|}
    expect_one_line "plot: a manifest with ${fault%%|*} is refused" "$text" \
        "$results/plot" -o "$scratch/plots" "$good_manifest"
    expect_one_line "readme-results: a manifest with ${fault%%|*} is refused" "$text" \
        "$results/readme-results" --readme "$scratch/README.md" "$good_manifest"
    expect_one_line "results-merge --check: a manifest with ${fault%%|*} is refused" "$text" \
        "$results/results-merge" --check "$scratch/machine-2026-01-02"
done
cmp -s "$scratch/README.md" "$scratch/README.kept" && pass "readme-results: a refused manifest leaves the README as it was" ||
    fail "readme-results: a refused manifest leaves the README as it was"
cp "$scratch/good-manifest.json" "$good_manifest"

# readme-results' charts: a missing one is refused, a path with a space is
# written in angle brackets (a Markdown link target cannot hold a space).
expect_one_line "readme-results: a missing --chart is refused" "$scratch/none.png: no such chart" \
    "$results/readme-results" --readme "$scratch/README.md" --chart "$scratch/none.png" "$good_manifest"
expect_one_line "readme-results: a missing --sets-chart is refused" "$scratch/none.png: no such chart" \
    "$results/readme-results" --readme "$scratch/README.md" --sets-chart "$scratch/none.png" "$good_manifest"
mkdir -p "$scratch/my plots"
printf 'png\n' >"$scratch/my plots/queen chart.png"
if "$results/readme-results" --readme "$scratch/README.md" --chart "$scratch/my plots/queen chart.png" \
    "$good_manifest" 2>"$scratch/err" && grep -qF '](<my plots/queen chart.png>)' "$scratch/README.md"; then
    pass "readme-results: a chart path with a space is linked in angle brackets"
else
    fail "readme-results: a chart path with a space is linked in angle brackets ($(grep -F 'chart' "$scratch/README.md" | head -c 300))"
fi
# The machine table from a README outside the results folder: a run of
# make results (its files beside others) keeps its <stem>-* names, a
# machine folder of its own is named as the folder.
mkdir -p "$scratch/elsewhere" "$scratch/flat"
cp "$here/data/report-input.csv" "$scratch/flat/flat-2026-01-03-gcc.csv"
python3 "$results/results-tool" manifest "$scratch/flat/flat-2026-01-03-manifest.json" \
    machine="Flat CPU (AMD family 25 model 2)" date=2026-01-03 bench="$scratch/flat/flat-2026-01-03-gcc.csv" cpus=2
cp "$scratch/README.kept" "$scratch/elsewhere/README.md"
if "$results/readme-results" --readme "$scratch/elsewhere/README.md" "$scratch/flat/flat-2026-01-03-manifest.json" \
    "$good_manifest" 2>"$scratch/err" && grep -qF '| `../flat/flat-2026-01-03-*` |' "$scratch/elsewhere/README.md" &&
    grep -qF '| `../machine-2026-01-02/` |' "$scratch/elsewhere/README.md"; then
    pass "readme-results: a README elsewhere keeps the runs' <stem>-* names"
else
    fail "readme-results: a README elsewhere keeps the runs' <stem>-* names ($(grep -F '| `' "$scratch/elsewhere/README.md" | head -c 300); $(head -c 200 "$scratch/err"))"
fi

# report --findings: a runs' paragraph into a new findings page; no
# paragraph to write, or an input file as the page, is refused and no file
# is touched.
{
    echo 'cpu,compiler,flags,method,positions,depth,nodes,nodes_per_second,table_bytes'
    for method in pext:30 kogge-stone:20 hyperbola:10; do
        echo "AMD EPYC 9654 96-Core Processor,gcc 12.2.0,-O2 -march=native,${method%:*},7,3,280779,${method#*:},1024"
    done
} >"$scratch/findings-perft.csv"
head -n 3 "$scratch/findings-perft.csv" >"$scratch/findings-perft-two.csv"
{
    echo 'cpu,compiler,flags,method,piece,workload,dispatch,mode,pressure_bytes,phase,threads,ns_per_query_median,table_bytes'
    for method in pext:1.0 kogge-stone:2.0 hyperbola:3.0; do
        echo "AMD EPYC 9654 96-Core Processor,gcc 12.2.0,-O2 -march=native,${method%:*},queen,random,batch,throughput,0,all,1,${method#*:},1024"
    done
} >"$scratch/findings-bench.csv"
if "$results/report" --machine "Test CPU" --findings "$scratch/new-findings.md" "$scratch/findings-bench.csv" \
    "$scratch/findings-perft.csv" >/dev/null 2>"$scratch/err" && grep -q '^On Test CPU, ' "$scratch/new-findings.md"; then
    pass "report --findings: a missing findings page is made with the paragraph"
else
    fail "report --findings: a missing findings page is made with the paragraph ($(head -c 300 "$scratch/err"))"
fi
# A page with CRLF line ends keeps them: the paragraph rewritten in it
# with CRLF too, no line made LF (read with universal newlines, every line
# of the page came back LF).
sed 's/$/\r/' "$scratch/new-findings.md" >"$scratch/crlf-findings.md"
if "$results/report" --machine "Test CPU" --findings "$scratch/crlf-findings.md" "$scratch/findings-bench.csv" \
    "$scratch/findings-perft.csv" >/dev/null 2>"$scratch/err" &&
    [ "$(grep -c $'\r$' "$scratch/crlf-findings.md")" = "$(wc -l <"$scratch/crlf-findings.md")" ] &&
    grep -q $'^On Test CPU, .*\r$' "$scratch/crlf-findings.md"; then
    pass "report --findings: a page with CRLF line ends keeps them"
else
    fail "report --findings: a page with CRLF line ends keeps them ($(head -c 300 "$scratch/err"); $(od -c "$scratch/crlf-findings.md" | head -n 3))"
fi
# A page whose markers are not one block (an end marker in the text, a
# start without an end) is refused and left as it was: a stray end marker
# made each run append a copy of the text after it.
printf '# Findings\nThe block ends at the line <!-- /engine-view -->.\n' >"$scratch/stray-findings.md"
cp "$scratch/stray-findings.md" "$scratch/stray-findings.kept"
expect_one_line "report --findings: a stray end marker is refused" "are not once each, the opening one first" \
    "$results/report" --machine "Test CPU" --findings "$scratch/stray-findings.md" "$scratch/findings-bench.csv" \
    "$scratch/findings-perft.csv"
cmp -s "$scratch/stray-findings.md" "$scratch/stray-findings.kept" &&
    pass "report --findings: the page with a stray marker is left as it was" ||
    fail "report --findings: the page with a stray marker is left as it was"
expect_one_line "report --findings: runs that give no paragraph are refused" "nothing to write" \
    "$results/report" --machine "Test CPU" --findings "$scratch/no-findings.md" "$scratch/findings-bench.csv" \
    "$scratch/findings-perft-two.csv"
[ ! -e "$scratch/no-findings.md" ] && pass "report --findings: a refused paragraph writes no file" ||
    fail "report --findings: a refused paragraph writes no file"
cp "$scratch/findings-perft.csv" "$scratch/findings-perft.kept"
expect_one_line "report --findings: an input CSV as the findings page is refused" "that is an input file of this report" \
    "$results/report" --machine "Test CPU" --findings "$scratch/findings-perft.csv" "$scratch/findings-bench.csv" \
    "$scratch/findings-perft.csv"
cmp -s "$scratch/findings-perft.csv" "$scratch/findings-perft.kept" &&
    pass "report --findings: the input CSV is left as it was" || fail "report --findings: the input CSV is left as it was"

# report --findings with an -o that cannot be written: the findings page
# is left as it was (it was rewritten before the -o failed).
printf '# Findings\n\nkept\n' >"$scratch/kept-findings.md"
cp "$scratch/kept-findings.md" "$scratch/kept-findings.orig"
expect_one_line "report --findings -o BAD: the -o is refused" "absent-folder/r.md: cannot write" \
    "$results/report" --machine "Test CPU" --findings "$scratch/kept-findings.md" -o "$scratch/absent-folder/r.md" \
    "$scratch/findings-bench.csv" "$scratch/findings-perft.csv"
cmp -s "$scratch/kept-findings.md" "$scratch/kept-findings.orig" &&
    pass "report --findings -o BAD: the findings page is left as it was" ||
    fail "report --findings -o BAD: the findings page is left as it was ($(head -c 200 "$scratch/kept-findings.md"))"
# A repeated -o is refused: only the last was written, silently.
expect_one_line "report -o A -o B: a repeated -o is refused" "report: -o given twice" \
    "$results/report" -o "$scratch/first.md" -o "$scratch/second.md" "$scratch/findings-bench.csv"
[ ! -e "$scratch/first.md" ] && [ ! -e "$scratch/second.md" ] &&
    pass "report -o A -o B: no file written" || fail "report -o A -o B: no file written"

# A line break in a heading's text (--title, --machine) ended the heading
# in the middle: refused.
for flag in --title --machine; do
    expect_one_line "report $flag: a line break is refused" "$flag: a control character" \
        "$results/report" "$flag" $'a\nb' "$here/data/compare-run1.csv"
done

# report -o: an input file (a CSV, --probes, --list), named directly or
# through a link or a hard link, is refused before anything is written;
# an empty -o is no file name, not standard output.
ln -s findings-perft.csv "$scratch/perft-link.csv"
ln "$scratch/findings-perft.csv" "$scratch/perft-hard.csv"
ln "$scratch/findings-bench.csv" "$scratch/bench-hard.csv"
for output in findings-perft.csv perft-link.csv perft-hard.csv; do
    expect_one_line "report -o: an input CSV ($output) is refused" "-o $scratch/$output: that is an input file of this report" \
        "$results/report" -o "$scratch/$output" "$scratch/findings-bench.csv" "$scratch/findings-perft.csv"
done
expect_one_line "report -o: the --list file is refused" "-o $scratch/bench-hard.csv: that is an input file of this report" \
    "$results/report" --list "$scratch/findings-bench.csv" -o "$scratch/bench-hard.csv" "$scratch/findings-perft.csv"
cmp -s "$scratch/findings-perft.csv" "$scratch/findings-perft.kept" && [ -L "$scratch/perft-link.csv" ] &&
    [ "$(head -c 4 "$scratch/bench-hard.csv")" = cpu, ] &&
    pass "report -o: the input files are left as they were" || fail "report -o: the input files are left as they were"
expect_one_line "report -o '': an empty file name is refused" "report: -o needs a file name" \
    "$results/report" -o '' "$scratch/findings-bench.csv"
[ ! -s "$scratch/out" ] && pass "report -o '': nothing on standard output" ||
    fail "report -o '': nothing on standard output ($(head -c 100 "$scratch/out"))"
# report --probes: a benchmark CSV holds no probes (no memory ladder, no
# stream shorter than the run's); its section would be made up.
expect_one_line "report --probes: a benchmark CSV is refused" "--probes $scratch/findings-bench.csv: no probe rows" \
    "$results/report" --probes "$scratch/findings-bench.csv" -o "$scratch/probes.md" "$scratch/findings-bench.csv"
[ ! -e "$scratch/probes.md" ] && pass "report --probes: a refused report writes no file" ||
    fail "report --probes: a refused report writes no file"
# The memory ladder is the ladder's runs alone (random rooks, one per
# buffer size): the short-stream probe's null queens, also without
# pressure, took its "none" rung; and a benchmark CSV, whose null queens
# ran under --pressure=64M, made a ladder of unrelated rows.  The probes
# and benchmark CSVs of a committed make results run.
committed_probes=$(ls "$here"/../results/*-probes-gcc.csv 2>/dev/null | head -n 1)
if [ -n "$committed_probes" ]; then
    committed_bench=${committed_probes%-probes-gcc.csv}-gcc.csv
    ladder_none=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) column[$i] = i; next }
        $column["method"] == "null" && $column["piece"] == "rook" && $column["pressure_bytes"] == 0 {
            printf "%.2f", $column["ticks_per_query_min"] }' "$committed_probes")
    "$results/report" --probes "$committed_probes" "$committed_bench" >"$scratch/out" 2>"$scratch/err"
    grep -q "^| none | $ladder_none |  |\$" "$scratch/out" &&
        pass "report --probes: the ladder's none rung is its own run's ($ladder_none ticks)" ||
        fail "report --probes: the ladder's none rung is its own run's ($ladder_none; $(grep '^| none' "$scratch/out"); $(head -c 200 "$scratch/err"))"
    expect_one_line "report --probes: a make results benchmark CSV (null under --pressure) is refused" \
        "no probe rows" "$results/report" --probes "$committed_bench" "$committed_bench"
else
    skip "report --probes on a committed run: no results/*-probes-gcc.csv"
    skip "report --probes: a make results benchmark CSV is refused: no results/*-probes-gcc.csv"
fi
# report -o is replaced whole or not at all: a write that fails (a file
# size limit of 1 KB, whatever Python does at start) keeps the old report.
echo "previous report" >"$scratch/report.md"
(ulimit -f 1 && exec "$results/report" -o "$scratch/report.md" "$scratch/findings-bench.csv") >/dev/null 2>"$scratch/err"
report_status=$?
[ "$report_status" -eq 2 ] && grep -q "report.md: cannot write: File too large" "$scratch/err" &&
    [ "$(cat "$scratch/report.md")" = "previous report" ] &&
    [ -z "$(find "$scratch" -maxdepth 1 -name 'report.md?*')" ] &&
    pass "report -o: a failed write keeps the old report, no temporary file left" ||
    fail "report -o: a failed write keeps the old report (exit $report_status: $(head -c 80 "$scratch/report.md"); $(head -c 200 "$scratch/err"))"

# piece_counts.py: a file without positions and a side to move other than
# w or b are refused; a file name with a newline or '|' stays one cell, as
# it does in report's Runs table.
: >"$scratch/empty.fen"
expect_one_line "piece_counts.py: a file without positions is refused" "empty.fen: no positions" \
    python3 "$results/piece_counts.py" "$scratch/empty.fen"
echo 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1' >"$scratch/side.fen"
expect_one_line "piece_counts.py: a side to move x is refused" "side.fen:1: side to move 'x' is not w or b" \
    python3 "$results/piece_counts.py" "$scratch/side.fen"
# A board alone: attackbench refuses it ("missing side to move"), and
# the counts were of positions it would not time.
echo 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR' >"$scratch/board-alone.fen"
expect_one_line "piece_counts.py: a board without a side to move is refused" "board-alone.fen:1: missing side to move" \
    python3 "$results/piece_counts.py" "$scratch/board-alone.fen"
# A board of 64 pieces (attackbench times it): counted in a bucket of
# its own, so that the histogram adds to 100% (once it was 0% in all four).
echo 'QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/qqqqqqqq/qqqqqqqq/qqqqqqqq/qqqqqqqq w - - 0 1' >"$scratch/full.fen"
python3 "$results/piece_counts.py" "$scratch/full.fen" >"$scratch/out" 2>"$scratch/err"
grep -q '| 0-8 pcs | 9-16 pcs | 17-24 pcs | 25-32 pcs | 33+ pcs |' "$scratch/out" &&
    grep -q '| 64.0 | 0.0 | 64.0 | 576.0 | 0% | 0% | 0% | 0% | 100% |' "$scratch/out" &&
    pass "piece_counts.py: a board of 64 pieces falls in the 33+ bucket" ||
    fail "piece_counts.py: a board of 64 pieces falls in the 33+ bucket ($(head -c 400 "$scratch/out"; head -c 200 "$scratch/err"))"
odd_name="$scratch/odd"$'\n'"name|x.fen"
head -n 3 "$here/../data/positions.fen" >"$odd_name"
python3 "$results/piece_counts.py" "$odd_name" >"$scratch/out" 2>"$scratch/err"
[ "$(wc -l <"$scratch/out")" -eq 3 ] && grep -qF 'odd\nname\|x.fen | 2 |' "$scratch/out" &&
    pass "piece_counts.py: a file name with a newline and '|' stays one cell" ||
    fail "piece_counts.py: a file name with a newline and '|' stays one cell ($(head -c 300 "$scratch/out"))"
odd_csv="$scratch/odd"$'\n'"run|x.csv"
cp "$scratch/findings-bench.csv" "$odd_csv"
"$results/report" "$odd_csv" >"$scratch/out" 2>"$scratch/err"
grep -qF '| odd\nrun\|x.csv |' "$scratch/out" && ! grep -qx 'run|x.csv |' "$scratch/out" &&
    pass "report: a file name with a newline and '|' stays one cell of the Runs table" ||
    fail "report: a file name with a newline and '|' stays one cell of the Runs table ($(head -c 300 "$scratch/err"))"

# A CSV of the harness's rows alone has nothing to rank; threads=0 is no
# thread count.
run_python - "$scratch/findings-bench.csv" "$scratch/null-only.csv" "$scratch/threads-0.csv" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
for output, change in ((sys.argv[2], {"method": "null"}), (sys.argv[3], {"threads": "0"})):
    with open(output, "w", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerow(dict(rows[0], **change))
PY
expect_one_line "report: a CSV of null rows alone is refused" "only null (harness) rows: no method to rank" \
    "$results/report" "$scratch/null-only.csv"
expect_one_line "plot: a CSV of null rows alone is refused" "only null (harness) rows: no method to rank" \
    "$results/plot" -o "$scratch/plots" "$scratch/null-only.csv"
expect_one_line "report: threads=0 is refused" "column threads: 0 is below 1" "$results/report" "$scratch/threads-0.csv"

# A row attackbench compare refuses, the scripts refuse: samples_ns that
# are no times (results-merge merged them, report ranked the row).
# run_variant OUTPUT LINE COLUMN=VALUE...: tests/data/compare-run1.csv with
# the columns of data row LINE (2: the first) set.
run_variant() {
    run_python - "$here/data/compare-run1.csv" "$@" <<'PY'
import csv, sys
source, output, line, *changes = sys.argv[1:]
rows = list(csv.DictReader(open(source, newline="")))
rows[int(line) - 2].update(change.split("=", 1) for change in changes)
with open(output, "w", newline="") as handle:
    writer = csv.DictWriter(handle, fieldnames=list(rows[0]), lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
PY
}
run_variant "$scratch/samples-word.csv" 3 "samples_ns=x y"
expect_one_line "attackbench compare: a samples_ns of 'x y' is refused" "samples-word.csv:3: samples_ns: expected decimal numbers" \
    "$program" compare "$scratch/samples-word.csv" "$here/data/compare-run1.csv"
report_and_plot_refuse "a samples_ns of 'x y' is refused, as compare refuses it" \
    "samples-word.csv: line 3: column samples_ns: expected decimal numbers from 1e-6 to 1e12 separated by spaces, not 'x y'" \
    "$scratch/samples-word.csv"
run_variant "$scratch/samples-zero.csv" 2 "samples_ns=1.5 0 1.6"
expect_one_line "report: a sample of 0 ns is refused" "samples-zero.csv: line 2: column samples_ns: expected decimal numbers" \
    "$results/report" "$scratch/samples-zero.csv"
# Spaces as compare reads them (parse_samples): one after the last time is
# read, one before the first, two between times or an empty cell refused
# (the scripts stripped the cell and let an empty one by).
while IFS='|' read -r name samples message; do
    run_variant "$scratch/samples-$name.csv" 3 "samples_ns=$samples"
    expect_one_line "attackbench compare: a samples_ns of '$samples' is refused" \
        "samples-$name.csv:3: samples_ns: expected decimal numbers" \
        "$program" compare "$scratch/samples-$name.csv" "$here/data/compare-run1.csv"
    report_and_plot_refuse "a samples_ns of '$samples' is refused, as compare refuses it" \
        "samples-$name.csv: line 3: column samples_ns$message" "$scratch/samples-$name.csv"
done <<'EOF_SAMPLES'
leading| 1.5 1.6|: expected decimal numbers from 1e-6 to 1e12 separated by spaces, not ' 1.5 1.6'
double|1.5  1.6|: expected decimal numbers from 1e-6 to 1e12 separated by spaces, not '1.5  1.6'
trailing-two|1.5 1.6  |: expected decimal numbers from 1e-6 to 1e12 separated by spaces, not '1.5 1.6  '
empty|| is empty
EOF_SAMPLES
run_variant "$scratch/samples-trailing.csv" 3 "samples_ns=1.5 1.6 "
"$program" compare "$scratch/samples-trailing.csv" "$here/data/compare-run1.csv" >/dev/null 2>"$scratch/err"
status=$?
# plot draws with gnuplot (make test-bare hides it): without it, plot is
# left out of this one, which needs a drawing.
trailing_readers="compare, report and plot"
have_tool gnuplot || trailing_readers="compare and report (plot left out: gnuplot is not installed)"
if [ "$status" -ne 2 ] && "$results/report" "$scratch/samples-trailing.csv" >/dev/null 2>>"$scratch/err" &&
    { ! have_tool gnuplot || "$results/plot" -o "$scratch/plots" "$scratch/samples-trailing.csv" >/dev/null 2>>"$scratch/err"; }; then
    pass "a space after the last sample is read by $trailing_readers alike"
else
    fail "a space after the last sample is read by $trailing_readers alike (compare exit $status: $(head -c 300 "$scratch/err"))"
fi

# One CPU per file, as attackbench compare and plot read a file: a row of
# another CPU is refused, both CPUs named (report read it as a second run,
# results-tool merge wrote it into one build's file); machines given as
# files of their own are still runs side by side.  A row of no
# repetitions measured nothing.
run_variant "$scratch/two-cpus.csv" 4 "cpu=Other CPU" cpu_family=25
expect_one_line "attackbench compare: a file of two CPUs is refused" "two-cpus.csv:4: cpu 'Other CPU' differs" \
    "$program" compare "$scratch/two-cpus.csv" "$here/data/compare-run1.csv"
expect_one_line "report: a file of two CPUs is refused, both named" \
    "two-cpus.csv: line 4: measured on 'Other CPU' (AuthenticAMD 25 2), line 2 on 'Oxide Virtual Turin-like Processor' (AuthenticAMD 26 2): one CPU per file" \
    "$results/report" "$scratch/two-cpus.csv"
sed 's/,Oxide Virtual Turin-like Processor,/,Other CPU,/' "$here/data/compare-run1.csv" >"$scratch/other-cpu.csv"
# A --phase run's phase "all" rows repeat the run before it by design:
# left out without a word (named on every make results); a part that
# repeats another's rows is still named.
"$program" -q -m kogge-stone -w pieces -p queen --dispatch=batch -r 1 -c 1000 --csv="$scratch/plain.csv" \
    "$here/../data/positions.fen" >/dev/null 2>&1
"$program" -q -m kogge-stone -w pieces -p queen --phase --dispatch=batch -r 1 -c 1000 --csv="$scratch/phases.csv" \
    "$here/../data/positions.fen" >/dev/null 2>&1
python3 "$results/results-tool" merge "$scratch/merged-phases.csv" "$scratch/plain.csv" "$scratch/phases.csv" \
    2>"$scratch/err"
status=$?
[ $status -eq 0 ] && [ ! -s "$scratch/err" ] && [ "$(csv_column phase <"$scratch/merged-phases.csv" | grep -c '^all$')" -eq 2 ] &&
    pass "results-tool merge: a --phase run's repeated phase all is left out without a word" ||
    fail "results-tool merge: a --phase run's repeated phase all (exit $status; $(head -c 300 "$scratch/err"))"
python3 "$results/results-tool" merge "$scratch/merged-twice.csv" "$scratch/plain.csv" "$scratch/plain.csv" \
    2>"$scratch/err"
grep -q "left out 2 rows that an earlier part measured too" "$scratch/err" &&
    pass "results-tool merge: a part measured twice is still named" ||
    fail "results-tool merge: a part measured twice is still named ($(head -c 300 "$scratch/err"))"
# A perft CSV given to merge is named as one (it read "line 2: column
# piece is empty").
printf 'cpu,compiler,flags,method,positions,depth,nodes,nodes_per_second\nX,gcc,-O2,kogge-stone,1,1,20,5\n' \
    >"$scratch/merge-perft.csv"
expect_one_line "results-tool merge: a perft CSV is named as one" \
    "merge-perft.csv: line 1: a perft CSV, no column piece: merge takes benchmark CSVs" \
    python3 "$results/results-tool" merge "$scratch/merged-perft.csv" "$scratch/merge-perft.csv"
expect_one_line "results-tool merge: parts of two CPUs are refused, both named" \
    "other-cpu.csv: line 2: measured on 'Other CPU' (AuthenticAMD 26 2), $here/data/compare-run1.csv: line 2 on 'Oxide Virtual Turin-like Processor'" \
    python3 "$results/results-tool" merge "$scratch/merged-cpus.csv" "$here/data/compare-run1.csv" "$scratch/other-cpu.csv"
[ ! -e "$scratch/merged-cpus.csv" ] && pass "results-tool merge: nothing written from parts of two CPUs" ||
    fail "results-tool merge: a file of two CPUs was written"
"$results/report" "$here/data/compare-run1.csv" "$scratch/other-cpu.csv" >"$scratch/out" 2>"$scratch/err" &&
    grep -qF '| Oxide Virtual Turin-like Processor: ns' "$scratch/out" && grep -qF '| Other CPU: ns' "$scratch/out" &&
    pass "report: two CPUs in files of their own are two runs side by side" ||
    fail "report: two CPUs in files of their own are two runs side by side ($(head -c 300 "$scratch/err"))"
run_variant "$scratch/reps-0.csv" 3 reps=0
expect_one_line "report: a row of reps=0 is refused" "reps-0.csv: line 3: column reps: 0 is below 1" \
    "$results/report" "$scratch/reps-0.csv"
expect_one_line "results-tool merge: a row of reps=0 is refused" "reps-0.csv: line 3: column reps: 0 is below 1" \
    python3 "$results/results-tool" merge "$scratch/merged-reps.csv" "$scratch/reps-0.csv"
# results-tool merge: an OUTPUT that is one of the PARTs (by its name or
# a link) is refused and the part kept: it was replaced by the merge.
cp "$here/data/compare-run1.csv" "$scratch/part-a.csv"
cp "$here/data/compare-run2.csv" "$scratch/part-b.csv"
ln -s part-b.csv "$scratch/part-b-link.csv"
for output in part-b.csv part-b-link.csv; do
    expect_one_line "results-tool merge: a PART as OUTPUT ($output) is refused" \
        "$output: that is an input file of this merge; it would be replaced" \
        python3 "$results/results-tool" merge "$scratch/$output" "$scratch/part-a.csv" "$scratch/part-b.csv"
done
cmp -s "$here/data/compare-run2.csv" "$scratch/part-b.csv" && pass "results-tool merge: the part named as OUTPUT is kept" ||
    fail "results-tool merge: the part named as OUTPUT was replaced"

# plot: runs whose charts would get one name (two CSVs of one name in
# different folders, two runs of one compiler in a CSV) and a file given
# twice are refused before anything is drawn (gnuplot or not): the later
# charts replaced the earlier ones without a word.
mkdir -p "$scratch/plot-a" "$scratch/plot-b"
cp "$scratch/findings-bench.csv" "$scratch/plot-a/run.csv"
cp "$scratch/findings-bench.csv" "$scratch/plot-b/run.csv"
expect_one_line "plot: two CSVs of one name in different folders are refused" \
    "plot: $scratch/plot-b/run.csv: its charts would be named run-*, as those of $scratch/plot-a/run.csv" \
    "$results/plot" -o "$scratch/plot-names" "$scratch/plot-a/run.csv" "$scratch/plot-b/run.csv"
cp "$scratch/findings-bench.csv" "$scratch/plot-two-runs.csv"
awk -F, -v OFS=, 'NR > 1 { $3 = $3 " -O3"; print }' "$scratch/findings-bench.csv" >>"$scratch/plot-two-runs.csv"
expect_one_line "plot: two runs of one compiler in a CSV are refused" \
    "its charts would be named plot-two-runs-gcc-12-2-0-*, as another run of gcc 12.2.0" \
    "$results/plot" -o "$scratch/plot-names" "$scratch/plot-two-runs.csv"
expect_one_line "plot: a CSV given twice is refused" "plot: $scratch/plot-a/run.csv: given twice" \
    "$results/plot" -o "$scratch/plot-names" "$scratch/plot-a/run.csv" "$scratch/plot-a/run.csv"
[ ! -e "$scratch/plot-names" ] && pass "plot: a refused run draws nothing" || fail "plot: a refused run draws nothing"

# plot -o: an empty name is no folder; an existing file (or /dev/full) is
# not a folder, said so rather than "cannot create: File exists".
expect_one_line "plot -o '': an empty folder name is refused" "plot: -o needs a folder name" \
    "$results/plot" -o '' "$scratch/plot-a/run.csv"
if have_tool gnuplot; then
    : >"$scratch/plot-file"
    for output in "$scratch/plot-file" /dev/full; do
        expect_one_line "plot -o ${output##*/}: not a folder" "plot: $output: not a folder" \
            "$results/plot" -o "$output" "$scratch/plot-a/run.csv"
    done
    # A refused run leaves no -o folder it made (an empty one was left).
    expect_one_line "plot --keep-scripts FILE: not a folder" "plot: $scratch/plot-file: not a folder" \
        "$results/plot" -o "$scratch/plot-new" --keep-scripts "$scratch/plot-file" "$scratch/plot-a/run.csv"
    [ ! -e "$scratch/plot-new" ] && pass "plot: a refused run leaves no folder it made" ||
        fail "plot: a refused run leaves no folder it made ($scratch/plot-new is there)"
    # A chart that cannot be written is named without Python's errno text.
    mkdir -p "$scratch/plot-blocked/run-ranked-random.svg/inside"
    expect_one_line_status 1 "plot: a chart that cannot be written: one line, no errno text" \
        "plot: $scratch/plot-blocked/run-ranked-random.svg: cannot write: Is a directory" \
        "$results/plot" -o "$scratch/plot-blocked" "$scratch/plot-a/run.csv"
else
    skip "plot -o FILE: not a folder: gnuplot is not installed (apt-get install gnuplot-nox)"
fi

# The reader's numbers as the C reader takes them: a count is a whole
# number (2.5 threads was read as 2, 1e308 as a count), every number finite
# and in range, times and rates not below 0.
run_python - "$scratch/findings-bench.csv" "$scratch/number" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
faults = {"threads-half": {"threads": "2.5"}, "threads-huge": {"threads": "1e308"},
          "init-negative": {"init_ms": "-1"}, "rate-negative": {"mlookups_per_s": "-5"},
          "mad-huge": {"ns_per_query_mad": "1e308"}, "tsc-nan": {"tsc_ghz": "nan"},
          "median-tiny": {"ns_per_query_median": "1e-320"}}
for name, change in faults.items():
    with open(f"{sys.argv[2]}-{name}.csv", "w", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(rows[0]) + [c for c in change if c not in rows[0]],
                                lineterminator="\n")
        writer.writeheader()
        writer.writerow(dict(rows[0], **change))
        writer.writerows(rows[1:])
PY
for fault in "threads-half|column threads: expected a whole number, not '2.5'" \
    "threads-huge|column threads: expected a whole number, not '1e308'" \
    "init-negative|column init_ms: -1.0 is below 0" "rate-negative|column mlookups_per_s: -5.0 is below 0" \
    "mad-huge|column ns_per_query_mad: 1e308 is out of range" "tsc-nan|column tsc_ghz: not a finite number: 'nan'" \
    "median-tiny|column ns_per_query_median: 1e-320 is below 1e-06"; do
    expect_one_line "report: ${fault%%|*} is refused" "number-${fault%%|*}.csv: line 2: ${fault#*|}" \
        "$results/report" "$scratch/number-${fault%%|*}.csv"
done
# A column named twice is refused (the last one won); a name with spaces
# around it is the name (the rows' keys kept the spaces: "no method").
sed '1s/$/,method/; 2,$s/$/,other/' "$scratch/findings-bench.csv" >"$scratch/twice.csv"
expect_one_line "report: a column named twice is refused" "twice.csv: line 1: column 'method' appears twice (columns 4 and 14)" \
    "$results/report" "$scratch/twice.csv"
# A header of 200,000 columns (a line may hold 4 MiB) is read at once: the
# search for a name given twice compared each name with all before it,
# minutes of CPU.  Its rows have fewer fields: refused, in a few seconds
# on a loaded machine.
{
    head -n 1 "$scratch/findings-bench.csv" | tr -d '\n'
    seq -f ',x%.0f' 0 199999 | tr -d '\n'
    echo
    tail -n +2 "$scratch/findings-bench.csv"
} >"$scratch/wide.csv"
fields=$(head -n 1 "$scratch/findings-bench.csv" | awk -F, '{ print NF }')
expect_error "report: a header of 200,000 columns is read within seconds" \
    "wide.csv: line 2: $fields fields, the header has $((fields + 200000))" \
    timeout 60 python3 "$results/report" "$scratch/wide.csv"
sed '1s/,method,/, method ,/' "$scratch/findings-bench.csv" >"$scratch/spaced.csv"
"$results/report" "$scratch/spaced.csv" >"$scratch/out" 2>"$scratch/err" && grep -q '^| 1 | pext | ' "$scratch/out" &&
    pass "report: a header name with spaces around it is read as the name" ||
    fail "report: a header name with spaces around it is read as the name ($(head -c 300 "$scratch/err"))"

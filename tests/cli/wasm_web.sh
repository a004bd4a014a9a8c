#!/usr/bin/env bash
# The WebAssembly build's runner and the scripts around it: long runs that
# once made node abort (its WASI object collected mid-run), the runner's
# quoting of its folder, the CPU name it passes on, make web's committed
# results (strict JSON, one line per bad file) and make results-wasm's
# files named by CPU, never replacing another machine's, and its
# docs/findings.md paragraphs, one per machine.
source "$(dirname "$0")/../lib/tap.bash"
s=$top/scripts

# Runs that allocate while node's WASI calls are under way: under node 20
# they aborted (exit 134, no word) when a collection destroyed the WASI
# object inside a call.  Natively they are ordinary runs.
for option in --pressure=64M --queries=16777216; do
    "$program" -q -m classical -p rook --dispatch=batch -w random "$option" --reps=1 --calls=100000 \
        >"$scratch/out" 2>"$scratch/err"
    status=$?
    [ "$status" -eq 0 ] && grep -q '^  classical ' "$scratch/out" &&
        pass "a run with $option completes" ||
        fail "a run with $option completes (exit $status: $(head -c 300 "$scratch/err"))"
done

# The CPU's name: the runner passes a given ATTACKBENCH_HOST_CPU on.
if [ "$wasm_build" = 1 ]; then
    cpu=$(ATTACKBENCH_HOST_CPU="Test Brand CPU" "$program" -q -m classical -p rook -w random --reps=1 --calls=1000 \
        --queries=64 --format=csv | csv_column cpu | head -1)
    case $cpu in
    "Test Brand CPU (WebAssembly under node "*) pass "the runner names the CPU ATTACKBENCH_HOST_CPU names" ;;
    *) fail "the runner names the CPU ATTACKBENCH_HOST_CPU names (cpu column: $cpu)" ;;
    esac
else
    skip "ATTACKBENCH_HOST_CPU: a native build reads its CPU itself"
fi

# scripts/platforms/wasm-runner.sh: a folder whose name holds $( ), backticks, a
# quote and $HOME is written into the runner as it is, and nothing runs.
weird="$scratch/runner/a\$(touch $scratch/ran-1)\`touch $scratch/ran-2\`'q \$HOME"
mkdir -p "$weird" "$scratch/fake-bin"
: >"$weird/p.wasm"
printf '#!/bin/sh\nfor argument in "$@"; do printf "<%%s>\\n" "$argument"; done\n' >"$scratch/fake-bin/node"
chmod +x "$scratch/fake-bin/node"
if sh "$s/platforms/wasm-runner.sh" "$weird/p.wasm" "$weird/run" 2>"$scratch/err" &&
    PATH="$scratch/fake-bin:$PATH" "$weird/run" 'one two' >"$scratch/out" 2>>"$scratch/err" &&
    [ ! -e "$scratch/ran-1" ] && [ ! -e "$scratch/ran-2" ] &&
    [ "$(sed -n 2p "$scratch/out")" = "<$weird/wasi-run.cjs>" ] &&
    [ "$(sed -n 3p "$scratch/out")" = "<$weird/p.wasm>" ] && [ "$(sed -n 4p "$scratch/out")" = "<one two>" ]; then
    pass "wasm-runner.sh: a folder with \$( ), backticks and quotes is quoted, nothing runs"
else
    fail "wasm-runner.sh: a folder with \$( ), backticks and quotes is quoted, nothing runs ($(cat "$scratch/out" "$scratch/err" | head -c 300))"
fi

# scripts/results/web-results.py: the committed CSVs into strict JSON for the page;
# a bad file is one line naming it and the problem, and nothing is written.
header=metric,workload,piece,dispatch,mode,pressure_bytes,phase,threads,layout,method,cpu,ns_per_query_median
row=ns,random,queen,batch,throughput,0,all,1,queries
# web_manifest FOLDER: the manifest that names the folder's gcc CSV (the
# page reads only the files a manifest names).
web_manifest() {
    printf '{"machine": "Test CPU", "bench": ["test-cpu-2026-01-01-gcc.csv"]}\n' \
        >"$1/test-cpu-2026-01-01-manifest.json"
}
mkdir -p "$scratch/web-good"
printf '%s\n%s,alpha,Test CPU,1.5\n%s,beta,Test CPU,3.25\n' "$header" "$row" "$row" \
    >"$scratch/web-good/test-cpu-2026-01-01-gcc.csv"
web_manifest "$scratch/web-good"
# A run's folder one level down: a CSV its manifest does not name (what a
# replaced run left) and a folder without a manifest are not published.
mkdir -p "$scratch/web-good/run" "$scratch/web-good/no-manifest"
printf '%s\n%s,alpha,Test CPU,2.5\n' "$header" "$row" >"$scratch/web-good/run/test-cpu-2026-01-01-gcc.csv"
web_manifest "$scratch/web-good/run"
printf '%s\n%s,stale,Test CPU,9\n' "$header" "$row" >"$scratch/web-good/run/test-cpu-2026-01-01-clang.csv"
printf '%s\n%s,stale,Test CPU,9\n' "$header" "$row" >"$scratch/web-good/no-manifest/test-cpu-2026-01-01-gcc.csv"
if python3 "$s/results/web-results.py" "$scratch/web-good" "$scratch/web-good.js" 2>"$scratch/err" &&
    run_python - "$scratch/web-good.js" <<'PYTHON'; then
import json, sys
text = open(sys.argv[1]).read()
prefix = "self.committedResults = "
body = text[text.index(prefix) + len(prefix):text.rstrip().rindex(";")]
def refuse(name):
    raise ValueError(f"{name} in the JSON")
results = json.loads(body, parse_constant=refuse)
assert results["machines"][0]["ns"] == {"alpha": 1.5, "beta": 3.25}, results
assert [(m["folder"], m["file"]) for m in results["machines"]] == [
    (".", "test-cpu-2026-01-01-gcc.csv"), ("run", "test-cpu-2026-01-01-gcc.csv")], results
PYTHON
    pass "web-results.py: the medians of the CSVs manifests name as strict JSON; no stray CSV or folder without a manifest"
else
    fail "web-results.py: the medians of the CSVs manifests name as strict JSON ($(head -c 300 "$scratch/err"))"
fi
# OUTPUT naming a file the page is made from (a CSV, a manifest, a link
# to one) is refused, the file left whole (it was replaced by the page).
cp -R "$scratch/web-good" "$scratch/web-self"
ln -s test-cpu-2026-01-01-gcc.csv "$scratch/web-self/link.js"
for output in test-cpu-2026-01-01-gcc.csv test-cpu-2026-01-01-manifest.json run/test-cpu-2026-01-01-gcc.csv link.js; do
    cp "$scratch/web-self/${output/link.js/test-cpu-2026-01-01-gcc.csv}" "$scratch/web-self.kept"
    expect_one_line "web-results.py: an OUTPUT naming an input ($output) is refused" \
        "web-results: $scratch/web-self/$output: that is an input file of web-results.py" \
        python3 "$s/results/web-results.py" "$scratch/web-self" "$scratch/web-self/$output"
    cmp -s "$scratch/web-self/$output" "$scratch/web-self.kept" &&
        pass "web-results.py: the input $output is left whole" || fail "web-results.py: the input $output is left whole"
done
python3 "$s/results/web-results.py" --help >"$scratch/out" 2>"$scratch/err" && grep -q '^usage: ' "$scratch/out" &&
    [ ! -s "$scratch/err" ] && pass "web-results.py --help: the usage on standard output, exit 0" ||
    fail "web-results.py --help: the usage on standard output ($(head -c 200 "$scratch/err"))"
expect_one_line "web-results.py --help x: the usage in one line" "web-results: usage: " \
    python3 "$s/results/web-results.py" --help x
web_refuses() {
    local name=$1 text=$2 folder=$scratch/web-$3
    expect_one_line "web-results.py: $name" "$text" python3 "$s/results/web-results.py" "$folder" "$scratch/web-$3.js"
    [ ! -e "$scratch/web-$3.js" ] && pass "web-results.py: $name: nothing written" ||
        fail "web-results.py: $name: nothing written"
}
for value in nan inf -inf; do
    mkdir -p "$scratch/web-$value"
    printf '%s\n%s,alpha,Test CPU,1.5\n%s,beta,Test CPU,%s\n' "$header" "$row" "$row" "$value" \
        >"$scratch/web-$value/test-cpu-2026-01-01-gcc.csv"
    web_manifest "$scratch/web-$value"
    web_refuses "a median $value is refused" \
        "$scratch/web-$value/test-cpu-2026-01-01-gcc.csv: line 3: column ns_per_query_median: not a finite number: '$value'" \
        "$value"
done
# What report refuses, the page refuses: a median of 0 or below, a file
# of a header alone, a row twice, rows of two CPUs (each was published,
# or the file dropped without a word).
web_csv() { # NAME LINE...: folder web-NAME, its manifest, the CSV of the header and LINEs
    local folder=$scratch/web-$1
    shift
    mkdir -p "$folder"
    web_manifest "$folder"
    { echo "$header"; printf '%s\n' "$@"; } >"$folder/test-cpu-2026-01-01-gcc.csv"
}
web_csv zero "$row,alpha,Test CPU,1.5" "$row,beta,Test CPU,0"
web_refuses "a median of 0 is refused" \
    "$scratch/web-zero/test-cpu-2026-01-01-gcc.csv: line 3: column ns_per_query_median: 0.0 is not above 0" zero
web_csv negative "$row,alpha,Test CPU,-3"
web_refuses "a median of -3 is refused" \
    "$scratch/web-negative/test-cpu-2026-01-01-gcc.csv: line 2: column ns_per_query_median: -3.0 is not above 0" negative
web_csv header-only
web_refuses "a CSV of a header alone is refused" \
    "$scratch/web-header-only/test-cpu-2026-01-01-gcc.csv: no data rows" header-only
web_csv twice "$row,alpha,Test CPU,1.5" "$row,alpha,Test CPU,1.5"
web_refuses "a row twice is refused" \
    "$scratch/web-twice/test-cpu-2026-01-01-gcc.csv: line 3: a second row for alpha" twice
web_csv two-cpus "$row,alpha,Test CPU,1.5" "$row,beta,Other CPU,2.5"
web_refuses "rows of two CPUs in one file are refused, both named" \
    "line 3: measured on 'Other CPU', line 2 on 'Test CPU': one CPU per file" two-cpus
# Two runs in one file (other flags): the page showed the later's figure.
web_csv two-runs
{ echo "$header,flags"; echo "$row,alpha,Test CPU,1.5,-O2"; echo "$row,alpha,Test CPU,1.6,-O3"; } \
    >"$scratch/web-two-runs/test-cpu-2026-01-01-gcc.csv"
web_refuses "two runs in one file are refused" \
    "$scratch/web-two-runs/test-cpu-2026-01-01-gcc.csv: 2 runs (another compiler, flags or start time): the page shows one run per file" two-runs
mkdir -p "$scratch/web-no-metric" "$scratch/web-word" "$scratch/web-binary"
for folder in no-metric word binary; do web_manifest "$scratch/web-$folder"; done
printf '%s\n%s,alpha,Test CPU,1.5\n' "${header#metric,}" "${row#ns,}" >"$scratch/web-no-metric/test-cpu-2026-01-01-gcc.csv"
web_refuses "a CSV without the metric column" \
    "$scratch/web-no-metric/test-cpu-2026-01-01-gcc.csv: not an attackbench CSV: missing column(s) metric" no-metric
printf '%s\n%s,alpha,Test CPU,fast\n' "$header" "$row" >"$scratch/web-word/test-cpu-2026-01-01-gcc.csv"
web_refuses "a median 'fast'" \
    "$scratch/web-word/test-cpu-2026-01-01-gcc.csv: line 2: column ns_per_query_median: not a number: 'fast'" word
printf '\x7fELF\x02\x01\x01\x00\xff\xfe\x00\x00\x89PNG\r\n' >"$scratch/web-binary/test-cpu-2026-01-01-gcc.csv"
web_refuses "a binary file" "$scratch/web-binary/test-cpu-2026-01-01-gcc.csv: not a text file" binary
mkdir -p "$scratch/web-missing"
web_manifest "$scratch/web-missing"
web_refuses "a manifest that names a missing CSV" \
    "$scratch/web-missing/test-cpu-2026-01-01-gcc.csv: named by $scratch/web-missing/test-cpu-2026-01-01-manifest.json, missing" missing

# scripts/results/results-wasm with stand-ins for both builds: FAKE_VENDOR names the
# native CPU's vendor; the WebAssembly stand-in names the CPU the runner is
# given (ATTACKBENCH_HOST_CPU), as scripts/platforms/wasi-run.cjs does.
fake=$scratch/fake-builds
mkdir -p "$fake" "$scratch/wasm-results"
cat >"$fake/native" <<'FAKE'
#!/usr/bin/env bash
kind=${0##*/}
methods=
for argument in "$@"; do
    case $argument in
    --version) echo "attackbench 0.0 ($kind stand-in)"; exit 0 ;;
    --plugin=*) [ "$kind" = native ] || { echo "attackbench: this attackbench is WebAssembly" >&2; exit 2; } ;;
    --list) printf 'alpha available\nbeta-simd128 available\nreference available\nnull available\n'; exit 0 ;;
    --method=*) methods=${argument#--method=} ;;
    *.fen) [ -s "$argument" ] || { echo "attackbench: $argument: no positions in this file" >&2; exit 2; } ;;
    esac
done
if [ "$kind" = native ]; then
    cpu="Fake CPU One" vendor=${FAKE_VENDOR:-FakeVendor} family=1 model=2 compiler="gcc 99"
else
    cpu="$ATTACKBENCH_HOST_CPU (WebAssembly under a fake engine)" vendor=wasm32 family=0 model=0 compiler="clang 99"
fi
echo "cpu,cpu_vendor,cpu_family,cpu_model,compiler,flags,method,metric,ns_per_query_median"
value=1
for method in ${methods//,/ } null; do
    echo "\"$cpu\",$vendor,$family,$model,$compiler,-O2,$method,ns,$value.5"
    value=$((value + 1))
done
FAKE
chmod +x "$fake/native"
cp "$fake/native" "$fake/wasm"
findings=$scratch/findings.md
other="On Other CPU (OtherVendor family 9 model 9): summary lines of [o.md](o.md), as the command wrote them:"
printf 'before\n<!-- results-wasm: written by make results-wasm; edit scripts/results/results-wasm, not this block -->\n%s\n\n- random: queen, batched: fastest under WebAssembly: **zeta** (9.000 ns)\n\n<!-- results-wasm: end -->\nafter\n' \
    "$other" >"$findings"
cp "$findings" "$scratch/findings-before.md"
machine="Fake CPU One (FakeVendor family 1 model 2)"
"$s/results/results-wasm" --findings="$findings" "$fake/native" "$fake/wasm" "$scratch/wasm-results" data/positions.fen \
    >"$scratch/out" 2>"$scratch/err"
status=$?
written=$(ls "$scratch/wasm-results"/fake-cpu-one-family1-model2-*.md 2>/dev/null)
if [ "$status" -eq 0 ] && [ -n "$written" ] && grep -qxF -- "- machine: $machine" "$written" &&
    [ "$(grep -c 'Fake CPU One' "$written")" -eq 1 ] &&
    [ "$(csv_column cpu <"${written%.md}-wasm.csv" | sort -u)" = "Fake CPU One (WebAssembly under a fake engine)" ]; then
    pass "results-wasm: the file is named by the native CPU, which both builds' rows name alike"
else
    fail "results-wasm: the file is named by the native CPU, which both builds' rows name alike (exit $status: $(head -c 300 "$scratch/err"))"
fi
paragraph_count() { grep -c "^On $1: summary lines of \[" "$findings"; }
if grep -qF -- "$other" "$findings" && grep -qxF -- '- random: queen, batched: fastest under WebAssembly: **zeta** (9.000 ns)' "$findings" &&
    [ "$(paragraph_count "$machine")" -eq 1 ] &&
    grep -qxF -- '- random: queen, batched: fastest under WebAssembly: **alpha** (1.500 ns)' "$findings" &&
    [ "$(head -1 "$findings")" = before ] && [ "$(tail -1 "$findings")" = after ]; then
    pass "results-wasm --findings: this machine's paragraph added, another machine's kept"
else
    fail "results-wasm --findings: this machine's paragraph added, another machine's kept ($(head -c 600 "$findings"))"
fi
"$s/results/results-wasm" --findings="$findings" "$fake/native" "$fake/wasm" "$scratch/wasm-results" data/positions.fen \
    >"$scratch/out" 2>"$scratch/err"
[ "$(paragraph_count "$machine")" -eq 1 ] && grep -qF -- "$other" "$findings" &&
    pass "results-wasm --findings: a second run rewrites its own paragraph only" ||
    fail "results-wasm --findings: a second run rewrites its own paragraph only"
cp "$written" "$scratch/written-before.md"
cp "$findings" "$scratch/findings-before.md"
expect_one_line "results-wasm: a file of this name from another CPU is refused before measuring" \
    "$written is the run of $machine, not of this machine (Fake CPU One (AnotherVendor family 1 model 2)): left unchanged" \
    env FAKE_VENDOR=AnotherVendor "$s/results/results-wasm" --findings="$findings" "$fake/native" "$fake/wasm" \
    "$scratch/wasm-results" data/positions.fen
cmp -s "$written" "$scratch/written-before.md" && cmp -s "$findings" "$scratch/findings-before.md" &&
    pass "results-wasm: the other CPU's file and the findings stay as they were" ||
    fail "results-wasm: the other CPU's file and the findings stay as they were"

# Every argument is checked before anything is measured: the native
# program as the WebAssembly runner, a runner that does not exist, a
# program that is not attackbench, a findings file that does not exist, an
# empty positions file: one line, exit 2, nothing written.  A stand-in
# records that a measuring run started.
cat >"$fake/measured-native" <<FAKE
#!/usr/bin/env bash
case "\$*" in *--reps=5*) touch "$scratch/measured" ;; esac
exec "$fake/native" "\$@"
FAKE
chmod +x "$fake/measured-native"
mkdir -p "$scratch/wasm-refused"
: >"$scratch/empty.fen"
wasm_refuses() { # NAME TEXT ARGUMENTS...
    local name=$1 text=$2
    shift 2
    rm -f "$scratch/measured"
    expect_one_line "results-wasm: $name is refused before measuring" "$text" "$s/results/results-wasm" "$@"
    [ ! -e "$scratch/measured" ] && [ -z "$(ls -A "$scratch/wasm-refused")" ] &&
        pass "results-wasm: $name: nothing measured or written" ||
        fail "results-wasm: $name: nothing measured or written ($(ls -A "$scratch/wasm-refused"))"
}
wasm_refuses "the native program as the runner" "$fake/native: not the WebAssembly build" \
    "$fake/measured-native" "$fake/native" "$scratch/wasm-refused" data/positions.fen
wasm_refuses "a runner that does not exist" "$scratch/nonexistent: cannot run it" \
    "$fake/measured-native" "$scratch/nonexistent" "$scratch/wasm-refused" data/positions.fen
wasm_refuses "a program that is not attackbench" "/bin/true: not an attackbench program" \
    /bin/true "$fake/wasm" "$scratch/wasm-refused" data/positions.fen
wasm_refuses "a findings file that does not exist" "$scratch/nonexistent.md: No such file" \
    --findings="$scratch/nonexistent.md" "$fake/measured-native" "$fake/wasm" "$scratch/wasm-refused" data/positions.fen
wasm_refuses "an empty positions file" "$scratch/empty.fen: refused by" \
    "$fake/measured-native" "$fake/wasm" "$scratch/wasm-refused" "$scratch/empty.fen"

# --from: a file's machine comes from the -native.csv beside it.
mkdir -p "$scratch/second"
printf '# head\n\n- machine: x\n- native: x\n\n## random: queen, batched\n\n| rank |\n\n- fastest under WebAssembly: **m** (1.000 ns)\n' \
    >"$scratch/second/second.md"
printf 'cpu,cpu_vendor,cpu_family,cpu_model,method\nSecond CPU,SecondVendor,5,6,m\n' >"$scratch/second/second-native.csv"
if "$s/results/results-wasm" --findings="$findings" --from="$scratch/second/second.md" 2>"$scratch/err" &&
    [ "$(paragraph_count "Second CPU (SecondVendor family 5 model 6)")" -eq 1 ] &&
    grep -qxF -- '- random: queen, batched: fastest under WebAssembly: **m** (1.000 ns)' "$findings" &&
    [ "$(paragraph_count "$machine")" -eq 1 ] && grep -qF -- "$other" "$findings" && ! grep -q 'native: x' "$findings"; then
    pass "results-wasm --from: the file's machine's paragraph, from its summary lines; the others kept"
else
    fail "results-wasm --from: the file's machine's paragraph, from its summary lines; the others kept ($(head -c 300 "$scratch/err"))"
fi
# A findings page with CRLF line ends keeps them, the rewritten block too.
sed 's/$/\r/' "$findings" >"$scratch/crlf-findings.md"
if "$s/results/results-wasm" --findings="$scratch/crlf-findings.md" --from="$scratch/second/second.md" 2>"$scratch/err" &&
    [ "$(grep -c $'\r$' "$scratch/crlf-findings.md")" = "$(wc -l <"$scratch/crlf-findings.md")" ] &&
    grep -qxF -- $'- random: queen, batched: fastest under WebAssembly: **m** (1.000 ns)\r' "$scratch/crlf-findings.md"; then
    pass "results-wasm --findings: a page with CRLF line ends keeps them"
else
    fail "results-wasm --findings: a page with CRLF line ends keeps them ($(head -c 300 "$scratch/err"))"
fi
printf 'no block\n' >"$scratch/no-block.md"
expect_one_line "results-wasm --findings: a doc without the block is refused" "no block between" \
    "$s/results/results-wasm" --findings="$scratch/no-block.md" --from="$scratch/second/second.md"
cp "$scratch/no-block.md" "$scratch/second/plain.md"
cp "$scratch/second/second-native.csv" "$scratch/second/plain-native.csv"
expect_one_line "results-wasm --from: a file without summary lines is refused" "no summary lines" \
    "$s/results/results-wasm" --findings="$findings" --from="$scratch/second/plain.md"
cp "$scratch/second/second.md" "$scratch/second/orphan.md"
expect_one_line "results-wasm --from: a file without its -native.csv is refused" \
    "$scratch/second/orphan-native.csv: no such file" \
    "$s/results/results-wasm" --findings="$findings" --from="$scratch/second/orphan.md"

#!/usr/bin/env bash
# Tests of `attackbench compare`.
source "$(dirname "$0")/../lib/tap.bash"

# Malformed files: exit 2, the exact message with file and line, nothing on
# standard output.
while IFS=$'\t' read -r name message; do
    case "$name" in '#'* | '') continue ;; esac
    "$program" compare "tests/data/compare-bad/$name" "tests/data/compare-bad/$name" >"$scratch/out" 2>"$scratch/err"
    status=$?
    if [ "$status" -eq 2 ] && [ "$(cat "$scratch/err")" = "$message" ] && [ ! -s "$scratch/out" ]; then
        pass "compare: malformed $name"
    else
        fail "compare: malformed $name (exit $status: $(head -c 200 "$scratch/err"))"
    fi
done <"$here/data/compare-bad/expected.txt"

# One row compared: "(1 row)", not "(1 rows)".
head -n 2 "$here/data/compare-run1.csv" >"$scratch/one-row.csv"
"$program" compare "$scratch/one-row.csv" "$scratch/one-row.csv" >"$scratch/out" 2>"$scratch/err" &&
    grep -q '^| geometric mean (1 row) |' "$scratch/out" &&
    pass "compare: one row's mean says (1 row)" ||
    fail "compare: one row's mean says (1 row) ($(grep 'geometric mean' "$scratch/out"))"

expect_error "compare: one file" "usage: attackbench compare" "$program" compare "$here/data/compare-bad/empty.csv"
expect_error "compare: a missing file" "absent.csv: cannot read: No such file or directory" \
    "$program" compare "$scratch/absent.csv" "$scratch/absent.csv"
expect_error "compare: bad threshold" "--threshold=ten: expected a percentage" \
    "$program" compare --threshold=ten a.csv b.csv
expect_status "compare: --help" 0 "$program" compare --help
grep -q -- "--normalize=METHOD" "$scratch/out" && pass "compare: help names --normalize" ||
    fail "compare: help names --normalize"

# Two runs of one build (tests/data/compare-run1.csv and -run2.csv, written
# by `attackbench --method=pext,magic-fancy,kogge-stone,kindergarten
# --workload=random --piece=queen,rook --dispatch=batch --reps=15
# --calls=50000 --queries=2000 -q --csv=FILE` twice): no change, exit 0.
"$program" compare "$here/data/compare-run1.csv" "$here/data/compare-run2.csv" >"$scratch/out" 2>"$scratch/err"
status=$?
if [ "$status" -eq 0 ] && [ "$(grep -c '| no change |$' "$scratch/out")" -eq 8 ] &&
    [ "$(grep -c '^| null | .* | harness |$' "$scratch/out")" -eq 2 ] &&
    grep -q '^| geometric mean (10 rows) |' "$scratch/out" && grep -q '0 regressions' "$scratch/out"; then
    pass "compare: two runs of one build, no change"
else
    fail "compare: two runs of one build, no change (exit $status)"
fi

# "-" is standard input for either side, as for the benchmark's files: the
# same table but for the name shown (<stdin>, as the position reader says);
# given for both sides, it is refused (standard input is read once).
"$program" compare "$here/data/compare-run1.csv" "$here/data/compare-run2.csv" >"$scratch/files.md" 2>&1
for side in base new; do
    if [ "$side" = base ]; then
        "$program" compare - "$here/data/compare-run2.csv" <"$here/data/compare-run1.csv" >"$scratch/out" 2>"$scratch/err"
    else
        "$program" compare "$here/data/compare-run1.csv" - <"$here/data/compare-run2.csv" >"$scratch/out" 2>"$scratch/err"
    fi
    status=$?
    if [ "$status" -eq 0 ] && [ ! -s "$scratch/err" ] && grep -q "^- $side: \`<stdin>\`: attackbench" "$scratch/out" &&
        diff <(grep -v "^- $side: " "$scratch/files.md") <(grep -v "^- $side: " "$scratch/out") >/dev/null; then
        pass "compare: '-' reads the $side file from standard input"
    else
        fail "compare: '-' reads the $side file from standard input (exit $status: $(head -c 300 "$scratch/err"))"
    fi
done
printf 'method\0\n' >"$scratch/nul.csv"
expect_error "compare: standard input named in its errors" "attackbench: <stdin>:1: a NUL byte" \
    "$program" compare - "$here/data/compare-run2.csv" <"$scratch/nul.csv"
expect_error "compare: '-' for both sides" \
    "attackbench compare: '-' is given for BASE and NEW: standard input can be read once" \
    "$program" compare - - </dev/null
# Its other names (/dev/stdin, /dev/fd/0, /proc/self/fd/0) count as '-'
# when it is a pipe, which the second reader would find empty; a regular
# file on standard input is opened again from its start.
for pair in "- /dev/stdin" "/dev/stdin /dev/stdin" "/dev/fd/0 -" "/proc/self/fd/0 /dev/stdin"; do
    read -r base new <<<"$pair"
    [ -e "$base" ] || [ "$base" = - ] || { skip "compare: $pair: no $base here"; continue; }
    on_native "compare: '$base' and '$new' on a pipe" "no /dev/stdin, /dev/fd or /proc under node" || continue
    "$program" compare "$base" "$new" < <(cat "$here/data/compare-run1.csv") >"$scratch/out" 2>"$scratch/err"
    status=$?
    if [ "$status" -eq 2 ] && [ ! -s "$scratch/out" ] &&
        [ "$(cat "$scratch/err")" = "attackbench compare: BASE '$base' and NEW '$new' are both standard input, which can be read once" ]; then
        pass "compare: '$base' and '$new' on a pipe are refused in one line"
    else
        fail "compare: '$base' and '$new' on a pipe are refused in one line (exit $status: $(head -c 300 "$scratch/err"))"
    fi
done
if [ -e /dev/stdin ]; then
    expect_status "compare: /dev/stdin twice on a regular file" 0 \
        "$program" compare --strict /dev/stdin /dev/stdin <"$here/data/compare-run1.csv"
fi

# A live run against itself, CSV against JSON: the readers agree, every
# ratio is 1 exactly.  (--strict: on a loaded machine the run's rows may be
# flagged as disturbed, which is not what this tests.)
"$program" --method=$lookup,magic-fancy,kogge-stone --workload=random --piece=queen --dispatch=batch --reps=15 \
    --calls=20000 --queries=1000 -q --csv="$scratch/live.csv" --json="$scratch/live.json" >/dev/null 2>&1
"$program" compare --strict "$scratch/live.csv" "$scratch/live.json" >"$scratch/out" 2>"$scratch/err"
status=$?
if [ "$status" -eq 0 ] && [ "$(grep -c '| 1.000 | [0-9.]*–[0-9.]* | no change\( (disturbed: [^)]*)\)\? |$' "$scratch/out")" -eq 3 ] &&
    grep -q '| 1.000 | [0-9.]*–[0-9.]* | harness\( (disturbed: [^)]*)\)\? |$' "$scratch/out"; then
    pass "compare: a run's CSV against its JSON"
else
    fail "compare: a run's CSV against its JSON (exit $status: $(head -c 300 "$scratch/err"))"
fi

# compare_edit IN OUT PYTHON: rewrite a result CSV row by row; PYTHON sees
# `row` (a dict) and may change it (a new key is a new column), or set it
# to None to drop it.
compare_edit() {
    run_python - "$1" "$2" "$3" <<'PYTHON'
import csv, sys
with open(sys.argv[1], newline="") as stream:
    reader = csv.DictReader(stream)
    rows = list(reader)
edited = []
for row in rows:
    exec(sys.argv[3])
    if row is not None:
        edited.append(row)
names = list(reader.fieldnames) + [name for row in edited for name in row]
with open(sys.argv[2], "w", newline="") as stream:
    writer = csv.DictWriter(stream, fieldnames=list(dict.fromkeys(names)), lineterminator="\n")
    writer.writeheader()
    writer.writerows(edited)
PYTHON
}

# The verdicts below come from a recorded run (the queen rows of pext,
# magic-fancy, kogge-stone and null in tests/data/compare-run1.csv), whose
# samples are scaled: a live run's spread on a loaded machine could widen
# an interval past the threshold.
recorded="$scratch/recorded.csv"
compare_edit "$here/data/compare-run1.csv" "$recorded" \
    'row = None if row["piece"] != "queen" or row["method"] == "kindergarten" else row'

# One method's samples scaled by 1.5: that method alone is slower, exit 3.
compare_edit "$recorded" "$scratch/scaled.csv" \
    'if row["method"] == "kogge-stone": row["samples_ns"] = " ".join("%.4f" % (1.5 * float(x)) for x in row["samples_ns"].split())'
"$program" compare "$recorded" "$scratch/scaled.csv" >"$scratch/out" 2>"$scratch/err"
status=$?
# The live run's own spread must be well below 1.5x: not so on an emulator.
if ! not_emulated "compare: one method 1.5 times slower, exit 3"; then
    :
elif [ "$status" -eq 3 ] && grep -q '^| kogge-stone | .* | 1.500 | .* | \*\*slower\*\* |$' "$scratch/out" &&
    [ "$(grep -c 'slower\*\* |$' "$scratch/out")" -eq 1 ] && [ "$(grep -c '| no change |$' "$scratch/out")" -eq 2 ] &&
    grep -q '1 regression\.' "$scratch/out" && grep -q '^- kogge-stone queen random batch ns: 1.500$' "$scratch/out"; then
    pass "compare: one method 1.5 times slower, exit 3"
else
    fail "compare: one method 1.5 times slower, exit 3 (exit $status)"
fi
expect_status "compare: a threshold above the change" 0 "$program" compare --threshold=60 "$recorded" \
    "$scratch/scaled.csv"

# A run 1.3 times slower as a whole, one method 1.6 times more: the mean
# row's ratio, under "new/base ÷ shift", is the mean of the shifted ratios
# shown above it (1.6 ^ (1/4)); the raw ratios' mean (1.3 times that) is
# named beside the counts.  It once showed the raw mean under that column.
compare_edit "$recorded" "$scratch/shifted.csv" \
    'row["samples_ns"] = " ".join("%.4f" % ((2.08 if row["method"] == "kogge-stone" else 1.3) * float(x)) for x in row["samples_ns"].split())'
"$program" compare "$recorded" "$scratch/shifted.csv" >"$scratch/out" 2>"$scratch/err"
if grep -qE '^\| geometric mean \(4 rows\) \|.* \| 1\.125 \| \| raw ratios. mean 1\.46[23]; [0-9]+ faster, [0-9]+ slower \|$' "$scratch/out"; then
    pass "compare: the mean row's ratio is the mean of the shifted ratios, the raw mean beside it"
else
    fail "compare: the mean row's ratio is the mean of the shifted ratios ($(grep 'geometric mean' "$scratch/out"))"
fi

# --method, --piece, --workload: only the matching rows are judged and
# listed.
"$program" compare --method='kogge*,nomatch' --piece=queen "$recorded" "$scratch/scaled.csv" >"$scratch/out" 2>&1
status=$?
[ "$status" -eq 3 ] && [ "$(grep -c '^| [a-z-]* | queen |' "$scratch/out")" -eq 1 ] &&
    grep -q '^| kogge-stone | .* | \*\*slower\*\* |$' "$scratch/out" &&
    pass "compare: --method and --piece restrict the rows judged" ||
    fail "compare: --method and --piece restrict the rows judged (exit $status)"
expect_status "compare: --method leaving out the slower row" 0 \
    "$program" compare --method=pext,magic-fancy "$recorded" "$scratch/scaled.csv"
# Names in any case, as the benchmark's --method takes them.
"$program" compare --method='KOGGE*' --piece=Queen "$recorded" "$scratch/scaled.csv" >"$scratch/out" 2>&1
status=$?
[ "$status" -eq 3 ] && grep -q '^| kogge-stone | queen | .* | \*\*slower\*\* |$' "$scratch/out" &&
    pass "compare: --method and --piece patterns match in any case" ||
    fail "compare: --method and --piece patterns match in any case (exit $status: $(head -c 300 "$scratch/out"))"
# A filter that selects no row is an error, not a pass with no verdict (a
# mistyped --method in CI); so are two files without a row in common.
expect_error "compare: --workload matching nothing is nothing to compare" \
    "nothing to compare: no row of $recorded matches a row of $scratch/scaled.csv among those --method" \
    "$program" compare --workload=positions "$recorded" "$scratch/scaled.csv"
[ ! -s "$scratch/out" ] && pass "compare: no table when nothing is compared" || fail "compare: no table when nothing is compared"
compare_edit "$recorded" "$scratch/pext.csv" 'row = None if row["method"] != "pext" else row'
compare_edit "$recorded" "$scratch/not-pext.csv" 'row = None if row["method"] == "pext" else row'
expect_error "compare: two files without a row in common" "nothing to compare: no row of $scratch/pext.csv" \
    "$program" compare "$scratch/pext.csv" "$scratch/not-pext.csv"
expect_error "compare: an empty --method" "--method: expected one or more patterns" \
    "$program" compare --method=, "$recorded" "$scratch/scaled.csv"

# A row either run flagged as disturbed (its warnings column) gets no
# verdict, whatever its ratio, unless --strict; the run's other warnings
# are listed once per file.
compare_edit "$recorded" "$scratch/disturbed.csv" \
    'row["warnings"] = "hypervisor" + (" cpu-contention" if row["method"] == "kogge-stone" else "")'
"$program" compare "$recorded" "$scratch/disturbed.csv" >"$scratch/out" 2>&1
status=$?
[ "$status" -eq 0 ] && grep -q '^| kogge-stone | .* | 1.000 | .* | unreliable (disturbed: new cpu-contention) |$' "$scratch/out" &&
    grep -q '^- new: .*; warnings: hypervisor cpu-contention$' "$scratch/out" &&
    grep -q '^- base: .*; warnings: none$' "$scratch/out" && grep -q '^1 row unreliable: ' "$scratch/out" &&
    pass "compare: a disturbed row is unreliable, its warnings shown" ||
    fail "compare: a disturbed row is unreliable, its warnings shown (exit $status)"
compare_edit "$scratch/disturbed.csv" "$scratch/disturbed-slow.csv" \
    'if row["method"] == "kogge-stone": row["samples_ns"] = " ".join("%.4f" % (1.5 * float(x)) for x in row["samples_ns"].split())'
expect_status "compare: a disturbed row 1.5 times slower is no regression" 0 \
    "$program" compare "$scratch/disturbed-slow.csv" "$recorded"
"$program" compare "$recorded" "$scratch/disturbed-slow.csv" >"$scratch/out" 2>&1
status=$?
[ "$status" -eq 0 ] && grep -q '^| kogge-stone | .* | 1.500 | .* | unreliable (disturbed: new cpu-contention) |$' "$scratch/out" &&
    pass "compare: a disturbed row 1.5 times slower is unreliable, not slower" ||
    fail "compare: a disturbed row 1.5 times slower is unreliable, not slower (exit $status)"
"$program" compare --strict "$recorded" "$scratch/disturbed-slow.csv" >"$scratch/out" 2>&1
status=$?
[ "$status" -eq 3 ] && grep -q '^| kogge-stone | .* | \*\*slower\*\* (disturbed: new cpu-contention) |$' "$scratch/out" &&
    pass "compare: --strict judges a disturbed row" || fail "compare: --strict judges a disturbed row (exit $status)"
compare_edit "$recorded" "$scratch/drift.csv" 'row["warnings"] = "canary-drift"'
expect_status "compare: canary drift in the base makes every row unreliable" 0 \
    "$program" compare "$scratch/drift.csv" "$scratch/scaled.csv"

# Rows found in one file only are listed, not failed.
compare_edit "$scratch/live.csv" "$scratch/renamed.csv" \
    'row = None if row["method"] == "'"$lookup"'" else row; row and row["method"] == "kogge-stone" and row.update(method="kogge-stone-2")'
"$program" compare "$scratch/live.csv" "$scratch/renamed.csv" >"$scratch/out" 2>"$scratch/err"
status=$?
if [ "$status" -eq 0 ] && grep -q '^Found in base (.*) only:' "$scratch/out" &&
    grep -q '^- ns: method='"$lookup"' piece=queen workload=random dispatch=batch mode=throughput pressure_bytes=0 phase=all threads=1 layout=queries (line [0-9]*)$' "$scratch/out" &&
    grep -q '^Found in new (.*) only:' "$scratch/out" && grep -q '^- ns: method=kogge-stone-2 ' "$scratch/out" &&
    [ "$(grep -c '^- ns: ' "$scratch/out")" -eq 3 ]; then
    pass "compare: rows of one file only are listed"
else
    fail "compare: rows of one file only are listed (exit $status)"
fi

# Different flags (or CPU, or compiler): refused, unless --normalize.
compare_edit "$scratch/live.csv" "$scratch/other-flags.csv" 'row["flags"] = "-O1"'
expect_error "compare: runs of different builds refused" "flags differs: '" \
    "$program" compare "$scratch/live.csv" "$scratch/other-flags.csv"
[ "$(wc -l <"$scratch/err")" -eq 1 ] && pass "compare: different builds: one line" ||
    fail "compare: different builds: one line ($(head -c 400 "$scratch/err"))"
# A schema-1 file (a bare array of rows, no identity) against a current
# one: six columns differ, in one line naming the first and counting the rest.
run_python - "$scratch/live.json" "$scratch/bare.json" <<'PYTHON'
import json, sys
json.dump(json.load(open(sys.argv[1]))["results"], open(sys.argv[2], "w"))
PYTHON
expect_error "compare: a schema-1 file against a current one is refused" \
    "attackbench compare: cpu differs: 'unknown' in $scratch/bare.json, " "$program" compare "$scratch/bare.json" "$scratch/live.csv"
[ "$(wc -l <"$scratch/err")" -eq 1 ] && grep -q " (and 5 other columns differ): runs of different machines or builds are not compared by time; give --normalize=METHOD" "$scratch/err" &&
    pass "compare: a schema-1 file against a current one: one line" ||
    fail "compare: a schema-1 file against a current one: one line ($(head -c 600 "$scratch/err"))"
"$program" compare --strict --normalize=null "$scratch/live.csv" "$scratch/other-flags.csv" >"$scratch/out" 2>"$scratch/err"
status=$?
if [ "$status" -eq 0 ] && grep -q '| base ns/query ÷ null |' "$scratch/out" &&
    [ "$(grep -c '| no change\( (disturbed: [^)]*)\)\? |$' "$scratch/out")" -eq 3 ] && ! grep -q '^| null |' "$scratch/out"; then
    pass "compare: --normalize compares ratios across builds"
else
    fail "compare: --normalize compares ratios across builds (exit $status: $(head -c 300 "$scratch/err"))"
fi
expect_error "compare: --normalize with an absent method" "no rows for --normalize=nosuch" \
    "$program" compare --normalize=nosuch "$scratch/live.csv" "$scratch/live.csv"
# The method in any case, as compare's --method and the benchmark's take
# names (NULL was "no rows for --normalize=NULL", though null's were there).
"$program" compare --strict --normalize=NULL "$scratch/live.csv" "$scratch/other-flags.csv" >"$scratch/out" 2>"$scratch/err"
status=$?
if [ "$status" -eq 0 ] && grep -q '| base ns/query ÷ NULL |' "$scratch/out" && ! grep -q '^| null |' "$scratch/out"; then
    pass "compare: --normalize takes the method in any case"
else
    fail "compare: --normalize takes the method in any case (exit $status: $(head -c 300 "$scratch/err"))"
fi
# --method naming only the unit: its rows are not compared, and the reason
# says so (it said only that no row matched, though they did).
expect_error "compare: --normalize=pext --method=pext says the unit is not compared" \
    "among those --method, --piece and --workload select (pext's own rows, the unit of --normalize, are not compared)" \
    "$program" compare --normalize=pext --method=pext "$here/data/compare-run1.csv" "$here/data/compare-run2.csv"

# Instruction counts are exact: the threshold applies to the ratio itself.
# tests/data/compare-instructions.csv: the queen batch rows of `make
# instructions`.
counts="$here/data/compare-instructions.csv"
compare_edit "$counts" "$scratch/counts.csv" \
    'row["instructions_per_query"] = "%.3f" % (float(row["instructions_per_query"]) * {"pext": 1.06, "magic-fancy": 1.04}.get(row["method"], 1))'
"$program" compare "$counts" "$scratch/counts.csv" >"$scratch/out" 2>"$scratch/err"
status=$?
if [ "$status" -eq 3 ] && grep -q '^| pext | .* | 1.060 | exact | \*\*slower\*\* |$' "$scratch/out" &&
    grep -q '^| magic-fancy | .* | 1.040 | exact | no change |$' "$scratch/out" &&
    grep -q '| base instructions/query |' "$scratch/out" && grep -q '1 regression\.' "$scratch/out"; then
    pass "compare: an instruction count 6% up regresses, 4% up does not"
else
    fail "compare: an instruction count 6% up regresses, 4% up does not (exit $status)"
fi
expect_status "compare: instruction counts within --threshold=7" 0 "$program" compare --threshold=7 "$counts" \
    "$scratch/counts.csv"

# --count=instructions: an AVX-512 build refuses (valgrind cannot run it),
# a machine without valgrind is told what to install, and otherwise the
# rows carry the metric and a count.
"$program" --count=instructions --method=$lookup,null --workload=random --piece=queen --dispatch=batch \
    --queries=100 --format=csv >"$scratch/count.csv" 2>"$scratch/err"
status=$?
if [ -n "$emulated" ]; then
    skip "count: valgrind cannot run this $emulated build"
elif [ "$sanitized" = 1 ]; then
    skip "count: valgrind cannot run a sanitizer build"
elif grep -q "uses AVX-512.*make instructions" "$scratch/err"; then
    [ "$status" -eq 2 ] && pass "count: an AVX-512 build refuses" || fail "count: an AVX-512 build refuses (exit $status)"
elif ! have_tool valgrind; then
    [ "$status" -eq 2 ] && grep -q "needs valgrind (Debian: apt-get install valgrind)" "$scratch/err" &&
        pass "count: without valgrind, the package is named" ||
        fail "count: without valgrind, the package is named (exit $status)"
    skip "count: rows with metric instructions: valgrind is not installed (apt-get install valgrind)"
elif [ "$status" -eq 0 ] && [ "$(grep -c ',queen,random,batch,throughput,0,all,1,queries,instructions,' "$scratch/count.csv")" -eq 2 ]; then
    pass "count: rows with metric instructions"
else
    fail "count: rows with metric instructions (exit $status: $(head -c 300 "$scratch/err"))"
fi
# A valgrind that fails before the program starts (as an x86-64 valgrind
# asked to run an aarch64 build under qemu-user: "failed to start tool")
# gets a line of attackbench's own, exit 2, not valgrind's line alone.
mkdir -p "$scratch/fake-valgrind"
printf '#!/bin/sh\necho "valgrind: failed to start tool for this platform" >&2\nexit 1\n' >"$scratch/fake-valgrind/valgrind"
chmod +x "$scratch/fake-valgrind/valgrind"
PATH="$scratch/fake-valgrind:$PATH" "$program" --count=instructions --method=null --workload=random --piece=rook \
    --dispatch=batch --queries=100 >/dev/null 2>"$scratch/err"
status=$?
if grep -q "uses AVX-512\|valgrind cannot run WebAssembly" "$scratch/err"; then
    skip "count: a valgrind that cannot start the build: this build (AVX-512 or WebAssembly) is refused first"
else
    [ "$status" -eq 2 ] && grep -q "failed to start tool" "$scratch/err" &&
        grep -q "^attackbench: --count=instructions: valgrind could not run this build (exit status 1" "$scratch/err" &&
        pass "count: a valgrind that cannot start the build: attackbench's own line, exit 2" ||
        fail "count: a valgrind that cannot start the build (exit $status: $(head -c 300 "$scratch/err"))"
fi
# The count's output files are checked as the timed run's are: --csv and
# --json naming one file is refused before anything is counted.
if [ "$status" -eq 0 ] && [ -z "$emulated" ] && [ "$sanitized" = 0 ]; then
    expect_error "count: --csv and --json naming one file are refused" "one.csv: --csv and --json name the same file" \
        "$program" --count=instructions --method=null --workload=random --piece=rook --dispatch=batch --queries=100 \
        --csv="$scratch/one.csv" --json="$scratch/./one.csv"
else
    skip "count, --csv and --json naming one file: counting does not run with this build"
fi

# A \u escape cut short by the end of the file, or a backslash as the last
# byte, is one error line, not a read or write past the reader's buffers.
printf '{"schema": 2, "context": {"cpu": "\\u7' >"$scratch/escape-short.json"
expect_error "compare: a \\u escape cut short at the end of a JSON file" "escape-short.json:1: \\u needs four hex digits" \
    "$program" compare "$here/data/compare-run1.csv" "$scratch/escape-short.json"
[ "$(wc -l <"$scratch/err")" -eq 1 ] && pass "compare: the cut-short escape gives one line" ||
    fail "compare: the cut-short escape gives one line ($(cat "$scratch/err"))"
printf '{"schema": 2, "context": {"cpu": "\\' >"$scratch/escape-end.json"
expect_error "compare: a backslash as the last byte of a JSON file" "escape-end.json:1: the file ends inside an escape" \
    "$program" compare "$scratch/escape-end.json" "$here/data/compare-run1.csv"

# The whole group 15% slower (null too: the machine, not a change) is no
# regression; one method 2.3 times slower on top of that is, alone.  The
# raw ratios (--absolute) judge every row slower.
compare_edit "$recorded" "$scratch/shifted.csv" \
    'row["samples_ns"] = " ".join("%.4f" % (1.15 * float(x)) for x in row["samples_ns"].split())'
expect_status "compare: a group-wide shift is no regression" 0 \
    "$program" compare "$recorded" "$scratch/shifted.csv"
grep -q '^| pext | .* | 1.150 | 1.000 | .* | no change |$' "$scratch/out" &&
    grep -q '| group shift | new/base ÷ shift | 95% interval | verdict |$' "$scratch/out" &&
    pass "compare: the group shift is shown and taken out" || fail "compare: the group shift is shown and taken out"
"$program" compare --absolute --threshold=5 "$recorded" "$scratch/shifted.csv" >"$scratch/out" 2>&1
status=$?
[ "$status" -eq 3 ] && grep -q '^| pext | .* |  | 1.150 | 1.079–1.225 | \*\*slower\*\* |$' "$scratch/out" &&
    grep -q '| group shift | new/base | 95% interval | verdict |$' "$scratch/out" &&
    pass "compare: --absolute judges the raw ratios" || fail "compare: --absolute judges the raw ratios (exit $status)"
compare_edit "$scratch/shifted.csv" "$scratch/shifted-slow.csv" \
    'if row["method"] == "magic-fancy": row["samples_ns"] = " ".join("%.4f" % (2.3 * float(x)) for x in row["samples_ns"].split())'
"$program" compare "$recorded" "$scratch/shifted-slow.csv" >"$scratch/out" 2>&1
status=$?
# The row shows the ratio and interval the verdict was read from: 2.300
# after the shift of 1.150, not the raw 2.645.
[ "$status" -eq 3 ] && [ "$(grep -c 'slower\*\* |$' "$scratch/out")" -eq 1 ] &&
    grep -q '^| magic-fancy | .* | 1.150 | 2.300 | 2.079–2.544 | \*\*slower\*\* |$' "$scratch/out" &&
    grep -q "^- magic-fancy queen random batch ns: 2.300 after the group's shift$" "$scratch/out" &&
    pass "compare: a 2.3x slower method within a shifted group is the one regression" ||
    fail "compare: a 2.3x slower method within a shifted group is the one regression (exit $status)"
compare_edit "$recorded" "$scratch/slow-null.csv" \
    'if row["method"] == "null": row["samples_ns"] = " ".join("%.4f" % (3 * float(x)) for x in row["samples_ns"].split())'
expect_status "compare: null is never a regression" 0 "$program" compare "$recorded" "$scratch/slow-null.csv"

# Hostile files: cut short, control characters, absurd samples, /dev/zero,
# identities that differ past 127 characters, a very wide row.
head -c -1 "$scratch/live.csv" >"$scratch/cut.csv"
expect_error "compare: a CSV cut inside its last row" "cut.csv:5: the file ends inside a row" \
    "$program" compare "$scratch/live.csv" "$scratch/cut.csv"
compare_edit "$scratch/live.csv" "$scratch/escape.csv" 'row["cpu"] = "evil\x1b[2Jcpu"'
expect_error "compare: a control byte in a field is refused, escaped" "cpu: 'evil\\x1b[2Jcpu' holds a control character" \
    "$program" compare "$scratch/escape.csv" "$scratch/live.csv"
! grep -q $'\x1b' "$scratch/err" && pass "compare: no raw ESC byte reaches the terminal" ||
    fail "compare: no raw ESC byte reaches the terminal"
compare_edit "$scratch/live.csv" "$scratch/newline.csv" 'row["method"] = row["method"] + "\n| x"'
expect_error "compare: a line break in a method name is refused" "method: '$lookup\\x0a| x' holds a control character" \
    "$program" compare "$scratch/live.csv" "$scratch/newline.csv"
# A byte that is not UTF-8, and a C1 control (U+009B, a CSI to some
# terminals), are refused as a control byte is: they went raw into the
# table and into --format=bmf, which was then no JSON (JSON is UTF-8).
compare_edit "$scratch/live.csv" "$scratch/latin1.csv" 'row["method"] = row["method"] + "LATIN1"'
LC_ALL=C sed -i $'s/LATIN1/\xe9/' "$scratch/latin1.csv"
expect_error "compare: a byte that is not UTF-8 in a method name is refused" \
    "method: '$lookup\\xe9' holds a byte that is not UTF-8" \
    "$program" compare --format=bmf "$scratch/latin1.csv" "$scratch/latin1.csv"
LC_ALL=C sed $'s/\xe9/\xc2\x9b2J/' "$scratch/latin1.csv" >"$scratch/c1.csv"
expect_error "compare: a C1 control in a method name is refused" \
    "method: '$lookup\\xc2\\x9b2J' holds a control character" \
    "$program" compare "$scratch/c1.csv" "$scratch/c1.csv"
compare_edit "$scratch/live.csv" "$scratch/huge.csv" 'row["samples_ns"] = "1.7e308 " + row["samples_ns"]'
expect_error "compare: a sample of 1.7e308 is refused" "huge.csv:2: samples_ns: expected decimal numbers from 1e-6 to 1e12" \
    "$program" compare "$scratch/live.csv" "$scratch/huge.csv"
# Hexadecimal (which strtod reads: 0x10 was taken as 16 ns) is no decimal.
compare_edit "$scratch/live.csv" "$scratch/hex.csv" 'row["samples_ns"] = "0x10 " + row["samples_ns"]'
expect_error "compare: a hexadecimal sample is refused" "hex.csv:2: samples_ns: expected decimal numbers from 1e-6 to 1e12" \
    "$program" compare "$scratch/live.csv" "$scratch/hex.csv"
# A count column (threads, pressure_bytes) that is no number is named, not
# kept as text that matches no row ("nothing to compare").
for column in threads pressure_bytes; do
    compare_edit "$scratch/live.csv" "$scratch/bad-$column.csv" "row[\"$column\"] = \"abc\""
    expect_one_line "compare: $column 'abc' is named" "bad-$column.csv:2: $column: expected a whole number, not 'abc'" \
        "$program" compare "$scratch/live.csv" "$scratch/bad-$column.csv"
done
# An empty JSON object is valid JSON with no rows, said as such (it was
# "expected '\"'").
printf '{}\n' >"$scratch/empty-object.json"
printf ' { \n } \n' >"$scratch/spaced-object.json"
for name in empty-object spaced-object; do
    expect_one_line "compare: $name.json has no result rows" "$name.json:1: no result rows" \
        "$program" compare "$scratch/live.csv" "$scratch/$name.json"
done
# perft's and ab's CSV are named as another command's output (it was "no
# value for piece", as if a benchmark row were damaged).
"$program" perft -m reference --depth=1 --reps=1 --csv="$scratch/perft.csv" "$here/../data/perft.epd" >/dev/null 2>&1
printf 'pair,order,a_ns_per_query,b_ns_per_query,ratio,a_cpu,b_cpu,left_out,blocks\n1,AB,1.5,1.6,1.07,0,1,,\n' >"$scratch/ab.csv"
for command in perft ab; do
    expect_one_line "compare: $command's CSV is named as its output" \
        "$command.csv: the output of attackbench $command, not of a benchmark run: compare reads the benchmark's --csv or --json" \
        "$program" compare "$scratch/live.csv" "$scratch/$command.csv"
done
# The --json of ab and of recommend (their opening members, as they write
# them) are named as those commands' output too (it was "unknown member").
printf '{\n  "kind": "methods",\n  "a": "pext",\n  "a_method": "pext",\n  "verdict": "undecided"\n}\n' >"$scratch/ab.json"
printf '{"threads": 2, "depth": 2, "decided": true, "use": "pext", "candidates": []}\n' >"$scratch/recommend.json"
for command in ab recommend; do
    expect_one_line "compare: $command's --json is named as its output" \
        "$command.json: the output of attackbench $command, not of a benchmark run: compare reads the benchmark's --csv or --json" \
        "$program" compare "$scratch/live.csv" "$scratch/$command.json"
done
# A --device run's CSV (its rows with a device column, threads empty) is
# named as such (it was "no value for threads", as if a row were damaged).
awk -F, -v OFS=, 'NR == 1 { print $0, "device"; next } { print $0, "opencl:0" }' "$scratch/live.csv" >"$scratch/device.csv"
expect_one_line "compare: a --device run's CSV is named as one" \
    "device.csv: the output of a --device run: compare reads the benchmark's --csv or --json of the CPU" \
    "$program" compare "$scratch/live.csv" "$scratch/device.csv"
# Samples at the two ends of what a file may hold (1e-6 and 1e12 ns): every
# figure of the table and of the BMF is a finite number, and the BMF has a
# benchmark for each row (tests/data/compare-bad/tiny-sample.* are below).
compare_edit "$scratch/live.csv" "$scratch/floor.csv" 'row["samples_ns"] = " ".join(["0.000001"] * 15); row["warnings"] = ""'
compare_edit "$scratch/live.csv" "$scratch/ceiling.csv" 'row["samples_ns"] = " ".join(["1e12"] * 15); row["warnings"] = ""'
for format in markdown bmf; do
    for order in "floor ceiling" "ceiling floor"; do
        read -r base new <<<"$order"
        "$program" compare --absolute --format=$format "$scratch/$base.csv" "$scratch/$new.csv" >"$scratch/out" 2>"$scratch/err"
        status=$?
        entries=$(grep -c '": {"ratio": {"value": [0-9]' "$scratch/out")
        if { [ "$status" -eq 0 ] || [ "$status" -eq 3 ]; } && ! grep -qwi 'inf\|nan' "$scratch/out" &&
            { [ "$format" = markdown ] || [ "$entries" -eq 4 ]; }; then
            pass "compare: samples of 1e-6 and 1e12 give finite figures ($format, $base first)"
        else
            fail "compare: samples of 1e-6 and 1e12 give finite figures ($format, $base first: exit $status, $entries entries: $(head -c 300 "$scratch/err" "$scratch/out"))"
        fi
    done
done
expect_error "compare: /dev/zero stops at once" "/dev/zero:1: a NUL byte" \
    timeout 10 "$program" compare /dev/zero "$scratch/live.csv"
compare_edit "$scratch/live.csv" "$scratch/long-flags-a.csv" 'row["flags"] = "-O2 " + "x" * 180 + "a"'
compare_edit "$scratch/live.csv" "$scratch/long-flags-b.csv" 'row["flags"] = "-O2 " + "x" * 180 + "b"'
expect_error "compare: flags that differ past 127 characters differ" "flags differs" \
    "$program" compare "$scratch/long-flags-a.csv" "$scratch/long-flags-b.csv"
run_python - "$scratch/live.csv" "$scratch/wide-a.csv" "$scratch/wide-b.csv" <<'PYTHON'
import csv, random, sys
rows = list(csv.DictReader(open(sys.argv[1], newline="")))
random.seed(7)
for path, scale in ((sys.argv[2], 1.0), (sys.argv[3], 1.3)):
    with open(path, "w", newline="") as out:
        writer = csv.DictWriter(out, fieldnames=list(rows[0].keys()), lineterminator="\n")
        writer.writeheader()
        row = dict(rows[0], warnings="")
        row["samples_ns"] = " ".join("%.4f" % (scale * random.uniform(1, 1.1)) for _ in range(100000))
        writer.writerow(row)
PYTHON
# Two rows of 100,000 samples (--reps=100000, the maximum) in 200 MB of
# address space: the interval never lists the 10^10 pairwise ratios.  (A
# sanitizer build reserves terabytes of address space and cannot start
# under such a limit: there the run is unlimited and checks the result.)
memory_limit=200000
[ -n "${ASAN_OPTIONS:-}" ] && memory_limit=unlimited
# An emulator maps its guest's address space inside its own: no limit there.
[ -n "$emulated" ] && memory_limit=unlimited
(
    ulimit -v "$memory_limit"
    exec "$program" compare --absolute "$scratch/wide-a.csv" "$scratch/wide-b.csv"
) >"$scratch/out" 2>"$scratch/err"
status=$?
[ "$status" -eq 3 ] && grep -q '| 1.300 | 1.[0-9]*–1.[0-9]* | \*\*slower\*\* |$' "$scratch/out" &&
    pass "compare: 100,000 samples a side in bounded memory" ||
    fail "compare: 100,000 samples a side in bounded memory (exit $status: $(head -c 300 "$scratch/err"))"

# Options: plain decimal thresholds, '--', help and the table on a
# closed or full output.
expect_error "compare: a hex threshold is refused" "--threshold=0x10: expected a percentage" \
    "$program" compare --threshold=0x10 "$scratch/live.csv" "$scratch/live.csv"
expect_error "compare: a threshold with a leading space is refused" "--threshold= 5: expected a percentage" \
    "$program" compare "--threshold= 5" "$scratch/live.csv" "$scratch/live.csv"
cp "$scratch/live.csv" "$scratch/-dash.csv"
expect_status "compare: -- ends the options" 0 "$program" compare --threshold=5 -- "$scratch/live.csv" "$scratch/-dash.csv"
expect_error "compare --help on a full device is a write error" "cannot write the help" \
    sh -c '"$0" compare --help >/dev/full' "$program"
"$program" compare "$scratch/live.csv" "$scratch/live.csv" 2>"$scratch/err" | head -c 1 >/dev/null
grep -q "cannot write the table" "$scratch/err" || [ ! -s "$scratch/err" ] &&
    pass "compare into a closed pipe: a write error, not a silent death by SIGPIPE" ||
    fail "compare into a closed pipe ($(head -c 300 "$scratch/err"))"

# Every row of every table compare prints has as many cells as its header
# (a row with fewer puts its figures under the wrong columns: the
# geometric mean's once sat one column to the left), in each kind of
# table: timed with the group's shift, --absolute, --normalize, disturbed
# verdicts, instruction counts.
table_cells() { # table_cells FILE: "N tables", or what is wrong
    run_python - "$1" <<'PYTHON'
import sys
problems, tables, header = [], 0, None
for number, line in enumerate(open(sys.argv[1], encoding="utf-8").read().splitlines(), 1):
    if not line.startswith("|"):
        header = None
        continue
    if not line.endswith("|"):
        problems.append(f"line {number} does not end its last cell")
    cells = len(line[1:-1].split("|"))
    if header is None:
        header, tables = cells, tables + 1
    elif cells != header:
        problems.append(f"line {number}: {cells} cells under a header of {header}")
print("; ".join(problems) if problems else f"{tables} tables")
PYTHON
}
for case in "timed:$recorded $scratch/scaled.csv" "absolute:--absolute $recorded $scratch/shifted.csv" \
    "normalized:--strict --normalize=null $scratch/live.csv $scratch/other-flags.csv" \
    "disturbed:$recorded $scratch/disturbed-slow.csv" "instructions:$counts $scratch/counts.csv" \
    "json:--strict $scratch/live.csv $scratch/live.json"; do
    # shellcheck disable=SC2086 # the case's words are the options and files
    "$program" compare ${case#*:} >"$scratch/out" 2>"$scratch/err"
    table_cells "$scratch/out" >"$scratch/cells"  # in this shell: no Python start
    cells=$(<"$scratch/cells")
    [[ "$cells" =~ ^[1-9][0-9]*\ tables$ ]] && grep -q '^| geometric mean' "$scratch/out" &&
        pass "compare, ${case%%:*}: every row of every table has the header's cell count ($cells)" ||
        fail "compare, ${case%%:*}: every row has the header's cell count ($cells; $(head -c 200 "$scratch/err"))"
done

# make compare-instructions with COMPARE_MD naming an input: refused, the
# input kept (the redirection once emptied it before compare read it);
# otherwise the table is written.
cp "$counts" "$scratch/baseline.csv"
make -s -o instructions compare-instructions COUNT_PROGRAM="$program" COUNT_CSV="$counts" \
    BASELINE="$scratch/baseline.csv" COMPARE_MD="$scratch/baseline.csv" >"$scratch/out" 2>"$scratch/err"
status=$?
[ "$status" -ne 0 ] && cmp -s "$counts" "$scratch/baseline.csv" && grep -q "COMPARE_MD=.* names an input" "$scratch/err" &&
    pass "make compare-instructions: COMPARE_MD naming the baseline is refused, the baseline kept" ||
    fail "make compare-instructions: COMPARE_MD naming the baseline is refused (exit $status: $(head -c 200 "$scratch/err"))"
make -s -o instructions compare-instructions COUNT_PROGRAM="$program" COUNT_CSV="$counts" \
    BASELINE="$scratch/baseline.csv" COMPARE_MD="$scratch/table.md" >"$scratch/out" 2>"$scratch/err" &&
    grep -q "^Slower rows: none" "$scratch/table.md" && cmp -s "$scratch/out" "$scratch/table.md" && [ ! -e "$scratch/table.md.tmp" ] &&
    pass "make compare-instructions: the table in COMPARE_MD and on standard output" ||
    fail "make compare-instructions: the table in COMPARE_MD ($(head -c 200 "$scratch/err"))"
# A compare that fails (a missing baseline) keeps the previous table and
# leaves no .tmp; a baseline path with a space is one argument.
cp "$scratch/table.md" "$scratch/table.kept"
make -s -o instructions compare-instructions COUNT_PROGRAM="$program" COUNT_CSV="$counts" \
    BASELINE="$scratch/nonexistent.csv" COMPARE_MD="$scratch/table.md" >"$scratch/out" 2>"$scratch/err"
status=$?
[ "$status" -ne 0 ] && cmp -s "$scratch/table.md" "$scratch/table.kept" && [ ! -e "$scratch/table.md.tmp" ] &&
    pass "make compare-instructions: a failed compare keeps the previous table" ||
    fail "make compare-instructions: a failed compare keeps the previous table (exit $status: $(wc -c <"$scratch/table.md") bytes)"
# Both are checked before the count (the valgrind build and callgrind,
# minutes), which ran first: nothing is built.
expect_error "make compare-instructions: a missing BASELINE is refused before the count" \
    "BASELINE=$scratch/it's missing.csv: no such file" \
    timeout 20 make -s compare-instructions BASELINE="$scratch/it's missing.csv" BUILD="$scratch/count-build" \
    VALGRIND_BUILD="$scratch/count-build/valgrind"
expect_error "make compare-instructions: a COMPARE_MD naming the counts is refused before the count" \
    "COMPARE_MD=$scratch/count-build/instructions.csv names an input" \
    timeout 20 make -s compare-instructions BASELINE="$counts" BUILD="$scratch/count-build" \
    VALGRIND_BUILD="$scratch/count-build/valgrind" COMPARE_MD="$scratch/count-build/instructions.csv"
[ ! -e "$scratch/count-build" ] && pass "make compare-instructions with a bad BASELINE or COMPARE_MD builds nothing" ||
    fail "make compare-instructions with a bad BASELINE or COMPARE_MD builds nothing"
cp "$counts" "$scratch/base line.csv"
make -s -o instructions compare-instructions COUNT_PROGRAM="$program" COUNT_CSV="$counts" \
    BASELINE="$scratch/base line.csv" COMPARE_MD="$scratch/spaced.md" >"$scratch/out" 2>"$scratch/err" &&
    grep -q "^Slower rows: none" "$scratch/spaced.md" &&
    pass "make compare-instructions: a BASELINE path with a space" ||
    fail "make compare-instructions: a BASELINE path with a space ($(head -c 200 "$scratch/err"))"

# --param changes what a backend measures: each row records the parameters
# its backend ran with (empty for its defaults), and compare matches a row
# only to one of the same parameters.  sherwin-hash with hash-bits=8 and
# with its default is two configurations, each found in one file only;
# the other methods, which take no parameter, are compared (portable
# methods: the suite runs under WebAssembly and on aarch64 too).
param_run() {
    "$program" -w random -m sherwin-hash,hyperbola,kogge-stone -p rook --dispatch=batch -r 3 -c 2000 --queries=2000 \
        --pin=none -q "$@" >/dev/null 2>"$scratch/err"
}
param_run --csv="$scratch/default.csv" && param_run --param=hash-bits=08 --csv="$scratch/param.csv" \
    --json="$scratch/param.json"
[ "$(csv_column parameters <"$scratch/param.csv" | tr '\n' ,)" = "hash-bits=8,,,," ] &&
    [ "$(csv_column parameters <"$scratch/default.csv" | tr '\n' ,)" = ",,,," ] &&
    grep -q '"method": "sherwin-hash", .*"parameters": "hash-bits=8"}' "$scratch/param.json" &&
    grep -q '"method": "hyperbola", .*"parameters": null}' "$scratch/param.json" &&
    pass "--param: the rows of the backend that took it record it (CSV, JSON), the others none" ||
    fail "--param: the rows record it ($(head -c 300 "$scratch/err"))"
for new in param.csv param.json; do
    "$program" compare --strict "$scratch/default.csv" "$scratch/$new" >"$scratch/out" 2>"$scratch/err"
    status=$?
    [ "$status" -eq 0 ] && ! grep -q '^| sherwin-hash |' "$scratch/out" && grep -q '^| hyperbola | .* | queries |  |' "$scratch/out" &&
        grep -q '^- ns: method=sherwin-hash .* layout=queries (line 2)$' "$scratch/out" &&
        grep -q '^- ns: method=sherwin-hash .* layout=queries parameters=hash-bits=8 (line [0-9]*)$' "$scratch/out" &&
        pass "compare: a method run with other --param is another configuration ($new)" ||
        fail "compare: a method run with other --param is another configuration ($new; exit $status: $(head -c 300 "$scratch/err"))"
done
# A value with a space or a control character is refused in one line,
# for every parameter (strtol skipped a leading tab, and the row's cell
# broke the table); a number is stored normalised, so that 08 and 8 are
# one configuration.
expect_one_line "--param: a tab before the value is refused" \
    "--param=hash-bits=\\x099: a space or control character in NAME=VALUE" \
    "$program" -m sherwin-hash --param=$'hash-bits=\t9' -w random -p rook -r 3 -q
expect_one_line "--param: a newline in the value is refused" "a space or control character in NAME=VALUE" \
    "$program" -m sherwin-hash --param=$'hash-bits=9\n' -w random -p rook -r 3 -q
expect_one_line "--param: a space in any parameter's value is refused" "--param=colour= blue: a space or control" \
    "$program" -m hyperbola --param='colour= blue' -w random -p rook -r 3 -q
param_run --param=hash-bits=+08 --csv="$scratch/normalised.csv" &&
    [ "$(csv_column parameters <"$scratch/normalised.csv" | tr '\n' ,)" = "hash-bits=8,,,," ] &&
    pass "--param: a number is recorded normalised (+08: hash-bits=8)" ||
    fail "--param: a number is recorded normalised ($(csv_column parameters <"$scratch/normalised.csv" | tr '\n' ,); $(head -c 300 "$scratch/err"))"
# A file written before the column (the committed results/ CSVs): read as
# of the backends' defaults, matching a new file's default rows.
run_python - "$scratch/default.csv" >"$scratch/before.csv" <<'PYTHON'
import csv, sys
writer = csv.writer(sys.stdout, lineterminator="\n")
for row in csv.reader(open(sys.argv[1], newline="")):
    writer.writerow(row[:-1])
PYTHON
"$program" compare --strict "$scratch/before.csv" "$scratch/default.csv" >"$scratch/out" 2>"$scratch/err"
status=$?
[ "$status" -eq 0 ] && [ "$(head -1 "$scratch/before.csv" | tr ',' '\n' | tail -1)" = formulation_threads ] &&
    grep -q '^| sherwin-hash | .* | queries |  |' "$scratch/out" && ! grep -q '^Found in' "$scratch/out" &&
    pass "compare: a file without the parameters column is read as run with the defaults" ||
    fail "compare: a file without the parameters column ($(head -c 300 "$scratch/err"))"

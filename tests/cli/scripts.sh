#!/usr/bin/env bash
# The scripts in scripts/ check their arguments and tools: a bad argument,
# a missing program or tool, or a failed run is one line on stderr and
# exit 2, never a traceback or a result counted as clean.
source "$(dirname "$0")/../lib/tap.bash"

scripts_top=$(cd "$here/.." && pwd)
mkdir -p "$scratch/scripts-caller"
# A program that fails like a broken attackbench.
printf '#!/bin/sh\necho "attackbench: broken on purpose" >&2\nexit 1\n' >"$scratch/failing-attackbench"
chmod +x "$scratch/failing-attackbench"

# script_refuses NAME TEXT COMMAND...: exit 2, and stderr one line holding
# TEXT (make's own "make: ***" line aside).  The command runs from the
# caller's folder (a Python script after its first start in the one
# interpreter of tests/lib/in_process.bash); the lines are counted and
# searched by bash itself (no grep, no subshell: this runs some eighty
# times).
script_refuses() {
    local name=$1 text=$2 got lines=0 found=0 line script_refuses_lines
    local make_line='^make(\[[0-9]+\])?: '
    shift 2
    cd "$scratch/scripts-caller" && run_to "$scratch/out" "$scratch/err" "$@"
    got=$?
    cd "$top" || exit 2
    mapfile -t script_refuses_lines <"$scratch/err"
    for line in "${script_refuses_lines[@]}"; do
        [[ $line =~ $make_line ]] || lines=$((lines + 1))
        [[ $line == *"$text"* ]] && found=1
    done
    if [ "$got" -eq 2 ] && [ "$lines" -eq 1 ] && [ "$found" = 1 ]; then
        pass "$name"
    else
        fail "$name (exit $got, $lines lines; stderr: $(head -c 300 "$scratch/err"))"
    fi
}

s=$scripts_top/scripts
script_refuses "guard-rail-rates: a missing program is refused" "ATTACKBENCH=/nonexistent: no such program" \
    env ATTACKBENCH=/nonexistent "$s/comparisons/guard-rail-rates" 1 1
script_refuses "guard-rail-rates: 0 runs is refused" "'0' is not a number of runs" "$s/comparisons/guard-rail-rates" 0
if have_tool taskset; then
    script_refuses "guard-rail-rates: a failed run is a failure, not a clean run" "quiet run 1 failed (exit 1)" \
        env ATTACKBENCH="$scratch/failing-attackbench" "$s/comparisons/guard-rail-rates" 1 1
else
    skip "guard-rail-rates: a failed run is a failure (taskset is not installed)"
fi
script_refuses "ab-power: 0 trials is refused" "'0' is not a number of trials" "$s/comparisons/ab-power" 0
# --help onto a full standard output is one line (it was a traceback).
script_refuses "ab-power --help: a full standard output is one line" "ab-power: standard output: cannot write: " \
    bash -c '"$1" --help >/dev/full' _ "$s/comparisons/ab-power"
script_refuses "ab-power: an unknown phase is refused" "PHASES: unknown phase warm" env PHASES=warm "$s/comparisons/ab-power" 1
script_refuses "ab-power: a malformed plant is refused" "'2x' is not a plant (R+B" env LADDER="1+1 2x" \
    "$s/comparisons/ab-power" 1
script_refuses "ab-power: a plant of 0% is refused" "'0%' is not a plant" env LADDER="0%" "$s/comparisons/ab-power" 1
if have_tool "${CC:-cc}"; then
    script_refuses "ab-power: a failed ab run is a failure" "failed (exit 1): attackbench: broken on purpose" \
        env ATTACKBENCH="$scratch/failing-attackbench" PHASES=same LADDER=2 "$s/comparisons/ab-power" 1
    # A repeating plant builds, verifies, and keeps each timed pass's sum.
    if [ "$plugin_build" != 1 ]; then
        skip "ab-power: a repeating plant verifies (this attackbench is linked statically and cannot load plugins)"
    elif [ "$(uname -m)" = x86_64 ] || [ "$(uname -m)" = aarch64 ]; then
        (cd "$scratch/scripts-caller" && ATTACKBENCH="$program" PHASES=check LADDER="5%" "$s/comparisons/ab-power" 1) \
            >"$scratch/check.out" 2>&1
        grep -q "^check: 5% repeated: verified; its timed passes (queries, positions, latency) summed as the reference's" \
            "$scratch/check.out" && pass "ab-power: a repeating plant verifies and keeps the reference's sums" ||
            fail "ab-power: a repeating plant verifies and keeps the reference's sums ($(head -c 300 "$scratch/check.out"))"
    else
        skip "ab-power: a repeating plant verifies (x86-64 and aarch64 only)"
    fi
else
    skip "ab-power: a failed ab run is a failure (no C compiler)"
    skip "ab-power: a repeating plant verifies (no C compiler)"
fi
# ab-drift reads the --csv of a long ab run: a file that is not one, or
# too short, is refused; pairs alternating 1% and 3% slower have a mean
# of 2.0% and a lag-1 correlation of -(n - 1)/n, the left-out pair aside.
printf 'pair,order,ratio,left_out\n1,AB,1.0,\n' >"$scratch/drift-short.csv"
script_refuses "ab-drift: a CSV of too few pairs is refused" "has 1 pairs kept; at least 24 are needed" \
    "$s/comparisons/ab-drift" "$scratch/drift-short.csv"
script_refuses "ab-drift: a CSV that is not ab's is refused" "is not the --csv of attackbench ab" \
    "$s/comparisons/ab-drift" "$here/data/compare-run1.csv"
script_refuses "ab-drift: /dev/zero is refused at once" "/dev/zero: line 1: a NUL byte: not a CSV file" \
    timeout 20 "$s/comparisons/ab-drift" /dev/zero
script_refuses "ab-drift: a missing file is refused, without Python's errno text" \
    "ab-drift: $scratch/none.csv: cannot read: No such file or directory" "$s/comparisons/ab-drift" "$scratch/none.csv"
script_refuses "ab-drift: a folder is refused, without Python's errno text" \
    "ab-drift: $scratch/scripts-caller: cannot read: Is a directory" "$s/comparisons/ab-drift" "$scratch/scripts-caller"
# Pairs repeated or out of order, an A time below 0 or not a number: no
# ab run's own --csv.
for fault in 'repeated|i == 3 ? 2 : i|drift-repeated.csv:4: pair 2 after pair 2' \
    'out of order|i == 3 ? 1 : i|drift-out-of-order.csv:4: pair 1 after pair 2' \
    'a negative A time|i|drift-a-time.csv:5: a_ns_per_query '"'"'-3.0'"'"' is not a time' \
    'a NaN A time|i|drift-a-nan.csv:5: a_ns_per_query '"'"'nan'"'"' is not a time'; do
    IFS='|' read -r what pair text <<<"$fault"
    file=${text%%:*}
    a_time=3.0
    case $what in *negative*) a_time=-3.0 ;; *NaN*) a_time=nan ;; esac
    awk -v a="$a_time" 'BEGIN { print "pair,order,a_ns_per_query,b_ns_per_query,ratio,a_cpu,b_cpu,left_out,blocks"
        for (i = 1; i <= 30; i++) print ('"$pair"') ",AB," (i == 4 ? a : "3.0") ",3.03,1.01,1,1,,5" }' >"$scratch/$file"
    script_refuses "ab-drift: $what is refused" "$text" "$s/comparisons/ab-drift" "$scratch/$file"
done
run_to "$scratch/out" "$scratch/err" "$s/comparisons/ab-drift" --help && grep -q '^Usage: scripts/comparisons/ab-drift AB.csv' "$scratch/out" &&
    [ ! -s "$scratch/err" ] && pass "ab-drift --help: the usage on standard output, exit 0" ||
    fail "ab-drift --help: the usage on standard output ($(head -c 200 "$scratch/err"))"
# A header without rows holds no pairs (it has ab's columns); a row with a
# field missing is refused by its line, not counted as left out.
printf 'pair,order,a_ns_per_query,b_ns_per_query,ratio,a_cpu,b_cpu,left_out,blocks\n' >"$scratch/drift-header.csv"
script_refuses "ab-drift: a header-only CSV holds no pairs" "drift-header.csv holds no pairs" \
    "$s/comparisons/ab-drift" "$scratch/drift-header.csv"
awk 'BEGIN { print "pair,order,a_ns_per_query,b_ns_per_query,ratio,a_cpu,b_cpu,left_out,blocks"
             for (i = 1; i <= 30; i++) print i ",AB,3.0,3.03,1.01,1," (i == 5 ? "" : "1,") ",5" }' >"$scratch/drift-ragged.csv"
script_refuses "ab-drift: a row with a field missing is refused by its line" "drift-ragged.csv:6: 8 fields, the header has 9" \
    "$s/comparisons/ab-drift" "$scratch/drift-ragged.csv"
awk 'BEGIN { print "pair,order,ratio,left_out"; for (i = 1; i <= 48; i++) print i ",AB," (i % 2 ? "1.01" : "1.03") ","
             print "49,BA,2.0,cpu-contention" }' >"$scratch/drift.csv"
if run_to "$scratch/drift.out" "$scratch/drift.out" "$s/comparisons/ab-drift" "$scratch/drift.csv" &&
    grep -q '^pairs: 48 kept; mean B/A 1\.0200;' "$scratch/drift.out" &&
    grep -q '^correlation with the pair LAG before: lag 1 -0\.98, lag 2 0\.96,' "$scratch/drift.out" &&
    grep -q '^windows of 12 pairs: 4; spread of their means 0\.00%' "$scratch/drift.out"; then
    pass "ab-drift: the mean, the correlations and the windows of a known series"
else
    fail "ab-drift: the mean, the correlations and the windows of a known series ($(head -c 400 "$scratch/drift.out"))"
fi
script_refuses "false-regressions: 0 pairs is refused" "'0' is not a number of pairs" "$s/comparisons/false-regressions" 0
script_refuses "false-regressions: abc is refused" "'abc' is not a number of pairs" "$s/comparisons/false-regressions" abc
script_refuses "false-regressions: a failed run is a failure" "a run of pair 1 failed: attackbench: broken on purpose" \
    env ATTACKBENCH="$scratch/failing-attackbench" "$s/comparisons/false-regressions" 1
if have_tool taskset; then
    script_refuses "false-regressions: a BUSY_CPU that is not a number is refused" "BUSY_CPU=abc is not a CPU number" \
        env ATTACKBENCH="$scratch/failing-attackbench" BUSY_CPU=abc "$s/comparisons/false-regressions" 1
    script_refuses "false-regressions: a BUSY_CPU taskset cannot use is refused" "BUSY_CPU=99999: taskset cannot run on that CPU" \
        env ATTACKBENCH="$scratch/failing-attackbench" BUSY_CPU=99999 "$s/comparisons/false-regressions" 1
else
    skip "false-regressions: a bad BUSY_CPU is refused (taskset is not installed)"
fi
script_refuses "compilers: no programs is a one-line usage" "usage: scripts/comparisons/compilers" "$s/comparisons/compilers"
# compilers wants a gcc build then a clang build (their --version): the
# program under test, or the failing one, as each.
for compiler in gcc clang; do
    printf '#!/bin/sh
[ "$1" = --version ] && { echo "attackbench 0.2.0 (%s 12.2.0; -O2)"; exit 0; }
exec "%s" "$@"
' \
        "$compiler" "$scratch/failing-attackbench" >"$scratch/failing-$compiler"
    printf '#!/bin/sh
[ "$1" = --version ] && { echo "attackbench 0.2.0 (%s 12.2.0; -O2)"; exit 0; }
exec "%s" "$@"
' \
        "$compiler" "$program" >"$scratch/program-$compiler"
    chmod +x "$scratch/failing-$compiler" "$scratch/program-$compiler"
done
script_refuses "compilers: a failed run is named" "failed: attackbench: broken on purpose" \
    "$s/comparisons/compilers" "$scratch/failing-gcc" "$scratch/failing-clang"
"$s/comparisons/compilers" "$scratch/program-gcc" "$scratch/program-clang" -m "$lookup" -w random -p rook -r 1 -c 1000 --queries=64 >"$scratch/out" 2>"$scratch/err"
grep -q "^| \`$lookup\` |" "$scratch/out" && pass "compilers: options without --format=csv still give the table" ||
    fail "compilers: options without --format=csv still give the table ($(head -c 300 "$scratch/err"))"
script_refuses "generate-switch-lookup: a folder as output is one line" "$scratch: Is a directory" \
    "$s/generators/generate-switch-lookup" "$scratch"
# A write that fails (a full disk; here the file-size limit, which Python
# meets as EFBIG) keeps the old file whole: write_text emptied it and left
# the first kilobytes.  A full standard output is one line too.
printf '%s\n' "/* the old cases */" >"$scratch/switch_cases.h"
cp "$scratch/switch_cases.h" "$scratch/switch_cases.kept"
(ulimit -f 8 && python3 "$s/generators/generate-switch-lookup" "$scratch/switch_cases.h") 2>"$scratch/err"
status=$?
[ "$status" -eq 2 ] && cmp -s "$scratch/switch_cases.h" "$scratch/switch_cases.kept" &&
    [ "$(wc -l <"$scratch/err")" -eq 1 ] && [ -z "$(ls -A "$scratch" | grep '^\.switch_cases')" ] &&
    pass "generate-switch-lookup: a failed write keeps the old file whole, in one line" ||
    fail "generate-switch-lookup: a failed write keeps the old file whole (exit $status; $(wc -c <"$scratch/switch_cases.h") bytes; $(head -c 200 "$scratch/err"))"
script_refuses "generate-switch-lookup: a full standard output is one line" "standard output: No space left on device" \
    bash -c '"$1" - >/dev/full' - "$s/generators/generate-switch-lookup"
if have_tool "${CC:-cc}"; then
    echo 'int demo_backend = 1; int helper = 2;' >"$scratch/variant.c"
    "${CC:-cc}" -c "$scratch/variant.c" -o "$scratch/variant.o"
    cp "$scratch/variant.o" "$scratch/variant-kept.o"
    script_refuses "variant-object.sh: a missing nm is refused" "no '/nonexistent/nm'" \
        env NM=/nonexistent/nm sh "$s/platforms/variant-object.sh" "$scratch/variant.o" v3
    cmp -s "$scratch/variant.o" "$scratch/variant-kept.o" && pass "variant-object.sh: a refused object is unchanged" ||
        fail "variant-object.sh: a refused object is unchanged"
    script_refuses "variant-object.sh: a missing object is refused" "no such object" \
        sh "$s/platforms/variant-object.sh" "$scratch/none.o" v3
else
    skip "variant-object.sh: no C compiler to make an object"
fi
# make opencl, make test-opencl and make wasm name a compiler that is no
# command or does not run, rather than blame the headers or clang for it;
# and make opencl without the headers (-nostdinc hides them) asks for them.
for target in opencl test-opencl; do
    script_refuses "make $target: a missing CC is named" "make $target: the compiler CC=/nonexistent/cc is not a command" \
        make -s -C "$scripts_top" --no-print-directory $target CC=/nonexistent/cc
    script_refuses "make $target: a CC that does not run is named" \
        "make $target: the compiler CC=false does not work: it cannot preprocess an empty C file" \
        make -s -C "$scripts_top" --no-print-directory $target CC=false
done
script_refuses "make opencl without the headers asks for them" \
    "make opencl needs the OpenCL headers (Debian: apt-get install ocl-icd-opencl-dev opencl-c-headers)" \
    make -s -C "$scripts_top" --no-print-directory opencl OPENCL_INCLUDE=-nostdinc
script_refuses "make wasm: a missing WASM_CC is named" "make wasm: the compiler WASM_CC=/nonexistent/clang is not a command" \
    make -s -C "$scripts_top" --no-print-directory wasm WASM_CC=/nonexistent/clang
script_refuses "make wasm: a WASM_CC that does not run is named" \
    "make wasm: the compiler WASM_CC=false does not work: it cannot preprocess an empty C file with --target=wasm32-wasi" \
    make -s -C "$scripts_top" --no-print-directory wasm WASM_CC=false
script_refuses "make results: PLUGINS relative to the caller's folder, a missing one named" \
    "PLUGINS: $scratch/scripts-caller/nope.so: no such file" \
    make -s -C "$scripts_top" --no-print-directory results PLUGINS="nope.so"
touch "$scratch/scripts-caller/ok.so"
script_refuses "make results: an existing relative plugin is found in the caller's folder" \
    "PLUGINS: $scratch/scripts-caller/nope.so: no such file" \
    make -s -C "$scripts_top" --no-print-directory results PLUGINS="ok.so nope.so"
# make results QUICK=1 is the short form, QUICK=0 (or empty) the full one
# (QUICK=0 ran the short form); any other value is refused in one line.
# A missing POSITIONS stops either script before it builds anything, and
# names which one ran.
script_refuses "make results QUICK=0 runs the full form" "results: $scratch/none.fen: no such file" \
    make -s -C "$scripts_top" --no-print-directory results QUICK=0 POSITIONS="$scratch/none.fen"
script_refuses "make results QUICK=1 runs the short form" "results-quick: $scratch/none.fen: no such file" \
    make -s -C "$scripts_top" --no-print-directory results QUICK=1 POSITIONS="$scratch/none.fen"
for quick in no yes 2 "1 1"; do
    script_refuses "make results QUICK=$quick is refused in one line" \
        "make results: QUICK=$quick: expected 1 (the short form), or 0 or nothing (the full one)" \
        make -s -C "$scripts_top" --no-print-directory results QUICK="$quick" POSITIONS="$scratch/none.fen"
done
# make peer-comparison gives PEER and NOTE to the script as one argument
# each, as typed: a backtick runs nothing, a quote stays, a PEER with a
# space is named whole.  The builds are left out (MAKE=true); a python3
# ahead on PATH records the arguments make gives the script, then runs it,
# which refuses the missing peer before measuring anything.
mkdir -p "$scratch/peer-bin"
cat >"$scratch/peer-bin/python3" <<PEER_PYTHON
#!/bin/sh
printf '%s\\n' "\$@" >"$scratch/peer-arguments"
exec "$(command -v python3)" "\$@"
PEER_PYTHON
chmod +x "$scratch/peer-bin/python3"
peer_note='measured with `touch '"$scratch"'/peer-pwned` running, "quoted", it'"'"'s $HOME, $(NOTE) $(shell touch '"$scratch"'/make-pwned)'
script_refuses "make peer-comparison: a PEER with a space is named whole" \
    "no Chess_Movegen source in $scratch/no peer (get it" \
    env PATH="$scratch/peer-bin:$PATH" make -s -C "$scripts_top" --no-print-directory peer-comparison MAKE=true \
    PEER="$scratch/no peer" NOTE="$peer_note"
[ ! -e "$scratch/peer-pwned" ] && [ ! -e "$scratch/make-pwned" ] && grep -qxF -- "--note=$peer_note" "$scratch/peer-arguments" &&
    grep -qxF -- "--peer=$scratch/no peer" "$scratch/peer-arguments" &&
    pass "make peer-comparison: the NOTE reaches the script verbatim, its backticks run nothing" ||
    fail "make peer-comparison: the NOTE verbatim, nothing run ($(ls "$scratch"/peer-pwned 2>&1); $(head -c 300 "$scratch/peer-arguments"))"
# make base-instructions refuses a BASE_REF that is no commit in one line,
# before it empties the old base tree; a quote or a backtick in it is text.
mkdir -p "$scratch/base-build/base-tree"
echo kept >"$scratch/base-build/base-tree/kept"
script_refuses "make base-instructions: a BASE_REF that is no commit is one line" \
    "make base-instructions: BASE_REF=no-such-ref: not a revision of this repository" \
    make -s -C "$scripts_top" --no-print-directory base-instructions BASE_REF=no-such-ref BUILD="$scratch/base-build"
base_ref='it'"'"'s `touch '"$scratch"'/base-pwned` "x"'
script_refuses "make base-instructions: a BASE_REF with quotes and backticks is named as given" \
    "make base-instructions: BASE_REF=$base_ref: not a revision of this repository" \
    make -s -C "$scripts_top" --no-print-directory base-instructions BASE_REF="$base_ref" BUILD="$scratch/base-build"
[ "$(cat "$scratch/base-build/base-tree/kept" 2>/dev/null)" = kept ] && [ ! -e "$scratch/base-pwned" ] &&
    pass "make base-instructions: a refused BASE_REF keeps the old base tree and runs nothing" ||
    fail "make base-instructions: a refused BASE_REF keeps the old base tree ($(ls -A "$scratch/base-build/base-tree" 2>&1); $(ls "$scratch"/base-pwned 2>&1))"
script_refuses "piece_counts.py: a missing file is one line" "/nonexistent.fen: no such file" \
    python3 "$s/results/piece_counts.py" /nonexistent.fen
# A symbolic link loop is named as one, not as a missing file.
ln -s pc-loop-b "$scratch/pc-loop-a" && ln -s pc-loop-a "$scratch/pc-loop-b"
script_refuses "piece_counts.py: a symbolic link loop is named as one" \
    "pc-loop-a: cannot read: Too many levels of symbolic links" python3 "$s/results/piece_counts.py" "$scratch/pc-loop-a"
# A FEN file that starts with a UTF-8 byte order mark is read, as
# attackbench reads it.
printf '\357\273\277rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n' >"$scratch/bom.fen"
run_to "$scratch/out" "$scratch/err" python3 "$s/results/piece_counts.py" "$scratch/bom.fen" &&
    grep -q 'bom.fen | 1 | 32.0 |' "$scratch/out" && pass "piece_counts.py: a byte order mark is read past" ||
    fail "piece_counts.py: a byte order mark is read past ($(head -c 200 "$scratch/err"))"
run_to "$scratch/out" "$scratch/err" python3 "$s/results/piece_counts.py" --help &&
    grep -q '^Usage: scripts/results/piece_counts.py FILE' "$scratch/out" && [ ! -s "$scratch/err" ] &&
    pass "piece_counts.py --help: the usage on standard output, exit 0" ||
    fail "piece_counts.py --help: the usage on standard output ($(head -c 200 "$scratch/err"))"
script_refuses "results-tool: an unknown command is one line" "unknown command 'bogus'" "$s/results/results-tool" bogus
script_refuses "peak-rss.sh: 0 positions is refused" "'0' is not a number of positions" bash "$s/comparisons/peak-rss.sh" 0
# peak-rss.sh: a run that fails is named in one line with the program's
# message: set -e ended the script without a word, the message in the
# temporary folder its trap removed.  A tree of its own, whose attackbench
# fails as one out of memory would.
if [ -x /usr/bin/time ]; then
    mkdir -p "$scratch/rss-tree/scripts/comparisons" "$scratch/rss-tree/data"
    cp "$s/comparisons/peak-rss.sh" "$scratch/rss-tree/scripts/comparisons/"
    head -5 "$scripts_top/data/positions.fen" >"$scratch/rss-tree/data/positions.fen"
    printf '#!/bin/sh\necho "attackbench: cannot hold the positions (out of memory)" >&2\nexit 2\n' \
        >"$scratch/rss-tree/attackbench"
    chmod +x "$scratch/rss-tree/attackbench"
    script_refuses "peak-rss.sh: a failed run is named with its message" \
        "peak-rss: ./attackbench over 10 positions failed: attackbench: cannot hold the positions (out of memory)" \
        bash "$scratch/rss-tree/scripts/comparisons/peak-rss.sh" 10
else
    skip "peak-rss.sh: a failed run is named: no /usr/bin/time"
fi
script_refuses "memory-ladder.sh: a missing program is refused, nothing built" "/nonexistent: no such program" \
    bash "$s/comparisons/memory-ladder.sh" /nonexistent
script_refuses "memory-ladder.sh: a program that is not attackbench is refused" "/bin/echo: not attackbench" \
    bash "$s/comparisons/memory-ladder.sh" /bin/echo
script_refuses "memory-ladder.sh: a failing program is refused in one line" "/bin/false: not attackbench" \
    bash "$s/comparisons/memory-ladder.sh" /bin/false
script_refuses "memory-ladder.sh: a folder is refused" "$scratch: no such program" \
    bash "$s/comparisons/memory-ladder.sh" "$scratch"
# A relative path given is the caller's (it was taken from the tree's top).
cp /bin/echo "$scratch/echo-copy"
script_refuses "memory-ladder.sh: a relative PROGRAM is the caller's" "$scratch/echo-copy: not attackbench" \
    bash -c 'cd "$1" && bash "$2" ./echo-copy' _ "$scratch" "$s/comparisons/memory-ladder.sh"
script_refuses "hash-hit-rates.sh: a relative FILE is the caller's" "$scratch/absent.fen: no such file" \
    bash -c 'cd "$1" && bash "$2" absent.fen' _ "$scratch" "$s/comparisons/hash-hit-rates.sh"
script_refuses "memory-ladder.sh: runs without tick figures give no table" "no tick figure in its CSV" \
    env ATTACKBENCH_TIMER_PROBE=trapped bash "$s/comparisons/memory-ladder.sh" "$program"
[ ! -s "$scratch/out" ] && pass "memory-ladder.sh: a refused ladder prints no table" ||
    fail "memory-ladder.sh: a refused ladder prints no table ($(head -c 200 "$scratch/out"))"
# A CSV field that holds a comma is quoted (flags, from CFLAGS="-O2
# -Wl,-z,now"): memory-ladder.sh and hash-hit-rates.sh read it as one
# field (awk -F, split it, shifting every column after it: no tick
# figure, and an empty hit-rate table with exit 0).
cat >"$scratch/comma-flags" <<'FAKE'
#!/bin/sh
[ "$1" = --version ] && { echo "attackbench 0.2.0"; exit 0; }
echo 'method,flags,piece,phase,queries,hit_rate,ns_per_query_median,ticks_per_query_min'
case "$*" in *sherwin-hash*) method=sherwin-hash ;; *) method=null ;; esac
echo "$method,\"-O2 -Wl,-z,now\",rook,all,41,0.5,6.25,1.5"
FAKE
chmod +x "$scratch/comma-flags"
bash "$s/comparisons/memory-ladder.sh" "$scratch/comma-flags" >"$scratch/out" 2>"$scratch/err" &&
    grep -qxF '| none | 1.5 | |' "$scratch/out" &&
    pass "memory-ladder.sh: a quoted field holding a comma is one field" ||
    fail "memory-ladder.sh: a quoted field holding a comma is one field ($(head -c 200 "$scratch/err" "$scratch/out"))"
mkdir -p "$scratch/comma-tree/scripts/comparisons" "$scratch/comma-tree/data"
cp "$s/comparisons/hash-hit-rates.sh" "$s/comparisons/csv_fields.awk" "$scratch/comma-tree/scripts/comparisons/"
cp "$scratch/comma-flags" "$scratch/comma-tree/attackbench"
: >"$scratch/comma-tree/data/positions.fen"
bash "$scratch/comma-tree/scripts/comparisons/hash-hit-rates.sh" >"$scratch/out" 2>"$scratch/err" &&
    grep -qxF '| rook | all | 41 | 50.0% | 6.25 |' "$scratch/out" &&
    pass "hash-hit-rates.sh: a quoted field holding a comma is one field" ||
    fail "hash-hit-rates.sh: a quoted field holding a comma is one field ($(head -c 200 "$scratch/err" "$scratch/out"))"
for count in 0 -1; do
    script_refuses "sides-by-count: --min-positions=$count is refused" "--min-positions=$count: expected a number from 1" \
        "$s/comparisons/sides-by-count" --program="$program" --min-positions=$count "$scripts_top/data/positions.fen"
done
# sides-by-count: a --program whose output is not attackbench's CSV
# (bytes that are not UTF-8, no CSV, no rows, a time of nan) is refused
# in one line naming it: a traceback, or a table of empty or nan cells
# with exit 0, before.
head -40 "$scripts_top/data/positions.fen" >"$scratch/sides-40.fen"
printf '#!/bin/sh\nprintf "method,positions\\377\\n"\n' >"$scratch/sides-binary"
printf '#!/bin/sh\necho garbage\n' >"$scratch/sides-garbage"
printf '#!/bin/sh\nprintf "method,positions,ns_per_query_median,samples_ns\\npext,9,nan,1 2\\nhyperbola,9,2.0,2 2\\n"\n' \
    >"$scratch/sides-nan"
chmod +x "$scratch/sides-binary" "$scratch/sides-garbage" "$scratch/sides-nan"
for fake in "sides-binary|its CSV is not UTF-8 text" "sides-garbage|its output is not attackbench's CSV" \
    "sides-nan|method pext: ns_per_query_median 'nan' is not numbers of at least 0"; do
    script_refuses "sides-by-count: a program writing ${fake%%|*} is refused" "$scratch/${fake%%|*}: ${fake#*|}" \
        "$s/comparisons/sides-by-count" --program="$scratch/${fake%%|*}" --methods=pext,hyperbola --min-positions=5 \
        "$scratch/sides-40.fen"
done
# sides-by-count: the table's columns are the methods as the program
# names them (attackbench takes a name in any case, and globs): a LIST of
# Hyperbola,KOGGE-stone named no row and gave a '-' in every cell.  The
# harness row (null) stays out, as LIST does not name it.
printf '#!/bin/sh\nprintf "method,positions,ns_per_query_median,samples_ns\\nhyperbola,40,2.0,2 2\\nkogge-stone,40,4.0,4 4\\nnull,40,0.5,0.5 0.5\\n"\n' \
    >"$scratch/sides-cased"
chmod +x "$scratch/sides-cased"
run_to "$scratch/out" "$scratch/err" "$s/comparisons/sides-by-count" --program="$scratch/sides-cased" \
    --methods=Hyperbola,KOGGE-stone --min-positions=100 "$scratch/sides-40.fen"
status=$?
[ "$status" -eq 0 ] && grep -qxF '| mixed | 40 | 2.000 | 4.000 | 2.00 |' "$scratch/out" &&
    grep -qxF '| sliders per side | positions | hyperbola ns/slider | kogge-stone ns/slider | kogge-stone / hyperbola |' "$scratch/out" &&
    pass "sides-by-count: methods named in another case get their figures, as the program names them" ||
    fail "sides-by-count: methods named in another case get their figures (exit $status; $(head -c 300 "$scratch/out" "$scratch/err"))"
script_refuses "hash-hit-rates.sh: a missing file is refused" "/nonexistent.fen: no such file" \
    bash "$s/comparisons/hash-hit-rates.sh" /nonexistent.fen
script_refuses "linked-files: a missing page is refused" "nope.md: no such file" "$s/platforms/linked-files" nope.md
# The scripts that take no arguments (their settings are in the
# environment) refuse one, --help too, before any build or run: the
# settings below would stop an older script at once, and make is one that
# only says it ran.
mkdir -p "$scratch/fake-make"
printf '#!/bin/sh\necho "fake make: ran" >&2\nexit 3\n' >"$scratch/fake-make/make"
chmod +x "$scratch/fake-make/make"
for script in results/results.sh results/results-quick.sh comparisons/device-check; do
    for argument in --help results; do
        script_refuses "${script#*/} $argument: refused with a one-line usage, nothing run" "usage: " \
            env PATH="$scratch/fake-make:$PATH" POSITIONS="$scratch/none.fen" RESULTS="$scratch/no-results" \
            timeout 60 bash "$s/$script" "$argument"
    done
done
[ ! -e "$scratch/no-results" ] && pass "the refused scripts wrote no results" || fail "a refused script wrote results"
# results.sh makes RESULTS only when its run is complete: one it could not
# make is refused before anything is built (a fake make says if it ran).
script_refuses "results.sh: a RESULTS that cannot be made is refused before building" \
    "RESULTS=$scratch/failing-attackbench/results: $scratch/failing-attackbench is not a folder this run can write into" \
    env PATH="$scratch/fake-make:$PATH" RESULTS="$scratch/failing-attackbench/results" POSITIONS="$scripts_top/data/positions.fen" \
    bash "$s/results/results.sh"
# A relative POSITIONS or RESULTS is the caller's (make's -C folder aside),
# as for results-quick.sh and as mk/results.mk says: it was taken from the
# tree's top.
cp "$scripts_top/data/perft.epd" "$scratch/scripts-caller/mine.fen"
: >"$scratch/scripts-caller/failing"
script_refuses "results.sh: a relative POSITIONS and RESULTS are the caller's" \
    "RESULTS=$scratch/scripts-caller/failing/results: $scratch/scripts-caller/failing is not a folder this run can write into" \
    env PATH="$scratch/fake-make:$PATH" RESULTS=failing/results POSITIONS=mine.fen bash "$s/results/results.sh"
script_refuses "results.sh: a relative POSITIONS that the caller lacks is named with its folder" \
    "$scratch/scripts-caller/absent.fen: no such file" \
    env PATH="$scratch/fake-make:$PATH" POSITIONS=absent.fen bash "$s/results/results.sh"
# hyperfine.sh: an option is no DIR or NAME, and a DIR that cannot be made
# is refused, each before any method runs (the failing program would).
script_refuses "hyperfine.sh --help: refused as a DIR, nothing run" "hyperfine.sh: unknown option '--help'; usage: " \
    env ATTACKBENCH="$scratch/failing-attackbench" bash "$s/comparisons/hyperfine.sh" --help
script_refuses "hyperfine.sh: a NAME starting with '-' is refused" "hyperfine.sh: '-x' is not a NAME" \
    env ATTACKBENCH="$scratch/failing-attackbench" bash "$s/comparisons/hyperfine.sh" "$scratch/timings" -x
if have_tool hyperfine; then
    script_refuses "hyperfine.sh: a DIR that cannot be made is refused before any run" \
        "hyperfine.sh: $scratch/fake-make/make/timings: cannot make or write that folder" \
        env ATTACKBENCH="$scratch/failing-attackbench" bash "$s/comparisons/hyperfine.sh" "$scratch/fake-make/make/timings"
else
    skip "hyperfine.sh: a DIR that cannot be made is refused (hyperfine is not installed)"
fi
# ATTACKBENCH (sides-by-count: --program) without a slash, naming a file
# of the current folder, runs that file (as ./NAME), not a command of that
# name on PATH: the file checked is the file run.  The stand-in lists one
# method, runs --method=pext alone, fails anything else with a message.
mkdir -p "$scratch/bare-caller" "$scratch/bare-bin"
cat >"$scratch/bare-caller/attackbench" <<BARE
#!/bin/sh
echo "\$*" >>"$scratch/bare-calls"
case \$1 in --list) echo "pext available native"; exit 0 ;; --method=pext) exit 0 ;; esac
echo "attackbench: the stand-in in the current folder" >&2
exit 1
BARE
printf '#!/bin/sh\nprintf "%%s\\n" "$@" >"%s"\nexit 1\n' "$scratch/bare-hyperfine" >"$scratch/bare-bin/hyperfine"
chmod +x "$scratch/bare-caller/attackbench" "$scratch/bare-bin/hyperfine"
status=0
env -C "$scratch/bare-caller" PATH="$scratch/bare-bin:$PATH" ATTACKBENCH=attackbench \
    bash "$s/comparisons/hyperfine.sh" timings >"$scratch/out" 2>"$scratch/err" || status=$?
[ "$status" -eq 1 ] && grep -qx -- "--list" "$scratch/bare-calls" &&
    grep -q "^'\./attackbench' --method=pext " "$scratch/bare-hyperfine" && ! grep -q "not found" "$scratch/err" &&
    pass "hyperfine.sh: ATTACKBENCH=attackbench runs ./attackbench of the current folder, and hyperfine times it" ||
    fail "hyperfine.sh: ATTACKBENCH=attackbench runs ./attackbench (exit $status; $(head -c 300 "$scratch/err"))"
script_refuses "false-regressions: ATTACKBENCH=attackbench runs ./attackbench of the current folder" \
    "a run of pair 1 failed: attackbench: the stand-in in the current folder" \
    env -C "$scratch/bare-caller" ATTACKBENCH=attackbench "$s/comparisons/false-regressions" 1
script_refuses "sides-by-count: --program=attackbench runs ./attackbench of the current folder" \
    "attackbench: the stand-in in the current folder" \
    env -C "$scratch/bare-caller" "$s/comparisons/sides-by-count" --program=attackbench "$scripts_top/data/positions.fen"
if have_tool taskset; then
    script_refuses "guard-rail-rates: ATTACKBENCH=attackbench runs ./attackbench of the current folder" \
        "quiet run 1 failed (exit 1) attackbench: the stand-in in the current folder" \
        env -C "$scratch/bare-caller" ATTACKBENCH=attackbench "$s/comparisons/guard-rail-rates" 1 1
else
    skip "guard-rail-rates: ATTACKBENCH=attackbench runs ./attackbench (taskset is not installed)"
fi
# --help alone: the script's usage on standard output, exit 0, before
# anything is built, read or measured (the eighth hostile trial:
# hash-hit-rates.sh and memory-ladder.sh took --help as a file or a
# program, peak-rss.sh and sides-by-count refused it).  A script that went
# on would meet the failing program or make and not exit 0.
for script in comparisons/ab-power comparisons/compilers comparisons/false-regressions \
    comparisons/guard-rail-rates comparisons/hash-hit-rates.sh comparisons/memory-ladder.sh \
    comparisons/peak-rss.sh comparisons/peer-comparison-gpu comparisons/sides-by-count \
    results/results-tool results/results-wasm; do
    name=${script#*/}
    cd "$scratch/scripts-caller" && env PATH="$scratch/fake-make:$PATH" ATTACKBENCH="$scratch/failing-attackbench" \
        timeout 60 "$s/$script" --help >"$scratch/out" 2>"$scratch/err"
    got=$?
    cd "$top" || exit 2
    usage_text=
    IFS= read -r -d '' usage_text <"$scratch/out"
    if [ "$got" -eq 0 ] && [ ! -s "$scratch/err" ] && [[ $usage_text == *sage* || $usage_text == *"$name"* ]]; then
        pass "$name --help: its usage on standard output, exit 0"
    else
        fail "$name --help: its usage on standard output (exit $got; stderr: $(head -c 200 "$scratch/err"))"
    fi
done
script_refuses "install.sh: an unknown action is refused" "unknown action 'bogus'" sh "$s/platforms/install.sh" bogus
# The generators: an option they do not know is not an output file's name.
script_refuses "generate-switch-lookup: --bogus is refused" "generate-switch-lookup: unknown option --bogus" \
    "$s/generators/generate-switch-lookup" --bogus
script_refuses "embed-kernels.sh: --bogus is refused" "embed-kernels.sh: usage" sh "$s/generators/embed-kernels.sh" --bogus
[ ! -e "$scratch/scripts-caller/--bogus" ] && [ ! -e "$scratch/scripts-caller/--bogus.tmp" ] &&
    pass "the generators wrote no file named --bogus" ||
    fail "the generators wrote no file named --bogus"
for script in results/plot results/report results/readme-results comparisons/peer-comparison \
    comparisons/peer-comparison-gpu; do
    script_refuses "${script#*/}: a bad command line is one line, not argparse's usage" "${script#*/}: " "$s/$script" --bogus
done
# peer-comparison-gpu: a CSV that is not a device run, a missing, empty or
# non-UTF-8 file, and no arguments are each one line.
printf 'Kogge Stone: 1.50 GigaQueens/s\n' >"$scratch/peer-gpu.txt"
printf 'method,ns_per_query\npext,1.0\n' >"$scratch/not-device.csv"
: >"$scratch/empty.csv"
printf '\377\376\n' >"$scratch/binary.csv"
script_refuses "peer-comparison-gpu: a CSV without device columns is refused" "not the --csv of a --device=opencl run" \
    "$s/comparisons/peer-comparison-gpu" "$scratch/not-device.csv" "$scratch/peer-gpu.txt"
script_refuses "peer-comparison-gpu: an empty CSV is refused" "$scratch/empty.csv: not the --csv of a --device=opencl run" \
    "$s/comparisons/peer-comparison-gpu" "$scratch/empty.csv" "$scratch/peer-gpu.txt"
script_refuses "peer-comparison-gpu: a missing CSV is refused" "$scratch/none.csv: cannot read" \
    "$s/comparisons/peer-comparison-gpu" "$scratch/none.csv" "$scratch/peer-gpu.txt"
script_refuses "peer-comparison-gpu: a non-UTF-8 CSV is refused" "$scratch/binary.csv: not UTF-8 text" \
    "$s/comparisons/peer-comparison-gpu" "$scratch/binary.csv" "$scratch/peer-gpu.txt"
script_refuses "peer-comparison-gpu: no arguments is a one-line usage" "usage: scripts/comparisons/peer-comparison-gpu" \
    "$s/comparisons/peer-comparison-gpu"
# Each technique's fastest formulation is the one compared; a figure
# that is no positive number, an endless input and a standard output that
# cannot be written are one line each (a traceback or a full read before).
printf 'device,device_name,method,formulation,mlookups_per_s\nopencl,Test GPU,kogge-stone,global,3200\nopencl,Test GPU,kogge-stone,local,4100\nopencl,Test GPU,kogge-stone,constant,3900\n' \
    >"$scratch/device.csv"
run_to "$scratch/out" "$scratch/err" "$s/comparisons/peer-comparison-gpu" "$scratch/device.csv" "$scratch/peer-gpu.txt" &&
    grep -qF '| Kogge Stone | 1.50 | kogge-stone:local | 4.10 | 2.73x |' "$scratch/out" &&
    pass "peer-comparison-gpu: a technique's fastest formulation is compared" ||
    fail "peer-comparison-gpu: a technique's fastest formulation is compared ($(grep Kogge "$scratch/out") $(head -c 300 "$scratch/err"))"
sed 's/,4100$/,nan/' "$scratch/device.csv" >"$scratch/device-nan.csv"
script_refuses "peer-comparison-gpu: a figure of nan is refused" "device-nan.csv: line 3: mlookups_per_s 'nan' is not a positive number" \
    "$s/comparisons/peer-comparison-gpu" "$scratch/device-nan.csv" "$scratch/peer-gpu.txt"
script_refuses "peer-comparison-gpu: an endless input is refused" "/dev/zero: larger than 16 MiB" \
    "$s/comparisons/peer-comparison-gpu" "$scratch/device.csv" /dev/zero

# peer-comparison: the peer's source must be there (the page names how to
# get it), its timed loop must be the one it patches, and --render turns
# recorded runs into the page with the ratios computed from the medians.
# An endless runs record (it hung, reading /dev/zero) or a binary one.
script_refuses "peer-comparison: --render of an endless file is refused" "/dev/zero: larger than 16 MiB" \
    "$s/comparisons/peer-comparison" --render=/dev/zero -o "$scratch/peer.md"
script_refuses "peer-comparison: --render of a binary file is refused" "binary.csv: not UTF-8 text" \
    "$s/comparisons/peer-comparison" --render="$scratch/binary.csv" -o "$scratch/peer.md"
script_refuses "peer-comparison: a missing peer source names how to get it" \
    "no Chess_Movegen source in $scratch/no-peer (get it: git clone https://github.com/Gigantua/Chess_Movegen" \
    "$s/comparisons/peer-comparison" --peer="$scratch/no-peer" -o "$scratch/peer.md" "$program" "$program"
mkdir -p "$scratch/other-peer"
printf 'int main() { return 0; }\n' >"$scratch/other-peer/Main.cpp"
script_refuses "peer-comparison: a peer whose timed loop differs is refused" "its timed loop has no" \
    "$s/comparisons/peer-comparison" --peer="$scratch/other-peer" -o "$scratch/peer.md" "$program" "$program"
cat >"$scratch/peer-runs.json" <<'JSON'
{"cpu": "Test CPU", "load_before": ["1.00", "1.00", "1.00"], "load_after": ["2.00", "2.00", "2.00"],
 "peer_build": "clang++ -O3", "peer_compiler": "clang 14", "positions": 5000000, "reps_positions": 5,
 "note": "Taken under load.", "compilers": {"gcc": "gcc 12", "clang": "clang 14"},
 "runs": [{"peer": {"Pext constexpr": 100}, "gcc queries": {"pext": 50}, "clang queries": {"pext": 80},
           "gcc positions": {"pext": 120}, "clang positions": {"pext": 60}, "disturbed_rows": 3},
          {"peer": {"Pext constexpr": 300}, "gcc queries": {"pext": 150}, "clang queries": {"pext": 240},
           "gcc positions": {"pext": 360}, "clang positions": {"pext": 180}, "disturbed_rows": 1}]}
JSON
# A speed that is no positive number: rendered as a negative ratio before.
sed 's/"gcc queries": {"pext": 50}/"gcc queries": {"pext": -50}/' "$scratch/peer-runs.json" >"$scratch/peer-negative.json"
script_refuses "peer-comparison: --render of a negative speed is refused" "run 1, gcc queries, pext: -50 is not a speed" \
    "$s/comparisons/peer-comparison" --render="$scratch/peer-negative.json" -o "$scratch/peer.md"
"$s/comparisons/peer-comparison" --render="$scratch/peer-runs.json" -o "$scratch/peer.md" 2>"$scratch/err"
grep -qF '| Pext constexpr | `pext` | 200 | 100 | 160 | 0.80 | 240 | 120 | 1.20 | 2.00 |' "$scratch/peer.md" &&
    grep -qF -- '- queries layout: `pext` (0.80).' "$scratch/peer.md" &&
    grep -qF -- '- positions layout: none.' "$scratch/peer.md" &&
    grep -qF '**Taken under load.**' "$scratch/peer.md" &&
    grep -qF 'flagged 4 of its rows as disturbed' "$scratch/peer.md" &&
    [ "$(grep -c '^| .* | `[a-z0-9-]*` |' "$scratch/peer.md")" -eq 40 ] &&
    pass "peer-comparison --render: medians, ratios, rows below 1 and the load note" ||
    fail "peer-comparison --render: medians, ratios, rows below 1 and the load note ($(head -c 300 "$scratch/err"))"
# Runs of the pairing (scripts/comparisons/attackbench_pairs.py): each ratio
# the median of the runs' own ratios (1.40 here, where the ratio of the
# medians would be 1.70), the orders and the retaken run on the page.
cat >"$scratch/peer-pairs.json" <<'JSON'
{"cpu": "Test CPU", "load_before": ["1.00", "1.00", "1.00"], "load_after": ["2.00", "2.00", "2.00"],
 "peer_build": "clang++ -O3", "peer_compiler": "clang 14", "positions": 5000000, "reps_positions": 5,
 "note": "", "compilers": {"gcc": "gcc 12", "clang": "clang 14"},
 "shift_check": {"limit": 1.1, "share": 0.8, "retakes": 2},
 "retaken": [{"run": 1, "series": "gcc queries", "factor": 0.6, "moved": 40, "rows": 40}],
 "runs": [{"order": ["peer", "gcc queries", "clang queries", "gcc positions", "clang positions"],
           "peer": {"Pext constexpr": 100}, "gcc queries": {"pext": 80}, "clang queries": {"pext": 10},
           "gcc positions": {"pext": 80}, "clang positions": {"pext": 40}, "disturbed_rows": 0},
          {"order": ["clang positions", "gcc positions", "clang queries", "gcc queries", "peer"],
           "peer": {"Pext constexpr": 100}, "gcc queries": {"pext": 80}, "clang queries": {"pext": 10},
           "gcc positions": {"pext": 80}, "clang positions": {"pext": 40}, "disturbed_rows": 0},
          {"order": ["peer", "gcc queries", "clang queries", "gcc positions", "clang positions"],
           "peer": {"Pext constexpr": 300}, "gcc queries": {"pext": 600}, "clang queries": {"pext": 10},
           "gcc positions": {"pext": 600}, "clang positions": {"pext": 100}, "disturbed_rows": 0},
          {"order": ["clang positions", "gcc positions", "clang queries", "gcc queries", "peer"],
           "peer": {"Pext constexpr": 300}, "gcc queries": {"pext": 600}, "clang queries": {"pext": 10},
           "gcc positions": {"pext": 600}, "clang positions": {"pext": 100}, "disturbed_rows": 0}]}
JSON
"$s/comparisons/peer-comparison" --render="$scratch/peer-pairs.json" -o "$scratch/peer-pairs.md" 2>"$scratch/err"
grep -qF '| Pext constexpr | `pext` | 200 | 340 | 10 | 1.40 | 340 | 70 | 1.40 | 4.00 |' "$scratch/peer-pairs.md" &&
    grep -qF 'in turn in the orders peer, gcc queries, clang queries, gcc positions, clang positions; clang positions,' "$scratch/peer-pairs.md" &&
    grep -qF "Retaken: run 2, its gcc queries run: 0.60x the other gcc queries runs' figures on 40 of 40 rows (retake 1)." "$scratch/peer-pairs.md" &&
    grep -qF 'After the retakes none moved as a whole' "$scratch/peer-pairs.md" &&
    pass "peer-comparison --render: ratios the median of each run's own, the orders and the retaken run" ||
    fail "peer-comparison --render: ratios the median of each run's own, the orders and the retaken run ($(grep -F 'Pext constexpr |' "$scratch/peer-pairs.md"; head -c 300 "$scratch/err"))"

# Hostile inputs to the results scripts: one line and exit 2 each, nothing
# rewritten, copied outside the folder named or left half-written.
# The first of the committed gcc CSVs (in name order) that is no
# sides-by-count or perft file.
results_csv=
for candidate in "$scripts_top"/results/*-gcc.csv; do
    [[ $candidate == *sides-by-count* || $candidate == *perft* ]] || { results_csv=$candidate; break; }
done
printf 'top\n<!-- results:end -->\nmiddle\n<!-- results:begin -->\nold\n<!-- results:end -->\nbottom\n' \
    >"$scratch/stray-marker.md"
cp "$scratch/stray-marker.md" "$scratch/stray-marker.orig"
script_refuses "readme-results: an end marker before the beginning is refused" "no single <!-- results:begin -->" \
    python3 "$s/results/readme-results" --readme "$scratch/stray-marker.md" "$results_csv"
cmp -s "$scratch/stray-marker.md" "$scratch/stray-marker.orig" && pass "readme-results: the README is left as it was" ||
    fail "readme-results: the README is left as it was"
results_manifests=("$scripts_top"/results/*/*-manifest.json)
results_folder=${results_manifests[0]%/*}
cp -r "$results_folder" "$scratch/escaping"
# Two hostile inputs made by one python3 run: a manifest whose slug is a
# path, and the CSV with a median of -5 ns (tested further down).
run_python - "$scratch/escaping" "$results_csv" "$scratch/negative.csv" <<'PY'
import csv, glob, json, sys
path = glob.glob(sys.argv[1] + "/*-manifest.json")[0]
manifest = json.load(open(path))
manifest["slug"] = "../escaped"
json.dump(manifest, open(path, "w"))
rows = list(csv.DictReader(open(sys.argv[2])))
rows[0]["ns_per_query_median"] = "-5"
writer = csv.DictWriter(open(sys.argv[3], "w", newline=""), fieldnames=list(rows[0]))
writer.writeheader()
writer.writerows(rows)
PY
script_refuses "results-merge: a slug that is a path is refused" "\"slug\" '../escaped' is not a plain name" \
    python3 "$s/results/results-merge" --check "$scratch/escaping"
# An entry that is no file nor folder, named (it was "None: None").
cp -r "$results_folder" "$scratch/odd-entries"
ln -s /nonexistent/file "$scratch/odd-entries/dangling"
script_refuses "results-merge: a broken symbolic link in a folder is named" "odd-entries/dangling: a symbolic link" \
    python3 "$s/results/results-merge" --check "$scratch/odd-entries"
rm "$scratch/odd-entries/dangling"
if mkfifo "$scratch/odd-entries/pipe" 2>/dev/null; then
    script_refuses "results-merge: a FIFO in a folder is named" "odd-entries/pipe: not a file nor a folder" \
        python3 "$s/results/results-merge" --into "$scratch/odd-into" --web "$scratch/odd-into/web.js" "$scratch/odd-entries"
else
    skip "results-merge: a FIFO in a folder: mkfifo failed here"
fi
printf 'null\n' >"$scratch/null-manifest.json"
script_refuses "plot: a manifest that is not an object is one line" "not a manifest (a JSON object)" \
    python3 "$s/results/plot" -o "$scratch/plots" "$scratch/null-manifest.json"
script_refuses "report: --list /dev/zero is refused, not read forever" "/dev/zero: larger than 16 MiB" \
    timeout 60 python3 "$s/results/report" --list /dev/zero "$results_csv"
printf '\377\376 not text\n' >"$scratch/binary-list.txt"
script_refuses "report: a --list that is not UTF-8 is one line" "binary-list.txt: not UTF-8 text" \
    python3 "$s/results/report" --list "$scratch/binary-list.txt" "$results_csv"
script_refuses "report: a median of -5 ns is refused" "column ns_per_query_median: -5.0 is not above 0" \
    python3 "$s/results/report" "$scratch/negative.csv"
mkdir -p "$scratch/merged-into.csv"
script_refuses "results-tool merge: an output that is a directory is one line" "merged-into.csv: Is a directory" \
    python3 "$s/results/results-tool" merge "$scratch/merged-into.csv" "$results_csv"
[ -z "$(find "$scratch" -maxdepth 1 -name 'merged-into.csv*.tmp')" ] && pass "results-tool merge: no temporary file is left" ||
    fail "results-tool merge: a temporary file is left"
# The scripts' outputs are replaced as the C tool replaces its own: the
# temporary file has a name of its own (a link or a file planted at
# OUTPUT.tmp is neither followed nor consumed) and the old file's
# permission bits; a link is followed to the file it names and kept; a
# link to a device is written through, not replaced by a file.
mkdir -p "$scratch/replacing"
printf 'top\n<!-- results:begin -->\nold\n<!-- results:end -->\nbottom\n' >"$scratch/replacing/README.md"
chmod 640 "$scratch/replacing/README.md"
echo "precious user data" >"$scratch/replacing/victim.txt"
ln -s victim.txt "$scratch/replacing/README.md.tmp"
ln -s victim.txt "$scratch/replacing/link.md.tmp"
ln -s README.md "$scratch/replacing/link.md"
ln -s /dev/null "$scratch/replacing/null-link.json"
run_to /dev/null "$scratch/err" \
    python3 "$s/results/readme-results" --readme "$scratch/replacing/link.md" "$here/data/compare-run1.csv"
python3 "$s/results/results-tool" manifest "$scratch/replacing/null-link.json" machine=x \
    bench="$here/data/compare-run1.csv" 2>>"$scratch/err"
[ "$(cat "$scratch/replacing/victim.txt")" = "precious user data" ] && [ -L "$scratch/replacing/README.md.tmp" ] &&
    [ -L "$scratch/replacing/link.md.tmp" ] &&
    [ -L "$scratch/replacing/link.md" ] && [ -f "$scratch/replacing/README.md" ] &&
    [ ! -L "$scratch/replacing/README.md" ] && grep -q '^| `pext` |' "$scratch/replacing/README.md" &&
    [ "$(stat -c %a "$scratch/replacing/README.md")" = 640 ] &&
    [ "$(readlink "$scratch/replacing/null-link.json")" = /dev/null ] &&
    [ "$(ls -A "$scratch/replacing" | wc -l)" -eq 6 ] &&
    pass "write_replacing: a planted OUTPUT.tmp untouched, links followed and kept, permissions kept" ||
    fail "write_replacing: a planted OUTPUT.tmp untouched, links followed and kept, permissions kept ($(ls -l "$scratch/replacing" | tr '\n' ' '); $(head -c 200 "$scratch/err"))"
# results-tool: a CSV that is not attackbench's, a header without rows and
# a manifest argument that is no KEY=VALUE or names no file are refused,
# as by the other commands, rather than answered from this machine or
# written empty.
printf 'a,b\n1,2\n' >"$scratch/other.csv"
script_refuses "results-tool machine: a CSV without a cpu column is refused" \
    "other.csv: not an attackbench CSV: missing column(s) cpu" python3 "$s/results/results-tool" machine "$scratch/other.csv"
head -n 1 "$results_csv" >"$scratch/header-only.csv"
script_refuses "results-tool groups: a header-only CSV is refused" "header-only.csv: no data rows" \
    python3 "$s/results/results-tool" groups "$scratch/header-only.csv"
script_refuses "results-tool merge: a header-only part is refused" "header-only.csv: no data rows" \
    python3 "$s/results/results-tool" merge "$scratch/merged-empty.csv" "$scratch/header-only.csv"
[ ! -e "$scratch/merged-empty.csv" ] && pass "results-tool merge: nothing written from a header-only part" ||
    fail "results-tool merge: a header-only output was written"
script_refuses "results-tool manifest: a KEY without =VALUE is refused" "manifest: 'machine' is not KEY=VALUE" \
    python3 "$s/results/results-tool" manifest "$scratch/m.json" machine
script_refuses "results-tool manifest: a file that is not there is refused" "manifest: bench=$scratch/none.csv: no such file" \
    python3 "$s/results/results-tool" manifest "$scratch/m.json" bench="$scratch/none.csv"
# A key of one value given twice is refused (the second replaced the first).
script_refuses "results-tool manifest: machine= given twice is refused" "manifest: machine= given twice" \
    python3 "$s/results/results-tool" manifest "$scratch/m.json" machine=a machine=b bench="$here/data/report-input.csv"
[ ! -e "$scratch/m.json" ] && pass "results-tool manifest: nothing written when refused" ||
    fail "results-tool manifest: a manifest was written when refused"
# sides-by-count --csv naming its positions file (or a link to it) would
# replace the positions with the rows: refused before anything runs, the
# file left whole; an empty --csv is no file name.
head -n 60 "$scripts_top/data/positions.fen" >"$scratch/sides-input.fen"
cp "$scratch/sides-input.fen" "$scratch/sides-input.orig"
ln -sf sides-input.fen "$scratch/sides-link.fen"
for output in sides-input.fen sides-link.fen; do
    script_refuses "sides-by-count: --csv naming the positions file ($output) is refused" \
        "--csv $scratch/$output: that is an input file of sides-by-count" \
        "$s/comparisons/sides-by-count" --program="$scratch/failing-attackbench" --csv="$scratch/$output" \
        "$scratch/sides-input.fen"
done
cmp -s "$scratch/sides-input.fen" "$scratch/sides-input.orig" &&
    pass "sides-by-count: the positions file is left whole" || fail "sides-by-count: the positions file is left whole"
script_refuses "sides-by-count: an empty --csv is refused" "sides-by-count: --csv needs a file name" \
    "$s/comparisons/sides-by-count" --program="$scratch/failing-attackbench" --csv= "$scratch/sides-input.fen"
# A program that does not start is named without Python's errno text.
script_refuses "sides-by-count: a folder as --program is named as one" "sides-by-count: $scratch: a folder, not a program" \
    "$s/comparisons/sides-by-count" --program="$scratch" "$scratch/sides-input.fen"
script_refuses "sides-by-count: a missing --program, no errno text" \
    "sides-by-count: $scratch/none: No such file or directory" \
    "$s/comparisons/sides-by-count" --program="$scratch/none" "$scratch/sides-input.fen"
# sides-by-count: attackbench's refusal is one line with the command's.
script_refuses "sides-by-count: an unknown method is one line" "failed (exit 2): attackbench: " \
    "$s/comparisons/sides-by-count" --program="$program" --methods=nosuch "$scripts_top/data/positions.fen"
# results-wasm: its usage names both forms.
script_refuses "results-wasm: the usage names --from=FILE.md" "--findings=FINDINGS.md --from=FILE.md" \
    python3 "$s/results/results-wasm"
printf 'garbage line\n' >"$scratch/garbage.epd"
script_refuses "piece_counts.py: a line that is not a FEN board is refused, naming it" "garbage.epd:1: not a FEN board" \
    python3 "$s/results/piece_counts.py" "$scratch/garbage.epd"
script_refuses "piece_counts.py: /dev/zero is refused at the line limit" "/dev/zero:1: line is longer than 65536 bytes" \
    timeout 60 python3 "$s/results/piece_counts.py" /dev/zero
script_refuses "piece_counts.py: a directory is named as one" "is a directory" python3 "$s/results/piece_counts.py" "$scratch"
# Lines attackbench refuses are not profiled: two digits in a row, a NUL.
printf 'rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n' >"$scratch/digits.fen"
script_refuses "piece_counts.py: two digits in a row are refused" "digits.fen:1: not a FEN board" \
    python3 "$s/results/piece_counts.py" "$scratch/digits.fen"
printf 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\0\n' >"$scratch/nul.fen"
script_refuses "piece_counts.py: a NUL byte is refused" "nul.fen:1: binary data (a NUL byte)" \
    python3 "$s/results/piece_counts.py" "$scratch/nul.fen"
# Text after the fullmove number: refused with attackbench's own words
# (tests/bad-input/expected.txt); EPD operations after the clocks are read.
trailing_expected=$(sed -n 's/^trailing-text\.fen\tattackbench: tests\///p' "$here/bad-input/expected.txt")
[ -n "$trailing_expected" ] || fail "piece_counts.py: tests/bad-input/expected.txt names trailing-text.fen"
script_refuses "piece_counts.py: text after the fullmove number is refused as attackbench refuses it" \
    "piece_counts.py: $here/$trailing_expected" python3 "$s/results/piece_counts.py" "$here/bad-input/trailing-text.fen"
printf '8/8/8/8/8/8/8/K6k w - - 0 1 bm Kb1; id "x";\n' >"$scratch/clocks-and-operations.epd"
python3 "$s/results/piece_counts.py" "$scratch/clocks-and-operations.epd" >"$scratch/out" 2>"$scratch/err" &&
    grep -q 'clocks-and-operations.epd | 1 | 2.0 |' "$scratch/out" &&
    pass "piece_counts.py: EPD operations after the clocks are read" ||
    fail "piece_counts.py: EPD operations after the clocks are read ($(head -c 200 "$scratch/err"))"
# check_output_refusal NAME WHAT WHY STATUS: the script NAME exited with
# STATUS 2 and $scratch/err is exactly its one line (newline-terminated,
# as wc -l counts) "NAME: standard output: cannot write: WHY".
check_output_refusal() {
    local name=$1 what=$2 why=$3 status=$4 err=
    IFS= read -r -d '' err <"$scratch/err"
    [ "$status" -eq 2 ] && [ "$err" = "$name: standard output: cannot write: $why"$'\n' ] &&
        pass "$name: $what is one line, exit 2" ||
        fail "$name: $what is one line, exit 2 (exit $status: $(head -c 300 "$scratch/err"))"
}
# The scripts that print into a closed pipe (the FIFO of tests/cli/hostile.sh,
# opened to read and write, its reading end then closed: every write meets
# EPIPE) say so in one line with exit 2, as attackbench does, not with a
# traceback or "None: Broken pipe".
printf 'pair,order,ratio,left_out\n' >"$scratch/drift-pipe.csv"
awk 'BEGIN { for (i = 1; i <= 48; i++) print i ",AB,1.01," }' >>"$scratch/drift-pipe.csv"
for command in "results/report $here/data/compare-run1.csv" "results/piece_counts.py $scripts_top/data/perft.epd" \
    "comparisons/ab-drift $scratch/drift-pipe.csv" "results/results-tool fastest $here/data/compare-run1.csv"; do
    rm -f "$scratch/closed-pipe" && mkfifo "$scratch/closed-pipe"
    # shellcheck disable=SC2086
    (exec 7<>"$scratch/closed-pipe" 8>"$scratch/closed-pipe" 7<&- && exec python3 "$s/"$command >&8) 2>"$scratch/err"
    pipe_status=$?
    name=${command%% *}
    check_output_refusal "${name##*/}" "a closed pipe" "Broken pipe" "$pipe_status"
done
rm -f "$scratch/closed-pipe"
# Standard output closed (>&-: Python then has none) or full: the same one
# line, exit 2 (a traceback before, or exit 0 with nothing said for plot's
# list of the charts it wrote).
for command in "results/report $here/data/compare-run1.csv" "results/piece_counts.py $scripts_top/data/perft.epd" \
    "results/results-tool groups $here/data/compare-run1.csv" "results/plot -o $scratch/closed-plots $here/data/compare-run1.csv" \
    "comparisons/peer-comparison-gpu $scratch/device.csv $scratch/peer-gpu.txt" "comparisons/peer-comparison-gpu --help" \
    "comparisons/compilers --help" "results/web-results.py --help"; do
    name=${command%% *}
    name=${name##*/}
    [ "$name" = web-results.py ] && name=web-results # the name its lines give
    if [ "$name" = plot ] && ! have_tool gnuplot; then
        skip "plot: standard output closed or full: gnuplot is not installed (apt-get install gnuplot-nox)"
        continue
    fi
    for output in closed full; do
        [ "$output" = full ] && [ ! -w /dev/full ] && continue
        # shellcheck disable=SC2086
        if [ "$output" = closed ]; then
            python3 "$s/"$command >&- 2>"$scratch/err"
            out_status=$?
            why="Bad file descriptor"
        else
            python3 "$s/"$command >/dev/full 2>"$scratch/err"
            out_status=$?
            why="No space left on device"
        fi
        check_output_refusal "$name" "standard output $output" "$why" "$out_status"
    done
done
# Rows of 20,000 repetitions: their samples_ns field is longer than the
# csv module's default field limit (131,072 characters), which made the
# scripts refuse the file ("field larger than field limit").  Made from a
# real CSV's rows, each given 20,000 samples (a real run of so many tiny
# repetitions times 0 ns under an emulator's clock).
run_python - "$here/data/compare-run1.csv" "$scratch/long-samples.csv" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], newline="")))
for row in rows:
    row["samples_ns"] = " ".join([row["ns_per_query_median"]] * 20000)
    row["reps"] = "20000"
writer = csv.DictWriter(open(sys.argv[2], "w", newline=""), fieldnames=list(rows[0]), lineterminator="\n")
writer.writeheader()
writer.writerows(rows)
PY
if [ "$(awk -F, 'NR == 2 { print (length($0) > 131072) }' "$scratch/long-samples.csv")" = 1 ]; then
    for command in "results/report" "results/results-tool machine" "results/plot -o $scratch/long-plots"; do
        name=${command%% *}
        name=${name##*/}
        if [ "$name" = plot ] && ! have_tool gnuplot; then
            skip "plot: a CSV with a samples_ns field of over 131,072 characters: gnuplot is not installed (apt-get install gnuplot-nox)"
            continue
        fi
        # shellcheck disable=SC2086
        if python3 "$s/"$command "$scratch/long-samples.csv" >/dev/null 2>"$scratch/err" && [ ! -s "$scratch/err" ]; then
            pass "$name: a CSV with a samples_ns field of over 131,072 characters is read"
        else
            fail "$name: a CSV with a samples_ns field of over 131,072 characters is read ($(head -c 300 "$scratch/err"))"
        fi
    done
else
    fail "a CSV of 20,000 samples a row has rows of over 131,072 characters"
fi
# A --device run's CSV is named as one (report read its launches as CPU
# rows of one thread, timed by the TSC).
awk -F, -v OFS=, 'NR == 1 { print $0, "device"; next } { print $0, "opencl:0" }' "$here/data/compare-run1.csv" \
    >"$scratch/device.csv"
script_refuses "report: a --device run's CSV is named as one" \
    "device.csv: the output of a --device run: the scripts read the CPU benchmark's CSV" \
    python3 "$s/results/report" "$scratch/device.csv"
# An instruction count's CSV (--count=instructions: metric instructions,
# no times) is named as one, by report and plot (they said "column
# ns_per_query_median is empty": the eighth hostile trial).
awk -F, -v OFS=, 'NR > 1 { $22 = "instructions"; $28 = "" } { print }' "$here/data/compare-run1.csv" >"$scratch/count.csv"
for script in report plot; do
    script_refuses "$script: an instruction count's CSV is named as one" \
        "count.csv: an instruction count (--count=instructions): the scripts read timed runs' CSVs" \
        python3 "$s/results/$script" "$scratch/count.csv" -o "$scratch/count-out"
done
# The parameters column (--param, empty for a backend's defaults): read
# when empty; a row run with a parameter is refused in one line by every
# reader (report, plot, readme-results, results-tool merge), not ranked
# under the method's name beside default rows.
awk -F, -v OFS=, 'NR == 1 { print $0, "parameters"; next } { print $0, "" }' "$here/data/compare-run1.csv" \
    >"$scratch/defaults.csv"
awk -F, -v OFS=, 'NR == 1 { print $0, "parameters"; next } { print $0, NR == 2 ? "hash-bits=8" : "" }' \
    "$here/data/compare-run1.csv" >"$scratch/param.csv"
python3 "$s/results/report" "$scratch/defaults.csv" >"$scratch/out" 2>"$scratch/err" && grep -q '^| 1 | pext | ' "$scratch/out" &&
    pass "report: a parameters column empty in every row is read" ||
    fail "report: a parameters column empty in every row is read ($(head -c 300 "$scratch/err"))"
param_refusal="param.csv: line 2: pext ran with --param hash-bits=8: the scripts read runs of the methods' defaults"
for script in report plot; do
    script_refuses "$script: a row run with --param is refused" "$param_refusal" \
        python3 "$s/results/$script" "$scratch/param.csv" -o "$scratch/param-out"
done
printf 'top\n<!-- results:begin -->\nold\n<!-- results:end -->\n' >"$scratch/param-readme.md"
script_refuses "readme-results: a row run with --param is refused" "$param_refusal" \
    python3 "$s/results/readme-results" --readme "$scratch/param-readme.md" "$scratch/param.csv"
script_refuses "results-tool merge: a row run with --param is refused" "$param_refusal" \
    python3 "$s/results/results-tool" merge "$scratch/param-merged.csv" "$scratch/param.csv"
# An escape sequence in a method name is refused, shown escaped (it went
# raw into the markdown and to the terminal).
sed '2s/,pext,rook,/,evil\x1b[2Jname,rook,/' "$here/data/compare-run1.csv" >"$scratch/escape.csv"
script_refuses "report: an escape sequence in a field is refused, shown escaped" \
    "escape.csv: line 2: method: 'evil\\x1b[2Jname' holds a control character" \
    python3 "$s/results/report" "$scratch/escape.csv"
! grep -q $'\x1b' "$scratch/err" && pass "report: no raw ESC byte reaches the terminal" ||
    fail "report: no raw ESC byte reaches the terminal"

# Ctrl-C ends a Python script with exit 130 and no traceback (report,
# plot and readme-results did; the others printed KeyboardInterrupt's).
# Each is held reading a FIFO, and interrupted once it has the FIFO open.
# interrupted_quietly NAME FIFO COMMAND...: COMMAND with SIGINT's default
# action (a script's background job ignores it), interrupted while it
# reads FIFO (a minute allowed for it to get there on a loaded machine):
# exit 130, stderr empty.
interrupted_quietly() {
    local name=$1 fifo=$2 got
    shift 2
    rm -f "$fifo" && mkfifo "$fifo"
    got=$(timeout -k 5 150 python3 -c 'import errno, os, signal, subprocess, sys, time
fifo = sys.argv[1]
child = subprocess.Popen(sys.argv[2:], stdout=subprocess.DEVNULL,
                         stderr=open(fifo + ".err", "w"),
                         preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
deadline = time.monotonic() + 60
while True:
    try:
        writer = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)
        break
    except OSError as error:
        if error.errno != errno.ENXIO or child.poll() is not None:
            print(f"{child.poll()} before it read the FIFO ({error.strerror})")
            sys.exit()
    if time.monotonic() > deadline:
        child.kill()
        print("no read of the FIFO within a minute")
        sys.exit()
    time.sleep(0.05)
# A signal between the open and the read is only noted by python, and the
# read then waits: the script is given time to reach the read, and a
# second SIGINT, as a user would press Ctrl-C again.
time.sleep(0.5)
child.send_signal(signal.SIGINT)
try:
    print(child.wait(timeout=10))
except subprocess.TimeoutExpired:
    child.send_signal(signal.SIGINT)
    try:
        print(child.wait(timeout=60))
    except subprocess.TimeoutExpired:
        child.kill()
        print("still running a minute after SIGINT")' "$fifo" "$@" 2>"$fifo.driver")
    cat "$fifo.driver" >>"$fifo.err"
    if [ "$got" = 130 ] && [ ! -s "$fifo.err" ]; then
        pass "$name"
    else
        fail "$name (exit $got; $(head -c 300 "$fifo.err"))"
    fi
}
mkdir -p "$scratch/interrupted/folder"
interrupted_quietly "piece_counts.py: Ctrl-C is exit 130, no traceback" "$scratch/interrupted/positions.fen" \
    python3 "$s/results/piece_counts.py" "$scratch/interrupted/positions.fen"
interrupted_quietly "results-tool: Ctrl-C is exit 130, no traceback" "$scratch/interrupted/groups.csv" \
    python3 "$s/results/results-tool" groups "$scratch/interrupted/groups.csv"
interrupted_quietly "web-results.py: Ctrl-C is exit 130, no traceback" \
    "$scratch/interrupted/folder/m-2026-01-01-manifest.json" \
    python3 "$s/results/web-results.py" "$scratch/interrupted/folder" "$scratch/interrupted/out.js"
interrupted_quietly "ab-drift: Ctrl-C is exit 130, no traceback" "$scratch/interrupted/ab.csv" \
    python3 "$s/comparisons/ab-drift" "$scratch/interrupted/ab.csv"
interrupted_quietly "peer-comparison-gpu: Ctrl-C is exit 130, no traceback" "$scratch/interrupted/device.csv" \
    python3 "$s/comparisons/peer-comparison-gpu" "$scratch/interrupted/device.csv" "$scratch/interrupted/peer.txt"
# results-merge interrupted while readme-results reads the results: exit
# 130, and INTO and its README as they were (the copy taken back).
merge_into="$scratch/interrupted/into"
mkdir -p "$merge_into"
cp -R "$scripts_top/results/amd-epyc-family25-model1-2026-12-01" "$merge_into/other"
cp "$scripts_top/results/README.md" "$merge_into/README.md"
merge_fifo=$(ls "$merge_into"/other/*-gcc.csv | head -n 1)
rm -f "$merge_fifo"
interrupted_quietly "results-merge: Ctrl-C is exit 130, no traceback" "$merge_fifo" \
    python3 "$s/results/results-merge" --into "$merge_into" --web "$scratch/interrupted/results.js" \
    "$scripts_top/results/amd-epyc-family25-model1-2026-12-01"
[ "$(ls -A "$merge_into" | tr '\n' ' ')" = "README.md other " ] && cmp -s "$merge_into/README.md" "$scripts_top/results/README.md" &&
    [ ! -e "$scratch/interrupted/results.js" ] &&
    pass "results-merge: an interrupted merge leaves INTO and its README as they were" ||
    fail "results-merge: an interrupted merge leaves INTO and its README as they were ($(ls -A "$merge_into" | tr '\n' ' '))"

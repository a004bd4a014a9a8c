#!/usr/bin/env bash
# Tests of `attackbench ab`: its refusals, the verdicts and exit statuses
# on known pairs (ATTACKBENCH_AB_REPLAY, src/cli/ab_side.c), and the shape
# of a live run of each kind, two methods, two builds and two plugins,
# with a time limit that ends it after the first ABBA block.  Nothing here
# judges a live timing: the machine may be loaded.
source "$(dirname "$0")/../lib/tap.bash"

# WebAssembly cannot start the sides' processes: ab refuses there, saying so.
if [ "$wasm_build" = 1 ]; then
    expect_error "ab: refused under WebAssembly" "not under WebAssembly: each side runs as a process of its own" \
        "$program" ab -m $lookup,kogge-stone
    exit 0
fi

expect_error "ab: no sides" "expected A and B" "$program" ab
expect_error "ab: one side" "expected A and B" "$program" ab "$program"
expect_error "ab: a benchmark option before A and B" "--reps=3: not an option of ab (ab's options come before A and B" \
    "$program" ab --reps=3 "$program" "$program"
# The mirror: one of ab's own options after A and B, among the
# benchmark's, was "unknown option" though ab has it.  --min-time and
# --method, which the benchmark has too, stay the benchmark's there.
expect_one_line "ab: an ab option after A and B" \
    "attackbench ab: --max-time=10s: an option of ab, given among the benchmark's: ab's options come before A and B" \
    "$program" ab "$program" "$program" --method=pext --max-time=10s
expect_one_line "ab: an ab option after -m A,B and a benchmark option" \
    "attackbench ab: --keep-disturbed: an option of ab, given among the benchmark's: ab's options come before the benchmark's" \
    "$program" ab -m pext,kogge-stone -w random --keep-disturbed
expect_error "ab: resolution 0" "--resolution=0: expected a percentage above 0 and below 100" \
    "$program" ab --resolution=0 "$program" "$program"
expect_error "ab: resolution in words" "--resolution=one: expected a percentage" \
    "$program" ab --resolution=one "$program" "$program"
expect_error "ab: a time without a number" "--max-time=m: expected a time such as 90, 90s, 2m or 1h" \
    "$program" ab --max-time=m "$program" "$program"
expect_error "ab: a time in days" "--max-time=2d: expected a time" "$program" ab --max-time=2d "$program" "$program"
expect_error "ab: a build and a plugin" "expected two builds or two plugins (.so), not one of each" \
    "$program" ab "$program" "$scratch/patch.so"
expect_error "ab: a build that is not there" "$scratch/absent: not a program this user can run" \
    "$program" ab "$program" "$scratch/absent"
expect_one_line "ab: an empty operand is named as one" "an empty operand: expected two builds or two plugins" \
    "$program" ab "" "$program"
# A directory passes access(X_OK): a build must be a regular file, one line.
expect_one_line "ab: a directory as a build" "$scratch: not a program this user can run (Is a directory)" \
    "$program" ab --max-time=20 "$program" "$scratch" --method=$lookup
expect_error "ab: a plugin that is not there" "--plugin=$scratch/absent.so:" \
    "$program" ab "$scratch/absent.so" "$scratch/absent.so"
expect_error "ab: one method" "--method=pext: expected two methods, METHOD_A,METHOD_B" "$program" ab -m pext
# The work directory goes under TMPDIR; one that cannot be made is named.
expect_error "ab: a TMPDIR that is not there" "cannot make a work directory $scratch/absent/attackbench-ab-" \
    env TMPDIR="$scratch/absent" "$program" ab -m classical,kogge-stone
expect_error "ab: an unknown method" "no method named 'pexx'" "$program" ab -m pext,pexx
# An unknown formulation too, in the benchmark's words, before any side
# starts (both sides started and failed: the eighth hostile trial).
expect_one_line "ab: an unknown formulation is refused before the sides start" \
    "attackbench ab: unknown formulation 'kogge-stone:nosuch'; kogge-stone has " \
    "$program" ab -m kogge-stone,kogge-stone:nosuch
# -m matches names as the benchmark's --method does: in any case, a
# formulation's too, and a list with -NAME matched whole; it must choose
# exactly two (only exact lower-case names were taken).
awk 'BEGIN { for (i = 0; i < 11; i++) print 10, 10.5 }' >"$scratch/matched.txt"
while IFS='|' read -r methods sides; do
    ATTACKBENCH_AB_REPLAY="$scratch/matched.txt" "$program" ab -m "$methods" >"$scratch/out" 2>"$scratch/err"
    status=$?
    if [ "$status" -eq 3 ] && [ "$(grep '^[AB]: ' "$scratch/out" | paste -sd' ')" = "$sides" ]; then
        pass "ab: -m $methods times $sides"
    else
        fail "ab: -m $methods times $sides (exit $status: $(cat "$scratch/out" "$scratch/err" | head -c 300))"
    fi
done <<'EOF_MATCHED'
HYPERBOLA,Kogge-Stone:Scalar|A: hyperbola B: kogge-stone:scalar
hyperbola,kogge-stone,-Hyperbola,hyperbola|A: kogge-stone B: hyperbola
Hyperbola,hyperbola|A: hyperbola B: hyperbola
kindergarten*,-kindergarten,-kindergarten-shared|A: kindergarten-fold32 B: kindergarten-magic-file
hyperbola,kogge-stone-simd*,hyperbola-rbit|A: hyperbola B: hyperbola-rbit
EOF_MATCHED
# (The last two as the benchmark's --method chooses them: the list was cut
# to three before its -NAME, "the list chooses one"; a glob kept a match
# this CPU cannot run, which the benchmark leaves out.)  A method the list
# names that this CPU cannot run is refused with the reason.
expect_one_line "ab: a named method this CPU cannot run" \
    "attackbench ab: hyperbola-simd128 cannot run here: WebAssembly only" \
    "$program" ab -m 'hyperbola,hyperbola-simd128,-kogge-stone'
# --param against the two methods before any side starts (both started,
# then one failed): a bad value, and a parameter one of them has not.
expect_one_line "ab: a --param value the method refuses" \
    "attackbench ab: --param=hash-bits=99: sherwin-hash: hash-bits must be an integer from 8 to 26" \
    "$program" ab -m sherwin-hash,$lookup --param=hash-bits=99
expect_one_line "ab: a --param one of the two methods has not" \
    "attackbench ab: --param=hash-bits=8: $lookup has no parameter 'hash-bits' (each side runs with every --param)" \
    "$program" ab -m sherwin-hash,$lookup --param=hash-bits=8
expect_one_line "ab: a glob that chooses more than two" \
    "attackbench ab: --method=magic-*: expected two methods, METHOD_A,METHOD_B (the list chooses more than two)" \
    "$program" ab -m 'magic-*'
expect_one_line "ab: a -NAME that leaves one" \
    "attackbench ab: --method=pext,hyperbola,-PEXT: expected two methods, METHOD_A,METHOD_B (the list chooses one)" \
    "$program" ab -m pext,hyperbola,-PEXT
expect_error "ab: the benchmark's --csv" "--csv=x.csv: ab writes its own output" \
    "$program" ab "$program" "$program" -m pext --csv=x.csv
expect_error "ab: two builds without --method" "two builds: name what to time with --method=NAME after A and B" \
    "$program" ab "$program" "$program" --reps=3
expect_error "ab: --method beside -m" "--method=pext: the methods compared are A and B" \
    "$program" ab -m $lookup,kogge-stone --reps=3 --method=pext
expect_error "ab: an empty --csv" "--csv needs a file name" "$program" ab --csv= -m pext,kogge-stone
expect_error "ab: an empty --json" "--json needs a file name" "$program" ab --json= -m pext,kogge-stone
# The JSON would replace the CSV, and either the build or plugin compared.
expect_error "ab: --csv and --json naming one file" "ab-one.csv: --csv and --json name the same file" \
    "$program" ab --csv="$scratch/ab-one.csv" --json="$scratch/ab-one.csv" -m pext,kogge-stone
cp "$program" "$scratch/ab-build"
expect_error "ab: --json naming a build it compares" "ab-build: --json names an input file; it would be replaced" \
    "$program" ab --json="$scratch/ab-build" "$scratch/ab-build" "$program" --method=pext
cmp -s "$program" "$scratch/ab-build" && pass "ab: the build named by --json is untouched" ||
    fail "ab: the build named by --json is untouched"
# With -m, the program both sides run is an input too.  Under an
# emulator the program is a wrapper script: its copy is not the program
# that runs (/proc/self/exe names the emulated binary).
if [ -n "$emulated" ]; then
    skip "ab: --json naming the program both sides run: under $emulated the program is a wrapper of the binary"
    skip "ab: the program named by --json is untouched: under $emulated the program is a wrapper of the binary"
else
    cp "$program" "$scratch/ab-self"
    expect_error "ab: --json naming the program both sides run" "ab-self: --json names an input file; it would be replaced" \
        "$scratch/ab-self" ab --max-time=0.05 --pair-time=0.005 --json="$scratch/ab-self" -m pext,kogge-stone --reps=3
    cmp -s "$program" "$scratch/ab-self" && pass "ab: the program named by --json is untouched" ||
        fail "ab: the program named by --json is untouched"
fi
# The position files the sides read are inputs too, in both kinds of run.
cp "$here/../data/perft.epd" "$scratch/ab-positions.epd"
expect_error "ab: --json naming a position file the sides read" \
    "ab-positions.epd: --json names an input file; it would be replaced" \
    "$program" ab --json="$scratch/ab-positions.epd" -m pext,kogge-stone -w pieces "$scratch/ab-positions.epd"
expect_error "ab: --csv naming a position file of two builds' run" \
    "ab-positions.epd: --csv names an input file; it would be replaced" \
    "$program" ab --csv="$scratch/ab-positions.epd" "$program" "$program" --method=pext -w pieces "$scratch/ab-positions.epd"
cmp -s "$here/../data/perft.epd" "$scratch/ab-positions.epd" && pass "ab: the position file named by --csv or --json is untouched" ||
    fail "ab: the position file named by --csv or --json is untouched"
expect_error "ab: --min-time past --max-time" "--min-time=180 s is longer than --max-time=60 s" \
    "$program" ab --min-time=3m --max-time=1m -m pext,kogge-stone
expect_error "ab: --pair-time past --max-time" "--pair-time=8 s is longer than --max-time=1 s" \
    "$program" ab --max-time=1 --pair-time=8 -m pext,kogge-stone
# A --max-time that cannot hold the 10 pairs a verdict needs, at
# --pair-time's rounds each, could only end undecided: refused at once.
expect_one_line "ab: --max-time shorter than 10 pairs of --pair-time" \
    "--max-time=8 s cannot hold the 10 pairs a verdict needs at --pair-time=1 s: no verdict could come in time" \
    "$program" ab --max-time=8 -m pext,kogge-stone
expect_one_line "ab: --max-time=0.5 with --pair-time=0.1" "--max-time=0.5 s cannot hold the 10 pairs" \
    "$program" ab --max-time=0.5 --pair-time=0.1 -m pext,kogge-stone
# null times nothing that a side could be compared on.
expect_error "ab: null as a side" "null computes no attack sets and cannot be a side" "$program" ab -m null,pext
# A benchmark option that makes a run with no rounds to time: refused
# before any side starts.
for option in --help -h --list -l --version -V --verify-only --dump --list-devices --device=opencl \
    --count=instructions; do
    expect_error "ab: the benchmark's $option" "$option: a side must time one group of the benchmark" \
        "$program" ab --max-time=1 "$program" "$program" --method=pext "$option"
done
# A benchmark option the sides would refuse, or one that times more than
# one group: refused by ab's own parse before any side starts, one line
# (a failed side would give its command and its messages).
while IFS='|' read -r option text; do
    # shellcheck disable=SC2086 # "-p all" is two words
    expect_one_line "ab: the benchmark's $option is refused before any side starts" "$text" \
        "$program" ab --max-time=20 -m pext,kogge-stone $option
done <<'CASES'
--pin=abc|attackbench ab: --pin=abc: expected a CPU number or none
--reps=0|attackbench ab: --reps=0: expected a number from 1 to 100000
--pin=4095|attackbench ab: --pin=4095: this process may not run on CPU 4095
--threads=999|attackbench ab: --threads=999: expected a number from 1 to
-p all|attackbench ab: a side times one group: one workload, one piece, one dispatch and no --phase
--dispatch=both|attackbench ab: a side times one group
--workload=pieces|attackbench ab: no FEN/EPD files given for a side's workload
--no-such-option|attackbench ab: unknown option '--no-such-option'
CASES
# ab's default --piece=queen goes only beneath a workload that takes a
# piece: the benchmark refuses --piece with sets or sides alone, so
# -w sides gets as far as its file.
expect_one_line "ab: -w sides is taken without ab's default --piece" \
    "attackbench ab: no FEN/EPD files given for a side's workload" "$program" ab --max-time=20 -m pext,kogge-stone -w sides
expect_one_line "ab: two builds' -p all is refused before any side starts" "a side times one group" \
    "$program" ab --max-time=20 "$program" "$program" --method=pext -p all

# Both sides reading one standard input would split it between them.
expect_error "ab: a benchmark file -" "-: both sides would read the one standard input; name a file" \
    "$program" ab --max-time=1 -m pext,kogge-stone --workload=file - </dev/null
expect_status "ab: --help" 0 "$program" ab --help
grep -q -- "--resolution=PCT" "$scratch/out" &&
    grep -q "^Exit status: 0 B not slower (B faster, no difference, or undecided), 3 B$" "$scratch/out" &&
    pass "ab: the help names --resolution and the exit statuses" ||
    fail "ab: the help names --resolution and the exit statuses"

# replay NAME FILE: ab on the pairs of FILE ("A_NS B_NS [LEFT_OUT]" a line).
replay() {
    ATTACKBENCH_AB_REPLAY="$2" "$program" ab -m $lookup,kogge-stone --csv="$scratch/$1.csv" --json="$scratch/$1.json" \
        >"$scratch/out" 2>"$scratch/err"
}
# pairs FILE COUNT A B SPREAD: COUNT pairs of A and B ns with B -+ SPREAD
# alternately.
pairs() {
    awk -v count="$2" -v a="$3" -v b="$4" -v spread="$5" \
        'BEGIN { for (i = 0; i < count; i++) print a, b + (i % 2 ? spread : -spread) }' >"$1"
}

# Eleven pairs of B 5% slower, then a disturbed one: B slower, exit 3,
# after the fifth whole ABBA block (ten pairs); the rest is never read.
pairs "$scratch/slower.txt" 11 10 10.5 0.05
echo "10 20 cpu-contention" >>"$scratch/slower.txt"
replay slower "$scratch/slower.txt"
status=$?
if [ "$status" -eq 3 ] && grep -q "^verdict: B slower (resolution 1%" "$scratch/out" &&
    grep -q "^B/A: 1.050[0-9] (95% interval 1.04[0-9]* to 1.05[0-9]*)$" "$scratch/out" &&
    grep -q "^pairs: 10 used, 0 disturbed left out$" "$scratch/out"; then
    pass "ab: B 5% slower is B slower, exit 3"
else
    fail "ab: B 5% slower is B slower, exit 3 (exit $status: $(cat "$scratch/out" "$scratch/err" | head -c 400))"
fi
if [ "$(head -1 "$scratch/slower.csv")" = "pair,order,a_ns_per_query,b_ns_per_query,ratio,a_cpu,b_cpu,left_out,blocks,preempted_blocks" ] &&
    [ "$(csv_column order <"$scratch/slower.csv" | paste -sd' ')" = "AB BA AB BA AB BA AB BA AB BA" ]; then
    pass "ab: the CSV has a row per pair in ABBA order"
else
    fail "ab: the CSV has a row per pair in ABBA order ($(head -3 "$scratch/slower.csv"))"
fi
python3 - "$scratch/slower.json" <<'PYTHON' && pass "ab: the JSON has the verdict and every pair" || fail "ab: the JSON has the verdict and every pair"
import json, sys
run = json.load(open(sys.argv[1]))
assert run["verdict"] == "B slower" and run["kind"] == "methods", run
assert run["pairs_used"] == 10 and run["pairs_left_out"] == 0 and len(run["pairs"]) == 10
assert abs(run["ratio"] - 1.05) < 0.001 and run["ratio_low"] < 1.05 < run["ratio_high"]
PYTHON

# A disturbed pair fourth: ten pairs are kept after the eleventh, in the
# middle of a block, so the test looks after the twelfth.
# (head -3; the disturbed pair; tail -n +4 | head -8, in the shell.)
mapfile -t slower_lines <"$scratch/slower.txt"
{
    for ((line = 0; line < 3 && line < ${#slower_lines[@]}; line++)); do printf '%s\n' "${slower_lines[line]}"; done
    echo "10 20 cpu-contention"
    for ((line = 3; line < 11 && line < ${#slower_lines[@]}; line++)); do printf '%s\n' "${slower_lines[line]}"; done
} >"$scratch/left-out.txt"
replay left-out "$scratch/left-out.txt"
status=$?
if [ "$status" -eq 3 ] && grep -q "^pairs: 11 used, 1 disturbed left out$" "$scratch/out" &&
    [ "$(csv_column left_out <"$scratch/left-out.csv" | grep -c cpu-contention)" -eq 1 ]; then
    pass "ab: a disturbed pair is left out of the ratio and counted"
else
    fail "ab: a disturbed pair is left out of the ratio and counted (exit $status: $(head -c 300 "$scratch/out"))"
fi

# --keep-disturbed: the same pairs, the flagged one used and said so.
ATTACKBENCH_AB_REPLAY="$scratch/left-out.txt" "$program" ab --keep-disturbed -m $lookup,kogge-stone >"$scratch/out" 2>&1
status=$?
[ "$status" -eq 3 ] && grep -q "^pairs: 10 used, 0 disturbed left out (--keep-disturbed: 1 flagged pairs used)$" "$scratch/out" &&
    pass "ab: --keep-disturbed uses a flagged pair and counts it" ||
    fail "ab: --keep-disturbed uses a flagged pair and counts it (exit $status: $(head -c 300 "$scratch/out"))"

pairs "$scratch/faster.txt" 20 10 9.5 0.05
replay faster "$scratch/faster.txt"
status=$?
[ "$status" -eq 0 ] && grep -q "^verdict: B faster " "$scratch/out" && pass "ab: B 5% faster is B faster, exit 0" ||
    fail "ab: B 5% faster is B faster, exit 0 (exit $status: $(head -c 300 "$scratch/out"))"

pairs "$scratch/same.txt" 40 10 10 0.02
replay same "$scratch/same.txt"
status=$?
[ "$status" -eq 0 ] && grep -q "^verdict: no difference at this resolution " "$scratch/out" &&
    pass "ab: equal sides are no difference, exit 0" ||
    fail "ab: equal sides are no difference, exit 0 (exit $status: $(head -c 300 "$scratch/out"))"

# Nine pairs cannot decide, however far apart: undecided.  B 50% slower
# by the confidence sequence alone is no "B not slower": exit 3, said.
pairs "$scratch/few.txt" 9 10 15 0.01
replay few "$scratch/few.txt"
status=$?
if [ "$status" -eq 3 ] && grep -q "^verdict: undecided " "$scratch/out" &&
    grep -q "^pairs: 9 used, 0 disturbed" "$scratch/out" &&
    grep -qx "attackbench ab: undecided, but the 9 pairs' confidence sequence already puts B/A above 1 + 1%: exit 3, as for B slower" "$scratch/err"; then
    pass "ab: nine pairs of B 50% slower are undecided, exit 3"
else
    fail "ab: nine pairs of B 50% slower are undecided, exit 3 (exit $status: $(cat "$scratch/out" "$scratch/err" | head -c 400))"
fi
# Nine noisy pairs of equal sides: undecided, exit 0, nothing on stderr.
pairs "$scratch/few-noisy.txt" 9 10 10 0.5
replay few-noisy "$scratch/few-noisy.txt"
status=$?
[ "$status" -eq 0 ] && grep -q "^verdict: undecided " "$scratch/out" && [ ! -s "$scratch/err" ] &&
    pass "ab: nine noisy pairs of equal sides are undecided, exit 0" ||
    fail "ab: nine noisy pairs of equal sides are undecided, exit 0 (exit $status: $(cat "$scratch/out" "$scratch/err" | head -c 300))"

# A label that is not UTF-8 (a build's path) and a fine resolution: the
# JSON still parses, with the byte as \u00ff and the resolution whole.
cp "$program" "$scratch/ab-"$'\xff'
ATTACKBENCH_AB_REPLAY="$scratch/few.txt" "$program" ab --resolution=0.00001 --json="$scratch/bytes.json" \
    "$program" "$scratch/ab-"$'\xff' --method=$lookup >"$scratch/out" 2>"$scratch/err"
python3 - "$scratch/bytes.json" <<'PYTHON' && pass "ab: the JSON of a non-UTF-8 label and a fine resolution parses" ||
import json, sys
run = json.load(open(sys.argv[1], encoding="utf-8"))
assert run["b"].endswith("/ab-\u00ff"), run["b"]
assert abs(run["resolution"] - 1e-7) < 1e-15, run["resolution"]
PYTHON
    fail "ab: the JSON of a non-UTF-8 label and a fine resolution parses ($(head -c 300 "$scratch/err"))"

# The resolution moves the line: B 5% slower is no difference at 20%.
ATTACKBENCH_AB_REPLAY="$scratch/slower.txt" "$program" ab --resolution=20% -m $lookup,kogge-stone >"$scratch/out" 2>&1
status=$?
[ "$status" -eq 0 ] && grep -q "^verdict: no difference at this resolution (resolution 20%" "$scratch/out" &&
    pass "ab: at --resolution=20% a 5% change is no difference" ||
    fail "ab: at --resolution=20% a 5% change is no difference (exit $status: $(head -c 300 "$scratch/out"))"

# A progress line every ten pairs while stderr is a terminal (script(1)
# gives it one), none otherwise.  Forty noisy equal pairs cannot decide.
pairs "$scratch/noisy.txt" 40 10 10 0.5
replay noisy "$scratch/noisy.txt"
[ ! -s "$scratch/err" ] && pass "ab: no progress lines without a terminal" ||
    fail "ab: no progress lines without a terminal ($(head -c 200 "$scratch/err"))"
if have_tool script; then
    ATTACKBENCH_AB_REPLAY="$scratch/noisy.txt" script -qec "'$program' ab -m $lookup,kogge-stone" /dev/null \
        >"$scratch/terminal" 2>&1
    progress=$(tr -d '\r' <"$scratch/terminal" | grep -c "^ab: [1-4]0 pairs (0 left out), B/A ")
    [ "$progress" -eq 4 ] && pass "ab: a progress line every ten pairs on a terminal" ||
        fail "ab: a progress line every ten pairs on a terminal ($progress lines: $(head -c 300 "$scratch/terminal"))"
else
    skip "ab: progress on a terminal: script(1) is not installed"
fi

# A verdict that cannot be written is a failure, as compare's: exit 2.
if [ -w /dev/full ]; then
    ATTACKBENCH_AB_REPLAY="$scratch/slower.txt" "$program" ab -m $lookup,kogge-stone >/dev/full 2>"$scratch/err"
    status=$?
    [ "$status" -eq 2 ] && grep -q "cannot write the verdict: No space left on device" "$scratch/err" &&
        pass "ab: a full standard output is exit 2" ||
        fail "ab: a full standard output is exit 2 (exit $status: $(head -c 300 "$scratch/err"))"
else
    skip "ab: a full standard output: no /dev/full"
fi

echo "10 ten" >"$scratch/bad.txt"
ATTACKBENCH_AB_REPLAY="$scratch/bad.txt" expect_error "ab: a malformed replay line" "bad.txt:1: expected A_NS B_NS" \
    "$program" ab -m $lookup,kogge-stone
# Replayed ns no side's round gives (the live rounds' bounds, 1e-6 to 1e9)
# are refused, naming the line: no -nan verdict, no JSON.  So are figures
# not in decimal (hexadecimal was read as a number), words after the
# disturbance (they were ignored) and a word joined to a figure ("20x"
# was read as 20 and the disturbance x).
for figures in "inf 1" "1 nan" "1e-320 1" "1 1e308" "0 1" "0x1p3 10" "10 0XA" "10 20 cpu-contention extra" \
    "10 20e" "10 -" "10 1-2" "10 20x" "10x 20" "10 20,5"; do
    printf '10 20\n%s\n10 20\n10 20\n' "$figures" >"$scratch/odd-replay.txt"
    rm -f "$scratch/odd-replay.json"
    ATTACKBENCH_AB_REPLAY="$scratch/odd-replay.txt" expect_error "ab: a replayed pair of '$figures' is refused" \
        "odd-replay.txt:2: expected A_NS B_NS [DISTURBANCE], decimal ns per query from 1e-6 to 1e9" \
        "$program" ab --min-time=1 -m $lookup,kogge-stone --json="$scratch/odd-replay.json"
    [ ! -e "$scratch/odd-replay.json" ] && pass "ab: no JSON from a replayed pair of '$figures'" ||
        fail "ab: no JSON from a replayed pair of '$figures'"
done
# A line longer than the reader's 255 bytes is named as such, on its own
# line number (not read as two lines).
{ echo "10 20"; printf '10 20 %0300d\n' 0; echo "10 20"; } >"$scratch/long-replay.txt"
ATTACKBENCH_AB_REPLAY="$scratch/long-replay.txt" expect_error "ab: an overlong replay line is named" \
    "long-replay.txt:2: longer than 255 bytes" "$program" ab --min-time=1 -m $lookup,kogge-stone

# A NUL byte in a line is named on its own line (the line was read up to
# the NUL, and its rest as the next line, numbered one too many).
printf '10 20\n10 20\0%0300d\n10 20\n' 0 >"$scratch/nul-replay.txt"
ATTACKBENCH_AB_REPLAY="$scratch/nul-replay.txt" expect_one_line "ab: a NUL byte in a replay line is named" \
    "nul-replay.txt:2: a NUL byte" "$program" ab --min-time=1 -m $lookup,kogge-stone

# A folder as the replay opens but cannot be read: named, exit 2 (it was
# read as an empty replay, an undecided verdict with exit 0).
mkdir -p "$scratch/replay-folder"
ATTACKBENCH_AB_REPLAY="$scratch/replay-folder" expect_one_line "ab: a folder as the replay is refused" \
    "ATTACKBENCH_AB_REPLAY=$scratch/replay-folder: Is a directory" "$program" ab -m $lookup,kogge-stone

# What the pairs line adds when other work preempted rounds of the pairs
# used (a loaded machine's), as an extended regular expression.
preempted_suffix='(; [0-9]+ of their [0-9]+ blocks (left out|kept) \(a round preempted by other work\))?'

# live NAME ARGUMENTS...: a live ab ended after the first block (the time
# is checked before every block), quick sides; its exit status is 0 or 3
# and its CSV has two pairs, AB then BA, with positive figures.
live() {
    local name=$1
    shift
    "$program" ab --max-time=0.05 --pair-time=0.005 --csv="$scratch/$name.csv" "$@" --reps=3 --calls=20000 --queries=1000 \
        >"$scratch/out" 2>"$scratch/err"
    local status=$? order= a_positive= b_positive=
    # One python3 for the CSV: the orders joined by spaces (csv_column
    # order | paste -sd' '), then the rows whose a_ns_per_query and whose
    # b_ns_per_query are positive (csv_column ... | awk '$1 > 0' | wc -l:
    # awk's first field, compared as a number when it looks like one).
    { IFS= read -r order; read -r a_positive; read -r b_positive; } < <(python3 -c '
import csv, re, sys
rows = list(csv.DictReader(open(sys.argv[1])))
print(" ".join(line for r in rows for line in r["order"].split("\n")))
number = re.compile(r"[-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?$")
def positive(line):
    first = (line.split() or [""])[0]
    return float(first) > 0 if number.match(first) else first > "0"
for column in ("a_ns_per_query", "b_ns_per_query"):
    print(sum(positive(line) for r in rows for line in r[column].split("\n")))' "$scratch/$name.csv")
    if { [ "$status" -eq 0 ] || [ "$status" -eq 3 ]; } && grep -q "^verdict: " "$scratch/out" &&
        grep -Eq "^pairs: [0-9]+ used, [0-9]+ disturbed left out$preempted_suffix$" "$scratch/out" &&
        [ "$order" = "AB BA" ] && [ "$a_positive" -eq 2 ] && [ "$b_positive" -eq 2 ]; then
        pass "ab: a live run of two $name"
    else
        fail "ab: a live run of two $name (exit $status: $(cat "$scratch/out" "$scratch/err" | head -c 400))"
    fi
}
# Two methods: ab starts this program again by /proc/self/exe, which
# qemu-user without binfmt cannot (the builds form above passes its wrapper).
if [ -n "$emulated" ]; then
    skip "ab: a live run of two methods: ab runs /proc/self/exe again, which $emulated cannot start without binfmt"
else
    live methods -m $lookup,kogge-stone
fi
live builds "$program" "$program" --method=$lookup

# Preempted rounds (ATTACKBENCH_FAKE_PREEMPTED_ROUNDS: the share of the
# rounds taken as preempted, evenly spread, besides those the machine's
# other work preempts).  Every round preempted: no pair has the 4 clean
# blocks it needs, both are left out as cpu-contention, each with all its
# blocks counted as preempted; with --keep-disturbed both are used.
# preempted_pairs FILE: "LEFT_OUT BLOCKS PREEMPTED" for each pair of the CSV.
preempted_pairs() {
    paste -d' ' <(csv_column left_out <"$1" | sed 's/^$/-/') <(csv_column blocks <"$1") \
        <(csv_column preempted_blocks <"$1")
}
if [ -n "$emulated" ]; then
    skip "ab: preempted rounds: ab runs /proc/self/exe again, which $emulated cannot start without binfmt"
else
    ATTACKBENCH_FAKE_PREEMPTED_ROUNDS=1 "$program" ab --max-time=0.05 --pair-time=0.005 \
        --csv="$scratch/preempted.csv" -m $lookup,kogge-stone --reps=3 --calls=20000 --queries=1000 >"$scratch/out" 2>&1
    status=$?
    if [ "$status" -eq 0 ] && grep -qx "pairs: 0 used, 2 disturbed left out" "$scratch/out" &&
        [ "$(preempted_pairs "$scratch/preempted.csv" | awk '$1 == "cpu-contention" && $2 >= 4 && $3 == $2' |
            wc -l)" -eq 2 ]; then
        pass "ab: pairs whose every round was preempted are left out, their blocks counted"
    else
        fail "ab: pairs whose every round was preempted are left out (exit $status: $(head -c 300 "$scratch/out"); $(preempted_pairs "$scratch/preempted.csv" | tr '\n' ' '))"
    fi
    ATTACKBENCH_FAKE_PREEMPTED_ROUNDS=1 "$program" ab --keep-disturbed --max-time=0.05 --pair-time=0.005 \
        --csv="$scratch/kept.csv" -m $lookup,kogge-stone --reps=3 --calls=20000 --queries=1000 >"$scratch/out" 2>&1
    kept_blocks=$(csv_column blocks <"$scratch/kept.csv" | awk '{ sum += $1 } END { print sum }')
    if grep -qx "pairs: 2 used, 0 disturbed left out (--keep-disturbed: 2 flagged pairs used); $kept_blocks of their $kept_blocks blocks kept (a round preempted by other work)" "$scratch/out"; then
        pass "ab: --keep-disturbed uses the preempted pairs, every block, and says so"
    else
        fail "ab: --keep-disturbed uses the preempted pairs ($(head -c 300 "$scratch/out"))"
    fi
    # One round in five: a block (four rounds) holds at most one of them,
    # so a pair's blocks are partly clean.  A pair used is timed on its
    # clean blocks alone (4 at least) and counts the others; the pairs
    # line sums them over the pairs used.
    ATTACKBENCH_FAKE_PREEMPTED_ROUNDS=0.2 "$program" ab --max-time=0.05 --pair-time=0.005 \
        --csv="$scratch/fifth.csv" -m $lookup,kogge-stone --reps=3 --calls=20000 --queries=1000 >"$scratch/out" 2>&1
    read -r used_preempted used_all < <(preempted_pairs "$scratch/fifth.csv" |
        awk '$1 == "-" { preempted += $3; all += $2 + $3 } END { print preempted + 0, all + 0 }')
    summary_line="pairs: [0-9]+ used, [0-9]+ disturbed left out; $used_preempted of their $used_all blocks left out \(a round preempted by other work\)"
    if [ "$(preempted_pairs "$scratch/fifth.csv" | awk '($1 == "-" && $2 >= 4 && $3 >= 1) || ($1 == "cpu-contention" && $3 > $2 - 4)' |
        wc -l)" -eq 2 ] && { [ "$used_all" -eq 0 ] || grep -Eqx "$summary_line" "$scratch/out"; }; then
        pass "ab: a pair is timed on its clean blocks, the preempted ones counted"
    else
        fail "ab: a pair is timed on its clean blocks ($(grep '^pairs' "$scratch/out"); $(preempted_pairs "$scratch/fifth.csv" | tr '\n' ' '))"
    fi
fi
expect_error "ab: a malformed ATTACKBENCH_FAKE_PREEMPTED_ROUNDS is refused" \
    "ATTACKBENCH_FAKE_PREEMPTED_ROUNDS=2: expected the share of ab's rounds taken as preempted, a number from 0 to 1 (or empty)" \
    env ATTACKBENCH_FAKE_PREEMPTED_ROUNDS=2 "$program" ab -m $lookup,kogge-stone

# SIGINT: the pairs finished are still reported and written, exit 130.
# Each pair starts two side processes: a third one means the first pair
# is over.  (ab's janitor, a fork of ab itself, is not a side.)
if [ -n "$emulated" ] || ! have_tool pgrep; then
    skip "ab: SIGINT reports the pairs finished: needs pgrep and a native run"
else
    "$program" ab --max-time=60 --pair-time=0.05 --csv="$scratch/stopped.csv" -m $lookup,kogge-stone --reps=3 \
        --calls=20000 --queries=1000 >"$scratch/stopped.out" 2>"$scratch/stopped.err" &
    ab_runner=$!
    ab_sides=" "
    for _ in $(seq 1200); do
        for ab_side in $(pgrep -P "$ab_runner"); do
            tr '\0' ' ' <"/proc/$ab_side/cmdline" 2>/dev/null | grep -q -- ' ab --max-time=60 ' && continue
            case "$ab_sides" in *" $ab_side "*) ;; *) ab_sides="$ab_sides$ab_side " ;; esac
        done
        [ "$(wc -w <<<"$ab_sides")" -ge 3 ] && break
        sleep 0.05
    done
    kill -INT "$ab_runner"
    wait "$ab_runner"
    status=$?
    ab_pairs=$(sed -n 's/^attackbench ab: interrupted: reporting the \([0-9]*\) pairs\{0,1\} finished$/\1/p' "$scratch/stopped.err")
    if [ "$status" -eq 130 ] && [ "${ab_pairs:-0}" -ge 1 ] && grep -q "^verdict: undecided" "$scratch/stopped.out" &&
        [ "$(csv_column pair <"$scratch/stopped.csv" | wc -l)" -eq "$ab_pairs" ]; then
        pass "ab: SIGINT reports and writes the pairs finished, exit 130"
    else
        fail "ab: SIGINT reports and writes the pairs finished, exit 130 (exit $status: $(cat "$scratch/stopped.err" "$scratch/stopped.out" | head -c 300))"
    fi
fi
# Sides whose timer is the clock (no TSC ticks): the blocks' ratios come
# from nanoseconds.
ATTACKBENCH_TIMER_PROBE=trapped live "builds timed by clock_gettime" "$program" "$program" --method=$lookup

# The variable by which ab makes a process its side, set by hand: refused.
ATTACKBENCH_AB_SERVE=bogus expect_error "ab: a malformed side variable" \
    "ATTACKBENCH_AB_SERVE=bogus: expected COMMANDS,REPLIES,CPU,BLOCK_US" "$program" -m $lookup --workload=random --reps=1
ATTACKBENCH_AB_SERVE=97,98,-1,1000 expect_error "ab: a side variable naming closed descriptors" \
    "descriptor 97 or 98 is not open" "$program" -m $lookup --workload=random --reps=1
# A number past int: refused as the malformed text it is (sscanf's %d
# overflowed once, and the message named another descriptor).
ATTACKBENCH_AB_SERVE=99999999999,1,0,1 expect_one_line "ab: a side variable with a number past int" \
    "ATTACKBENCH_AB_SERVE=99999999999,1,0,1: expected COMMANDS,REPLIES,CPU,BLOCK_US" \
    "$program" -m $lookup --workload=random --reps=1
# A side's options (one group), with which an old build served rounds on
# whatever descriptors the variable named.
side_run=(-m $lookup --workload=random --piece=rook --dispatch=batch --reps=1)
ATTACKBENCH_AB_SERVE=0,1,-1,1000xyz expect_error "ab: a side variable with trailing text" \
    "ATTACKBENCH_AB_SERVE=0,1,-1,1000xyz: expected COMMANDS,REPLIES,CPU,BLOCK_US" \
    "$program" "${side_run[@]}"
# Open descriptors that are not ab's pipes: standard input and output
# (/dev/null, or pipes of a shell's pipeline), files, a pipe the wrong way.
ATTACKBENCH_AB_SERVE=0,1,-1,1000 expect_error "ab: a side variable naming standard input and output" \
    "descriptors 0 and 1 are not the pipes attackbench ab gives its sides" \
    "$program" "${side_run[@]}" </dev/null
echo | ATTACKBENCH_AB_SERVE=0,1,-1,1000 "$program" "${side_run[@]}" 2>"$scratch/err" | cat >"$scratch/out"
[ "${PIPESTATUS[1]}" -eq 2 ] && [ ! -s "$scratch/out" ] && grep -q "descriptors 0 and 1 are not the pipes" "$scratch/err" &&
    pass "ab: a side variable naming the pipes of a pipeline" ||
    fail "ab: a side variable naming the pipes of a pipeline ($(head -c 300 "$scratch/err" "$scratch/out"))"
echo "not a pipe" >"$scratch/serve-file"
ATTACKBENCH_AB_SERVE=5,6,-1,1000 expect_error "ab: a side variable naming files" \
    "descriptors 5 and 6 are not the pipes attackbench ab gives its sides" \
    "$program" "${side_run[@]}" 5<"$scratch/serve-file" 6>>"$scratch/serve-file"
ATTACKBENCH_AB_SERVE=5,6,-1,1000 expect_error "ab: a side variable naming a pipe the wrong way" \
    "descriptors 5 and 6 are not the pipes attackbench ab gives its sides" \
    "$program" "${side_run[@]}" 5< <(:) 6< <(:)

# A build that never answers ab's rounds (one from before them): named, exit 2.
printf '#!/bin/sh\nexit 0\n' >"$scratch/old-build"
chmod +x "$scratch/old-build"
expect_error "ab: a build that does not serve rounds" "ended without timing a round for ab (a build older than" \
    "$program" ab "$program" "$scratch/old-build" --method=$lookup

# A side that gives wrong attack sets (a build exits 1 then) fails the
# run, exit 1, with its message and no verdict; it is no end of the pairs.
printf '#!/bin/sh\necho "verify: fake-rook gives wrong attack sets" >&2\nexit 1\n' >"$scratch/wrong-build"
chmod +x "$scratch/wrong-build"
"$program" ab --max-time=2 --pair-time=0.05 --json="$scratch/wrong.json" "$program" "$scratch/wrong-build" \
    --method=$lookup >"$scratch/out" 2>"$scratch/err"
status=$?
if [ "$status" -eq 1 ] && grep -q "side $scratch/wrong-build gave wrong attack sets" "$scratch/err" &&
    grep -q "fake-rook gives wrong attack sets" "$scratch/err" && ! grep -q "verdict" "$scratch/out" &&
    [ ! -e "$scratch/wrong.json" ]; then
    pass "ab: a side that gives wrong attack sets fails the run, exit 1"
else
    fail "ab: a side that gives wrong attack sets fails the run, exit 1 (exit $status: $(cat "$scratch/out" "$scratch/err" | head -c 400))"
fi
# A program that exits 1 without attackbench's signs of wrong attack sets
# (not a side of ab at all: cat refuses ab's options) merely failed, exit
# 2: it was called a side that gave wrong attack sets, exit 1.
expect_error "ab: a side that exits 1 with no sign of wrong sets is a failed side" \
    "side /bin/cat failed (exit status 1):" \
    "$program" ab --max-time=2 --pair-time=0.05 /bin/cat "$program" --method=$lookup
# Another exit of a side is a failed side, exit 2, never a verdict.
printf '#!/bin/sh\necho "fake failure" >&2\nexit 4\n' >"$scratch/failing-build"
chmod +x "$scratch/failing-build"
expect_error "ab: a side that exits 4 is a failed side" "side $scratch/failing-build failed:" \
    "$program" ab --max-time=2 --pair-time=0.05 "$program" "$scratch/failing-build" --method=$lookup

# A side's output and path reach the terminal escaped: no screen clear,
# window title or fake line from a side's log or a directory's name.
esc_dir="$scratch/esc"$'\033'"[2Jdir"
mkdir -p "$esc_dir"
printf '#!/bin/sh\nprintf '"'"'\\033[2J\\033]0;owned\\007fake: all good\\n'"'"' >&2\nexit 3\n' >"$esc_dir/esc.sh"
chmod +x "$esc_dir/esc.sh"
"$program" ab --max-time=2 --pair-time=0.05 "$esc_dir/esc.sh" "$esc_dir/esc.sh" --method=$lookup \
    >"$scratch/out" 2>"$scratch/err"
status=$?
if [ "$status" -eq 2 ] && ! LC_ALL=C grep -q $'[\001-\011\013-\037\177]' "$scratch/err" &&
    grep -qF 'esc\x1b[2Jdir/esc.sh failed' "$scratch/err" &&
    grep -qxF '  \x1b[2J\x1b]0;owned\x07fake: all good' "$scratch/err"; then
    pass "ab: a side's path and log tail are shown escaped"
else
    fail "ab: a side's path and log tail are shown escaped (exit $status: $(cat -v "$scratch/err" | head -c 400))"
fi
TMPDIR="$scratch/a"$'\n'"b" expect_one_line "ab: a TMPDIR with a newline is shown escaped, one line" \
    "cannot make a work directory $scratch/a\\x0ab/attackbench-ab-" \
    "$program" ab --max-time=2 --pair-time=0.05 "$program" "$program" --method=$lookup
# A side stuck printing ends at the log's cap by SIGXFSZ (ab ignores it,
# and an ignored signal stays ignored across exec): it ran on with EFBIG
# until ab's deadline.  The cap here is ulimit's, lower than ab's own.
printf '#!/bin/sh\nwhile :; do echo "stuck printing, stuck printing, stuck printing" >&2; done\n' >"$scratch/printing-side"
chmod +x "$scratch/printing-side"
started=$SECONDS
(
    ulimit -f 256
    "$program" ab --max-time=2 --pair-time=0.05 "$program" "$scratch/printing-side" --method=$lookup
) >"$scratch/out" 2>"$scratch/err"
status=$?
if [ "$status" -eq 2 ] && [ $((SECONDS - started)) -lt 10 ] &&
    grep -q "side $scratch/printing-side was killed by signal $(kill -l XFSZ 2>/dev/null || echo 25)" "$scratch/err"; then
    pass "ab: a side stuck printing ends by SIGXFSZ at the cap"
else
    fail "ab: a side stuck printing ends by SIGXFSZ at the cap (exit $status after $((SECONDS - started)) s: $(head -c 300 "$scratch/err"))"
fi

# A side that crashes is named with its signal, not "did not finish".
printf '#!/bin/sh\nkill -SEGV $$\n' >"$scratch/crashing-build"
chmod +x "$scratch/crashing-build"
expect_error "ab: a side killed by a signal names it" \
    "side $scratch/crashing-build was killed by signal 11 (Segmentation fault):" \
    "$program" ab --max-time=2 --pair-time=0.05 "$program" "$scratch/crashing-build" --method=$lookup

# A side that crashes after three pairs: those pairs are reported and
# written, exit 2 still (ab wrote nothing before, its pairs lost).
cat >"$scratch/crashes-later" <<SIDE
#!/bin/sh
if [ -n "\$ATTACKBENCH_AB_SERVE" ]; then
    starts=\$(cat "$scratch/serve-starts" 2>/dev/null || echo 0)
    echo \$((starts + 1)) >"$scratch/serve-starts"
    [ "\$starts" -ge 3 ] && kill -SEGV \$\$
fi
exec "$program" "\$@"
SIDE
chmod +x "$scratch/crashes-later"
"$program" ab --max-time=30 --pair-time=0.05 --csv="$scratch/later.csv" --json="$scratch/later.json" \
    "$program" "$scratch/crashes-later" --method=$lookup >"$scratch/out" 2>"$scratch/err"
status=$?
# The 3 pairs, used or left out as disturbed (a loaded machine's).
later_pairs=$(sed -n 's/^pairs: \([0-9]*\) used, \([0-9]*\) disturbed left out\(;.*\)\{0,1\}$/\1 + \2/p' "$scratch/out")
if [ "$status" -eq 2 ] && grep -qF "side $scratch/crashes-later was killed by signal 11" "$scratch/err" &&
    grep -qx 'attackbench ab: reporting the 3 pairs finished before the side failed (exit 2)' "$scratch/err" &&
    [ -n "$later_pairs" ] && [ $((later_pairs)) -eq 3 ] && [ "$(wc -l <"$scratch/later.csv")" -eq 4 ] &&
    [ -s "$scratch/later.json" ]; then
    pass "ab: a side that crashes after 3 pairs: they are reported and written, exit 2"
else
    fail "ab: a side that crashes after 3 pairs: they are reported and written, exit 2 (exit $status: $(tail -c 300 "$scratch/err"); $(grep '^pairs' "$scratch/out"))"
fi

# --max-time bounds ab, the wait for a side's "ready" too: a side that
# never answers has failed at --max-time plus twice --pair-time plus 10 s,
# and ab kills its process group (the script's sleep included).  The
# sleep's length names this run's own (987.PID seconds), so that another
# run of this script on the machine cannot be taken for it; its end is
# awaited up to 5 s, a loaded machine's kill being no instant.
hung_sleep="sleep 987.$$"
printf '#!/bin/sh\n%s\n' "$hung_sleep" >"$scratch/hung-side"
chmod +x "$scratch/hung-side"
started=$SECONDS
"$program" ab --max-time=0.5 --pair-time=0.05 "$program" "$scratch/hung-side" --method=$lookup \
    >"$scratch/out" 2>"$scratch/err"
status=$?
hung_left=
if have_tool pgrep; then
    for _ in $(seq 100); do
        hung_left=$(pgrep -f "^$hung_sleep\$")
        [ -z "$hung_left" ] && break
        sleep 0.05
    done
fi
if [ "$status" -eq 2 ] && [ $((SECONDS - started)) -lt 30 ] &&
    grep -q "side $scratch/hung-side did not answer by --max-time=0.5 s plus twice --pair-time plus 10 s" "$scratch/err" &&
    [ -z "$hung_left" ]; then
    pass "ab: a side that never answers fails at --max-time plus the grace, its processes killed"
else
    fail "ab: a side that never answers fails at --max-time plus the grace, its processes killed (exit $status after $((SECONDS - started)) s; left: ${hung_left:-none}; $(head -c 300 "$scratch/err"))"
    have_tool pkill && pkill -f "^$hung_sleep\$"
fi
# A side that closes its pipes but goes on running is stopped at once, and
# one whose line is too long for a round is named as such.
cat >"$scratch/closing-side" <<'SIDE'
#!/usr/bin/env bash
IFS=, read -r commands replies _ _ <<<"${ATTACKBENCH_AB_SERVE:-}"
[ -n "$LONG_LINE" ] && head -c 600 /dev/zero | tr '\0' x >&"$replies"
eval "exec $commands<&- $replies>&-"
sleep 20
SIDE
chmod +x "$scratch/closing-side"
started=$SECONDS
LONG_LINE= expect_error "ab: a side that closes its pipes and runs on" "closed its pipes to ab but did not exit" \
    "$program" ab --max-time=30 --pair-time=0.05 "$program" "$scratch/closing-side" --method=$lookup
[ $((SECONDS - started)) -lt 10 ] && pass "ab: a side that closes its pipes is stopped within seconds" ||
    fail "ab: a side that closes its pipes is stopped within seconds ($((SECONDS - started)) s)"
LONG_LINE=1 expect_error "ab: a side's overlong line" "answered with a line longer than ab's rounds give" \
    "$program" ab --max-time=30 --pair-time=0.05 "$program" "$scratch/closing-side" --method=$lookup

# SIGHUP (a closed terminal) and SIGQUIT end ab as SIGINT does: the sides
# killed, their logs' work directory removed, exit 128 + the signal.
# shellcheck source=../lib/signals.bash
source "$here/lib/signals.bash"
for signal in HUP QUIT; do
    mkdir -p "$scratch/$signal-tmp"
    TMPDIR="$scratch/$signal-tmp" "${with_sighup[@]}" "$program" ab --max-time=30 --pair-time=0.05 "$program" "$scratch/hung-side" \
        --method=$lookup >"$scratch/out" 2>"$scratch/err" &
    ab_runner=$!
    poll 10 compgen -G "$scratch/$signal-tmp/attackbench-ab-*/side-b.log" >/dev/null
    sleep 0.2
    # Ten seconds to end; a run that ignores the signal is killed.
    stop_and_time "$ab_runner" "$signal"
    status=$stop_status
    if [ "$status" -eq $((128 + $(kill -l "$signal"))) ] && [ -z "$(ls -A "$scratch/$signal-tmp")" ] &&
        grep -qx 'attackbench ab: interrupted before any pair finished: nothing reported or written' "$scratch/err"; then
        pass "ab: SIG$signal ends the sides and removes the work directory"
    else
        fail "ab: SIG$signal ends the sides and removes the work directory (exit $status: $(ls -A "$scratch/$signal-tmp"))"
    fi
done

# Killed outright, ab leaves no work directory either: its janitor, as
# recommend's, removes the sides' logs.
killed_leaves_nothing "ab killed with SIGKILL leaves no work directory" "$scratch/killed-tmp" process \
    "$program" ab --max-time=30 --pair-time=0.05 "$program" "$scratch/hung-side" --method=$lookup
# A side that wrote a megabyte to its log before failing: the report shows
# its last lines only (it once copied the whole log, 2.8 GB of one side,
# for ten minutes), and says how much it left out.
printf '#!/bin/sh
yes "a line of the side" | head -n 50000 >&2
echo "its last line" >&2
exit 2
' \
    >"$scratch/chatty-side"
chmod +x "$scratch/chatty-side"
expect_error "ab: a side that wrote a megabyte and failed" "side $scratch/chatty-side failed:" \
    "$program" ab --max-time=20 --pair-time=0.05 "$program" "$scratch/chatty-side" --method=$lookup
shown=$(wc -c <"$scratch/err")
if [ "$shown" -lt 6000 ] && grep -q "^  (the log's first [0-9]* bytes left out)$" "$scratch/err" &&
    [ "$(tail -n 1 "$scratch/err")" = "  its last line" ]; then
    pass "ab: a failed side's report shows the last 4 KB of its log"
else
    fail "ab: a failed side's report shows the last 4 KB of its log ($shown bytes; $(head -c 300 "$scratch/err"))"
fi
# A long TMPDIR (about 300 characters) is room enough; one past the
# room is named by its length, not cut off.
long_tmp="$scratch/$(printf 'd%.0s' $(seq 150))/$(printf 'e%.0s' $(seq 150))"
mkdir -p "$long_tmp"
expect_error "ab: a TMPDIR of 300 characters makes its work directory" "side $program failed:" \
    env TMPDIR="$long_tmp" "$program" ab --max-time=20 "$program" "$program" --method=$lookup --param=colour=blue
too_long="/tmp/$(printf 'x%.0s' $(seq 1100))"
expect_error "ab: a TMPDIR too long for the work directory is named by its length" \
    "cannot make a work directory under TMPDIR (1105 characters; at most" \
    env TMPDIR="$too_long" "$program" ab --max-time=20 "$program" "$program" --method=$lookup

# A side that fails: its command and its own message, exit 2.
# (A parameter no selected method has: the side's selection finds that,
# after ab's parse of the options.)
expect_error "ab: a side that fails" "side $program failed:" \
    "$program" ab --max-time=20 "$program" "$program" --method=$lookup --param=colour=blue
grep -q "no selected method has a parameter 'colour'" "$scratch/err" && pass "ab: the failed side's own message is shown" ||
    fail "ab: the failed side's own message is shown ($(head -c 300 "$scratch/err"))"

if [ "$plugin_build" = 1 ] && have_tool "${CC:-cc}"; then
    # The base and the patch of one plugin: the same method name twice
    # (one build, two files).
    "${CC:-cc}" -std=c99 -Og -shared -fPIC -fvisibility=hidden -I"$here/../include" -I"$here/plugins" \
        -DPLUGIN_NAME='"my-lookup"' "$here/plugins/named.c" -o "$scratch/base.so"
    cp "$scratch/base.so" "$scratch/patch.so"
    live plugins "$scratch/base.so" "$scratch/patch.so"
    grep -q "^A: $scratch/base.so method my-lookup$" "$scratch/out" && pass "ab: a plugin side names its method" ||
        fail "ab: a plugin side names its method ($(head -c 300 "$scratch/out"))"
    # --plugin before ab: with -m, the side of the plugin's method loads it.
    "$program" --plugin="$scratch/base.so" ab --max-time=0.05 --pair-time=0.005 -m my-lookup,$lookup --reps=3 \
        --calls=20000 --queries=1000 >"$scratch/out" 2>"$scratch/err"
    status=$?
    if { [ "$status" -eq 0 ] || [ "$status" -eq 3 ]; } && grep -q "^A: my-lookup$" "$scratch/out" &&
        grep -Eq "^pairs: (2 used, 0|1 used, 1|0 used, 2) disturbed left out$preempted_suffix$" "$scratch/out"; then
        pass "ab: -m times a method of a plugin loaded before ab"
    else
        fail "ab: -m times a method of a plugin loaded before ab (exit $status: $(cat "$scratch/out" "$scratch/err" | head -c 400))"
    fi
    expect_error "ab: --plugin before ab with two builds" "only -m METHOD_A,METHOD_B takes a plugin's method" \
        "$program" --plugin="$scratch/base.so" ab "$program" "$program" --method=$lookup
    # The example's make ab: base and patch built in OUT, then ab on them
    # (at -Og: a quarter of the compile time of the shipped -O2 and -O3).
    make -s -C "$here/../examples/plugin" ab ATTACKBENCH="$program" OUT="$scratch/example" \
        BASE_CFLAGS="-Og -DNDEBUG" PATCH_CFLAGS="-Og -DNDEBUG" \
        AB_OPTIONS="--max-time=0.05 --pair-time=0.005 --csv=$scratch/example.csv" BENCHMARK_OPTIONS="--reps=3 --calls=20000" \
        >"$scratch/out" 2>"$scratch/err"
    status=$?
    # make exits 2 when ab does not exit 0, saying "Error 3" when B was slower.
    made=0
    [ "$status" -eq 0 ] && made=1
    [ "$status" -eq 2 ] && grep -q "Error 3$" "$scratch/err" && made=1
    if [ "$made" = 1 ] && grep -q "^B: $scratch/example/patch.so method my-engine$" "$scratch/out" &&
        [ "$(csv_column order <"$scratch/example.csv" | paste -sd' ')" = "AB BA" ]; then
        pass "ab: make ab in examples/plugin builds base and patch and compares them"
    else
        fail "ab: make ab in examples/plugin builds base and patch and compares them (exit $status: $(head -c 300 "$scratch/err"))"
    fi
else
    skip "ab: two plugins: this build cannot load plugins or there is no C compiler"
fi

# A side whose rounds no run could give (inf, nan, 1e-300 ns) is a failed
# side, exit 2: its figures never reach the ratio, the interval or the JSON.
cat >"$scratch/odd-side" <<'SIDE'
#!/usr/bin/env bash
IFS=, read -r commands replies _ _ <<<"${ATTACKBENCH_AB_SERVE:-}"
[ -n "$commands" ] || exit 0
printf 'ready 0.0\n' >&"$replies"
while read -r -n 1 -u "$commands" command && [ "$command" = r ]; do
    printf '%s\n' "$ODD_ROUND" >&"$replies"
done
SIDE
chmod +x "$scratch/odd-side"
for round in "inf 0 0.1 1" "1e-300 0 0.1 1" "5 nan 0.1 1"; do
    ODD_ROUND=$round expect_error "ab: a side's round of '$round' is refused" "answered a round with figures no run gives" \
        timeout 60 "$program" ab --keep-disturbed --max-time=3 --min-time=1 --pair-time=0.1 --json="$scratch/odd.json" \
        "$scratch/odd-side" "$program" -m $lookup
    [ ! -e "$scratch/odd.json" ] && pass "ab: no JSON from a side's round of '$round'" ||
        fail "ab: no JSON from a side's round of '$round'"
done
# A side whose rounds have TSC ticks, then none: the pair is timed by
# ticks, so the round without is a failed side, exit 2, not log(0) in the
# ratio.
cat >"$scratch/tickless-side" <<'SIDE'
#!/usr/bin/env bash
IFS=, read -r commands replies _ _ <<<"${ATTACKBENCH_AB_SERVE:-}"
[ -n "$commands" ] || exit 0
printf 'ready 0.0\n' >&"$replies"
ticks=1000
while read -r -n 1 -u "$commands" command && [ "$command" = r ]; do
    printf '5 %s 0.1 1\n' "$ticks" >&"$replies"
    ticks=0
done
SIDE
chmod +x "$scratch/tickless-side"
expect_error "ab: a round without ticks in a pair timed by ticks" "answered a round with figures no run gives" \
    timeout 60 "$program" ab --keep-disturbed --max-time=3 --min-time=1 --pair-time=0.1 --json="$scratch/tickless.json" \
    "$scratch/tickless-side" "$scratch/tickless-side" -m $lookup
[ ! -e "$scratch/tickless.json" ] && pass "ab: no JSON from a round without ticks" ||
    fail "ab: no JSON from a round without ticks"

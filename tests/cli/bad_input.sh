#!/usr/bin/env bash
# Hostile input: every malformed file gives its exact error and exit 2;
# well-formed but illegal boards are accepted.
source "$(dirname "$0")/../lib/tap.bash"

bad="$here/bad-input"
# Each file under every timer decision (ATTACKBENCH_TIMER_PROBE forces the
# trapped-TSC and no-invariant-TSC paths): the input is checked before the
# timer is chosen, so the error is the only line, with or without -q.
for probe in "" trapped no-invariant-tsc; do
    quiet=-q
    [ -n "$probe" ] && quiet=--timer=tsc
    while IFS=$'\t' read -r name message; do
        case "$name" in '#'* | '') continue ;; esac
        ATTACKBENCH_TIMER_PROBE=$probe "$program" --method=reference --reps=1 --calls=1 "$quiet" \
            "tests/bad-input/$name" >"$scratch/out" 2>"$scratch/err"
        status=$?
        if [ "$status" -eq 2 ] && [ "$(cat "$scratch/err")" = "$message" ] && [ ! -s "$scratch/out" ]; then
            pass "bad input $name${probe:+ (timer probe $probe, no -q)}"
        else
            fail "bad input $name${probe:+ (timer probe $probe, no -q)} (exit $status: $(head -c 200 "$scratch/err"))"
        fi
    done <"$bad/expected.txt"
done

expect_error "a directory" "tests/bad-input: is a directory" "$program" --method=reference tests/bad-input
expect_error "a missing file" "no-such-file.fen: cannot open: No such file or directory" \
    "$program" --method=reference "$scratch/no-such-file.fen"
# An empty name is said to be one (it read "attackbench: : cannot open").
expect_one_line "an empty file name" "an empty file name: give a position file's path, or '-' for standard input" \
    "$program" --method=reference ""
expect_one_line "compare: an empty file name" "an empty file name: give a result file's path" \
    "$program" compare "" "$scratch/no-such.csv"
# A standard input that cannot be read gives the reason (it read
# "<stdin>: cannot read" alone).  Not under WebAssembly: node's runner
# is no C program reading a closed descriptor.
if on_native "compare: an unreadable standard input gives the reason" "its runner between the shell and the program"; then
    expect_one_line "compare: an unreadable standard input gives the reason" "<stdin>: cannot read: Bad file descriptor" \
        "$program" compare - "$scratch/no-such.csv" <&-
fi
expect_one_line "perft: an empty file name" "an empty file name: give a position file's path" \
    "$program" perft --method=reference ""
head -c 1048576 /dev/zero | tr '\0' 'p' >"$scratch/long.fen"
printf '\n' >>"$scratch/long.fen"
expect_error "a 1 MB line" "long.fen:1: line is longer than the 65536 bytes allowed" \
    "$program" --method=reference "$scratch/long.fen"
# A line of exactly the limit is taken with a CRLF ending as with LF (the
# CR counted toward the limit); one byte more is refused either way.
for ending_name in LF CRLF; do
    ending='\n'
    [ "$ending_name" = CRLF ] && ending='\r\n'
    { printf '#%065535d' 0; printf "$ending"; grep -m 1 -v '^#' "$here/data/boards.fen"; } >"$scratch/at-limit.fen"
    expect_status "a line of exactly 65536 bytes, ending $ending_name" 0 \
        "$program" --dump "$scratch/at-limit.fen"
    { printf '#%065536d' 0; printf "$ending"; } >"$scratch/over-limit.fen"
    expect_error "a line of 65537 bytes, ending $ending_name" "line is longer than the 65536 bytes allowed" \
        "$program" --dump "$scratch/over-limit.fen"
done

"$program" --dump "$here/data/illegal-boards.fen" >"$scratch/out" 2>"$scratch/err" &&
    [ "$(grep -c ',rook,' "$scratch/out")" -eq 8 ] && pass "illegal boards accepted by --dump" ||
    fail "illegal boards accepted by --dump"
expect_status "illegal boards accepted by the benchmark" 0 "$program" --method=reference --reps=1 --calls=10 -q \
    "$here/data/illegal-boards.fen"

# Options out of range.
expect_error "--calls=-1" "--calls=-1: expected a number" "$program" --calls=-1 --workload=random
expect_error "--reps=0" "--reps=0: expected a number from 1" "$program" --reps=0 --workload=random
expect_error "--threads=100000" "--threads=100000: expected a number from 1 to" "$program" --threads=100000 --workload=random
expect_error "--pressure=1Z" "--pressure=1Z: expected a size" "$program" --pressure=1Z --workload=random
expect_error "--pressure not a power of two" "power of two" "$program" --pressure=3M --workload=random
if [ "$wasm_build" = 0 ]; then
    expect_error "--threads beyond the CPUs" "may use only" "$program" --threads=256 --workload=random --method=reference
    # --list calibrates on --threads threads: refused as well (it reported
    # figures measured on 200 threads of a 2-CPU machine).
    expect_error "--list --threads beyond the CPUs" "may use only" "$program" --list --threads=256 --method=pext
else
    expect_error "--threads=2 under WebAssembly" "--threads=2: WebAssembly (WASI) runs one thread" \
        "$program" --threads=2 --workload=random --method=reference
fi
# --pressure past wasm32's largest allocation: the WebAssembly limit named, not
# the native one (which 4G and 256G meet; tests/test_size_options.c).
for size in 4G 256G; do
    if [ "$wasm_build" = 1 ]; then
        expect_error "--pressure=$size under WebAssembly names its limit" \
            "--pressure=$size: the size must be a power of two from 4K to 1G under WebAssembly" \
            "$program" --pressure=$size --workload=random --method=reference
        perft_pressure_line=$("$program" perft --pressure=$size --depth=1 "$here/data/boards.fen" 2>&1 >/dev/null)
        [ "$perft_pressure_line" = "attackbench: perft: --pressure=$size: the size must be a power of two from 4K to 1G under WebAssembly (wasm32 allocates less than 2 GiB at once)" ] &&
            pass "perft --pressure=$size under WebAssembly names its limit in one line" ||
            fail "perft --pressure=$size under WebAssembly names its limit in one line ($perft_pressure_line)"
    else
        skip "--pressure=$size: a native build takes it (the WebAssembly build refuses it, naming its limit)"
    fi
done
expect_error "--param nobody knows" "no selected method has a parameter 'colour'" "$program" --param=colour=blue \
    --workload=random --method=reference
# --param's messages quote it as typed (the value is normalised for the
# rows: -0 is 0), and a name given twice is refused, not the last taken.
expect_one_line "--param quoted as typed" "--param=hash-bits=-0: no selected method has a parameter 'hash-bits'" \
    "$program" --param=hash-bits=-0 -m reference -q
expect_one_line "--param given twice" "--param=hash-bits=9: hash-bits is given twice (--param=hash-bits=8 before it)" \
    "$program" --param=hash-bits=8 --param=hash-bits=9 -m sherwin-hash -q

# Output safety: a full disk and a closed pipe are errors, not silence.
if [ -w /dev/full ]; then
    "$program" --dump --method=reference "$here/data/boards.fen" >/dev/full 2>"$scratch/err"
    status=$?
    [ "$status" -eq 2 ] && grep -q "cannot write" "$scratch/err" && pass "full disk on stdout" || fail "full disk on stdout (exit $status)"
    # The measurements still reach --csv, as the benchmark's do: perft
    # reports the positions it finished, recommend its verdict.
    "$program" perft -m reference --depth=1 --csv="$scratch/full-perft.csv" "$top/data/perft.epd" >/dev/full 2>"$scratch/err"
    status=$?
    if [ "$status" -eq 2 ] && grep -qE '^attackbench: perft: cannot write the rows: No space left on device; reporting the [1-9][0-9]* positions finished$' "$scratch/err" &&
        sed -n 2p "$scratch/full-perft.csv" 2>/dev/null | grep -q ',reference,[1-9][0-9]*,1,'; then
        pass "perft: a full standard output still gets its --csv of the positions finished"
    else
        fail "perft: a full standard output still gets its --csv of the positions finished (exit $status: $(head -c 300 "$scratch/err"))"
    fi
    # One position finished is said in the singular.
    printf '8/8/8/8/8/8/8/K6k w - - 0 1\n' >"$scratch/one-position.fen"
    "$program" perft -m reference --depth=1 --reps=1 "$scratch/one-position.fen" >/dev/full 2>"$scratch/err"
    grep -qx 'attackbench: perft: cannot write the rows: No space left on device; reporting the 1 position finished' "$scratch/err" &&
        pass "perft: a full standard output after one position says one position" ||
        fail "perft: a full standard output after one position says one position ($(head -c 300 "$scratch/err"))"
    if [ -z "$emulated" ]; then
        "$program" recommend --quick --method=reference --csv="$scratch/full-recommend.csv" >/dev/full 2>"$scratch/err"
        status=$?
        if [ "$status" -eq 2 ] && grep -qx 'attackbench: recommend: cannot write the verdict: No space left on device (the files are written)' "$scratch/err" &&
            grep -q '^reference,built-in,use,' "$scratch/full-recommend.csv" 2>/dev/null; then
            pass "recommend: a full standard output still gets its --csv"
        else
            fail "recommend: a full standard output still gets its --csv (exit $status: $(head -c 300 "$scratch/err"))"
        fi
    fi
fi

# A closed pipe (EPIPE) is an error with a non-zero exit, not a silent death.
yes "$(grep -v '^#' "$here/data/queens.epd")" | head -n 20000 >"$scratch/many.epd"
"$program" --dump --method=reference "$scratch/many.epd" 2>"$scratch/err" | head -c 1 >/dev/null
status=${PIPESTATUS[0]}
if [ "$status" -ne 0 ] && grep -q "cannot write" "$scratch/err"; then
    pass "closed stdout is reported"
else
    fail "closed stdout is reported (exit $status)"
fi
# --list | head -1: the documented write error, one line and exit 2, and
# --help's exit statuses say so (a closed pipe is no bad usage or input).
mkfifo "$scratch/closed-pipe"
(exec 7<>"$scratch/closed-pipe" 8>"$scratch/closed-pipe" 7<&- && exec "$program" --list >&8) 2>"$scratch/err"
status=$?
rm -f "$scratch/closed-pipe"
[ "$status" -eq 2 ] && [ "$(cat "$scratch/err")" = "attackbench: cannot write to standard output: Broken pipe" ] &&
    "$program" --help | tr '\n' ' ' | quiet_grep -F "2 bad usage or input, nothing to measure or a write error (a full disk, a closed pipe: one line)" &&
    pass "--list into a closed pipe: one line, exit 2, as --help's exit statuses say" ||
    fail "--list into a closed pipe: one line, exit 2, as --help's exit statuses say (exit $status: $(head -c 200 "$scratch/err"))"

# A feature name ATTACKBENCH_HIDE_FEATURES does not know hides nothing: it
# is refused in one line that names it and the known ones, by every command.
for arguments in "-m reference -q --reps=1 --calls=10" "--list" "perft -m reference --depth=1"; do
    # shellcheck disable=SC2086
    ATTACKBENCH_HIDE_FEATURES="avx2,bmi-2" "$program" $arguments >"$scratch/out" 2>"$scratch/err"
    status=$?
    if [ "$status" -eq 2 ] && [ "$(wc -l <"$scratch/err")" -eq 1 ] && [ ! -s "$scratch/out" ] &&
        grep -qE "^attackbench: ATTACKBENCH_HIDE_FEATURES: no feature named 'bmi-2' \(known: [a-z0-9 -]* bmi2 [a-z0-9 -]*\)$" \
            "$scratch/err"; then
        pass "an unknown name in ATTACKBENCH_HIDE_FEATURES is refused, naming the known ones ($arguments)"
    else
        fail "an unknown name in ATTACKBENCH_HIDE_FEATURES is refused ($arguments: exit $status: $(head -c 300 "$scratch/err"))"
    fi
done

# The tests' hooks ATTACKBENCH_TIMER_PROBE, ATTACKBENCH_SLOW_INSTRUCTIONS_CPU,
# ATTACKBENCH_FAKE_OTHER_WORK, ATTACKBENCH_FAKE_CANARY_DRIFT and
# ATTACKBENCH_OPENCL_PLANT, and ATTACKBENCH_OPENCL_WATCHDOG (in every
# build), refuse a value they cannot read, in one line, by every command:
# a user who set one wrongly would otherwise see no effect and no reason.
while IFS='|' read -r variable value line; do
    for arguments in "-m reference -q --reps=1 --calls=10 -w random" "--list" \
        "perft -m reference --depth=1 $here/data/boards.fen"; do
        # shellcheck disable=SC2086
        env "$variable=$value" "$program" $arguments >"$scratch/out" 2>"$scratch/err"
        status=$?
        if [ "$status" -eq 2 ] && [ ! -s "$scratch/out" ] && [ "$(cat "$scratch/err")" = "$line" ]; then
            pass "$variable='$value' is refused in one line ($arguments)"
        else
            fail "$variable='$value' is refused in one line ($arguments: exit $status: $(head -c 300 "$scratch/err"))"
        fi
    done
done <<'EOF_VARIABLES'
ATTACKBENCH_TIMER_PROBE|Trapped|attackbench: ATTACKBENCH_TIMER_PROBE=Trapped: expected trapped or no-invariant-tsc (or empty)
ATTACKBENCH_SLOW_INSTRUCTIONS_CPU|AuthenticAMD 23|attackbench: ATTACKBENCH_SLOW_INSTRUCTIONS_CPU=AuthenticAMD 23: expected VENDOR FAMILY MODEL, such as "AuthenticAMD 23 1"
ATTACKBENCH_SLOW_INSTRUCTIONS_CPU|AuthenticAMD 0x17 1|attackbench: ATTACKBENCH_SLOW_INSTRUCTIONS_CPU=AuthenticAMD 0x17 1: expected VENDOR FAMILY MODEL, such as "AuthenticAMD 23 1"
ATTACKBENCH_OPENCL_WATCHDOG|inf|attackbench: ATTACKBENCH_OPENCL_WATCHDOG=inf: expected the seconds a launch may take, a number above 0 and at most 1000000 (or empty)
ATTACKBENCH_OPENCL_WATCHDOG|abc|attackbench: ATTACKBENCH_OPENCL_WATCHDOG=abc: expected the seconds a launch may take, a number above 0 and at most 1000000 (or empty)
ATTACKBENCH_OPENCL_WATCHDOG|nan|attackbench: ATTACKBENCH_OPENCL_WATCHDOG=nan: expected the seconds a launch may take, a number above 0 and at most 1000000 (or empty)
ATTACKBENCH_OPENCL_WATCHDOG|-5|attackbench: ATTACKBENCH_OPENCL_WATCHDOG=-5: expected the seconds a launch may take, a number above 0 and at most 1000000 (or empty)
ATTACKBENCH_FAKE_OTHER_WORK|no|attackbench: ATTACKBENCH_FAKE_OTHER_WORK=no: expected the share of the measuring CPUs other work took, a number from 0 to 1 (or empty)
ATTACKBENCH_FAKE_OTHER_WORK|1.5|attackbench: ATTACKBENCH_FAKE_OTHER_WORK=1.5: expected the share of the measuring CPUs other work took, a number from 0 to 1 (or empty)
ATTACKBENCH_FAKE_CANARY_DRIFT|garbage|attackbench: ATTACKBENCH_FAKE_CANARY_DRIFT=garbage: expected the harness's drift in speed, a number from 0 to 1 (or empty)
ATTACKBENCH_FAKE_CANARY_DRIFT|nan|attackbench: ATTACKBENCH_FAKE_CANARY_DRIFT=nan: expected the harness's drift in speed, a number from 0 to 1 (or empty)
ATTACKBENCH_FAKE_CANARY_DRIFT|5|attackbench: ATTACKBENCH_FAKE_CANARY_DRIFT=5: expected the harness's drift in speed, a number from 0 to 1 (or empty)
ATTACKBENCH_OPENCL_PLANT|wrng|attackbench: ATTACKBENCH_OPENCL_PLANT=wrng: expected wrong, sparse-queen, broken, slow or memory (or empty)
EOF_VARIABLES
# Empty, each does nothing (the bad-input loop above runs with an empty
# probe); spaces and tabs around the CPU's three fields are read.
ATTACKBENCH_SLOW_INSTRUCTIONS_CPU=$' AuthenticAMD\t23  1 ' "$program" --list --formulation=fixed >"$scratch/out" 2>"$scratch/err"
status=$?
if [ "$status" -eq 0 ] && [ ! -s "$scratch/err" ] && { [ "$x86_build" = 0 ] || quiet_grep microcoded "$scratch/out"; }; then
    pass "ATTACKBENCH_SLOW_INSTRUCTIONS_CPU with spaces and a tab is read"
else
    fail "ATTACKBENCH_SLOW_INSTRUCTIONS_CPU with spaces and a tab is read (exit $status: $(head -c 300 "$scratch/err"))"
fi

#!/usr/bin/env bash
# Hostile input and hostile outputs: endless lines, read errors, terminal
# escapes in messages.
source "$(dirname "$0")/../lib/tap.bash"

hostile_one_fen=$(grep -m 1 -v '^#' "$here/data/boards.fen")

# An endless line is refused at the limit, without waiting for its end: the
# writer stalls after 100 kB, and the reader must not wait for more.
mkfifo "$scratch/stall"
(head -c 100000 /dev/zero | tr '\0' 'p' && exec sleep 30) >"$scratch/stall" &
hostile_writer=$!
expect_error "an endless line is refused at the limit" "<stdin>:1: line is longer than the 65536 bytes allowed" \
    timeout 10 "$program" --dump - <"$scratch/stall"
kill "$hostile_writer" 2>/dev/null
wait "$hostile_writer" 2>/dev/null
rm -f "$scratch/stall"

expect_error "--dump /dev/zero fails fast" "/dev/zero:1: line is longer than" timeout 10 "$program" --dump /dev/zero

# A pipe named as a position file is refused before it is read (a file is
# read twice: checked, then used), whether or not anything writes to it.
mkfifo "$scratch/unwritten"
for command in "--dump" "--verify-only --method=reference" "--method=reference --reps=1 --calls=10 -q" \
    "perft --method=reference --depth=1"; do
    # shellcheck disable=SC2086 # the command's words
    expect_error "a pipe as a position file is refused: $command" \
        "$scratch/unwritten: a pipe can be read only once, and position files are read twice" \
        timeout 10 "$program" $command "$scratch/unwritten"
done
if on_native "a process substitution as a position file" "no /dev/fd of the host to open"; then
    expect_error "a process substitution as a position file is refused" "a pipe can be read only once" \
        timeout 10 "$program" --dump <(grep -v '^#' "$here/data/boards.fen")
fi
rm -f "$scratch/unwritten"

# One good position, then an endless line: no benchmark, exit 2.  The
# memory limit makes a reader that grows its buffer fail; it is left out
# where the program cannot start under it (sanitizer builds reserve
# terabytes of address space).
hostile_limit() {
    if (ulimit -v 1000000 && exec "$program" --version) >/dev/null 2>&1; then
        (ulimit -v 1000000 && exec "$@")
    else
        "$@"
    fi
}
(printf '%s\n' "$hostile_one_fen" && cat /dev/zero) |
    hostile_limit timeout 20 "$program" --method=reference --reps=1 --calls=10 -q - >"$scratch/out" 2>"$scratch/err"
hostile_status=$?
if [ "$hostile_status" -eq 2 ] && [ ! -s "$scratch/out" ] && grep -qF "<stdin>:2: line is longer than" "$scratch/err"; then
    pass "a good line then /dev/zero on stdin measures nothing"
else
    fail "a good line then /dev/zero on stdin measures nothing (exit $hostile_status: $(head -c 200 "$scratch/err"))"
fi

# Read errors: EIO from a file, EBADF from a write-only standard input.
on_native "EIO is a read error naming the file" "no /proc/self of its own (node's is read)" &&
    expect_error "EIO is a read error naming the file" "/proc/self/mem:1: read error: Input/output error" \
        "$program" --dump /proc/self/mem
expect_error "an unreadable stdin is a read error" "<stdin>:1: read error: Bad file descriptor" \
    "$program" --method=reference --reps=1 --calls=10 - 0>>"$scratch/write-only"

# A FEN line that would clear the terminal, and bytes that are not UTF-8:
# the message shows them escaped.
printf '%s w K\033[2J - 0 1\n' "${hostile_one_fen%% *}" >"$scratch/escape.fen"
printf '%s \377\376 - - 0 1\n' "${hostile_one_fen%% *}" >"$scratch/not-utf8.fen"
expect_error "an escape sequence in a FEN line is shown escaped" \
    "escape.fen:1: bad castling field 'K\x1b[2J': '\x1b' is not one of KQkq or -" \
    "$program" --method=reference "$scratch/escape.fen"
if grep -q $'\033' "$scratch/err"; then fail "no raw ESC byte in the message"; else pass "no raw ESC byte in the message"; fi
expect_error "bytes that are not UTF-8 are shown escaped" \
    "not-utf8.fen:1: bad side to move '\xff\xfe': expected w or b" "$program" --method=reference "$scratch/not-utf8.fen"

# An output naming the running program's own file would replace the
# program with a table (recommend, the benchmark, perft and genpos did so).
if [ -n "$emulated" ] || [ "$wasm_build" = 1 ]; then
    skip "an output naming the running program: the program under test runs inside ${emulated:-node}, which /proc/self/exe names"
else
    cp "$program" "$scratch/program-copy"
    copy=$scratch/program-copy
    own="names this attackbench program's own file; it would be replaced"
    expect_error "recommend: --csv naming the running program is refused" "program-copy: --csv $own" \
        "$copy" recommend --quick --method=pext --csv="$copy"
    expect_error "the benchmark: --csv naming the running program is refused" "program-copy: --csv $own" \
        "$copy" --method=reference --workload=random --reps=1 --calls=10 --csv="$copy"
    expect_error "perft: --csv naming the running program is refused" "program-copy: --csv $own" \
        "$copy" perft --method=reference --depth=1 --csv="$copy" "$here/../data/perft.epd"
    expect_error "genpos: --out naming the running program is refused" "program-copy: --out $own" \
        "$copy" genpos --seed=1 --games=2 --out="$copy"
    cmp -s "$program" "$scratch/program-copy" && pass "the running program's file is kept" ||
        fail "the running program's file is kept"
fi

# Output files (--csv, perft --csv, genpos --out).  Devices and FIFOs are
# written straight through, never replaced.  CI runs as root, where a
# rename over /dev/full succeeds: the devices are first reached through
# links in the scratch folder, so that a broken build replaces a link
# there; only when those pass are the devices named directly.
hostile_run=("$program" --method=reference --workload=random --reps=1 --calls=10 --queries=100 -q --format=csv)
hostile_devices_kept() {
    [ -c /dev/full ] && [ -c /dev/null ] && [ -L /dev/stdout ] &&
        [ -L "$scratch/full" ] && [ -L "$scratch/null" ] && [ -L "$scratch/stdout" ]
}
ln -s /dev/full "$scratch/full"
ln -s /dev/null "$scratch/null"
ln -s /proc/self/fd/1 "$scratch/stdout"
hostile_passed_before=$passed
hostile_expected=6
expect_error "--csv=a link to /dev/full is ENOSPC" "full: cannot write: No space left on device" \
    "${hostile_run[@]}" --csv="$scratch/full"
expect_error "perft --csv=a link to /dev/full is ENOSPC" "full: cannot write: No space left on device" \
    "$program" perft --method=reference --depth=1 --csv="$scratch/full" "$here/../data/perft.epd"
expect_error "genpos --out=a link to /dev/full is ENOSPC" "full: cannot write: No space left on device" \
    "$program" genpos --seed=1 --games=2 --out="$scratch/full"
expect_status "--csv=a link to /dev/null" 0 "${hostile_run[@]}" --csv="$scratch/null"
if on_native "--csv=a link to /proc/self/fd/1" "no /proc/self/fd (WASI follows no link out of the file tree to a pipe)"; then
    "${hostile_run[@]}" --csv="$scratch/stdout" 2>"$scratch/err" | cat >"$scratch/piped"
    [ "$(grep -c '^timestamp,' "$scratch/piped")" -eq 2 ] && pass "--csv=a link to /proc/self/fd/1, a pipe" ||
        fail "--csv=a link to /proc/self/fd/1, a pipe ($(head -c 200 "$scratch/err"))"
else
    hostile_expected=5
fi
hostile_devices_kept && pass "devices and links to them are kept" || fail "devices and links to them are kept"
if [ $((passed - hostile_passed_before)) -eq "$hostile_expected" ]; then
    expect_error "--csv=/dev/full is ENOSPC" "/dev/full: cannot write: No space left on device" \
        "${hostile_run[@]}" --csv=/dev/full
    expect_status "--csv=/dev/null" 0 "${hostile_run[@]}" --csv=/dev/null
    if on_native "--csv=/dev/stdout" "no /proc/self/fd (WASI follows no link out of the file tree to a pipe)"; then
        "${hostile_run[@]}" --csv=/dev/stdout 2>"$scratch/err" | cat >"$scratch/piped"
        [ "$(grep -c '^timestamp,' "$scratch/piped")" -eq 2 ] && pass "--csv=/dev/stdout into a pipe" ||
            fail "--csv=/dev/stdout into a pipe ($(head -c 200 "$scratch/err"))"
        # Into a file standard output appends to: the file is written
        # through, never replaced (which would drop its earlier lines and
        # the table), whichever of /proc's links names it.
        for name in /dev/stdout /dev/fd/1 /proc/self/fd/1; do
            printf 'kept 1\nkept 2\n' >"$scratch/log"
            "${hostile_run[@]}" --format=table --csv="$name" >>"$scratch/log" 2>"$scratch/err"
            hostile_status=$?
            [ "$hostile_status" -eq 0 ] && [ "$(head -n 2 "$scratch/log" | tr '\n' ' ')" = "kept 1 kept 2 " ] &&
                grep -qE '^ *method +ns/query' "$scratch/log" && [ "$(grep -c '^timestamp,' "$scratch/log")" -eq 1 ] &&
                pass "--csv=$name into a file standard output appends to keeps its lines and the table" ||
                fail "--csv=$name into a file standard output appends to (exit $hostile_status; $(head -c 200 "$scratch/log"))"
        done
    fi
    hostile_devices_kept && pass "/dev/full, /dev/null, /dev/stdout are kept" ||
        fail "/dev/full, /dev/null, /dev/stdout are kept"
else
    fail "devices named directly: not tried, the links to them failed"
fi
mkfifo "$scratch/fifo"
timeout 20 cat "$scratch/fifo" >"$scratch/from-fifo" &
hostile_reader=$!
"${hostile_run[@]}" --csv="$scratch/fifo" >/dev/null 2>"$scratch/err"
hostile_status=$?
wait "$hostile_reader"
if [ "$hostile_status" -eq 0 ] && [ -p "$scratch/fifo" ] && head -1 "$scratch/from-fifo" | quiet_grep '^timestamp,'; then
    pass "--csv=FIFO writes into the FIFO"
else
    fail "--csv=FIFO writes into the FIFO (exit $hostile_status: $(head -c 200 "$scratch/err"))"
fi
expect_error "--csv=a directory" "cannot write: Is a directory" "${hostile_run[@]}" --csv="$scratch"
# A file name of 254 bytes, which the file system takes: the temporary
# file beside it kept the whole name, then ".tmp." and twelve letters, 271
# bytes, which it refused ("cannot create: File name too long"), for the
# benchmark's, perft's and recommend's --csv and genpos --out alike.  The
# temporary's name is cut to fit; nothing is left beside the file.
mkdir "$scratch/long"
long_name="$scratch/long/$(printf '%0250d' 0 | tr 0 r).csv"
"${hostile_run[@]}" --csv="$long_name" >/dev/null 2>"$scratch/err"
hostile_status=$?
long_files=("$scratch/long"/*)
[ "$hostile_status" -eq 0 ] && [ -s "$long_name" ] && [ "${#long_files[@]}" -eq 1 ] &&
    pass "--csv= a 254-byte file name is written, nothing left beside it" ||
    fail "--csv= a 254-byte file name (exit $hostile_status: $(head -c 200 "$scratch/err"))"
# A FIFO nobody reads: the open waits, and SIGTERM ends it as a signal
# does (143), not as a bad path (2).
if on_native "SIGTERM while --csv=FIFO waits for a reader" "no signals between the test and the runtime"; then
    rm -f "$scratch/fifo"
    mkfifo "$scratch/fifo"
    timeout 20 "${hostile_run[@]}" --csv="$scratch/fifo" >/dev/null 2>"$scratch/err" &
    hostile_waiting=$!
    sleep 1.5
    kill -TERM "$hostile_waiting" 2>/dev/null
    wait "$hostile_waiting"
    hostile_status=$?
    [ "$hostile_status" -eq 143 ] && pass "SIGTERM while --csv=FIFO waits for a reader exits 143" ||
        fail "SIGTERM while --csv=FIFO waits for a reader exits 143 (exit $hostile_status: $(head -c 200 "$scratch/err"))"
    # ... and says so as the interrupt, not as the open's EINTR ("cannot
    # open: Interrupted system call").
    [ "$(tail -n 1 "$scratch/err")" = "attackbench: interrupted: $scratch/fifo: not written" ] &&
        pass "SIGTERM while --csv=FIFO waits for a reader: the interrupt line" ||
        fail "SIGTERM while --csv=FIFO waits for a reader: the interrupt line ($(head -c 200 "$scratch/err"))"
fi

# A run interrupted while --csv names a FIFO nobody reads: the finished
# rows have no reader to go to, and the exit the user asked for comes at
# once (130), not after a reader turns up (before, the open waited and
# timeout ended it: 124).
if on_native "SIGINT, then --csv=FIFO with no reader" "no signals between the test and the runtime"; then
    rm -f "$scratch/fifo"
    mkfifo "$scratch/fifo"
    timeout -k 5 10 "$program" --method=reference --workload=random --piece=rook,bishop,queen --reps=15 -q \
        --csv="$scratch/fifo" >/dev/null 2>"$scratch/err" &
    hostile_waiting=$!
    sleep 1.5
    kill -INT "$hostile_waiting" 2>/dev/null
    wait "$hostile_waiting"
    hostile_status=$?
    # (A machine so slow that no row finished in 1.5 s writes no CSV.)
    if [ "$hostile_status" -eq 130 ] && { grep -qxF "attackbench: interrupted before any row finished: nothing written" "$scratch/err" ||
        [ "$(tail -n 1 "$scratch/err")" = "attackbench: interrupted: $scratch/fifo: not written" ]; }; then
        pass "SIGINT, then --csv=FIFO with no reader: exit 130 at once, the rows not written"
    else
        fail "SIGINT, then --csv=FIFO with no reader: exit 130 at once, the rows not written (exit $hostile_status: $(head -c 300 "$scratch/err"))"
    fi
    rm -f "$scratch/fifo"
fi

# A FIFO planted where the per-CPU lock files go (anyone can make one in
# /tmp) is no lock: one warning, and the run goes on rather than waiting
# in the open for a writer.
if on_native "a FIFO at the CPU lock path" "no file locks"; then
    mkdir "$scratch/fifo-locks"
    for ((cpu = 0; cpu < $(getconf _NPROCESSORS_CONF); cpu++)); do
        mkfifo "$scratch/fifo-locks/attackbench-cpu-$cpu.lock"
    done
    XDG_RUNTIME_DIR="$scratch/fifo-locks" timeout -k 5 20 "${hostile_run[@]}" >/dev/null 2>"$scratch/err"
    hostile_status=$?
    if [ "$hostile_status" -eq 0 ] && grep -q "^attackbench: warning: cannot lock CPU [0-9]* (.*: not a regular file)" "$scratch/err"; then
        pass "a FIFO at the CPU lock path: a warning, no wait"
    else
        fail "a FIFO at the CPU lock path: a warning, no wait (exit $hostile_status: $(head -c 300 "$scratch/err"))"
    fi
fi

# A file's name is escaped in messages as the lines' contents are: a
# newline in it does not split the one error line, an escape sequence does
# not reach the terminal (position files, --csv, --plugin, compare).
for names in "positions|\$'$scratch/new\nline.fen'|\"\$program\" -m reference --reps=1 --calls=10 -q \"\$name\"" \
    "--csv|\$'$scratch/no\e[2J/x.csv'|\"\${hostile_run[@]}\" --csv=\"\$name\"" \
    "--plugin|\$'$scratch/p\nq.so'|\"\$program\" --plugin=\"\$name\" --list" \
    "compare|\$'$scratch/c\e[2J.csv'|\"\$program\" compare \"\$name\" \"\$here/data/compare-run1.csv\""; do
    IFS='|' read -r what quoted command <<<"$names"
    eval "name=$quoted"
    eval "$command" >/dev/null 2>"$scratch/err"
    hostile_status=$?
    if [ "$hostile_status" -eq 2 ] && [ "$(wc -l <"$scratch/err")" -eq 1 ] && ! grep -q $'\e' "$scratch/err" &&
        grep -qF -e '\x0a' -e '\x1b' "$scratch/err"; then
        pass "a control byte in a file's name is escaped in the message ($what)"
    else
        fail "a control byte in a file's name is escaped in the message ($what: exit $hostile_status: $(head -c 300 "$scratch/err" | cat -v))"
    fi
done

# '-' is standard input wherever a file is read; as an output file name it
# made a file named '-' in the working directory.
for option in --csv=- --json=-; do
    expect_error "$option is refused, no file '-' made" "'-' is standard input" \
        "${hostile_run[@]}" "$option"
done
expect_error "genpos --out=- is refused" "'-' is standard input" "$program" genpos --seed=1 --games=1 --out=-
[ ! -e ./- ] && pass "no file named '-' was made" || fail "no file named '-' was made"

# A symbolic link is followed: its target is replaced and keeps its mode.
mkdir "$scratch/hostile"
printf 'old\n' >"$scratch/hostile/target.csv"
chmod 640 "$scratch/hostile/target.csv"
ln -s target.csv "$scratch/hostile/link.csv"
"${hostile_run[@]}" --csv="$scratch/hostile/link.csv" >/dev/null 2>"$scratch/err"
# (WASI has no permission bits: there the mode is the host's default.)
hostile_mode=640
[ "$wasm_build" = 1 ] && hostile_mode=$(stat -c %a "$scratch/hostile/target.csv")
if [ -L "$scratch/hostile/link.csv" ] && head -1 "$scratch/hostile/target.csv" | quiet_grep '^timestamp,' &&
    [ "$(stat -c %a "$scratch/hostile/target.csv")" = "$hostile_mode" ] && [ "$(ls "$scratch/hostile" | wc -l)" -eq 2 ]; then
    pass "--csv through a symbolic link replaces its target, mode kept"
else
    fail "--csv through a symbolic link replaces its target, mode kept ($(ls -l "$scratch/hostile"))"
fi
"$program" genpos --seed=1 --games=2 --out="$scratch/hostile/link.csv" 2>/dev/null
[ -L "$scratch/hostile/link.csv" ] && grep -q '^# attackbench genpos' "$scratch/hostile/target.csv" &&
    pass "genpos --out through a symbolic link" || fail "genpos --out through a symbolic link"
(umask 027 && exec "${hostile_run[@]}" --csv="$scratch/hostile/new.csv" >/dev/null)
[ "$(stat -c %a "$scratch/hostile/new.csv")" = 640 ] && pass "a new --csv file has 0666 less the umask" ||
    fail "a new --csv file has 0666 less the umask ($(stat -c %a "$scratch/hostile/new.csv"))"

# Writers racing on one file through a chain of links: the last one
# replaces it whole.  (Another writer's rename between the two looks at
# the path once sent a writer down the branch for /proc's links, which
# appends: one file held two runs, two header lines, in about 1 round in
# 25 of the trial's; a race, so this can only catch it sometimes.)
mkdir "$scratch/race"
race_previous=target.csv
for link in $(seq 1 35); do
    ln -s "$race_previous" "$scratch/race/l$link"
    race_previous=l$link
done
race_mixed=0
for _ in 1 2 3 4 5 6 7 8; do
    rm -f "$scratch/race/target.csv"
    for _ in 1 2 3 4; do "${hostile_run[@]}" --csv="$scratch/race/l35" >/dev/null 2>&1 & done
    wait
    [ "$(grep -c '^timestamp,' "$scratch/race/target.csv")" = 1 ] || race_mixed=$((race_mixed + 1))
done
[ "$race_mixed" = 0 ] && pass "racing --csv writers through 35 links: each round one whole file" ||
    fail "racing --csv writers through 35 links: each round one whole file ($race_mixed of 8 rounds mixed)"

# A symbolic link planted at the temporary name of the old scheme
# (NAME.tmp.PID) is not followed: the file it points to stays as it was.
printf 'victim\n' >"$scratch/hostile/victim"
# shellcheck disable=SC2016
bash -c 'ln -s victim "$1.tmp.$$" && shift && exec "$@"' planted "$scratch/hostile/planted.csv" \
    "${hostile_run[@]}" --csv="$scratch/hostile/planted.csv" >/dev/null 2>&1
[ "$(cat "$scratch/hostile/victim")" = victim ] && head -1 "$scratch/hostile/planted.csv" | quiet_grep '^timestamp,' &&
    pass "a planted temporary-name symlink is not followed" || fail "a planted temporary-name symlink is not followed"

# SIGTERM while genpos fills its temporary file: the process stops, the
# temporary file goes, the old file stays.
printf 'old\n' >"$scratch/hostile/long.fen"
"$program" genpos --seed=1 --games=1000000 --out="$scratch/hostile/long.fen" 2>/dev/null &
hostile_genpos=$!
sleep 1
kill -TERM "$hostile_genpos"
for _ in 1 2 3 4 5 6 7 8 9 10; do kill -0 "$hostile_genpos" 2>/dev/null && sleep 0.5; done
if kill -0 "$hostile_genpos" 2>/dev/null; then
    kill -KILL "$hostile_genpos"
    fail "SIGTERM stops genpos --out and removes its temporary file (still running 5 s later)"
elif ls "$scratch/hostile" | quiet_grep 'long\.fen\.tmp' || [ "$(cat "$scratch/hostile/long.fen")" != old ]; then
    fail "SIGTERM stops genpos --out and removes its temporary file ($(ls "$scratch/hostile"))"
else
    pass "SIGTERM stops genpos --out and removes its temporary file"
fi
wait "$hostile_genpos" 2>/dev/null

# --help, --version and --list into a full disk and into a pipe whose
# reader is gone: exit 2 with a message.
for hostile_option in --help --version --list; do
    if [ -w /dev/full ]; then
        "$program" "$hostile_option" >/dev/full 2>"$scratch/err"
        hostile_status=$?
        if [ "$hostile_status" -eq 2 ] &&
            grep -q "cannot write to standard output: No space left on device" "$scratch/err"; then
            pass "$hostile_option into /dev/full"
        else
            fail "$hostile_option into /dev/full (exit $hostile_status: $(head -c 200 "$scratch/err"))"
        fi
    fi
    mkfifo "$scratch/closed-pipe"
    # The FIFO is opened for reading and writing, then the reading end is
    # closed: every write meets a pipe without a reader (EPIPE).
    (exec 7<>"$scratch/closed-pipe" 8>"$scratch/closed-pipe" 7<&- && exec "$program" "$hostile_option" >&8) \
        2>"$scratch/err"
    hostile_status=$?
    rm -f "$scratch/closed-pipe"
    if [ "$hostile_status" -eq 2 ] && grep -q "cannot write to standard output: Broken pipe" "$scratch/err"; then
        pass "$hostile_option into a closed pipe"
    else
        fail "$hostile_option into a closed pipe (exit $hostile_status: $(head -c 200 "$scratch/err"))"
    fi
done

# A small stack (`ulimit -s 64`, 64 KiB for the main thread): a run
# measures and exits 0.  The CPU choice's 40 KiB of arrays and the
# session's 50 KiB were on the stack and crashed it (SIGSEGV).  Native,
# unemulated and unsanitized builds only: an emulator or a sanitizer
# runtime needs a stack of its own.
if on_native "a 64 KiB stack" "no stack limit of its own" && [ -z "$emulated" ] && [ "$sanitized" = 0 ]; then
    (ulimit -s 64 && exec "$program" -q --method=reference --workload=random --reps=1) >"$scratch/out" 2>"$scratch/err"
    hostile_status=$?
    [ "$hostile_status" -eq 0 ] && [ -s "$scratch/out" ] && pass "a 64 KiB stack: a run measures, exit 0" ||
        fail "a 64 KiB stack: a run measures, exit 0 (exit $hostile_status: $(head -c 200 "$scratch/err"))"
fi

# Too little address space for a thread's stack: the line gives the
# reason (it said only "cannot start thread 1").  The window between a
# program that cannot start and one whose threads start depends on the
# build, so the limits are tried in turn; none in the window is a skip.
if on_native "a thread that cannot start" "no threads" && [ -z "$emulated" ] && [ "$sanitized" = 0 ]; then
    hostile_found=""
    # Up from a limit too small to start, until a run passes (the portable
    # build's tables for every x86-64 level need 160 MB); bash's
    # "Segmentation fault" notes are kept out of the log.
    for ((hostile_kb = 40000; hostile_kb <= 400000; hostile_kb += 5000)); do
        (ulimit -v "$hostile_kb" && exec "$program" -q --method=reference --workload=random --reps=1 --threads=2) \
            >/dev/null 2>"$scratch/err"
        hostile_status=$?
        [ "$hostile_status" = 2 ] && [[ $(<"$scratch/err") == *"cannot start thread"* ]] && hostile_found=$hostile_kb
        [ -n "$hostile_found" ] || [ "$hostile_status" = 0 ] && break
    done 2>/dev/null
    if [ -z "$hostile_found" ]; then
        skip "a thread that cannot start gives its reason: no address-space limit between start-up and the threads"
    else
        [[ $(<"$scratch/err") == "attackbench: cannot start thread 1 of --threads=2: "?* ]] &&
            pass "a thread that cannot start gives its reason (ulimit -v $hostile_found)" ||
            fail "a thread that cannot start gives its reason ($(head -c 200 "$scratch/err"))"
    fi
fi

# The variables checked before any command quote their values in their
# one line: an escape sequence is shown escaped, not sent to the terminal.
# (A function's local -x exports the variable for its run alone; a
# subshell would lose the test's count.)
hostile_escaped_variable() {
    local -x "$1=odd"$'\033'"[2J"
    expect_one_line "$1: an escape sequence is shown escaped" 'odd\x1b[2J' "$program" --version
}
for hostile_variable in ATTACKBENCH_HIDE_FEATURES ATTACKBENCH_TIMER_PROBE ATTACKBENCH_SLOW_INSTRUCTIONS_CPU \
    ATTACKBENCH_FAKE_OTHER_WORK ATTACKBENCH_OPENCL_WATCHDOG; do
    hostile_escaped_variable "$hostile_variable"
done
if on_native "ATTACKBENCH_AB_REPLAY: an escape sequence in the path" "no ab (its sides are processes)"; then
    ATTACKBENCH_AB_REPLAY="$scratch/none"$'\033'"[2J" expect_one_line \
        "ATTACKBENCH_AB_REPLAY: an escape sequence in the path is shown escaped" "none\x1b[2J: No such file" \
        "$program" ab -m reference,kogge-stone
fi

#!/usr/bin/env bash
# SIGINT and SIGTERM stop a run within about a second wherever it is, keep
# the finished rows and exit 128 + the signal.  Each test waits for a line
# the program prints once the state under test is reached, never for a
# fixed time.
source "$(dirname "$0")/../lib/tap.bash"
[ "$wasm_build" = 0 ] || skip_all "WebAssembly (WASI) has no signals: Ctrl-C ends node at once"
# shellcheck source=../lib/signals.bash
source "$here/lib/signals.bash"

# wait_for_line FILE PATTERN: up to 60 s for PATTERN to appear in FILE.
wait_for_line() {
    local tries
    for tries in $(seq 600); do
        grep -q -- "$2" "$1" 2>/dev/null && return 0
        sleep 0.1
    done
    return 1
}

# stop_when NAME SIGNAL STATUS PATTERN COMMAND...: start the command, send
# SIGNAL once its stderr shows PATTERN, and expect exit STATUS within 3 s.
stop_when() {
    local name=$1 signal=$2 want=$3 pattern=$4
    shift 4
    "$@" >"$scratch/stop.out" 2>"$scratch/stop.err" &
    local runner=$!
    if ! wait_for_line "$scratch/stop.err" "$pattern"; then
        kill -KILL "$runner"
        wait "$runner"
        fail "$name (never printed '$pattern')"
        return
    fi
    local start=$(date +%s%N)
    kill "-$signal" "$runner"
    wait "$runner"
    local got=$? elapsed=$((($(date +%s%N) - start) / 1000000))
    # 3 s; four times that for a sanitizer build (several times slower;
    # 3.9 and 5.4 s at load 11 in make check's sanitize phase).
    local limit_ms=3000
    [ "$sanitized" = 1 ] && limit_ms=12000
    if [ "$got" -eq "$want" ] && [ "$elapsed" -lt "$limit_ms" ]; then
        pass "$name"
    else
        fail "$name (exit $got after $elapsed ms)"
    fi
}

stop_when "SIGINT inside a long repetition" INT 130 '^timer:' "$program" --workload=random --queries=1000 \
    --method=reference --piece=rook --dispatch=batch --reps=3 --calls=1000000000
stop_when "SIGTERM inside a long repetition" TERM 143 '^timer:' "$program" --workload=random --queries=1000 \
    --method=reference --piece=rook --dispatch=batch --reps=3 --calls=1000000000
# SIGHUP (a closed terminal or ssh session) and SIGQUIT stop it the same way.
stop_when "SIGQUIT inside a long repetition" QUIT 131 '^timer:' "$program" --workload=random --queries=1000 \
    --method=reference --piece=rook --dispatch=batch --reps=3 --calls=1000000000
stop_when "SIGINT during --verify-only" INT 130 'verified' "$program" --verify-only --method=all
# ... saying the verification stopped (it has no rows to report).
[ "$(tail -n 1 "$scratch/stop.err")" = "attackbench: interrupted: the verification stopped unfinished" ] &&
    pass "SIGINT during --verify-only: the last line says the verification stopped" ||
    fail "SIGINT during --verify-only: the last line says the verification stopped ($(tail -n 1 "$scratch/stop.err"))"

# keeps_finished_rows SIGNAL STATUS NAME: the rows finished before SIGNAL
# are reported and written (over the --csv file's old text), exit STATUS:
# the pieces rows are done when the random stream has been verified.  The
# random row's 500 repetitions of 200,000 queries last seconds after that
# (a long stream instead would make the verification as long; 2,000,000
# queries cost 0.5 s of CPU before the signal).
keeps_finished_rows() {
    local signal=$1 want=$2 name=$3 csv="$scratch/keeps-$1.csv" status
    echo old >"$csv"
    "${with_sighup[@]}" "$program" --verify --method=reference --piece=rook --dispatch=batch --workload=pieces,random \
        --queries=200000 --reps=500 --calls=1000 --csv="$csv" --format=csv "$here/data/boards.fen" \
        >"$scratch/keeps-$signal.out" 2>"$scratch/keeps-$signal.err" &
    runner=$!
    wait_for_line "$scratch/keeps-$signal.err" 'verified every random query'
    kill "-$signal" "$runner"
    wait "$runner"
    status=$?
    if [ "$status" -eq "$want" ] && grep -q "interrupted: reporting the 2 rows finished" "$scratch/keeps-$signal.err" &&
        [ "$(grep -c ',reference,rook,pieces,batch,' "$csv")" -eq 1 ] &&
        cmp -s "$csv" "$scratch/keeps-$signal.out" && ! ls "$scratch" | quiet_grep '\.tmp'; then
        pass "$name"
    else
        fail "$name (exit $status: $(tail -2 "$scratch/keeps-$signal.err"))"
    fi
}
keeps_finished_rows INT 130 "SIGINT keeps the finished rows"
# SIGHUP too (it killed the run, and --csv kept its old text).
keeps_finished_rows HUP 129 "SIGHUP keeps the finished rows, exit 129"
# Under nohup (SIGHUP ignored) a hangup does not stop the run: the
# process's SigIgn in /proc keeps SIGHUP.  Under qemu-user /proc shows
# qemu's own signal masks, not the emulated program's.
if [ -n "$emulated" ]; then
    skip "SIGHUP ignored (nohup) stays ignored: /proc shows qemu's masks under $emulated"
else
    (
        trap '' HUP
        exec "$program" --workload=random --queries=1000 --method=reference --piece=rook --dispatch=batch --reps=3 \
            --calls=1000000000 >/dev/null 2>"$scratch/nohup.err"
    ) &
    runner=$!
    wait_for_line "$scratch/nohup.err" '^timer:' # its handlers are in place by then
    ignored=$(awk '$1 == "SigIgn:" { print $2 }' "/proc/$runner/status" 2>/dev/null)
    if [ -n "$ignored" ] && (((16#$ignored >> 0) & 1)); then
        pass "SIGHUP ignored (nohup) stays ignored"
    else
        fail "SIGHUP ignored (nohup) stays ignored (SigIgn: '$ignored')"
    fi
    kill -INT "$runner" 2>/dev/null
    wait "$runner"
fi
# Before any row finished: said so, not "reporting the 0 rows", and
# nothing on standard output or in --csv.
"$program" --verify --method=reference --piece=rook --dispatch=batch --workload=random --queries=200000 \
    --reps=500 --calls=1000 --csv="$scratch/none.csv" --format=json >"$scratch/none.out" 2>"$scratch/none.err" &
runner=$!
wait_for_line "$scratch/none.err" 'verified every random query'
kill -INT "$runner"
wait "$runner"
status=$?
if [ "$status" -eq 130 ] && [ "$(tail -n 1 "$scratch/none.err")" = "attackbench: interrupted before any row finished: nothing written" ] &&
    [ ! -s "$scratch/none.out" ] && [ ! -e "$scratch/none.csv" ]; then
    pass "SIGINT before any row finished says nothing was written"
else
    fail "SIGINT before any row finished says nothing was written (exit $status: $(tail -2 "$scratch/none.err"))"
fi

# recommend, interrupted while it measures: it says so, as the benchmark
# and ab do, with no verdict and no file written; its help names 130.
# recommend's candidates are those of an x86-64 build (as in engine_view.sh).
if [ "$x86_build" = 1 ] && [ "$plugin_build" = 1 ]; then
    for signal_status in INT:130 HUP:129; do
        signal=${signal_status%:*} want=${signal_status#*:}
        "${with_sighup[@]}" "$program" recommend --quick --csv="$scratch/recommend.csv" >"$scratch/recommend.out" 2>"$scratch/recommend.err" &
        runner=$!
        wait_for_line "$scratch/recommend.err" '^recommend: measuring isolated'
        kill "-$signal" "$runner"
        wait "$runner"
        status=$?
        if [ "$status" -eq "$want" ] && [ ! -e "$scratch/recommend.csv" ] &&
            grep -qxF "attackbench: recommend: interrupted before the measurements finished: no verdict, no file written" \
                "$scratch/recommend.err"; then
            pass "recommend: SIG$signal says it interrupted, exit $want"
        else
            fail "recommend: SIG$signal says it interrupted, exit $want (exit $status: $(head -c 300 "$scratch/recommend.err"))"
        fi
    done
else
    skip "recommend: SIGINT says it interrupted: its candidates need an x86-64 build that loads plugins"
fi
# recommend's measuring child killed: the failure says how it ended (it
# showed the child's last stderr line as if it were the cause).
if [ "$x86_build" = 1 ] && [ "$plugin_build" = 1 ] && command -v pgrep >/dev/null; then
    "$program" recommend --quick >"$scratch/recommend.out" 2>"$scratch/recommend-killed.err" &
    runner=$!
    wait_for_line "$scratch/recommend-killed.err" '^recommend: measuring isolated'
    child=
    for tries in $(seq 100); do
        # The measuring child, not the janitor that removes the work folder.
        child=$(pgrep -P "$runner" -f 'workload=random' | head -n 1)
        [ -n "$child" ] && break
        sleep 0.1
    done
    [ -n "$child" ] && kill -KILL "$child"
    wait "$runner"
    status=$?
    if [ "$status" -eq 2 ] && grep -q "^attackbench: recommend: the isolated measurement failed (killed by signal 9 (Killed); its work folder is removed): " \
        "$scratch/recommend-killed.err"; then
        pass "recommend: a measuring child killed is named so, exit 2"
    else
        fail "recommend: a measuring child killed is named so, exit 2 (exit $status, child '$child': $(head -c 300 "$scratch/recommend-killed.err"))"
    fi
fi
"$program" recommend --help | quiet_grep "130 interrupted (SIGINT; 143 for SIGTERM, 129 for SIGHUP" &&
    pass "recommend --help names exit status 130 (and 143, 129)" ||
    fail "recommend --help names exit status 130 (and 143, 129)"

big="$scratch/big.fen"
for _ in $(seq 30); do cat "$here/../data/positions.fen"; done >"$big"

# dump_stops SIGNAL STATUS: --dump stops between positions on SIGNAL:
# exit STATUS, one line, and its rows are whole, the first rows of the
# same dump run to its end.
dump_stops() {
    local signal=$1 want=$2 status size
    # No file of the last one: seen non-empty, this one's rows are there.
    rm -f "$scratch/dump.csv"
    "${with_sighup[@]}" "$program" --dump -m hyperbola "$big" >"$scratch/dump.csv" 2>"$scratch/dump.err" &
    runner=$!
    poll 60 test -s "$scratch/dump.csv"
    kill "-$signal" "$runner"
    poll 30 ended "$runner" || kill -KILL "$runner"
    wait "$runner"
    status=$?
    size=$(stat -c %s "$scratch/dump.csv")
    if [ "$status" -eq "$want" ] && [ "$(wc -l <"$scratch/dump.err")" -eq 1 ] &&
        grep -qx 'attackbench: interrupted: reporting the [0-9]* positions* finished' "$scratch/dump.err" &&
        [ "$(tail -c 1 "$scratch/dump.csv" | od -An -c | tr -d ' ')" = '\n' ] &&
        tail -n 1 "$scratch/dump.csv" | quiet_grep -x '[0-9]*,[a-h][1-8],[a-z]*,0x[0-9a-f]\{16\}' &&
        timeout -k 5 120 "$program" --dump -m hyperbola "$big" 2>/dev/null | head -c "$size" | cmp -s - "$scratch/dump.csv"; then
        pass "--dump on SIG$signal: exit $want, one line, whole rows"
    else
        fail "--dump on SIG$signal: exit $want, one line, whole rows (exit $status: $(head -c 300 "$scratch/dump.err"); ends $(tail -c 40 "$scratch/dump.csv" | tr '\n' '|'))"
    fi
}
dump_stops TERM 143
# SIGHUP and SIGQUIT too, as the benchmark takes them (SIGHUP killed it,
# its last row cut short).
dump_stops HUP 129
ulimit -c 0 # no core file from a build that does not catch SIGQUIT
dump_stops QUIT 131

# blocked_on_pipe PID: the process waits in a write to a full pipe (its
# kernel wait channel, else its system call: write, numbered as the
# machine running the tests numbers it; under qemu-user the emulator
# makes the host's call).
blocked_on_pipe() {
    [[ "$(cat "/proc/$1/wchan" 2>/dev/null)" == *pipe_write* ]] && return 0
    local call
    call=$(cut -d ' ' -f 1 "/proc/$1/syscall" 2>/dev/null)
    case $(uname -m) in
    x86_64) [ "$call" = 1 ] ;;
    aarch64) [ "$call" = 64 ] ;;
    *) return 1 ;;
    esac
}

# stop_on_full_pipe NAME COMMAND...: run COMMAND with standard output a
# FIFO nobody reads, send SIGTERM once it waits in a write to it, then
# read the FIFO; set pipe_status to its exit status (stderr in
# $scratch/pipe.err).  The write the signal cut short is the interrupt,
# not a write error.
stop_on_full_pipe() {
    local name=$1 child= runner
    shift
    rm -f "$scratch/pipe.fifo"
    mkfifo "$scratch/pipe.fifo"
    exec 3<>"$scratch/pipe.fifo" # held open, never read until the end
    timeout -k 5 60 "$@" >"$scratch/pipe.fifo" 2>"$scratch/pipe.err" 3>&- &
    runner=$!
    poll 30 child_of "$runner"
    child=$(ps -o pid= --ppid "$runner" | tr -d ' ')
    # The handler is checked once timeout's child is the program: before
    # its exec it still has timeout's own.
    if [ -n "$child" ] && poll 30 runs_program "$child" && wait_for_handler "$child" 15 &&
        poll 60 blocked_on_pipe "$child"; then
        # The pipe is read from the signal on: a write the signal met part
        # done goes on (the kernel's and stdio's way) and must not wait
        # past the crash guard's one-second deadline (genpos and --dump
        # write inside it).  The signal wakes the writer before the reader
        # can start, so a write that had written nothing fails EINTR.
        kill -TERM "$child"
    else
        echo "$name: never blocked on the full pipe" >>"$scratch/pipe.err"
    fi
    # Read through a descriptor of its own, read-only: the reader ends at
    # the end of the file, once the program has gone (no kill needed).
    exec 4<"$scratch/pipe.fifo"
    cat <&4 >/dev/null 3<&- &
    local drain=$!
    exec 3<&- 4<&-
    wait "$runner"
    pipe_status=$?
    wait "$drain"
}

# runs_program PID: the process is the program under test, or, under an
# emulator, the emulator running the program's binary (tests/aarch64.sh's
# wrapper, the program here, execs qemu-aarch64 with the binary's path).
runs_program() {
    [ "$(readlink "/proc/$1/exe")" = "$(readlink -f "$program")" ] && return 0
    [ -n "$emulated" ] && tr '\0' '\n' <"/proc/$1/cmdline" 2>/dev/null |
        quiet_grep -xF "$(readlink -f "${program%-qemu}")"
}

# child_of PID: the process has a child.
child_of() {
    [ -n "$(ps -o pid= --ppid "$1")" ]
}

stop_on_full_pipe perft "$program" perft --depth=1 --reps=1 -m hyperbola --csv="$scratch/perft.csv" "$big"
if [ "$pipe_status" -eq 143 ] && ! grep -q 'cannot write' "$scratch/pipe.err" &&
    grep -qx 'attackbench: perft: interrupted: reporting the [0-9]* positions* finished.*' "$scratch/pipe.err" &&
    grep -q '^perft: hyperbola: ' "$scratch/pipe.err" && [ "$(wc -l <"$scratch/perft.csv" 2>/dev/null)" -eq 2 ]; then
    pass "perft on SIGTERM while standard output is a full pipe: exit 143, the summary, the CSV"
else
    fail "perft on SIGTERM while standard output is a full pipe: exit 143, the summary, the CSV (exit $pipe_status: $(head -c 400 "$scratch/pipe.err"))"
fi

stop_on_full_pipe genpos "$program" genpos --seed=1 --games=100000
if [ "$pipe_status" -eq 143 ] && ! grep -q 'cannot write' "$scratch/pipe.err" &&
    grep -qx 'attackbench: genpos: interrupted after [0-9]* of 100000 games.*' "$scratch/pipe.err"; then
    pass "genpos on SIGTERM while standard output is a full pipe: exit 143, its line"
else
    fail "genpos on SIGTERM while standard output is a full pipe: exit 143, its line (exit $pipe_status: $(head -c 400 "$scratch/pipe.err"))"
fi

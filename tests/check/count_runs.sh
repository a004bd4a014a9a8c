#!/usr/bin/env bash
# --count=instructions under valgrind.  Its --skip-invalid closes with the
# count of lines skipped, once, as the timed run does (it said nothing).
# Interrupted: SIGTERM to attackbench alone (what
# timeout sends) and SIGINT to its process group (a Ctrl-C) stop the count
# and valgrind's process within seconds, with one line, exit 143 or 130,
# no --csv written after the exit and no private folder left in /tmp.
# Before, SIGTERM left valgrind running to write the CSV after the exit,
# and Ctrl-C was not seen at all.  Counted by this attackbench under
# valgrind, or where valgrind cannot decode it (an AVX-512 build) by
# build/valgrind/attackbench (make check builds it).
source "$(dirname "$0")/../lib/tap.bash"
# shellcheck source=../lib/signals.bash
source "$here/lib/signals.bash"
top="$here/.."
if [ "$sanitized" = 1 ]; then
    skip_all "valgrind cannot run a sanitizer build"
fi
have_tool valgrind || skip_all "valgrind is not installed (apt-get install valgrind)"
[ "$x86_build" = 1 ] || skip_all "--count=instructions runs valgrind on x86-64 builds here"
have_tool setsid || skip_all "setsid is not installed"
count_program=$program
if "$program" --count=instructions -m classical -w random -p rook --queries=16 -q -f csv 2>&1 >/dev/null |
    grep -q "which valgrind cannot decode"; then
    count_program=$top/build/valgrind/attackbench
    [ -x "$count_program" ] || skip_all "this build uses AVX-512 and build/valgrind/attackbench is not built (make instructions-build)"
fi
line="attackbench: interrupted: the instruction count stopped unfinished; nothing written"

# The private folders of counts this test started: those naming PID as
# their parent.
count_folders() {
    grep -lx "$1" /tmp/attackbench-count.*/parent 2>/dev/null
}

# The process id of valgrind's process started by PID (its other child is
# the janitor that removes the private folder if PID is killed outright).
valgrind_of() {
    pgrep -P "$1" -f -- --tool=callgrind | head -1 | grep .
}

# interrupted_count NAME SIGNAL STATUS WHOM: start a whole count (every
# backend, a few seconds under valgrind), wait until valgrind's process
# runs, send SIGNAL to attackbench (WHOM=process) or to its process group
# (WHOM=group), and check the ending.
interrupted_count() {
    local name=$1 signal=$2 want=$3 whom=$4 csv="$scratch/$2.csv" pid child
    rm -f "$csv"
    setsid "$count_program" -q --count=instructions -w random -p rook --csv="$csv" >"$scratch/out" 2>"$scratch/err" &
    pid=$!
    if ! poll 20 valgrind_of "$pid" >/dev/null; then
        kill -KILL -- "-$pid" 2>/dev/null
        wait "$pid"
        fail "$name: the count never started valgrind ($(head -c 300 "$scratch/err"))"
        return
    fi
    child=$(valgrind_of "$pid")
    sleep 2
    if [ "$whom" = group ]; then
        kill "-$signal" -- "-$pid"
        stop_and_time "$pid" 0
    else
        stop_and_time "$pid" "$signal"
    fi
    poll 5 ended "$child"
    sleep 1
    local lines folders
    lines=$(grep -cxF "$line" "$scratch/err")
    folders=$(count_folders "$pid")
    [ "$stop_status" = "$want" ] && [ "$lines" = 1 ] && ended "$child" && [ ! -e "$csv" ] && [ -z "$folders" ] &&
        pass "$name: exit $want in ${stop_seconds} s, one line, valgrind gone, no CSV, no folder left" ||
        fail "$name: exit $stop_status (wanted $want) in ${stop_seconds} s; the line $lines times; valgrind $(ended "$child" && echo gone || echo running); CSV $([ -e "$csv" ] && echo written || echo absent); folders left: ${folders:-none}; $(head -c 300 "$scratch/err")"
    kill -KILL "$child" 2>/dev/null || true
}

interrupted_count "--count, SIGTERM to attackbench alone (as timeout sends)" TERM 143 process
interrupted_count "--count, SIGINT to its process group (Ctrl-C)" INT 130 group

# Killed outright (kill -9, which no handler sees), the count leaves its
# private folder to its janitor: valgrind's process ends with its parent,
# and the folder goes (up to 20 s: the janitor wakes when the killed
# process's end closes its pipe, which takes seconds on a loaded machine).
# Before, the folder stayed in /tmp with valgrind's files.
setsid "$count_program" -q --count=instructions -w random -p rook -f csv >/dev/null 2>"$scratch/err" &
pid=$!
if poll 20 valgrind_of "$pid" >/dev/null; then
    child=$(valgrind_of "$pid")
    kill -KILL "$pid"
    wait "$pid" 2>/dev/null
    poll 20 ended "$child"
    for _ in $(seq 400); do
        [ -z "$(count_folders "$pid")" ] && break
        sleep 0.05
    done
    folders=$(count_folders "$pid")
    ended "$child" && [ -z "$folders" ] && pass "--count killed with SIGKILL: valgrind gone, no folder left" ||
        fail "--count killed with SIGKILL: valgrind $(ended "$child" && echo gone || echo running); folders left: ${folders:-none}"
    kill -KILL "$child" 2>/dev/null || true
else
    kill -KILL -- "-$pid" 2>/dev/null
    wait "$pid"
    fail "--count killed with SIGKILL: the count never started valgrind ($(head -c 300 "$scratch/err"))"
fi

printf 'garbage line\n%s\n' "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" >"$scratch/one-bad.fen"
"$count_program" -q --count=instructions -m reference -p rook -w pieces,squares --skip-invalid -f csv \
    "$scratch/one-bad.fen" >"$scratch/out" 2>"$scratch/err"
status=$?
[ "$status" = 0 ] && [ "$(grep -c 'one-bad.fen:1: .*(skipped)$' "$scratch/err")" = 1 ] &&
    [ "$(grep -cx 'attackbench: skipped 1 malformed line' "$scratch/err")" = 1 ] &&
    pass "--count --skip-invalid: the line reported once, then the count of lines skipped" ||
    fail "--count --skip-invalid: the line once, then the count (exit $status; $(head -c 300 "$scratch/err"))"

# valgrind keeps its own temporary files in the count's private folder: a
# TMPDIR that is not there once gave a dozen lines of valgrind's own before
# it gave up, and the count failed.
TMPDIR="$scratch/absent" "$count_program" -q --count=instructions -m reference -p rook -w random --queries=16 -f csv \
    >"$scratch/out" 2>"$scratch/err"
status=$?
[ "$status" = 0 ] && [ ! -s "$scratch/err" ] && grep -q ',reference,rook,random,' "$scratch/out" &&
    pass "--count with a TMPDIR that is not there: counted, nothing on stderr" ||
    fail "--count with a TMPDIR that is not there (exit $status; $(head -c 300 "$scratch/err"))"

#!/usr/bin/env bash
# Hostile plugins (tests/plugins/faults.c, one fault each): every fault is
# named with the plugin and the phase, exit 2 (128 + the signal for an
# interrupted plugin), one line for a refusal, nothing a plugin writes
# reaches the terminal raw.
source "$(dirname "$0")/../lib/tap.bash"
[ "$plugin_build" = 1 ] || skip_all "this attackbench is linked statically and cannot load plugins"

fault_dir="$scratch/faults"
mkdir -p "$fault_dir"
fault_cc=${CC:-cc}
# build_faults FILE [FLAGS...]: tests/plugins/faults.c built into FILE, 0
# when built (-Og: optimised, so no warning, in half the compile time of
# -O1; perft_signals.sh's stuck plugin is the same build).
build_faults() {
    local file=$1
    shift
    build_test_plugin "$file" "$file.log" "$here/plugins/faults.c" -pthread "$@"
}
# expect_fault NAME STATUS TEXT COMMAND...: exit STATUS, TEXT on stderr,
# and no line on stderr that is not attackbench's.
expect_fault() {
    local name=$1 want=$2 text=$3
    shift 3
    "$@" >"$scratch/out" 2>"$scratch/err"
    local got=$?
    if [ "$got" -eq "$want" ] && grep -qF -- "$text" "$scratch/err" && ! grep -qv '^attackbench' "$scratch/err"; then
        pass "$name"
    else
        fail "$name (exit $got, wanted $want; stderr: $(head -c 400 "$scratch/err"))"
    fi
}
printf 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n' >"$fault_dir/start.fen"

# One build, copied to a file per fault (the plugin's fault is its file's
# name); ENTRY_DATA, a data symbol, is a build of its own.
faults="ENTRY_NULL ENTRY_CRASH NAME_UNTERMINATED SOURCE_UNTERMINATED NAME_NEWLINE DESCRIPTION_CONTROL
    UNKNOWN_FEATURE ALL_FEATURES INIT_ABORT INIT_EXIT INIT_UNDERSCORE_EXIT INIT_CAPITAL_EXIT INIT_QUICK_EXIT INIT_PTHREAD_EXIT
    INIT_LOOP INIT_RECURSION CONSTRUCTOR_EXIT CONSTRUCTOR_LOOP VERIFY_LOOP VERIFY_SLOW FILE_QUERY FILE_QUERY_EXIT MOVE_CRASH
    TIMING_LOOP STREAM_WRITE THREAD_CRASH"
build_faults "$fault_dir/ENTRY_DATA.so" -DFAULT_ENTRY_DATA &
if build_faults "$fault_dir/NONE.so"; then
    for fault in $faults; do cp "$fault_dir/NONE.so" "$fault_dir/$fault.so"; done
else
    fail "the fault plugin builds ($(head -c 300 "$fault_dir/NONE.so.log"))"
fi
wait
[ -f "$fault_dir/ENTRY_DATA.so" ] || fail "the fault plugin ENTRY_DATA builds ($(head -c 300 "$fault_dir/ENTRY_DATA.so.log"))"
expect_status "the fault plugin without a fault loads" 0 "$program" --plugin="$fault_dir/NONE.so" --list -m fault

# Loading: the file, the entry and the descriptor.
head -c 3000 "$fault_dir/NONE.so" >"$fault_dir/cut.so"
expect_fault "a shared object cut short is refused before dlopen maps it" 2 "cut short" \
    "$program" --plugin="$fault_dir/cut.so" --list
expect_fault "an entry that returns NULL is refused" 2 "attackbench_plugin_entry returned NULL" \
    "$program" --plugin="$fault_dir/ENTRY_NULL.so" --list
expect_fault "an entry that crashes is named, phase loading" 2 \
    "attackbench: plugin $fault_dir/ENTRY_CRASH.so crashed with SIGSEGV during loading" \
    "$program" --plugin="$fault_dir/ENTRY_CRASH.so" --list
expect_fault "an entry that is a data symbol is refused" 2 "its attackbench_plugin_entry is not a function" \
    "$program" --plugin="$fault_dir/ENTRY_DATA.so" --list
expect_fault "a name without a terminating NUL is refused" 2 "is not a method name" \
    "$program" --plugin="$fault_dir/NAME_UNTERMINATED.so" --list
expect_fault "a source without a terminating NUL is refused" 2 "its source has no terminating NUL within 1024 bytes" \
    "$program" --plugin="$fault_dir/SOURCE_UNTERMINATED.so" --list
expect_fault "a constructor that calls exit() is named, phase loading" 2 \
    "plugin $fault_dir/CONSTRUCTOR_EXIT.so called exit() during loading" \
    "$program" --plugin="$fault_dir/CONSTRUCTOR_EXIT.so" --list
for refused in cut ENTRY_NULL ENTRY_DATA NAME_UNTERMINATED SOURCE_UNTERMINATED NAME_NEWLINE; do
    lines=$("$program" --plugin="$fault_dir/$refused.so" --list 2>&1 >/dev/null | wc -l)
    [ "$lines" -eq 1 ] && pass "a refused plugin ($refused) gets one line" ||
        fail "a refused plugin ($refused) gets one line ($lines)"
done

# Control characters never reach the terminal raw.
expect_fault "a newline in a plugin's name is refused and shown escaped" 2 "its name 'fault\\x0aattackbench: all go" \
    "$program" --plugin="$fault_dir/NAME_NEWLINE.so" --list
"$program" --plugin="$fault_dir/DESCRIPTION_CONTROL.so" --list >"$scratch/out" 2>&1
classical_lines=$(grep -c '^classical ' "$scratch/out")
if ! grep -q "$(printf '\033')" "$scratch/out" && [ "$classical_lines" -eq 1 ] &&
    grep -qF 'idea: fine\x0aclassical  unavailable (this CPU lacks avx512)\x1b[2J' "$scratch/out"; then
    pass "a plugin's description is printed with its control characters escaped, forging no line"
else
    fail "a plugin's description is printed with its control characters escaped ($classical_lines classical lines)"
fi

# Feature bits: an unknown one named, a long list cut at no word.
"$program" --plugin="$fault_dir/UNKNOWN_FEATURE.so" --list -m fault >"$scratch/out" 2>&1
grep -qE '^fault +unavailable \(it needs a CPU feature this attackbench does not know \(bit 20\)\)' "$scratch/out" && pass "an unknown feature bit makes a plugin unavailable, naming the bit" ||
    fail "an unknown feature bit makes a plugin unavailable, naming the bit ($(grep '^fault' "$scratch/out"))"
"$program" --plugin="$fault_dir/ALL_FEATURES.so" --list -m fault >"$scratch/out" 2>&1
grep -qE '^fault .* needs popcnt bmi1 bmi2 lzcnt avx2 avx512 avx512f avx512vl avx512bw gfni avx512cd avx512dq sve2 sve2-bitperm  native' \
    "$scratch/out" && pass "the needs column lists every feature whole" ||
    fail "the needs column lists every feature whole ($(grep '^fault' "$scratch/out" | head -c 300))"

# Initialisation: abort, exit, a stack overflow.
expect_fault "abort() in a plugin's init is named, phase initialisation" 2 \
    "plugin fault ($fault_dir/INIT_ABORT.so) crashed with SIGABRT (abort) during initialisation" \
    "$program" --plugin="$fault_dir/INIT_ABORT.so" --list -m fault
expect_fault "exit(0) in a plugin's init is named and exits 2" 2 \
    "plugin fault ($fault_dir/INIT_EXIT.so) called exit() during initialisation" \
    "$program" --plugin="$fault_dir/INIT_EXIT.so" --list -m fault
# _exit, _Exit and quick_exit run no atexit handler: attackbench's own,
# which a plugin resolves first, name them (on Linux, not a static build).
for exit_fault in UNDERSCORE_EXIT:_exit CAPITAL_EXIT:_Exit QUICK_EXIT:quick_exit; do
    expect_fault "${exit_fault#*:}(0) in a plugin's init is named and exits 2" 2 \
        "attackbench: plugin fault ($fault_dir/INIT_${exit_fault%:*}.so) called ${exit_fault#*:}() during initialisation; nothing was measured" \
        "$program" --plugin="$fault_dir/INIT_${exit_fault%:*}.so" --list -m fault
done
# pthread_exit() on the last thread ends the process through exit(): named
# as itself, not as exit() (the C library's own exit is what runs).
# AddressSanitizer's own teardown of the main thread faults first.
if [ "$sanitized" = 1 ]; then
    skip "pthread_exit() in a plugin's init: AddressSanitizer's teardown of the main thread faults in sigaltstack first"
else
    expect_fault "pthread_exit() in a plugin's init is named as itself and exits 2" 2 \
        "attackbench: plugin fault ($fault_dir/INIT_PTHREAD_EXIT.so) called pthread_exit() during initialisation; nothing was measured" \
        "$program" --plugin="$fault_dir/INIT_PTHREAD_EXIT.so" --list -m fault
fi
expect_fault "_exit(0) in a plugin's lookup during perft is named and exits 2" 2 \
    "attackbench: plugin fault ($fault_dir/FILE_QUERY_EXIT.so) called _exit() during perft; nothing was measured" \
    "$program" --plugin="$fault_dir/FILE_QUERY_EXIT.so" perft -m fault --depth=1 --reps=1 "$fault_dir/start.fen"
expect_fault "a stack overflow in a plugin's init is named" 2 \
    "plugin fault ($fault_dir/INIT_RECURSION.so) crashed with SIGSEGV during initialisation" \
    "$program" --plugin="$fault_dir/INIT_RECURSION.so" --list -m fault

# Verification of the input file: after the plugin's own checks passed.
expect_fault "a crash on a query of the input file is named, phase verification" 2 \
    "plugin fault ($fault_dir/FILE_QUERY.so) crashed with SIGSEGV during verification of the input's queries" \
    "$program" --plugin="$fault_dir/FILE_QUERY.so" --verify-only -m fault "$fault_dir/start.fen"
expect_fault "a crash on a side of the input file is named, phase side-wise verification" 2 \
    "crashed with SIGSEGV during side-wise verification of the input's positions" \
    "$program" --plugin="$fault_dir/FILE_QUERY.so" --verify -w sides -m fault -r 1 -c 100 -q "$fault_dir/start.fen"

expect_fault "a crash in genpos is named, phase position generation" 2 \
    "plugin fault ($fault_dir/FILE_QUERY.so) crashed with SIGSEGV during position generation" \
    "$program" --plugin="$fault_dir/FILE_QUERY.so" genpos --method=fault --seed=1 --games=1

# Timing: a write into the queries, a loop that never returns.
echo kept >"$fault_dir/kept.csv"
expect_fault "a plugin writing into the query stream is named, not a built-in blamed" 2 \
    "plugin fault ($fault_dir/STREAM_WRITE.so) wrote into attackbench's query stream, which is read-only for plugins, during timing" \
    "$program" --plugin="$fault_dir/STREAM_WRITE.so" -m pext,fault -w random -p rook --dispatch=batch -r 2 -c 1000 \
    --queries=512 -q --csv="$fault_dir/kept.csv"
[ "$(cat "$fault_dir/kept.csv")" = kept ] && pass "a plugin fault leaves the output file as it was" ||
    fail "a plugin fault leaves the output file as it was"
# A crash on a thread the plugin started itself, where attackbench runs no
# plugin code: named by the crashing instruction's place in the plugin.
echo kept >"$fault_dir/kept.csv"
expect_fault "a crash on a plugin's own thread is named, with its file" 2 \
    "attackbench: plugin fault ($fault_dir/THREAD_CRASH.so) crashed with SIGSEGV on a thread of its own" \
    timeout -s KILL 120 "$program" --plugin="$fault_dir/THREAD_CRASH.so" -m fault -w random -p rook \
    --dispatch=batch -r 2 -c 1000 --queries=512 -q --csv="$fault_dir/kept.csv"
[ "$(grep -vc ': warning: ' "$scratch/err")" -eq 1 ] && [ "$(cat "$fault_dir/kept.csv")" = kept ] &&
    pass "a crash on a plugin's own thread: one line, the output file as it was" ||
    fail "a crash on a plugin's own thread: one line, the output file as it was ($(head -c 400 "$scratch/err"))"
# The plugin says when it starts looping (a line on stderr, read from a
# FIFO), then the signal: no sleep, and a hang is cut by timeout.
# stop_when_looping PID SIGNAL [LINE]: the plugin's stderr (the FIFO) read
# until it says it loops (or LINE), then SIGNAL sent to PID; its whole
# stderr into $fault_dir/stderr and its exit status into `status`.
stop_when_looping() {
    local pid=$1 signal_name=$2 ready=${3:-"fault: looping"} line fd
    exec {fd}<"$fault_dir/fifo"
    : >"$fault_dir/stderr"
    while IFS= read -r line <&$fd; do
        echo "$line" >>"$fault_dir/stderr"
        [ "$line" = "$ready" ] && break
    done
    kill -s "$signal_name" "$pid"
    cat <&$fd >>"$fault_dir/stderr"
    exec {fd}<&-
    wait "$pid"
    status=$?
}
for signal_name in INT TERM; do
    rm -f "$fault_dir/fifo"
    mkfifo "$fault_dir/fifo"
    timeout -s KILL 120 "$program" --plugin="$fault_dir/TIMING_LOOP.so" -m fault -w random -p rook --dispatch=batch \
        -r 2 -c 1000 --queries=512 -q 2>"$fault_dir/fifo" >/dev/null &
    loop_pid=$!
    stop_when_looping "$loop_pid" "$signal_name"
    want=$([ "$signal_name" = INT ] && echo 130 || echo 143)
    [ "$status" -eq "$want" ] &&
        grep -qF "plugin fault ($fault_dir/TIMING_LOOP.so) stopped by SIG$signal_name during timing" "$fault_dir/stderr" &&
        pass "SIG$signal_name stops a plugin looping in timing and names it (exit $want)" ||
        fail "SIG$signal_name stops a plugin looping in timing and names it (exit $status; $(tail -c 300 "$fault_dir/stderr"))"
done

# A crash in a worker process of perft (below the root, which the
# coordinator lists): one line, the worker's, as in the other modes.
if [ "$(nproc 2>/dev/null || echo 1)" -ge 2 ]; then
    echo kept >"$fault_dir/kept.csv"
    expect_fault "a plugin crash in a perft worker process is one line" 2 \
        "plugin fault ($fault_dir/MOVE_CRASH.so) crashed with SIGSEGV during perft" \
        "$program" perft --plugin="$fault_dir/MOVE_CRASH.so" -m fault --processes=2 --depth=3 --reps=1 \
        --csv="$fault_dir/kept.csv" "$fault_dir/start.fen"
    [ "$(grep -vc ': warning: ' "$scratch/err")" -eq 1 ] && [ "$(cat "$fault_dir/kept.csv")" = kept ] &&
        pass "a plugin crash in a perft worker process: no second line, no CSV" ||
        fail "a plugin crash in a perft worker process: no second line, no CSV ($(grep -v ': warning: ' "$scratch/err" | head -c 400))"
else
    skip "a plugin crash in a perft worker process: --processes=2 needs two usable CPUs"
fi

# A plugin stuck in its initialisation, before attackbench catches the
# signals: named the same way.  A background job of a script ignores
# SIGINT, so python puts its default action back before the exec.
# start_with_interrupts COMMAND...: COMMAND in the background with
# SIGINT's default action, its stderr into a new FIFO, its pid in
# loop_pid; timeout ends a build that the signal does not end.
start_with_interrupts() {
    rm -f "$fault_dir/fifo"
    mkfifo "$fault_dir/fifo"
    timeout -k 5 120 python3 -c 'import os, signal, sys
signal.signal(signal.SIGINT, signal.SIG_DFL)
os.execv(sys.argv[1], sys.argv[1:])' "$@" 2>"$fault_dir/fifo" >/dev/null &
    loop_pid=$!
}
for signal_name in INT TERM; do
    start_with_interrupts "$program" --plugin="$fault_dir/INIT_LOOP.so" --list -m fault
    stop_when_looping "$loop_pid" "$signal_name"
    want=$([ "$signal_name" = INT ] && echo 130 || echo 143)
    [ "$status" -eq "$want" ] &&
        grep -qxF "attackbench: plugin fault ($fault_dir/INIT_LOOP.so) stopped by SIG$signal_name during initialisation: it did not return within a second" \
            "$fault_dir/stderr" &&
        pass "SIG$signal_name stops a plugin looping in its initialisation and names it (exit $want)" ||
        fail "SIG$signal_name stops a plugin looping in its initialisation and names it (exit $status; $(tail -c 300 "$fault_dir/stderr"))"
done
# The verification at load and the loading itself (constructors, the
# entry) run before any command catches the signals too: a plugin stuck
# there is named with its phase; one merely slow (each rook lookup sleeps)
# returns, and the run stops with the interrupt's line, no plugin named
# as stopped; never a silent death.
for signal_name in INT TERM; do
    want=$([ "$signal_name" = INT ] && echo 130 || echo 143)
    start_with_interrupts "$program" --plugin="$fault_dir/VERIFY_LOOP.so" -q -w random -p rook -m fault
    stop_when_looping "$loop_pid" "$signal_name"
    [ "$status" -eq "$want" ] &&
        grep -qxF "attackbench: plugin fault ($fault_dir/VERIFY_LOOP.so) stopped by SIG$signal_name during rook verification: it did not return within a second" \
            "$fault_dir/stderr" &&
        pass "SIG$signal_name stops a plugin looping in its verification at load and names it (exit $want)" ||
        fail "SIG$signal_name stops a plugin looping in its verification at load and names it (exit $status; $(tail -c 300 "$fault_dir/stderr"))"

    start_with_interrupts "$program" --plugin="$fault_dir/CONSTRUCTOR_LOOP.so" --list -m fault
    stop_when_looping "$loop_pid" "$signal_name"
    [ "$status" -eq "$want" ] &&
        grep -qxF "attackbench: plugin $fault_dir/CONSTRUCTOR_LOOP.so stopped by SIG$signal_name during loading: it did not return within a second" \
            "$fault_dir/stderr" &&
        pass "SIG$signal_name stops a plugin's constructor looping while it loads and names it (exit $want)" ||
        fail "SIG$signal_name stops a plugin's constructor looping while it loads and names it (exit $status; $(tail -c 300 "$fault_dir/stderr"))"

    start_with_interrupts "$program" --plugin="$fault_dir/VERIFY_SLOW.so" -q -w random -p rook -m fault
    stop_when_looping "$loop_pid" "$signal_name" "fault: slow"
    [ "$status" -eq "$want" ] &&
        grep -qxF "attackbench: interrupted: the verification of plugin fault ($fault_dir/VERIFY_SLOW.so) stopped unfinished" \
            "$fault_dir/stderr" && [ "$(grep -v -e '^fault: slow$' -e ': warning: ' -c "$fault_dir/stderr")" -eq 1 ] &&
        pass "SIG$signal_name stops a slow plugin's verification at load with the interrupt's line (exit $want)" ||
        fail "SIG$signal_name stops a slow plugin's verification at load with the interrupt's line (exit $status; $(tail -c 300 "$fault_dir/stderr"))"
done

# Paths and names.
expect_fault "a plugin named 'all' is refused" 2 "its name 'all' is not a method name" \
    env CC="$fault_cc" sh -c "'$fault_cc' -std=c99 -Og -shared -fPIC -I'$here/../include' -I'$here/plugins' \
        -DPLUGIN_NAME='\"all\"' '$here/plugins/named.c' -o '$fault_dir/all.so' && '$program' --plugin='$fault_dir/all.so' --list"
expect_fault "a folder given as a plugin is named a folder" 2 "--plugin=$fault_dir: is a folder" \
    "$program" --plugin="$fault_dir" --list
expect_fault "/dev/zero given as a plugin is not a regular file" 2 "--plugin=/dev/zero: is not a regular file" \
    "$program" --plugin=/dev/zero --list
expect_fault "a FIFO given as a plugin is not a regular file" 2 "is not a regular file" \
    "$program" --plugin="$fault_dir/fifo" --list
long_path=$(printf '%04096d' 0)
expect_fault "a plugin path longer than 4095 bytes is refused" 2 "the path is longer than 4095 bytes" \
    "$program" --plugin="/$long_path.so" --list
[ "$(wc -c <"$scratch/err")" -lt 300 ] && grep -qF '... (4100 bytes): the path is longer' "$scratch/err" &&
    pass "the refusal of a long plugin path shows its start and its length, not the whole path" ||
    fail "the refusal of a long plugin path shows its start and its length ($(wc -c <"$scratch/err") bytes)"
if [ "$(id -u)" -ne 0 ]; then
    mkdir -p "$fault_dir/closed" && cp "$fault_dir/NONE.so" "$fault_dir/closed/" && chmod 000 "$fault_dir/closed"
    expect_fault "a plugin behind an unsearchable folder cannot be reached" 2 "cannot be reached (Permission denied)" \
        "$program" --plugin="$fault_dir/closed/NONE.so" --list
    chmod 700 "$fault_dir/closed"
    skip "root is warned about a world-writable plugin: the tests do not run as root"
else
    skip "a plugin behind an unsearchable folder: root searches every folder"
    cp "$fault_dir/NONE.so" "$fault_dir/open.so" && chmod o+w "$fault_dir/open.so"
    "$program" --plugin="$fault_dir/open.so" --list -m fault >/dev/null 2>"$scratch/err"
    grep -qF "loading as root a plugin whose file anyone may write" "$scratch/err" &&
        pass "root is warned about a world-writable plugin" || fail "root is warned about a world-writable plugin"
fi

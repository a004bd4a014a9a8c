#!/usr/bin/env bash
# perft's workers and signals: worker processes end with their coordinator
# even when it is killed (SIGKILL cannot be caught); a plugin stuck in its
# code is stopped by SIGINT or SIGTERM and named, with exit 130 or 143, in
# one process, with threads and with processes alike, and by recommend,
# whose perft child names it.  Every wait polls
# for a condition (a marker file, a process's CPU time) with a generous
# limit, never a fixed sleep.
source "$(dirname "$0")/../lib/tap.bash"
# shellcheck source=../lib/signals.bash
source "$here/lib/signals.bash"
[ "$wasm_build" = 0 ] || skip_all "WebAssembly (WASI) has no signals, threads or processes"
usable_cpus=$(nproc)
start_position='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -'
echo "$start_position" >"$scratch/start.epd"

# A plugin whose rook lookup never returns on the board after 1.e4
# (tests/plugins/faults.c in a file named MOVE_LOOP.so): perft meets it below the root.
[ "$plugin_build" = 1 ] || {
    skip "a stuck plugin stopped by a signal in perft: this attackbench is linked statically and cannot load plugins"
    exit 0
}
# (plugin_faults.sh's build: one build a run serves both.)
if ! build_test_plugin "$scratch/MOVE_LOOP.so" "$scratch/cc.log" "$here/plugins/faults.c" -pthread; then
    fail "the stuck plugin builds ($(head -c 300 "$scratch/cc.log"))"
    exit 1
fi

# stuck_stops MODE SIGNAL STATUS: perft in MODE (--threads=N or
# --processes=N) counting with the stuck plugin, SIGNAL sent to the
# program once the plugin says it loops: exit STATUS, the plugin named
# as stopped by that signal, no worker reported dead.
stuck_stops() {
    local mode=$1 signal=$2 want=$3
    rm -f "$scratch/looping"
    FAULT_LOOPING_FILE="$scratch/looping" timeout -s KILL 120 "${with_sighup[@]}" "$program" --plugin="$scratch/MOVE_LOOP.so" perft -m fault \
        --depth=3 --reps=1 "$mode" "$scratch/start.epd" >/dev/null 2>"$scratch/stuck.err" &
    local runner=$!
    if ! poll 60 test -e "$scratch/looping"; then
        kill -KILL "$runner" 2>/dev/null
        wait "$runner"
        fail "perft $mode: SIG$signal stops a stuck plugin (it never looped: $(head -c 300 "$scratch/stuck.err"))"
        return
    fi
    stop_and_time "$runner" "$signal"
    if [ "$stop_status" -eq "$want" ] &&
        grep -qxF "attackbench: plugin fault ($scratch/MOVE_LOOP.so) stopped by SIG$signal during perft: it did not return within a second" \
            "$scratch/stuck.err" && ! grep -q "worker" "$scratch/stuck.err"; then
        pass "perft $mode: SIG$signal stops a stuck plugin, names it, exit $want"
    else
        fail "perft $mode: SIG$signal stops a stuck plugin (exit $stop_status after $stop_seconds s: $(grep -v '^fault:' "$scratch/stuck.err" | head -c 400))"
    fi
}
# Each mode and each signal at least once (each run spins a CPU for over a
# second): one process, threads, and processes, whose coordinator passes
# the signal on to its workers, with both.
stuck_stops --threads=1 INT 130
if [ "$usable_cpus" -ge 2 ]; then
    stuck_stops --threads=2 TERM 143
    stuck_stops --processes=2 INT 130
    stuck_stops --processes=2 TERM 143
    stuck_stops --processes=2 HUP 129
else
    skip "perft --threads=2 and --processes=2 with a stuck plugin: they need two usable CPUs (this process has $usable_cpus)"
fi

# A parent killed with SIGKILL (an OOM killer, timeout -k, a cancelled
# CI job) while a child process is stuck in the looping plugin: the
# children end too, at once (they would never end by themselves).
# recommend's children are its measurement and the janitor that removes
# its work directory (under TMPDIR) once it has ended.
if [ "$usable_cpus" -lt 2 ]; then
    skip "child processes end with a killed parent: --processes=2 needs two usable CPUs (this process has $usable_cpus)"
elif ! have_tool ps; then
    skip "child processes end with a killed parent: no ps (Debian: apt-get install procps)"
else
    rm -f "$scratch/looping"
    FAULT_LOOPING_FILE="$scratch/looping" children_end_with_parent "perft's worker processes" 2 "$scratch/looping" \
        "$program" --plugin="$scratch/MOVE_LOOP.so" perft -m fault --depth=3 --reps=1 --processes=2 "$scratch/start.epd"
    rm -f "$scratch/looping"
    FAULT_LOOPING_FILE="$scratch/looping" TMPDIR=$scratch children_end_with_parent "recommend's measurement" 2 \
        "$scratch/looping" "$program" --plugin="$scratch/MOVE_LOOP.so" recommend --quick --method=classical
fi

# recommend measures in child processes, whose stderr goes to a log: the
# plugin its perft child names as stopped is named by recommend too (on
# SIGINT, as Ctrl-C sends; recommend passes SIGTERM on by the same code).
for signal in INT; do
    want=130
    rm -f "$scratch/looping"
    FAULT_LOOPING_FILE="$scratch/looping" timeout -s KILL 120 "$program" --plugin="$scratch/MOVE_LOOP.so" recommend --quick \
        --method=classical >/dev/null 2>"$scratch/recommend.err" &
    runner=$!
    if ! poll 90 test -e "$scratch/looping"; then
        kill -KILL "$runner" 2>/dev/null
        wait "$runner"
        fail "recommend: SIG$signal stops a stuck plugin (it never looped: $(head -c 300 "$scratch/recommend.err"))"
        continue
    fi
    stop_and_time "$runner" "$signal"
    if [ "$stop_status" -eq "$want" ] &&
        grep -qxF "attackbench: plugin fault ($scratch/MOVE_LOOP.so) stopped by SIG$signal during perft: it did not return within a second" \
            "$scratch/recommend.err"; then
        pass "recommend: SIG$signal stops a stuck plugin and names it, exit $want"
    else
        fail "recommend: SIG$signal stops a stuck plugin (exit $stop_status after $stop_seconds s: $(head -c 400 "$scratch/recommend.err"))"
    fi
done

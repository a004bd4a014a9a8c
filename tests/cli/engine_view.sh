# The engine's view: perft with --threads, --processes, --pressure and
# --eval-bytes (counts that agree with the published ones whatever the
# setting; the CSV's setting columns), refusals above the usable CPUs, a
# killed worker process named with its method and position.  Timings are
# never judged; `recommend --quick`: its verdict's shape, a plugin's place,
# what to avoid, exit 2 without a candidate.
source "$(dirname "$0")/../lib/tap.bash"
if [ "$wasm_build" = 1 ]; then
    # Every test here starts threads, processes or child processes.
    skip "engine_view.sh: WebAssembly (WASI) has no threads, processes or child processes"
    exit 0
fi
view_data="$here/../data/perft.epd"
view_scratch=$(mktemp -d)
usable_cpus=$(nproc)
view_methods=reference,magic-black,hyperbola,kogge-stone

# all_ok OUTPUT: the seven positions of data/perft.epd, each row ok.
all_ok() {
    [ "$(tail -n +2 <<<"$1" | grep -c ',ok$')" -eq 7 ] && [ "$(tail -n +2 <<<"$1" | grep -c .)" -eq 7 ]
}

# csv_value FILE COLUMN ROW: one field of a CSV (1-based data row).
csv_value() {
    python3 -c 'import csv, sys; rows = list(csv.DictReader(open(sys.argv[1]))); print(rows[int(sys.argv[3]) - 1][sys.argv[2]])' "$@"
}

if [ "$usable_cpus" -ge 2 ]; then
    for kind in threads processes; do
        if output=$("$program" perft -m "$view_methods" --$kind=2 --depth=3 --reps=2 --csv="$view_scratch/$kind.csv" \
                "$view_data" 2>"$view_scratch/$kind.err") && all_ok "$output" &&
            [ "$(tail -n +2 "$view_scratch/$kind.csv" | grep -c .)" -eq 4 ] &&
            [ "$(csv_value "$view_scratch/$kind.csv" $kind 1)" = 2 ] &&
            [ "$(csv_value "$view_scratch/$kind.csv" nodes 2)" = 280779 ] &&
            [ -n "$(csv_value "$view_scratch/$kind.csv" scaling 3)" ] &&
            grep -q "^perft: 7 positions, depth 3, 4 methods, 2 reps each, 2 $kind" "$view_scratch/$kind.err" &&
            grep -qE '^magic-black +280779 .* [0-9.]+ +[0-9.]+ +[0-9.]+ +[0-9.]+ +[0-9]+$' "$view_scratch/$kind.err"; then
            pass "perft --$kind=2: the published counts, one row per method with the whole's and one worker's speed"
        else
            fail "perft --$kind=2 ($(head -c 400 "$view_scratch/$kind.err"))"
        fi
    done
    # Every method with two threads at depth 2: the methods' order rotates
    # as with one, and every method agrees with the published counts.
    methods=$(awk '$2 == "available" && $1 != "null" { n++ } END { print n + 0 }' "$scratch/list")
    if output=$("$program" perft --method=all --threads=2 --depth=2 --reps=1 --csv="$view_scratch/all.csv" \
            "$view_data" 2>"$view_scratch/all.err") && all_ok "$output" &&
        [ "$(tail -n +2 "$view_scratch/all.csv" | grep -c ',7,2,')" -eq "$methods" ]; then
        pass "perft --method=all --threads=2 agrees with the published counts ($methods methods)"
    else
        fail "perft --method=all --threads=2 ($(head -c 400 "$view_scratch/all.err"))"
    fi
    # A method wrong at the start position's root only, listed first or
    # second: the subtrees are split on the first method's root moves,
    # and each method's are compared with them, so the disagreement is
    # found as with one worker (exit 1, the two counts named).
    if [ "$plugin_build" = 1 ] &&
        build_test_plugin "$view_scratch/wrong_at_start.so" "$view_scratch/wrong_at_start.log" \
            "$here/plugins/wrong_at_start.c"; then
        echo 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -' >"$view_scratch/start.epd"
        for kind in threads processes; do
            for order in reference,wrong-at-start wrong-at-start,reference; do
                [ "$order" = reference,wrong-at-start ] && counts="reference counts 400, wrong-at-start counts 420" ||
                    counts="wrong-at-start counts 420, reference counts 400"
                "$program" --plugin="$view_scratch/wrong_at_start.so" perft -m "$order" --$kind=2 --depth=2 \
                    --reps=1 "$view_scratch/start.epd" >"$view_scratch/wrong.out" 2>"$view_scratch/wrong.err"
                status=$?
                # The row's status says so too (it said unknown).
                [ "$status" -eq 1 ] && grep -qxF "attackbench: $view_scratch/start.epd:1: $counts" "$view_scratch/wrong.err" &&
                    grep -qxE '1,2,4[02]0,,disagree' "$view_scratch/wrong.out" &&
                    pass "perft --$kind=2 -m $order: a method wrong at the root is found" ||
                    fail "perft --$kind=2 -m $order: a method wrong at the root is found (exit $status: $(grep -v '^perft:' "$view_scratch/wrong.err" | head -c 300))"
            done
        done
    elif [ "$plugin_build" = 1 ]; then
        fail "the wrong_at_start test plugin builds ($(head -c 300 "$view_scratch/wrong_at_start.log"))"
    else
        skip "perft with a method wrong at the root: this build loads no plugins"
    fi
else
    skip "perft --threads=2 and --processes=2 need two usable CPUs (this process has $usable_cpus)"
fi

# The engine's other memory changes no count; its setting is in the CSV.
if output=$("$program" perft -m "$view_methods" --pressure=1M --eval-bytes=2K --depth=3 --reps=1 \
        --csv="$view_scratch/pressure.csv" "$view_data" 2>"$view_scratch/pressure.err") && all_ok "$output" &&
    [ "$(csv_value "$view_scratch/pressure.csv" pressure_bytes 1)" = 1048576 ] &&
    [ "$(csv_value "$view_scratch/pressure.csv" eval_bytes 1)" = 2048 ] &&
    [ -z "$(csv_value "$view_scratch/pressure.csv" scaling 1)" ] &&
    grep -q "1 thread, hash probe in 1024 KB, 2048 network bytes read per node" "$view_scratch/pressure.err"; then
    pass "perft --pressure=1M --eval-bytes=2K: the same counts, the setting in the CSV and the summary"
else
    fail "perft --pressure --eval-bytes ($(head -c 400 "$view_scratch/pressure.err"))"
fi

# A slow run's rate keeps three significant digits (64M network bytes a
# node: about 0.01 Mnodes/s, shown as 0.00 or 0.01).
"$program" perft -m "$lookup" --eval-bytes=64M --depth=1 --reps=1 >/dev/null 2>"$view_scratch/slow.err"
slow_rate=$(sed -n 's/^perft: .*, \([0-9.]*\) Mnodes\/s$/\1/p' "$view_scratch/slow.err")
slow_digits=$(sed 's/\.//; s/^0*//' <<<"$slow_rate")
if [ "${#slow_digits}" -ge 3 ]; then
    pass "perft --eval-bytes=64M: the rate keeps three significant digits"
else
    fail "perft --eval-bytes=64M: the rate keeps three significant digits (rate '$slow_rate': $(head -c 300 "$view_scratch/slow.err"))"
fi

# Bad values and limits: one line, exit 2, no output file.
too_many=$((usable_cpus + 1))
while IFS='|' read -r option message; do
    "$program" perft -m reference --csv="$view_scratch/refused.csv" "$option" "$view_data" \
        >"$view_scratch/out" 2>"$view_scratch/err"
    status=$?
    if [ "$status" -eq 2 ] && [ "$(wc -l <"$view_scratch/err")" -eq 1 ] &&
        [ "$(cat "$view_scratch/err")" = "attackbench: perft: $message" ] && [ ! -e "$view_scratch/refused.csv" ]; then
        pass "perft $option refused with one line"
    else
        fail "perft $option refused with one line (exit $status: $(head -c 300 "$view_scratch/err"))"
    fi
done <<EOF_CASES
--threads=$too_many|--threads=$too_many: this process may use only $usable_cpus CPU$([ "$usable_cpus" -eq 1 ] || echo s)
--processes=$too_many|--processes=$too_many: this process may use only $usable_cpus CPU$([ "$usable_cpus" -eq 1 ] || echo s)
--threads=0|--threads must be 1 to 256, not '0'
--processes=many|--processes must be 1 to 256, not 'many'
--pressure=3M|--pressure=3M: the size must be a power of two from 4K to 256G
--eval-bytes=65M|--eval-bytes=65M: expected a size from 1 to 64M
EOF_CASES
"$program" perft --threads=2 --processes=2 "$view_data" >/dev/null 2>"$view_scratch/err"
status=$?
[ "$status" -eq 2 ] && [ "$(cat "$view_scratch/err")" = "attackbench: perft: --threads and --processes cannot both be above 1" ] &&
    pass "perft --threads with --processes refused" || fail "perft --threads with --processes refused (exit $status)"

# A --pressure size beyond the memory is one line naming it, said before
# any worker starts (each worker's own "out of memory" came before).  Only
# where the kernel refuses it: a machine that could map 256G would fill it.
memory_kb=$(awk '/^(MemTotal|SwapTotal):/ { total += $2 } END { print total + 0 }' /proc/meminfo 2>/dev/null)
if [ "$(cat /proc/sys/vm/overcommit_memory 2>/dev/null)" != 0 ] || [ -z "$memory_kb" ] ||
    [ "$memory_kb" -ge $((64 * 1024 * 1024)) ]; then
    skip "perft --pressure beyond the memory: not a machine of under 64G with heuristic overcommit"
else
    for processes in 1 2; do
        if [ "$processes" -eq 1 ]; then
            size=256G expected="--pressure=256G: the hash table would need 274877906944 bytes, more than the "
        else
            size=128G expected="--pressure=128G: 2 hash tables (one for each worker process) would need 274877906944 bytes, more than the "
        fi
        # (AddressSanitizer's allocator aborts on such a size unless told to
        # return NULL, as the C library's does.)
        ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}allocator_may_return_null=1" \
            "$program" perft -m reference --depth=1 --reps=1 --processes=$processes --pressure=$size "$view_data" \
            >"$view_scratch/out" 2>"$view_scratch/err"
        status=$?
        if [ "$status" -eq 2 ] && [ "$(wc -l <"$view_scratch/err")" -eq 1 ] &&
            [[ "$(cat "$view_scratch/err")" == "attackbench: perft: $expected"*" bytes of memory available" ]] &&
            [ ! -s "$view_scratch/out" ]; then
            pass "perft --processes=$processes --pressure=$size: one line naming the size"
        else
            fail "perft --processes=$processes --pressure=$size: one line naming the size (exit $status: $(head -c 300 "$view_scratch/err"))"
        fi
    done
fi

# A worker process killed while it counts: the method and the position are
# named, exit 2, no row of the block and no CSV.  The kill waits until the
# worker has used 5 clock ticks of CPU (its tables take far less), so that
# it is counting; the start position to depth 6 lasts long past that.
if [ "$usable_cpus" -ge 2 ] && ! command -v ps >/dev/null; then
    skip "a killed perft worker process: no ps (Debian: apt-get install procps)"
elif [ "$usable_cpus" -ge 2 ]; then
    echo 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - ;D6 119060324' >"$view_scratch/deep.epd"
    "$program" perft -m reference --processes=2 --reps=1 --depth=6 --csv="$view_scratch/killed.csv" \
        "$view_scratch/deep.epd" >"$view_scratch/killed.out" 2>"$view_scratch/killed.err" &
    parent=$!
    child=
    for _ in $(seq 400); do
        child=$(ps -o pid= --ppid "$parent" 2>/dev/null | head -1 | tr -d ' ')
        ticks=$([ -n "$child" ] && awk '{ print $14 }' "/proc/$child/stat" 2>/dev/null)
        [ "${ticks:-0}" -ge 5 ] && break
        sleep 0.05
    done
    if [ -n "$child" ]; then kill -KILL "$child"; else kill -KILL "$parent"; fi
    wait "$parent"
    status=$?
    expected="attackbench: $view_scratch/deep.epd:1: perft: worker process [01] was killed by signal 9 (Killed) while counting this position with reference; the block's rows are not written"
    if [ "$status" -eq 2 ] && grep -qx "$expected" "$view_scratch/killed.err" &&
        ! grep -q ',ok$' "$view_scratch/killed.out" && [ ! -e "$view_scratch/killed.csv" ]; then
        pass "a killed perft worker process is named with its method and position, exit 2, nothing written as complete"
    else
        fail "a killed perft worker process (exit $status: $(head -c 400 "$view_scratch/killed.err"))"
    fi
fi

# scripts/results/report: Spearman's rho per perft setting against the isolated
# ranking, the methods that move most, and the findings paragraph; on
# hand-made files whose ranks are known (five methods; with two threads two
# swap the ends: rho = 1 - 6 * 32 / (5 * 24) = -0.60).
{
    echo 'cpu,compiler,flags,method,piece,workload,dispatch,mode,pressure_bytes,phase,threads,ns_per_query_median,table_bytes'
    ns=1
    for method in pext magic-black hyperbola kogge-stone rotated; do
        echo "Test CPU,gcc 12.2.0,-O2,$method,queen,random,batch,throughput,0,all,1,$ns.0,1024"
        ns=$((ns + 1))
    done
} >"$view_scratch/bench.csv"
perft_rows() { # THREADS then five speeds, in the order of the methods above
    local threads=$1 method
    shift
    echo 'cpu,compiler,flags,method,positions,depth,nodes,nodes_per_second,table_bytes,threads,processes,pressure_bytes,eval_bytes'
    for method in pext magic-black hyperbola kogge-stone rotated; do
        echo "Test CPU,gcc 12.2.0,-O2,$method,7,3,280779,$1,1024,$threads,1,0,0"
        shift
    done
}
perft_rows 1 50 40 30 20 10 >"$view_scratch/perft-1.csv"
perft_rows 2 10 40 30 20 50 >"$view_scratch/perft-2.csv"
printf '# Findings\n\ntext\n' >"$view_scratch/findings.md"
if python3 "$here/../scripts/results/report" --machine "Test CPU" --findings "$view_scratch/findings.md" \
        "$view_scratch/bench.csv" "$view_scratch/perft-1.csv" "$view_scratch/perft-2.csv" >"$view_scratch/report.md" &&
    grep -qx '| gcc 12.2.0 | 1 thread | 5 | 1.00 | none |' "$view_scratch/report.md" &&
    grep -qx '| gcc 12.2.0 | 2 threads | 5 | -0.60 | pext 1 -> 5; rotated 5 -> 1 |' "$view_scratch/report.md" &&
    grep -qx 'On Test CPU, the isolated ranking misleads most with 2 threads, gcc 12.2.0 (rho -0.60). 1 thread (gcc 12.2.0): rho 1.00 over 5 methods; no method moves; 2 threads (gcc 12.2.0): rho -0.60 over 5 methods; pext (tables 1.0 KB) falls most, 1 alone and 5 in perft.' "$view_scratch/findings.md" &&
    grep -qx 'text' "$view_scratch/findings.md"; then
    pass "report: rank correlation per perft setting, the methods that move most, the findings paragraph"
else
    fail "report: rank correlation per perft setting ($(grep -A4 'Isolated against' "$view_scratch/report.md" | head -c 600))"
fi

if [ "$x86_build" != 1 ] || [ "$plugin_build" != 1 ]; then
    # recommend's candidates and plugin line are those of an x86-64 build
    # that loads plugins; an emulated static aarch64 build has neither.
    skip "recommend: its tests need an x86-64 build that loads plugins"
    exit 0
fi
# The work directory goes under TMPDIR: one that is not there is named.
expect_error "recommend: a TMPDIR that is not there" \
    "recommend: cannot make a work directory $view_scratch/absent/attackbench-recommend-" \
    env TMPDIR="$view_scratch/absent" "$program" recommend --quick
# Killed outright (SIGKILL, which no handler sees), recommend still leaves
# no work directory: a janitor process waiting on a pipe removes it.
# shellcheck source=../lib/signals.bash
source "$here/lib/signals.bash"
killed_leaves_nothing "recommend killed with SIGKILL leaves no work directory" "$view_scratch/killed-tmp" process \
    "$program" recommend --method=pext,kogge-stone
# The janitor in a session of its own: SIGKILL to recommend's whole process
# group (timeout -s KILL, a cancelled CI job) leaves no directory either.
if have_tool setsid; then
    killed_leaves_nothing "recommend's process group killed with SIGKILL leaves no work directory" \
        "$view_scratch/group-tmp" group setsid "$program" recommend --method=pext,kogge-stone
fi
# Standard output or error closed: the janitor's pipe is not taken for them
# (with stdout closed it once got descriptor 1 and removed the work
# directory as the measuring began): the run measures and writes its file.
for stream in 1 2; do
    rm -f "$view_scratch/closed.csv"
    if [ "$stream" = 1 ]; then
        "$program" recommend --quick --method=classical --csv="$view_scratch/closed.csv" >&- 2>"$view_scratch/closed.err"
    else
        "$program" recommend --quick --method=classical --csv="$view_scratch/closed.csv" >"$view_scratch/closed.err" 2>&-
    fi
    status=$?
    if [ "$stream" = 1 ]; then want=2; else want=0; fi
    [ "$status" = "$want" ] && grep -q '^classical,built-in,use,' "$view_scratch/closed.csv" 2>/dev/null &&
        pass "recommend with descriptor $stream closed measures and writes its --csv (exit $want)" ||
        fail "recommend with descriptor $stream closed measures and writes its --csv (exit $status: $(head -c 300 "$view_scratch/closed.err"))"
done
# The JSON would replace the CSV: refused before anything is measured.
expect_error "recommend: --csv and --json naming one file" "same.csv: --csv and --json name the same file" \
    "$program" recommend --quick --csv="$view_scratch/same.csv" --json="$view_scratch/./same.csv"
# recommend --quick: a verdict (decided or not: timings are not judged),
# what to avoid, the figures of every candidate in both views, the two
# commands; the same candidates in the CSV and the JSON.
if "$program" recommend --quick --csv="$view_scratch/recommend.csv" --json="$view_scratch/recommend.json" \
        >"$view_scratch/recommend.out" 2>"$view_scratch/recommend.err" &&
    grep -qE '^use here: (undecided: the repetitions cannot tell [a-z0-9-]+ from [a-z0-9-]+ |[a-z0-9-]+: [0-9.]+ Mnodes/s in the engine)' "$view_scratch/recommend.out" &&
    [ "$(sed -n '/^figures/,/^reproduce:/p' "$view_scratch/recommend.out" |
        grep -cE '^  [a-z0-9-]+ +[0-9.]+ +[1-9] \[[1-9]-[1-9]\] +[0-9.]+ +[1-9] \[[1-9]-[1-9]\] +[0-9.]+$')" -eq 9 ] &&
    grep -qE "^  .*attackbench[^ /]* --method=[a-z0-9,-]+ --workload=random --piece=queen --dispatch=batch .*--csv=isolated.csv$" "$view_scratch/recommend.out" &&
    grep -qE "^  .*attackbench[^ /]* recommend --print-positions >recommend-positions.epd$" "$view_scratch/recommend.out" &&
    grep -qE "^  .*attackbench[^ /]* perft --method=[a-z0-9,-]+ --threads=$usable_cpus --pressure=64M --depth=2 --reps=5 --csv=engine.csv recommend-positions.epd$" "$view_scratch/recommend.out" &&
    [ "$(tail -n +2 "$view_scratch/recommend.csv" | grep -c .)" -eq 9 ] &&
    python3 -c 'import json, sys; document = json.load(open(sys.argv[1])); sys.exit(len(document["candidates"]) != 9 or document["threads"] != int(sys.argv[2]))' \
        "$view_scratch/recommend.json" "$usable_cpus"; then
    pass "recommend --quick: a verdict, the figures of the nine candidates in both views with their rank intervals, the commands, CSV and JSON"
else
    fail "recommend --quick ($(head -c 600 "$view_scratch/recommend.out"; head -c 300 "$view_scratch/recommend.err"))"
fi

# A candidate this CPU cannot run was never measured: its figures are
# empty in the CSV and null in the JSON (they were 0 ns per queen, rank 0,
# 0 Mnodes/s: the fastest to anything that sorts the column).  pext needs
# BMI2, hidden here; other CPUs cannot run it anyway.
if ATTACKBENCH_HIDE_FEATURES=bmi2 "$program" recommend --quick --method=classical,pext \
        --csv="$view_scratch/skipped.csv" --json="$view_scratch/skipped.json" >/dev/null 2>&1 &&
    grep -qE '^pext,built-in,cannot-run,[^,]+,,,,,,[0-9]+,67108864,2$' "$view_scratch/skipped.csv" &&
    python3 -c 'import json, sys
row = [c for c in json.load(open(sys.argv[1]))["candidates"] if c["method"] == "pext"][0]
figures = ("isolated_ns_per_query", "isolated_rank", "engine_nodes_per_second", "engine_rank", "table_bytes")
sys.exit(any(row[name] is not None for name in figures))' "$view_scratch/skipped.json"; then
    pass "recommend: a candidate that cannot run has no figures in the CSV and JSON"
else
    fail "recommend: a candidate that cannot run has no figures ($(grep '^pext' "$view_scratch/skipped.csv" | head -c 300))"
fi

# The reproduce: lines run from any folder (the engine command named
# data/perft.epd, which is not there outside the source tree, nor in an
# installed copy): run in an empty folder, they write the two CSV files;
# the positions they write are data/perft.epd's.
mkdir "$view_scratch/elsewhere"
sed -n '/^reproduce:$/,$p' "$view_scratch/recommend.out" | tail -n +2 | sed 's/^  //' >"$view_scratch/reproduce.sh"
if [ "$(wc -l <"$view_scratch/reproduce.sh")" -eq 3 ] &&
    (cd "$view_scratch/elsewhere" && bash -e "$view_scratch/reproduce.sh" >/dev/null 2>"$view_scratch/reproduce.err") &&
    [ -s "$view_scratch/elsewhere/isolated.csv" ] && [ -s "$view_scratch/elsewhere/engine.csv" ] &&
    cmp -s <(sed 's/ ;D1 .*//' "$view_scratch/elsewhere/recommend-positions.epd") \
        <(grep -v '^#' "$top/data/perft.epd" | sed 's/ ;D1 .*//'); then
    pass "recommend: the reproduce: lines run from another folder, on data/perft.epd's positions"
else
    fail "recommend: the reproduce: lines from another folder ($(head -c 300 "$view_scratch/reproduce.sh"; head -c 300 "$view_scratch/reproduce.err"))"
fi
expect_one_line "recommend: --print-positions with another option is refused" \
    "attackbench: recommend: --print-positions prints the positions and measures nothing: give it alone" \
    "$program" recommend --print-positions --quick

# With a plugin: where it stands against the recommended built-in (the
# example as plugins.sh builds it: one build a run serves both).
if build_test_plugin "$view_scratch/my_engine.so" /dev/null "$here/../examples/plugin/my_engine.c" -O2; then
    if "$program" --plugin="$view_scratch/my_engine.so" recommend --quick >"$view_scratch/plugin.out" 2>&1 &&
        grep -qE '^plugin my-engine: alone [0-9.]+ ns per queen, [0-9.]+x the time of [a-z0-9-]+ \(rank [0-9]+\); in the engine [0-9.]+ Mnodes/s, [0-9.]+x [a-z0-9-]+.s speed \(rank [0-9]+\)$' "$view_scratch/plugin.out" &&
        grep -q -- "--plugin=$view_scratch/my_engine.so perft" "$view_scratch/plugin.out"; then
        pass "recommend with a plugin places it against the recommended built-in in both views"
    else
        fail "recommend with a plugin ($(head -c 600 "$view_scratch/plugin.out"))"
    fi
    # --method chooses the built-in candidates; every plugin is measured too.
    if "$program" --plugin="$view_scratch/my_engine.so" recommend --quick --method=classical \
            >"$view_scratch/plugin-method.out" 2>&1 &&
        grep -qE '^plugin my-engine: alone [0-9.]+ ns per queen, [0-9.]+x the time of classical ' "$view_scratch/plugin-method.out" &&
        grep -qE '^  my-engine ' "$view_scratch/plugin-method.out"; then
        pass "recommend --method=classical with a plugin measures the plugin too"
    else
        fail "recommend --method=classical with a plugin measures the plugin too ($(head -c 600 "$view_scratch/plugin-method.out"))"
    fi
    # A plugin given by a relative path is named by its absolute one in
    # the reproduce: lines, which run from any folder (it stayed relative).
    if (cd "$view_scratch" && "$program" --plugin=my_engine.so recommend --quick --method=classical) \
            >"$view_scratch/plugin-relative.out" 2>&1 &&
        [ "$(grep -c -- "--plugin=$(realpath "$view_scratch")/my_engine.so" "$view_scratch/plugin-relative.out")" -ge 2 ]; then
        pass "recommend: a relative --plugin is absolute in the reproduce: lines"
    else
        fail "recommend: a relative --plugin is absolute in the reproduce: lines ($(grep -- --plugin "$view_scratch/plugin-relative.out" | head -c 600))"
    fi
    # A plugin wrong where only perft looks (the start position's root) is
    # found by the engine measurement: recommend exits 1, as for a plugin
    # wrong at load (it exited 2, a failed measurement).
    if build_test_plugin "$view_scratch/wrong_at_start.so" "$view_scratch/wrong_at_start.log" \
        "$here/plugins/wrong_at_start.c"; then
        "$program" --plugin="$view_scratch/wrong_at_start.so" recommend --quick --method=classical \
            >/dev/null 2>"$view_scratch/recommend-wrong.err"
        status=$?
        [ "$status" -eq 1 ] && grep -q "^attackbench: recommend: the engine measurement failed (exit 1" \
            "$view_scratch/recommend-wrong.err" && grep -q "classical counts 400, wrong-at-start counts 420" \
            "$view_scratch/recommend-wrong.err" &&
            pass "recommend: a plugin wrong in perft's counts exits 1 naming them" ||
            fail "recommend: a plugin wrong in perft's counts exits 1 naming them (exit $status: $(head -c 400 "$view_scratch/recommend-wrong.err"))"
    else
        fail "the wrong_at_start test plugin builds ($(head -c 300 "$view_scratch/wrong_at_start.log"))"
    fi
    # An output that cannot be written is refused before minutes of measuring.
    expect_error "recommend --json into a missing folder is refused" "cannot create" \
        "$program" recommend --quick --json="$view_scratch/missing/verdict.json"
    grep -q "measuring" "$scratch/err" && fail "recommend refuses an unwritable --json before measuring" ||
        pass "recommend refuses an unwritable --json before measuring"
    # Spaces in the program's path, TMPDIR and a plugin's path: each path
    # is one word of the measurements' commands (they were split at
    # spaces, and such paths refused), quoted in the commands shown.
    spaced="$view_scratch/with space"
    mkdir -p "$spaced/tmp" && cp "$view_scratch/my_engine.so" "$program" "$spaced/"
    if env TMPDIR="$spaced/tmp" "$spaced/$(basename "$program")" --plugin="$spaced/my_engine.so" recommend --quick \
            --method=classical >"$view_scratch/spaced.out" 2>&1 &&
        grep -q '^plugin my-engine: alone ' "$view_scratch/spaced.out" &&
        grep -qF "  '$spaced/$(basename "$program")' '--plugin=$spaced/my_engine.so' perft " "$view_scratch/spaced.out" &&
        [ -z "$(ls -A "$spaced/tmp")" ]; then
        pass "recommend: spaces in the program's path, TMPDIR and a plugin's path; the commands shown quote them"
    else
        fail "recommend: spaces in the paths ($(head -c 600 "$view_scratch/spaced.out"))"
    fi
else
    skip "recommend with a plugin: no C compiler to build examples/plugin"
fi

# What to avoid: a microcoded instruction (as on Zen 2, by the CPU identity
# the tests may give) and an instruction this CPU lacks.
if grep -E '^pext +available' "$scratch/list" >/dev/null; then
    ATTACKBENCH_SLOW_INSTRUCTIONS_CPU="AuthenticAMD 23 49" "$program" recommend --quick --method=pext,hyperbola,kogge-stone \
        --csv="$view_scratch/slow.csv" >"$view_scratch/slow.out" 2>&1
    grep -qE '^(avoid|note): pext: PEXT (and PDEP )?(is|are) microcoded on this CPU' "$view_scratch/slow.out" &&
        pass "recommend names a microcoded instruction" ||
        fail "recommend names a microcoded instruction ($(head -c 400 "$view_scratch/slow.out"))"
    # Avoided only when the verdict does not name it (a use here that it
    # says to avoid once contradicted itself), and the file says the same.
    slow_verdict=$(awk -F, '$1 == "pext" { print $3 }' "$view_scratch/slow.csv")
    if grep -qE '^(use here|runner-up): .*\bpext\b' "$view_scratch/slow.out"; then
        named=1
    else
        named=0
    fi
    if grep -q '^avoid: pext:' "$view_scratch/slow.out"; then avoided=1; else avoided=0; fi
    case "$avoided:$slow_verdict" in 1:avoid | 0:use | 0:runner-up | 0:undecided) agrees=1 ;; *) agrees=0 ;; esac
    if [ "$named" != "$avoided" ] && [ "$agrees" = 1 ] &&
        awk -F, '$1 == "pext" && $4 ~ /microcoded/ { found = 1 } END { exit !found }' "$view_scratch/slow.csv"; then
        pass "recommend avoids a microcoded candidate only when its verdict does not name it ($slow_verdict)"
    else
        fail "recommend avoids a microcoded candidate only when its verdict does not name it (verdict $slow_verdict: $(grep -E '^(use|runner|avoid|note)' "$view_scratch/slow.out" | head -c 600))"
    fi
    # Alone, it is the verdict: a note, never "avoid" beside "use here".
    ATTACKBENCH_SLOW_INSTRUCTIONS_CPU="AuthenticAMD 23 49" "$program" recommend --quick --method=pext \
        >"$view_scratch/alone.out" 2>&1
    grep -q '^use here: pext: ' "$view_scratch/alone.out" && ! grep -q '^avoid: pext' "$view_scratch/alone.out" &&
        grep -qE '^note: pext: PEXT (and PDEP )?(is|are) microcoded on this CPU.*; yet measured here it ranks 1 alone and 1 in the engine$' \
            "$view_scratch/alone.out" &&
        pass "recommend's only candidate, microcoded, is used with a note, not avoided" ||
        fail "recommend's only candidate, microcoded, is used with a note, not avoided ($(grep -E '^(use|avoid|note)' "$view_scratch/alone.out" | head -c 600))"
fi
ATTACKBENCH_HIDE_FEATURES=bmi2 "$program" recommend --quick --method=pext,hyperbola >"$view_scratch/lacks.out" 2>&1
grep -qx 'avoid: pext: cannot run here: this CPU lacks bmi2' "$view_scratch/lacks.out" &&
    pass "recommend names a candidate this CPU cannot run" ||
    fail "recommend names a candidate this CPU cannot run ($(head -c 400 "$view_scratch/lacks.out"))"

# No candidate that runs here (each with its own reason: they once all showed
# the last one), an unknown one, an unknown option: exit 2, one line.
while IFS='|' read -r arguments message; do
    # shellcheck disable=SC2086
    ATTACKBENCH_HIDE_FEATURES=bmi2,avx2 "$program" recommend $arguments >"$view_scratch/out" 2>"$view_scratch/err"
    status=$?
    if [ "$status" -eq 2 ] && [ "$(head -1 "$view_scratch/err")" = "attackbench: recommend: $message" ] &&
        [ ! -s "$view_scratch/out" ]; then
        pass "recommend $arguments: exit 2 with the reason"
    else
        fail "recommend $arguments: exit 2 with the reason (exit $status: $(head -c 300 "$view_scratch/err"))"
    fi
done <<EOF_CASES
--method=pext,pext-pdep|no candidate runs on this CPU: pext: this CPU lacks bmi2; pext-pdep: this CPU lacks bmi2
--method=pext,hyperbola-avx2|no candidate runs on this CPU: pext: this CPU lacks bmi2; hyperbola-avx2: this CPU lacks avx2
--method=no-such-method|no method named 'no-such-method' (attackbench --list names them)
--method=PEXT,Pext-Pdep|no candidate runs on this CPU: pext: this CPU lacks bmi2; pext-pdep: this CPU lacks bmi2
--method=pext,hyperbola-avx2,pext-pdep,-hyperbola*|no candidate runs on this CPU: pext: this CPU lacks bmi2; pext-pdep: this CPU lacks bmi2
--method=pext,-PEXT|--method=pext,-PEXT: the list leaves no method
--fast|unknown argument '--fast'
EOF_CASES
# The whole list is counted, its -NAME applied, before it is cut: 'all,-X'
# ran the first 29 silently, where 'all' is refused.  (A TMPDIR that is not
# there ends a run that would measure before it starts.)
for list in all all,-reference -pext; do
    expect_one_line "recommend --method=$list: more than 32 candidates, refused" \
        "attackbench: recommend: more than 32 candidates" \
        env TMPDIR="$view_scratch/absent" "$program" recommend --quick --method="$list"
done
# A list however long is read whole: a copy of 1023 bytes cut its last
# name ('pex', or 'kogge-stone' that ran silently).  Repeats count once,
# as the benchmark's --method counts them.
long_list=$(printf 'pext,%.0s' {1..210})hyperbola-avx2
repeats=$(printf 'pext,%.0s' {1..299})pext
while IFS='|' read -r name list message; do
    expect_one_line "recommend: $name" "attackbench: recommend: $message" \
        env ATTACKBENCH_HIDE_FEATURES=bmi2,avx2 TMPDIR="$view_scratch/absent" "$program" recommend --quick -m "$list"
done <<EOF_LONG
a list of 1064 bytes is read to its last name|$long_list|no candidate runs on this CPU: pext: this CPU lacks bmi2; hyperbola-avx2: this CPU lacks avx2
300 repeats of one name are one candidate|$repeats|no candidate runs on this CPU: pext: this CPU lacks bmi2
EOF_LONG
rm -rf "$view_scratch"

#!/usr/bin/env bash
# Guard rails: the CPU choice keeps concurrent runs apart, and warnings
# about the machine appear exactly when their condition holds.
source "$(dirname "$0")/../lib/tap.bash"

tiny_run=(--method=null --workload=random --queries=100 --calls=1000 --reps=5 --dispatch=batch --piece=rook)

# first_value COLUMN FILE: the COLUMN of the CSV FILE's first row (empty
# without a row), as csv_column COLUMN <FILE | head -n 1 reads it.
first_value() {
    python3 -c 'import csv, sys
print(next((row[sys.argv[1]] for row in csv.DictReader(open(sys.argv[2]))), "").split("\n")[0])' "$@"
}

allowed=$(nproc)
# WebAssembly chooses no CPU and takes no lock: the lock tests do not apply.
lock_cpus=$allowed
on_native "CPU choice and locks" "no CPU choice, pinning or locks" || lock_cpus=0

# hold_lock FILE: another process holds the lock file (its pid added to
# holders) when this returns: the holder says so once it has the lock,
# and this waits (up to 5 s) for its word, without polling.
hold_lock() {
    local word
    exec {holder_fd}< <(flock -o "$1" sh -c 'echo held; exec sleep 30')
    holders+=($!)
    read -r -t 5 -u "$holder_fd" word
    exec {holder_fd}<&-
}
locks="$scratch/locks"
mkdir -p "$locks"
if [ "$lock_cpus" -ge 2 ] && command -v flock >/dev/null; then
    # Another run holds every CPU but the first: this run takes the first.
    # The runs' CSVs are read after the three runs, by one python3.
    holders=()
    for ((cpu = 1; cpu < allowed; cpu++)); do
        hold_lock "$locks/attackbench-cpu-$cpu.lock"
    done
    XDG_RUNTIME_DIR=$locks "$program" "${tiny_run[@]}" --format=csv >"$scratch/held-1.csv" 2>"$scratch/guard-err-1"
    hold_lock "$locks/attackbench-cpu-0.lock"
    XDG_RUNTIME_DIR=$locks "$program" "${tiny_run[@]}" --format=csv >/dev/null 2>"$scratch/guard-err-2"
    XDG_RUNTIME_DIR=$locks "$program" "${tiny_run[@]}" --format=csv --pin=0 >/dev/null 2>"$scratch/guard-err-3"
    # The run knows it shared its CPU during each group: every row says so.
    XDG_RUNTIME_DIR=$locks "$program" "${tiny_run[@]}" --method=null,classical --format=csv \
        >"$scratch/held.csv" 2>"$scratch/guard-err"
    # The first row's pin_cpu of the first run (as measured_cpu reads it),
    # then the number of rows of the last run whose warnings name
    # cpu-contention.
    { read -r got; read -r flagged; } < <(python3 -c 'import csv, sys
print(next((row["pin_cpu"] for row in csv.DictReader(open(sys.argv[1]))), ""))
print(sum("cpu-contention" in row["warnings"] for row in csv.DictReader(open(sys.argv[2]))))' \
        "$scratch/held-1.csv" "$scratch/held.csv")
    if [ "$got" = 0 ]; then pass "a CPU another run holds is not chosen"; else fail "a CPU another run holds is not chosen (got CPU '$got')"; fi
    [[ "$(<"$scratch/guard-err-2")" == *"also used by another attackbench run"* ]] &&
        pass "every CPU held: the run says it shares one" || fail "every CPU held: the run says it shares one"
    [[ "$(<"$scratch/guard-err-3")" == *"also used by another attackbench run"* ]] &&
        pass "--pin on a held CPU warns" || fail "--pin on a held CPU warns"
    [ "$flagged" -eq 2 ] && [[ "$(<"$scratch/guard-err")" == *"random rook batch: another attackbench run held 1 of the measuring CPUs"* ]] &&
        pass "a CPU another run held during a group flags its rows" ||
        fail "a CPU another run held during a group flags its rows ($flagged rows; $(head -c 300 "$scratch/guard-err"))"
    kill "${holders[@]}" 2>/dev/null
    wait "${holders[@]}" 2>/dev/null
else
    [ "$wasm_build" = 1 ] || skip "CPU locks: needs two CPUs and flock(1)"
fi

# --pin=none: the context line says "not pinned" (it said "pinned to CPU
# -1"); the CSV keeps -1.
if on_native "--pin=none: the context line says not pinned" "no pinning"; then
    "$program" "${tiny_run[@]}" --pin=none --format=csv >"$scratch/unpinned.csv" 2>"$scratch/unpinned.err"
    if grep -q '^timer: .*; not pinned; 1 thread$' "$scratch/unpinned.err" &&
        [ "$(csv_column pin_cpu <"$scratch/unpinned.csv")" = -1 ]; then
        pass "--pin=none: the context line says not pinned, the CSV -1"
    else
        fail "--pin=none: the context line says not pinned, the CSV -1 ($(grep '^timer' "$scratch/unpinned.err"))"
    fi
fi

# Warnings about the machine, from a fake /sys and /proc.
fake_root="$scratch/root"
mkdir -p "$fake_root/sys/devices/system/cpu/cpufreq" "$fake_root/proc"
for ((cpu = 0; cpu < allowed; cpu++)); do
    mkdir -p "$fake_root/sys/devices/system/cpu/cpu$cpu/cpufreq"
    echo powersave >"$fake_root/sys/devices/system/cpu/cpu$cpu/cpufreq/scaling_governor"
done
echo 0 >"$fake_root/sys/devices/system/cpu/cpufreq/boost"
printf 'processor\t: 0\nflags\t\t: fpu sse2 avx2\n' >"$fake_root/proc/cpuinfo"
while IFS= read -r line; do [[ "$line" == cpu* ]] && printf '%s\n' "$line"; done </proc/stat >"$fake_root/proc/stat"

# warned NAME TEXT ENV... -- ARGS...: the run warns with TEXT.
# count_lines VARIABLE FILE ERE: VARIABLE set to how many lines of FILE
# match ERE (grep -c), in the shell.
count_lines() {
    local line matching=0
    while IFS= read -r line || [ -n "$line" ]; do [[ "$line" =~ $3 ]] && matching=$((matching + 1)); done <"$2"
    printf -v "$1" %d "$matching"
}
run_guarded() {
    local environment=()
    while [ "$1" != -- ]; do environment+=("$1"); shift; done
    shift
    # The variables exported for this run alone, without env(1).
    [ ${#environment[@]} -eq 0 ] || local -x "${environment[@]}"
    "$program" "${tiny_run[@]}" "$@" >"$scratch/guard-out" 2>"$scratch/guard-err"
}
expect_warning() {
    local name=$1 text=$2
    shift 2
    run_guarded "$@"
    if [[ "$(<"$scratch/guard-err")" == *"$text"* ]]; then pass "$name"; else fail "$name (stderr: $(head -c 300 "$scratch/guard-err"))"; fi
}
expect_no_warning() {
    local name=$1 text=$2
    shift 2
    run_guarded "$@"
    if [[ "$(<"$scratch/guard-err")" == *"$text"* ]]; then fail "$name (stderr: $(head -c 300 "$scratch/guard-err"))"; else pass "$name"; fi
}
expect_warning "a governor other than performance is named" "governor is 'powersave'" ATTACKBENCH_SYSTEM_ROOT="$fake_root" --
# A governor file holding an escape sequence is shown escaped, not sent to
# the terminal.
for ((cpu = 0; cpu < allowed; cpu++)); do
    printf 'odd\033[2J\n' >"$fake_root/sys/devices/system/cpu/cpu$cpu/cpufreq/scaling_governor"
done
expect_warning "a governor's escape sequence is shown escaped" "governor is 'odd\x1b[2J'" ATTACKBENCH_SYSTEM_ROOT="$fake_root" --
for ((cpu = 0; cpu < allowed; cpu++)); do
    echo powersave >"$fake_root/sys/devices/system/cpu/cpu$cpu/cpufreq/scaling_governor"
done
expect_no_warning "boost off and no hypervisor give no such warning" "under a hypervisor" ATTACKBENCH_SYSTEM_ROOT="$fake_root" --
echo performance | tee "$fake_root"/sys/devices/system/cpu/cpu*/cpufreq/scaling_governor >/dev/null
echo 1 >"$fake_root/sys/devices/system/cpu/cpufreq/boost"
printf 'processor\t: 0\nflags\t\t: fpu hypervisor avx2\n' >"$fake_root/proc/cpuinfo"
expect_no_warning "the performance governor gives no warning" "governor" ATTACKBENCH_SYSTEM_ROOT="$fake_root" --
expect_warning "boost is named" "boost (turbo) is on" ATTACKBENCH_SYSTEM_ROOT="$fake_root" --
expect_warning "a hypervisor is named" "under a hypervisor" ATTACKBENCH_SYSTEM_ROOT="$fake_root" --
expect_warning "fewer than 5 repetitions are named" "only 3 repetitions" ATTACKBENCH_SYSTEM_ROOT="$fake_root" -- --reps=3
expect_warning "one repetition is named in the singular" "only 1 repetition (fewer than 5)" ATTACKBENCH_SYSTEM_ROOT="$fake_root" -- --reps=1
expect_no_warning "5 repetitions are enough" "repetitions" ATTACKBENCH_SYSTEM_ROOT="$fake_root" -- --reps=5
expect_warning "a short stream is named" "only 100 queries" ATTACKBENCH_SYSTEM_ROOT="$fake_root" --
expect_no_warning "the default random stream is long enough" "queries (fewer" ATTACKBENCH_SYSTEM_ROOT="$fake_root" -- --queries=16384
# The remedy fits the stream: the random stream's length is --queries (it
# said "give more positions", which it reads none of), a file stream's
# the positions unless --max-queries cut it.
expect_warning "a short random stream names --queries" "only 100 queries (fewer than 4096): branch predictors can learn it; give a larger --queries" --
expect_warning "a one-query stream is named in the singular" "only 1 query (fewer" -- --queries=1
for file_case in "more positions:" "a larger --max-queries:--max-queries=2"; do
    "$program" --method=null --reps=5 --calls=1000 --dispatch=batch --piece=rook ${file_case#*:} "$here/data/boards.fen" \
        >/dev/null 2>"$scratch/guard-err"
    grep -q "(fewer than 4096): branch predictors can learn it; give ${file_case%%:*}\$" "$scratch/guard-err" &&
        pass "a short file stream: give ${file_case%%:*}" ||
        fail "a short file stream: give ${file_case%%:*} ($(head -c 300 "$scratch/guard-err"))"
done
expect_warning "other work on the measuring CPU names the group" "random rook batch: other work took 50%" \
    ATTACKBENCH_FAKE_OTHER_WORK=0.5 --
expect_warning "the run ends with a summary line" "were flagged (other work or drift)" ATTACKBENCH_FAKE_OTHER_WORK=0.5 --
run_guarded ATTACKBENCH_SYSTEM_ROOT="$fake_root" ATTACKBENCH_FAKE_OTHER_WORK=0.5 -- --reps=3 -q
[ ! -s "$scratch/guard-err" ] && pass "-q silences the warnings" || fail "-q silences the warnings ($(head -c 200 "$scratch/guard-err"))"
run_guarded ATTACKBENCH_SYSTEM_ROOT="$fake_root" ATTACKBENCH_FAKE_OTHER_WORK=0.5 -- --reps=3 --format=csv
# emulator and uneven-cpus depend on the machine the suite runs on.
warnings=$(first_value warnings "$scratch/guard-out")
warnings=${warnings/ emulator/}
warnings=${warnings/ uneven-cpus/}
[[ "$warnings" == "boost hypervisor few-repetitions short-stream cpu-contention"* ]] &&
    pass "the CSV records the warnings" || fail "the CSV records the warnings (got '$warnings')"

# The rows of a group the run saw disturbed carry the flag themselves, in
# the table (whose spread alone can look fine when the whole group was
# slowed) and in the JSON; a quiet group's rows carry none (its CPU locks
# in a folder of its own, which no other run of the tests holds).
run_guarded ATTACKBENCH_FAKE_OTHER_WORK=0.5 -- --method=null,classical
table_row='^  (classical|null \(harness\)) '
count_lines rows "$scratch/guard-out" "$table_row"
count_lines flagged "$scratch/guard-out" "$table_row.*  disturbed: cpu-contention\$"
[ "$rows" -eq 2 ] && [ "$flagged" -eq 2 ] && pass "the table flags each row of a group other work disturbed" ||
    fail "the table flags each row of a group other work disturbed ($flagged of $rows rows: $(head -c 400 "$scratch/guard-out"))"
mkdir -p "$scratch/private-locks"
run_guarded ATTACKBENCH_FAKE_OTHER_WORK=0 ATTACKBENCH_FAKE_CANARY_DRIFT=0 XDG_RUNTIME_DIR="$scratch/private-locks" -- \
    --method=null,classical
count_lines rows "$scratch/guard-out" "$table_row"
count_lines disturbed "$scratch/guard-out" '^  .*  disturbed: '
[ "$rows" -eq 2 ] && [ "$disturbed" -eq 0 ] && pass "a quiet group's rows carry no flag" ||
    fail "a quiet group's rows carry no flag ($(head -c 400 "$scratch/guard-out"))"
run_guarded ATTACKBENCH_FAKE_OTHER_WORK=0.5 -- --method=null,classical --format=json
count_lines flagged "$scratch/guard-out" '"method": "(classical|null)".*"warnings": "[^"]*cpu-contention'
[ "$flagged" -eq 2 ] && pass "the JSON flags each row of a group other work disturbed" ||
    fail "the JSON flags each row of a group other work disturbed ($flagged rows)"

# Progress appears only on a terminal.
if command -v script >/dev/null; then
    script -qec "$program ${tiny_run[*]} --reps=5" /dev/null >"$scratch/tty-out" 2>&1
    [[ "$(<"$scratch/tty-out")" == *'[1/1] random rook batch'* ]] && pass "progress on a terminal" || fail "progress on a terminal"
    run_guarded --
    [[ "$(<"$scratch/guard-err")" == *'[1/1]'* ]] && fail "no progress off a terminal" || pass "no progress off a terminal"
fi

# The canary: the null loop's drift across rounds flags the group.
expect_warning "a drifting canary names the group" "random rook batch: the harness's own loop (null) changed speed by 20%" \
    ATTACKBENCH_FAKE_CANARY_DRIFT=0.2 --
run_guarded ATTACKBENCH_FAKE_CANARY_DRIFT=0.2 -- --format=csv
[[ "$(first_value warnings "$scratch/guard-out")" == *canary-drift* ]] &&
    pass "the CSV records the canary's drift" || fail "the CSV records the canary's drift"
expect_no_warning "a steady canary gives no warning" "changed speed" ATTACKBENCH_FAKE_CANARY_DRIFT=0.01 --

expect_error "--target-spread refuses a bad value" "--target-spread=abc" "$program" --target-spread=abc --workload=random

# --list starts with a header and explains the seed numbers; genpos --help
# states the game lengths the code plays.
IFS= read -r list_header <"$scratch/list"
[[ "$list_header" =~ ^method\ .*status ]] && [[ "$(<"$scratch/list")" == *'004 the forum post on row hashing'* ]] &&
    pass "--list has a header and names the seeds" || fail "--list has a header and names the seeds"
[[ "$("$program" genpos --help)" == *"40 to 240 plies"* ]] && pass "genpos --help gives the game lengths" ||
    fail "genpos --help gives the game lengths"
[[ "$("$program" --help)" == *"130 interrupted"* ]] && pass "--help lists exit status 130" || fail "--help lists exit status 130"
# Empty, the fake share is not set: a busy loop on the measuring CPU is
# still named (read as a share of 0, it once silenced the real check).
# Last, so that no other test of this script runs beside its busy loop.
if [ "$lock_cpus" -ge 1 ] && command -v taskset >/dev/null; then
    busy_cpu=$(taskset -cp $$)
    busy_cpu=${busy_cpu##*: }
    busy_cpu=${busy_cpu%%[,-]*}
    taskset -c "$busy_cpu" sh -c 'while :; do :; done' &
    busy=$!
    ATTACKBENCH_FAKE_OTHER_WORK= "$program" --pin="$busy_cpu" --method=$lookup,null --workload=random --piece=rook \
        --dispatch=batch --reps=5 --calls=10000000 >/dev/null 2>"$scratch/guard-err"
    kill "$busy"
    wait "$busy" 2>/dev/null
    [[ "$(<"$scratch/guard-err")" == *"random rook batch: other work took"* ]] &&
        pass "an empty ATTACKBENCH_FAKE_OTHER_WORK leaves the real check on" ||
        fail "an empty ATTACKBENCH_FAKE_OTHER_WORK leaves the real check on ($(head -c 400 "$scratch/guard-err"))"
else
    [ "$wasm_build" = 1 ] || skip "an empty ATTACKBENCH_FAKE_OTHER_WORK: needs taskset"
fi

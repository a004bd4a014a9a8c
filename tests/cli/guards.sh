# Guard rails: the CPU choice keeps concurrent runs apart, and warnings
# about the machine appear exactly when their condition holds.
# Sourced by tests/run.sh (uses $program, $scratch, pass, fail).

tiny_run=(--method=null --workload=random --queries=100 --calls=1000 --reps=5 --dispatch=batch --piece=rook)

# A column of the first row of a CSV on standard input.
first_row_column() {
    awk -F, -v name="$1" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == name) c = i } NR == 2 { print $c }'
}

# The CPU a run measured on, from its CSV row.
measured_cpu() {
    "$program" "${tiny_run[@]}" --format=csv "$@" 2>"$scratch/guard-err" | first_row_column pin_cpu
}

allowed=$(nproc)
locks="$scratch/locks"
mkdir -p "$locks"
if [ "$allowed" -ge 2 ] && command -v flock >/dev/null; then
    # Another run holds every CPU but the first: this run takes the first.
    holders=()
    for ((cpu = 1; cpu < allowed; cpu++)); do
        flock -o "$locks/attackbench-cpu-$cpu.lock" sleep 30 &
        holders+=($!)
    done
    sleep 0.3
    got=$(XDG_RUNTIME_DIR=$locks measured_cpu)
    if [ "$got" = 0 ]; then pass "a CPU another run holds is not chosen"; else fail "a CPU another run holds is not chosen (got CPU '$got')"; fi
    flock -o "$locks/attackbench-cpu-0.lock" sleep 30 &
    holders+=($!)
    sleep 0.3
    XDG_RUNTIME_DIR=$locks measured_cpu >/dev/null
    grep -q "also used by another attackbench run" "$scratch/guard-err" &&
        pass "every CPU held: the run says it shares one" || fail "every CPU held: the run says it shares one"
    XDG_RUNTIME_DIR=$locks measured_cpu --pin=0 >/dev/null
    grep -q "also used by another attackbench run" "$scratch/guard-err" &&
        pass "--pin on a held CPU warns" || fail "--pin on a held CPU warns"
    kill "${holders[@]}" 2>/dev/null
    wait "${holders[@]}" 2>/dev/null
else
    skip "CPU locks: needs two CPUs and flock(1)"
fi

# Two runs started together measure on different CPUs.
if [ "$allowed" -ge 2 ]; then
    XDG_RUNTIME_DIR=$locks "$program" "${tiny_run[@]}" --calls=2000000 --format=csv >"$scratch/first.csv" 2>/dev/null &
    first=$!
    XDG_RUNTIME_DIR=$locks "$program" "${tiny_run[@]}" --calls=2000000 --format=csv >"$scratch/second.csv" 2>/dev/null
    wait "$first"
    a=$(first_row_column pin_cpu <"$scratch/first.csv")
    b=$(first_row_column pin_cpu <"$scratch/second.csv")
    if [ -n "$a" ] && [ "$a" != "$b" ]; then pass "two runs started together take two CPUs"; else fail "two runs started together take two CPUs ($a and $b)"; fi
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
grep '^cpu' /proc/stat >"$fake_root/proc/stat"

# warned NAME TEXT ENV... -- ARGS...: the run warns with TEXT.
run_guarded() {
    local environment=()
    while [ "$1" != -- ]; do environment+=("$1"); shift; done
    shift
    env "${environment[@]}" "$program" "${tiny_run[@]}" "$@" >"$scratch/guard-out" 2>"$scratch/guard-err"
}
expect_warning() {
    local name=$1 text=$2
    shift 2
    run_guarded "$@"
    if grep -qF -- "$text" "$scratch/guard-err"; then pass "$name"; else fail "$name (stderr: $(head -c 300 "$scratch/guard-err"))"; fi
}
expect_no_warning() {
    local name=$1 text=$2
    shift 2
    run_guarded "$@"
    if grep -qF -- "$text" "$scratch/guard-err"; then fail "$name (stderr: $(head -c 300 "$scratch/guard-err"))"; else pass "$name"; fi
}
expect_warning "a governor other than performance is named" "governor is 'powersave'" ATTACKBENCH_SYSTEM_ROOT="$fake_root" --
expect_no_warning "boost off and no hypervisor give no such warning" "hypervisor" ATTACKBENCH_SYSTEM_ROOT="$fake_root" --
echo performance | tee "$fake_root"/sys/devices/system/cpu/cpu*/cpufreq/scaling_governor >/dev/null
echo 1 >"$fake_root/sys/devices/system/cpu/cpufreq/boost"
printf 'processor\t: 0\nflags\t\t: fpu hypervisor avx2\n' >"$fake_root/proc/cpuinfo"
expect_no_warning "the performance governor gives no warning" "governor" ATTACKBENCH_SYSTEM_ROOT="$fake_root" --
expect_warning "boost is named" "boost (turbo) is on" ATTACKBENCH_SYSTEM_ROOT="$fake_root" --
expect_warning "a hypervisor is named" "under a hypervisor" ATTACKBENCH_SYSTEM_ROOT="$fake_root" --
expect_warning "fewer than 5 repetitions are named" "only 3 repetitions" ATTACKBENCH_SYSTEM_ROOT="$fake_root" -- --reps=3
expect_no_warning "5 repetitions are enough" "repetitions" ATTACKBENCH_SYSTEM_ROOT="$fake_root" -- --reps=5
expect_warning "a short stream is named" "only 100 queries" ATTACKBENCH_SYSTEM_ROOT="$fake_root" --
expect_no_warning "the default random stream is long enough" "queries (fewer" ATTACKBENCH_SYSTEM_ROOT="$fake_root" -- --queries=16384
expect_warning "other work on the measuring CPU names the group" "random rook batch: other work took 50%" \
    ATTACKBENCH_FAKE_OTHER_WORK=0.5 --
expect_warning "the run ends with a summary line" "were disturbed by other work" ATTACKBENCH_FAKE_OTHER_WORK=0.5 --
run_guarded ATTACKBENCH_SYSTEM_ROOT="$fake_root" ATTACKBENCH_FAKE_OTHER_WORK=0.5 -- --reps=3 -q
[ ! -s "$scratch/guard-err" ] && pass "-q silences the warnings" || fail "-q silences the warnings ($(head -c 200 "$scratch/guard-err"))"
run_guarded ATTACKBENCH_SYSTEM_ROOT="$fake_root" ATTACKBENCH_FAKE_OTHER_WORK=0.5 -- --reps=3 --format=csv
warnings=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "warnings") column = i } NR == 2 { print $column }' "$scratch/guard-out")
[ "$warnings" = "boost hypervisor few-repetitions short-stream cpu-contention" ] &&
    pass "the CSV records the warnings" || fail "the CSV records the warnings (got '$warnings')"

# Progress appears only on a terminal.
if command -v script >/dev/null; then
    script -qec "$program ${tiny_run[*]} --reps=5" /dev/null >"$scratch/tty-out" 2>&1
    grep -q '\[1/1\] random rook batch' "$scratch/tty-out" && pass "progress on a terminal" || fail "progress on a terminal"
    run_guarded --
    grep -q '\[1/1\]' "$scratch/guard-err" && fail "no progress off a terminal" || pass "no progress off a terminal"
fi

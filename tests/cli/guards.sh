# Guard rails: the CPU choice keeps concurrent runs apart, and warnings
# about the machine appear exactly when their condition holds.
# Sourced by tests/run.sh (uses $program, $scratch, pass, fail).

tiny_run=(--method=null --workload=random --queries=100 --calls=1000 --reps=5 --dispatch=batch --piece=rook)

# The CPU a run measured on, from its CSV row.
measured_cpu() {
    "$program" "${tiny_run[@]}" --format=csv "$@" 2>"$scratch/guard-err" | awk -F, 'NR == 2 { print $8 }'
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
    a=$(awk -F, 'NR == 2 { print $8 }' "$scratch/first.csv")
    b=$(awk -F, 'NR == 2 { print $8 }' "$scratch/second.csv")
    if [ -n "$a" ] && [ "$a" != "$b" ]; then pass "two runs started together take two CPUs"; else fail "two runs started together take two CPUs ($a and $b)"; fi
fi

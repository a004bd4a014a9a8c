# Helpers for the interrupt tests of tests/cli/*.sh (sourced).

# wait_for_handler PID SIGNAL_NUMBER: wait (up to 10 s) until the process
# has installed a handler for the signal (its bit in /proc/PID/status
# SigCgt), so the test signals a process that is ready, not one that is
# still starting.  Returns 1 when it never does.
wait_for_handler() {
    local pid=$1 number=$2 mask
    for _ in $(seq 200); do
        mask=$(awk '$1 == "SigCgt:" { print $2 }' "/proc/$pid/status" 2>/dev/null) || return 1
        [ -n "$mask" ] || return 1
        if (((16#$mask >> (number - 1)) & 1)); then return 0; fi
        sleep 0.05
    done
    return 1
}

# stop_and_time PID SIGNAL: send the signal, wait (up to 10 s) for the
# process to end; sets stop_status to its exit status and stop_seconds to
# how long it took.  A process that does not end is killed (status 137).
stop_and_time() {
    local pid=$1 signal=$2 start end
    start=$(date +%s.%N)
    kill "-$signal" "$pid" 2>/dev/null
    for _ in $(seq 200); do
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.05
    done
    kill -0 "$pid" 2>/dev/null && kill -KILL "$pid"
    wait "$pid"
    stop_status=$?
    end=$(date +%s.%N)
    stop_seconds=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.2f", b - a }')
}

# within_seconds SECONDS LIMIT: true when SECONDS <= LIMIT.
within_seconds() {
    awk -v s="$1" -v limit="$2" 'BEGIN { exit !(s <= limit) }'
}

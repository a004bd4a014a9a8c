# Helpers for the interrupt tests of tests/cli/*.sh (sourced).

# nap: 0.05 s, the turn of every poll below, without a process: a sleep
# costs milliseconds of CPU a start, and the polls here made some hundred
# of them in a script.  A read that times out on a FIFO nobody writes,
# opened for the read alone (no child inherits it), again until the
# clock says 0.05 s have passed (a read cut short by a signal); a sleep
# where bash has no clock (before 5.0) or the FIFO cannot be made.
nap_fifo=
nap() {
    local now until wait_for
    if [ -z "${EPOCHREALTIME:-}" ]; then
        sleep 0.05
        return 0
    fi
    if [ -z "$nap_fifo" ]; then
        nap_fifo=$scratch/nap.fifo
        [ -p "$nap_fifo" ] || mkfifo "$nap_fifo" 2>/dev/null
    fi
    if [ ! -p "$nap_fifo" ]; then
        sleep 0.05
        return 0
    fi
    now=${EPOCHREALTIME/[.,]/}
    until=$((now + 50000))
    while [ "$now" -lt "$until" ]; do
        printf -v wait_for '0.%06d' $((until - now))
        read -r -t "$wait_for" _ <>"$nap_fifo"
        now=${EPOCHREALTIME/[.,]/}
    done
    return 0
}

# wait_for_handler PID SIGNAL_NUMBER: wait (up to 10 s) until the process
# has installed a handler for the signal (its bit in /proc/PID/status
# SigCgt), so the test signals a process that is ready, not one that is
# still starting.  Returns 1 when it never does.
wait_for_handler() {
    local pid=$1 number=$2 mask key value
    for _ in $(seq 200); do
        # Read by bash itself, as awk '$1 == "SigCgt:" { print $2 }' would.
        mask=
        {
            while read -r key value _; do
                if [ "$key" = SigCgt: ]; then
                    mask=$value
                    break
                fi
            done <"/proc/$pid/status"
        } 2>/dev/null || return 1
        [ -n "$mask" ] || return 1
        if (((16#$mask >> (number - 1)) & 1)); then return 0; fi
        nap
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
        nap
    done
    kill -0 "$pid" 2>/dev/null && kill -KILL "$pid"
    wait "$pid"
    stop_status=$?
    end=$(date +%s.%N)
    stop_seconds=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.2f", b - a }')
}

# poll SECONDS COMMAND...: run COMMAND every 0.05 s until it succeeds or
# SECONDS have passed (then 1).
poll() {
    local tries=$(($1 * 20))
    shift
    while [ "$tries" -gt 0 ]; do
        "$@" && return 0
        nap
        tries=$((tries - 1))
    done
    return 1
}

# ended PID: the process is gone, or a zombie nobody has collected yet.
ended() {
    local state
    # The third field, read by bash itself (awk '{ print $3 }' split alike).
    { read -r _ _ state _ <"/proc/$1/stat"; } 2>/dev/null || return 0
    [ -z "$state" ] || [ "$state" = Z ]
}

# all_ended PID...: every one has ended.
all_ended() {
    local pid
    for pid in "$@"; do ended "$pid" || return 1; done
}

# children_end_with_parent WHAT COUNT FILE COMMAND...: start COMMAND,
# wait (up to 90 s) until it has COUNT child processes and FILE exists
# (a plugin that loops forever writes it: a child that would never end by
# itself), kill COMMAND with SIGKILL, and pass when every child has ended
# within 30 s (needs ps).
children_end_with_parent() {
    local what=$1 count=$2 file=$3 parent children=() ready=0
    shift 3
    "$@" >/dev/null 2>&1 &
    parent=$!
    for _ in $(seq 1800); do
        mapfile -t children < <(ps -o pid= --ppid "$parent" 2>/dev/null | tr -d ' ')
        if [ "${#children[@]}" -eq "$count" ] && [ -e "$file" ]; then
            ready=1
            break
        fi
        nap
    done
    kill -KILL "$parent"
    wait "$parent" 2>/dev/null
    if [ "$ready" != 1 ]; then
        fail "$what end with a parent killed by SIGKILL (found ${#children[@]} children, not $count, or no $file)"
        [ "${#children[@]}" -gt 0 ] && kill -KILL "${children[@]}" 2>/dev/null
    elif poll 30 all_ended "${children[@]}"; then
        pass "$what end with a parent killed by SIGKILL"
    else
        fail "$what end with a parent killed by SIGKILL (still running: $(ps -o pid=,stat=,time=,args= -p "$(
            IFS=,
            echo "${children[*]}"
        )"))"
        kill -KILL "${children[@]}" 2>/dev/null
    fi
}

# within_seconds SECONDS LIMIT: true when SECONDS <= LIMIT.
within_seconds() {
    awk -v s="$1" -v limit="$2" 'BEGIN { exit !(s <= limit) }'
}

# stops_within LIMIT COMMAND...: runs COMMAND (a function that starts a
# program, stops it with stop_and_time and returns non-zero when the stop
# went wrong other than in time) up to 3 times, until a stop takes at most
# LIMIT seconds.  Returns 0 then; 1 after a wrong stop or 3 slow ones.  A
# loaded machine (the tests may share it) can hold one stop past the
# limit; a program slow to stop is slow every time.  stop_times lists the
# times seen.
stops_within() {
    local limit=$1 try
    shift
    # A sanitizer build runs its code several times slower (make check's
    # sanitize phase, beside other work: genpos stopped in 1.6 to 3.3 s
    # at load 11): its limit is four times as long.
    [ "${sanitized:-0}" = 1 ] && limit=$(awk -v limit="$limit" 'BEGIN { print limit * 4 }')
    stop_times= stop_seconds=
    for try in 1 2 3; do
        "$@" || return 1
        stop_times+="${stop_times:+, }$stop_seconds s"
        within_seconds "$stop_seconds" "$limit" && return 0
    done
    return 1
}

# with_sigint COMMAND...: runs COMMAND (a program, not a function) with
# SIGINT and SIGHUP at their default actions.  tests/run.sh starts the
# scripts in the background, where SIGINT is ignored, and a shell or
# Python started with it ignored can neither trap it nor turn it into
# KeyboardInterrupt.  A suite started under nohup (as a CI job may be)
# hands every program an ignored SIGHUP, which attackbench keeps ignored
# (a nohup run outlives its terminal): the tests that send SIGHUP start
# their program through with_sighup, the same prefix.
# Exec'd in place: $! of `with_sigint ... &` is COMMAND's own process.
# GNU env (coreutils 8.31 and later) resets them; elsewhere a Python start
# does (about 0.1 s of CPU against 1 ms).
if env --default-signal=INT,HUP true 2>/dev/null; then
    with_sigint=(env --default-signal=INT,HUP)
else
    with_sigint=(python3 -c 'import os, signal, sys
signal.signal(signal.SIGINT, signal.SIG_DFL)
signal.signal(signal.SIGHUP, signal.SIG_DFL)
os.execvp(sys.argv[1], sys.argv[1:])')
fi
with_sighup=("${with_sigint[@]}")

# killed_leaves_nothing TEXT FOLDER WHOM COMMAND...: COMMAND (recommend or
# ab, which make a work directory and start a janitor that removes it) run
# with TMPDIR=FOLDER, SIGKILL sent to it (WHOM=process) or its process
# group (WHOM=group, COMMAND then starting with setsid) once its work
# directory is there; the directory must go.
killed_leaves_nothing() {
    local text=$1 folder=$2 whom=$3 pid started
    shift 3
    mkdir -p "$folder"
    TMPDIR="$folder" "$@" >/dev/null 2>&1 &
    pid=$!
    for _ in $(seq 200); do
        [ -n "$(ls -A "$folder")" ] && break
        nap
    done
    started=$(ls -A "$folder")
    if [ "$whom" = group ]; then
        kill -KILL -- "-$pid" 2>/dev/null || kill -KILL "$pid" 2>/dev/null
    else
        kill -KILL "$pid" 2>/dev/null
    fi
    wait "$pid" 2>/dev/null
    # Up to 20 s: the janitor wakes when the command's end closes its pipe,
    # which on a loaded 2-CPU machine (load average 13) took over 5 s.
    for _ in $(seq 400); do
        [ -z "$(ls -A "$folder")" ] && break
        nap
    done
    [ -n "$started" ] && [ -z "$(ls -A "$folder")" ] && pass "$text" ||
        fail "$text (made: ${started:-none}; left: $(ls -A "$folder"))"
}

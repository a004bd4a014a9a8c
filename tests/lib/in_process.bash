# The project's Python scripts run in one interpreter (tests/lib/in_process.py)
# after their first real start in a test script: each start of Python and of
# a script's imports costs 50 to 100 ms of CPU, and the tests start the
# scripts hundreds of times, mostly to see them refuse their input.
# Sourced by tap.bash, which sets in_process_server.
declare -A in_process_started=()
in_process_pid=
in_process_dead=0

# run_to OUTPUT ERROR COMMAND...: COMMAND with standard output to OUTPUT and
# standard error to ERROR (the same file: as >OUTPUT 2>&1); its exit
# status.  COMMAND is run as it is, unless it is a project Python script
# (SCRIPT ARGUMENTS, PYTHON [-S] SCRIPT ARGUMENTS or env VARIABLE=VALUE...
# SCRIPT ARGUMENTS) started for real before.
run_to() {
    local output=$1 error=$2 in_process_fields=()
    shift 2
    if in_process_case "$output" "$error" "$@" && in_process_send; then
        return "$in_process_status"
    fi
    if [ "$error" = "$output" ]; then
        "$@" >"$output" 2>&1
    else
        "$@" >"$output" 2>"$error"
    fi
}

# in_process_case OUTPUT ERROR COMMAND...: whether COMMAND runs in the
# interpreter; sets in_process_fields (tests/lib/in_process.py's request).
# Only the test script's own shell uses the interpreter (a subshell or a
# background job would share it), and each script's first start is real,
# so that every script is still tested as a command.
in_process_case() {
    local output=$1 error=$2 settings=() first_line name
    shift 2
    [ "$in_process_dead" = 0 ] && [ "$BASHPID" = "$$" ] || return 1
    if [ "$1" = env ]; then
        shift
        while [ $# -gt 0 ] && [[ $1 =~ ^[A-Za-z_][A-Za-z0-9_]*= ]]; do
            settings+=("$1")
            shift
        done
    fi
    if [[ ${1:-} == python3 || ${1:-} == */python3 ]]; then
        shift
        [ "${1:-}" = -S ] && shift
    else
        [ $# -gt 0 ] && [ -x "$1" ] || return 1
    fi
    [ $# -gt 0 ] && [[ $1 == */scripts/* ]] && [ -f "$1" ] || return 1
    read -r first_line <"$1"
    [ "$first_line" = '#!/usr/bin/env python3' ] || return 1
    if [ -z "${in_process_started[$1]:-}" ]; then
        in_process_started[$1]=1
        return 1
    fi
    in_process_request "$output" "$error" "${settings[@]}" -- "$@"
}

# in_process_request OUTPUT ERROR [VARIABLE=VALUE...] -- SCRIPT ARGUMENTS...:
# in_process_fields for SCRIPT with the whole environment a start would
# get: the shell's exported variables now (an export since the interpreter
# started included), then the settings.
in_process_request() {
    local output=$1 error=$2 settings=() name
    shift 2
    while [ "$1" != -- ]; do
        settings+=("$1")
        shift
    done
    shift
    local exported=()
    for name in $(compgen -e); do
        exported+=("$name=${!name}")
    done
    settings=("${exported[@]}" "${settings[@]}")
    in_process_fields=("$PWD" "$output" "$error" "${#settings[@]}" "${settings[@]}" "$@")
}

# run_python PROGRAM ARGUMENTS...: a Python program of the tests (a file,
# or - for the program on standard input, as python3 - reads it) run with
# its arguments, its output and exit status as python3 PROGRAM would give
# them; in the test script's own shell, in the one interpreter, at once
# (a program of the tests is not under test as a command).  A test
# program that changes the interpreter's state beyond what
# tests/lib/in_process.py puts back (a module's setting) runs for real.
run_python() {
    local program=$1 output error status in_process_fields=()
    shift
    if [ "$program" = - ]; then
        program=$scratch/run_python.$BASHPID.py
        cat >"$program"
    fi
    output=$scratch/run_python.out
    error=$scratch/run_python.err
    # One file for both where the caller sent both to one (2>&1), so that
    # the lines keep their order.
    [ /dev/stdout -ef /dev/stderr ] && error=$output
    if [ "$in_process_dead" = 0 ] && [ "$BASHPID" = "$$" ]; then
        in_process_request "$output" "$error" -- "$program" "$@"
        if in_process_send; then
            status=$in_process_status
            cat "$output"
            [ "$error" = "$output" ] || cat "$error" >&2
            return "$status"
        fi
    fi
    python3 "$program" "$@"
}

# in_process_send: in_process_fields to the interpreter (started at the
# first case); in_process_status set to the script's exit status.  An
# interpreter that stopped answering is said so, and the case runs for real.
in_process_send() {
    if [ -z "$in_process_pid" ]; then
        coproc in_process { exec python3 "$in_process_server"; }
        in_process_pid=$in_process_PID
    fi
    if [ -n "${in_process[1]:-}" ] &&
        printf '%s\0' "${#in_process_fields[@]}" "${in_process_fields[@]}" >&"${in_process[1]}" 2>/dev/null &&
        read -r in_process_status <&"${in_process[0]}"; then
        return 0
    fi
    echo "# tests/lib/in_process.py stopped answering; the scripts start for real from here"
    in_process_dead=1
    return 1
}

# in_process_stop: the interpreter told there are no more cases, and
# waited for.
in_process_stop() {
    [ -n "$in_process_pid" ] || return 0
    if [ -n "${in_process[1]:-}" ]; then
        printf '0\0' >&"${in_process[1]}" 2>/dev/null
        eval "exec ${in_process[1]}>&-"
    fi
    wait "$in_process_pid" 2>/dev/null
    in_process_pid=
}

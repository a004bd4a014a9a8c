#!/usr/bin/env bash
# The test runner behind `make test` and `make check` (tests/README.md).
#   tests/run.sh [-j N] [NAME|FILE...]   the scripts named (NAME: a script
#                                        of tests/cli or tests/check)
#   tests/run.sh [-j N]                  every script of tests/cli (make test)
#   tests/run.sh [-j N] --check          every script of tests/check
# Each script runs in its own process, N at a time (default: four times
# the number of CPUs); the output is one TAP stream, each test named after its script,
# ending with the plan and a summary.  ATTACKBENCH and
# ATTACKBENCH_UNIT_TESTS name the binaries under test (default
# ./attackbench and build/unit_tests); so do two leading arguments that are
# not test scripts: tests/run.sh build/x/attackbench build/x/unit_tests.
set -u
here=$(cd "$(dirname "$0")" && pwd)
# Four times the CPUs: many scripts wait on a child, a pipe or a short
# sleep, and the others fill the wait.  On the 2-vCPU Zen 3 guest, with
# nothing else running: 64 s of wall time with twice, 52 and 53 s with
# four times (about 100 s of CPU either way).
jobs=$(($(nproc 2>/dev/null || echo 1) * 4))
folder=cli
scripts=()

usage() {
    echo "usage: tests/run.sh [-j N] [--check] [NAME|FILE...]" >&2
    exit 2
}
# The binaries under test, given as the first two arguments.
if [ $# -ge 1 ] && [ -f "$1" ] && [ -x "$1" ] && [[ "$1" != *.sh ]]; then
    ATTACKBENCH=$1
    [ $# -ge 2 ] && [ -f "$2" ] && { ATTACKBENCH_UNIT_TESTS=$2; shift; }
    shift
fi
while [ $# -gt 0 ]; do
    case "$1" in
    -j) [ $# -ge 2 ] || usage; jobs=$2; shift ;;
    -j*) jobs=${1#-j} ;;
    --check) folder=check ;;
    -*) usage ;;
    *)
        if [ -f "$1" ]; then
            scripts+=("$1")
        elif [ -f "$here/cli/$1.sh" ]; then
            scripts+=("$here/cli/$1.sh")
        elif [ -f "$here/check/$1.sh" ]; then
            scripts+=("$here/check/$1.sh")
        else
            echo "tests/run.sh: no test script '$1' in tests/cli or tests/check" >&2
            exit 2
        fi
        ;;
    esac
    shift
done
case "$jobs" in '' | *[!0-9]* | 0) usage ;; esac
# The slowest scripts (by their wall time in make test) start first, so
# that the others fill in beside them.
if [ ${#scripts[@]} -eq 0 ]; then
    for script in "$here/$folder"/{plugins,scripts,report,ci_recipe,results_quick,ab,compilers,wasm_web,results_input,engine_view,plugin_faults,compare,perft_signals}.sh "$here/$folder"/*.sh; do
        [ -e "$script" ] || continue
        [[ " ${scripts[*]} " == *" $script "* ]] || scripts+=("$script")
    done
fi
[ ${#scripts[@]} -gt 0 ] || { echo "tests/run.sh: no test scripts in tests/$folder" >&2; exit 2; }

# Relative paths are the caller's.
for variable in ATTACKBENCH ATTACKBENCH_UNIT_TESTS; do
    value=${!variable:-}
    [ -n "$value" ] && [[ "$value" == */* ]] && [[ "$value" != /* ]] && printf -v "$variable" '%s' "$PWD/$value"
done
export ATTACKBENCH=${ATTACKBENCH:-$(cd "$here/.." && pwd)/attackbench}
export ATTACKBENCH_UNIT_TESTS=${ATTACKBENCH_UNIT_TESTS:-$(cd "$here/.." && pwd)/build/unit_tests}

output=$(mktemp -d)
trap 'rm -rf "$output"' EXIT

# Every script gets the interpreter python3 names, looked up once here
# (a version manager's shim, such as pyenv's, is a bash script that looks
# the version up on every call, 0.03 s of CPU each), started with -S: the
# project's Python uses the standard library alone, and the site module
# runs every .pth file of site-packages at each start (0.05 s of CPU each
# on a machine whose .pth files import packages), hundreds of starts in
# make test.
python=$(python3 -c 'import sys; print(sys.executable)' 2>/dev/null)
if [ -n "$python" ] && [ -x "$python" ]; then
    mkdir "$output/python"
    printf '#!/bin/sh\nexec %q -S "$@"\n' "$python" >"$output/python/python3"
    chmod +x "$output/python/python3"
    export PATH="$output/python:$PATH"
fi
# The project's modules compiled once for the whole run, not at every
# start: a machine that sets PYTHONDONTWRITEBYTECODE (or a clean checkout)
# has Python compile each imported module anew, 0.03 s of CPU a start,
# hundreds of starts.  The bytecode goes to this run's own folder, never
# into the working tree.
export PYTHONPYCACHEPREFIX="$output/pycache"
unset PYTHONDONTWRITEBYTECODE
# The test plugins, each built once a run for every script that asks for
# the same source and flags (tests/lib/tap.bash's build_test_plugin).
mkdir "$output/plugins"
export ATTACKBENCH_TEST_PLUGINS="$output/plugins"
# The program's --list, which every script reads first (tests/lib/tap.bash):
# made once here (it initialises every backend, 0.1 s of CPU; far more
# under an emulator), each script taking a copy.
"$ATTACKBENCH" --list >"$output/list" 2>/dev/null && export ATTACKBENCH_TEST_LIST="$output/list"
# Likewise its --version (a sanitizer build's flags) and its refusal of a
# plugin that is not there (a static or WebAssembly build), a start each
# that every script would make.
ATTACKBENCH_TEST_VERSION=$("$ATTACKBENCH" --version 2>&1)
ATTACKBENCH_TEST_PLUGIN_REFUSAL=$("$ATTACKBENCH" --plugin="$output/none.so" --list 2>&1)
export ATTACKBENCH_TEST_VERSION ATTACKBENCH_TEST_PLUGIN_REFUSAL
start=$(date +%s.%N)
count=0
passed=0
failed=0
skipped=0
total_cpu=0
timings=()
skip_reasons=()

# report SCRIPT_INDEX STATUS: the script's TAP lines renumbered into the
# stream, each test named after the script.
report() {
    local index=$1 status=$2 script=${scripts[$1]} name line plan= seen=0 bad=0 cpu=0
    name=$(basename "${script%.sh}")
    while IFS= read -r line; do
        if [[ "$line" =~ ^(not\ ok|ok)\ [0-9]+(\ -)?\ ?(.*)$ ]]; then
            count=$((count + 1))
            seen=$((seen + 1))
            if [ "${BASH_REMATCH[1]}" = ok ]; then
                if [[ "${BASH_REMATCH[3]}" == *' # SKIP'* ]]; then skipped=$((skipped + 1)); else passed=$((passed + 1)); fi
            else
                failed=$((failed + 1))
            fi
            echo "${BASH_REMATCH[1]} $count - $name: ${BASH_REMATCH[3]}"
            [[ "${BASH_REMATCH[3]}" == *' # SKIP'* ]] && skip_reasons+=("$name: ${BASH_REMATCH[3]/ \# SKIP/:}")
        elif [[ "$line" =~ ^1\.\.([0-9]+) ]]; then
            plan=${BASH_REMATCH[1]}
            [[ "$line" == *'# SKIP'* ]] && echo "# $name: skipped: ${line#*# SKIP }"
        elif [[ "$line" == 'Bail out!'* ]]; then
            bad=1
            echo "# $name: $line"
        elif [[ "$line" =~ ^#\ cpu\ ([0-9.]+)\ s$ ]]; then
            cpu=${BASH_REMATCH[1]}
        elif [[ "$line" == '#'* ]]; then
            echo "$line"
        else
            echo "# $name: $line"
        fi
    done <"$output/$index.tap"
    local why=
    if [ "$bad" = 1 ]; then why="bailed out"
    elif [ -z "$plan" ]; then why="gave no plan (does it source tests/lib/tap.bash?)"
    elif [ "$plan" != "$seen" ]; then why="planned $plan tests, ran $seen"
    elif [ "$status" -ne 0 ] && [ "$status" -ne 1 ]; then why="exited with status $status"
    elif [ "$status" -eq 1 ] && ! grep -q '^not ok' "$output/$index.tap"; then why="exited with status 1"
    fi
    if [ -n "$why" ]; then
        count=$((count + 1))
        failed=$((failed + 1))
        echo "not ok $count - $name: the script $why"
    fi
    timings+=("$(awk -v a="$(cat "$output/$index.start")" -v b="$(date +%s.%N)" -v cpu="$cpu" \
        'BEGIN { printf "%6.1f s wall %6.1f s CPU", b - a, cpu }') $name")
    total_cpu=$(awk -v a="$total_cpu" -v b="$cpu" 'BEGIN { print a + b }')
}

declare -A running=()
next=0
while [ "$next" -lt ${#scripts[@]} ] || [ ${#running[@]} -gt 0 ]; do
    while [ "$next" -lt ${#scripts[@]} ] && [ ${#running[@]} -lt "$jobs" ]; do
        date +%s.%N >"$output/$next.start"
        bash "${scripts[$next]}" >"$output/$next.tap" 2>&1 </dev/null &
        running[$!]=$next
        next=$((next + 1))
    done
    finished=
    wait -n -p finished "${!running[@]}"
    status=$?
    index=${running[$finished]}
    unset "running[$finished]"
    report "$index" "$status"
done

echo "1..$count"
elapsed=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.0f", b - a }')
if [ ${#skip_reasons[@]} -gt 0 ]; then
    echo "# skipped (reasons):"
    printf '#   %s\n' "${skip_reasons[@]}"
fi
echo "# time per script ($jobs at a time):"
printf '%s\n' "${timings[@]}" | sort -rn | sed 's/^/#   /'
echo "# $passed passed, $failed failed, $skipped skipped in $elapsed s ($total_cpu s of CPU)"
[ "$failed" -eq 0 ]

#!/usr/bin/env bash
# Whole-process timing of every available method with hyperfine: start-up,
# table init, page faults and a small fixed workload, as one `attackbench
# --method=NAME` process per run.  Per-lookup costs come from attackbench
# itself; this shows what a program pays to start using a technique.
#
# Usage: scripts/comparisons/hyperfine.sh [DIR [NAME]]
#   writes DIR/NAME.md (markdown) and DIR/NAME.json; DIR defaults to
#   results, NAME to hyperfine.  hyperfine exports to temporary files
#   beside them, renamed when it succeeds: an interrupted or failed run
#   leaves the previous DIR/NAME.md and DIR/NAME.json as they were.
# Environment: ATTACKBENCH (the program, default ./attackbench; a name
#   without a slash is the file of this folder when there is one, else
#   the command on PATH),
#   HYPERFINE_WORKLOAD (the attackbench options of each run).
set -euo pipefail

fail() { echo "hyperfine.sh: $*" >&2; exit 2; }
usage="usage: scripts/comparisons/hyperfine.sh [DIR [NAME]]"

# The arguments are checked before anything runs: an option (--help too)
# is no folder or name, and the folder must be one that can be made
# (below, once the tools are found).
[ "$#" -le 2 ] || fail "$usage (got $# arguments)"
directory=${1:-results}
name=${2:-hyperfine}
case $directory in -*) fail "unknown option '$directory'; $usage (a DIR starting with '-' as ./$directory)" ;; esac
case $name in
    '' | -* | */*) fail "'$name' is not a NAME (a file name without '/', not starting with '-'); $usage" ;;
esac

if ! command -v hyperfine >/dev/null 2>&1; then
    fail "hyperfine is not installed (not found on PATH); on Debian or Ubuntu: apt-get install hyperfine"
fi
program=${ATTACKBENCH:-./attackbench}
# A small fixed workload, so that one run takes a few milliseconds beyond
# the table init; --timer=clock skips the TSC calibration (about 250 ms of
# every process, the same for every method).
workload=${HYPERFINE_WORKLOAD:---quiet --timer=clock --workload=random --piece=queen --dispatch=batch --reps=3 --calls=65536}

# A name without a slash is the file of that name in this folder when there
# is one (run as ./NAME), else the command of that name on PATH: the file
# checked is the file run (and hyperfine -N runs it as written here).
case $program in
    */*) ;;
    *) if [ -e "$program" ]; then program=./$program; elif found=$(type -P -- "$program"); then program=$found; fi ;;
esac
if [ ! -f "$program" ] || [ ! -x "$program" ]; then
    echo "hyperfine.sh: $program: no such program; build it first (make)" >&2
    exit 2
fi
mkdir -p -- "$directory" 2>/dev/null && [ -w "$directory" ] ||
    fail "$directory: cannot make or write that folder"

methods=$("$program" --list | awk '$2 == "available" { print $1 }')
if [ -z "$methods" ]; then
    echo "hyperfine.sh: $program --list shows no available method" >&2
    exit 1
fi

# Each command must run as given before it is timed.  hyperfine -N splits
# a command into words as a shell would, so the program is quoted (a
# folder with a space in its name ran a program of its first word).
quoted_program="'${program//\'/\'\\\'\'}'"
read -r -a workload_options <<<"$workload"
commands=()
for method in $methods; do
    if ! "$program" --method="$method" "${workload_options[@]}" >/dev/null 2>&1; then
        echo "hyperfine.sh: '$program --method=$method $workload' fails:" >&2
        "$program" --method="$method" "${workload_options[@]}" >/dev/null || true
        exit 1
    fi
    commands+=(--command-name "$method" "$quoted_program --method=$method $workload")
done

# The exports go to dot names beside the results, renamed on success.
partial_markdown="$directory/.$name.md.partial"
partial_json="$directory/.$name.json.partial"
trap 'rm -f "$partial_markdown" "$partial_json"' EXIT
trap 'exit 130' INT
hyperfine -N --warmup 3 --runs 10 --style basic \
    --export-markdown "$partial_markdown" \
    --export-json "$partial_json" \
    "${commands[@]}"
mv -f "$partial_json" "$directory/$name.json"
mv -f "$partial_markdown" "$directory/$name.md"
echo "hyperfine.sh: wrote $directory/$name.md and $directory/$name.json" >&2

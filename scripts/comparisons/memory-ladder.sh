#!/usr/bin/env bash
# What a random read costs at each level of the memory hierarchy, measured
# with the tool itself: the null backend in the cache-pressure mode reads one
# random cache line of a SIZE buffer per query, so its figure minus the
# plain null figure is the cost of that read.  The fewest ticks over the
# repetitions are shown: they are the least disturbed by other guests of a
# shared machine.  Prints a markdown table.
# Usage: scripts/comparisons/memory-ladder.sh [PROGRAM]   (default ./attackbench)
set -euo pipefail
# --help or -h alone: the comment above, the usage, without its "# ".
if [ $# -eq 1 ] && [[ $1 == --help || $1 == -h ]]; then
    awk 'NR > 1 { if (!/^#/) exit; sub(/^# ?/, ""); print }' "$0"
    exit 0
fi
# A PROGRAM given is the caller's, relative to the folder it was started in.
program=${1:-}
case $program in "" | /*) ;; *) program=$PWD/${program#./} ;; esac
cd "$(dirname "$0")/../.."
fail() { echo "memory-ladder: $*" >&2; exit 2; }
[ $# -le 1 ] || fail "usage: scripts/comparisons/memory-ladder.sh [PROGRAM]"
program=${program:-./attackbench}
# Only the default program is built when missing; a program given must exist.
if [ $# -eq 0 ] && [ ! -x "$program" ]; then make -s attackbench; fi
[ -f "$program" ] && [ -x "$program" ] || fail "$program: no such program (not an executable file)"
version=$("$program" --version 2>/dev/null | head -n 1) || true
[[ "$version" == "attackbench "* ]] || fail "$program: not attackbench (its --version does not say so)"
errors=$(mktemp "${TMPDIR:-/tmp}/memory-ladder.XXXXXX")
trap 'rm -f "$errors"' EXIT
# measure OPTIONS...: the fewest ticks per query of the null backend over the
# repetitions; a failed run or a run without tick figures ends the script.
measure() {
    local output ticks
    output=$("$program" --method=null --workload=random --piece=rook --dispatch=batch --reps=31 -q --format=csv "$@" \
        2>"$errors") || fail "$program${*:+ $*}: the run failed: $(head -n 1 "$errors")"
    # The CSV's fields by scripts/comparisons/csv_fields.awk (a quoted
    # field holding a comma is one).
    ticks=$(awk "$(cat scripts/comparisons/csv_fields.awk)"'
    { fields($0, f) }
    NR == 1 { for (i in f) column[f[i]] = i; next }
    "ticks_per_query_min" in column { print f[column["ticks_per_query_min"]] }' <<<"$output")
    [[ "$ticks" =~ ^[0-9]+(\.[0-9]+)?$ ]] ||
        fail "$program${*:+ $*}: no tick figure in its CSV (the cycle counter is not readable here?)"
    echo "$ticks"
}
# The table is printed once every run has given its figure.
base=$(measure) || exit 2
rows="| none | $base | |"
for size in 16K 256K 1M 4M 64M; do
    ticks=$(measure --pressure="$size") || exit 2
    rows+=$'\n'$(awk -v size="$size" -v ticks="$ticks" -v base="$base" \
        'BEGIN { printf "| %s | %s | %.2f |", size, ticks, ticks - base }')
done
echo "| buffer read per query | null ticks/query (min) | the read alone, ticks |"
echo "|---|---:|---:|"
echo "$rows"

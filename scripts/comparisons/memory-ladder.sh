#!/usr/bin/env bash
# What a random read costs at each level of the memory hierarchy, measured
# with the tool itself: the null backend in the cache-pressure mode reads one
# random cache line of a SIZE buffer per query, so its figure minus the
# plain null figure is the cost of that read.  The fewest ticks over the
# repetitions are shown: they are the least disturbed by other guests of a
# shared machine.  Prints a markdown table.
# Usage: scripts/comparisons/memory-ladder.sh [PROGRAM]   (default ./attackbench)
set -euo pipefail
cd "$(dirname "$0")/../.."
fail() { echo "memory-ladder: $*" >&2; exit 2; }
[ $# -le 1 ] || fail "usage: scripts/comparisons/memory-ladder.sh [PROGRAM]"
program=${1:-./attackbench}
# Only the default program is built when missing; a program given must exist.
if [ $# -eq 0 ] && [ ! -x "$program" ]; then make -s attackbench; fi
[ -x "$program" ] || fail "$program: no such program"
measure() { # options... -> fewest ticks per query of the null backend over the repetitions
    "$program" --method=null --workload=random --piece=rook --dispatch=batch --reps=31 -q --format=csv "$@" |
        awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) column[$i] = i; next }
                 { print $column["ticks_per_query_min"] }'
}
base=$(measure)
echo "| buffer read per query | null ticks/query (min) | the read alone, ticks |"
echo "|---|---:|---:|"
echo "| none | $base | |"
for size in 16K 256K 1M 4M 64M; do
    ticks=$(measure --pressure="$size")
    awk -v size="$size" -v ticks="$ticks" -v base="$base" 'BEGIN { printf "| %s | %s | %.2f |\n", size, ticks, ticks - base }'
done

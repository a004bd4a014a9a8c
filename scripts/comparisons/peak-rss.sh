#!/usr/bin/env bash
# Peak memory of a benchmark over a file of 10 million positions: the file
# is data/positions.fen repeated (in a temporary directory), and the peak
# resident set size comes from GNU time (Debian package `time`).
# Usage: scripts/comparisons/peak-rss.sh [POSITIONS]   (default 10000000)
set -euo pipefail
# --help or -h alone: the comment above, the usage, without its "# ".
if [ $# -eq 1 ] && [[ $1 == --help || $1 == -h ]]; then
    awk 'NR > 1 { if (!/^#/) exit; sub(/^# ?/, ""); print }' "$0"
    exit 0
fi
cd "$(dirname "$0")/../.."
fail() { printf '%s\n' "peak-rss: $*" >&2; exit 2; }
[ $# -le 1 ] || fail "usage: scripts/comparisons/peak-rss.sh [POSITIONS]"
want=${1:-10000000}
case $want in '' | *[!0-9]* | 0*) fail "'$want' is not a number of positions (a whole number from 1)" ;; esac
[ -x /usr/bin/time ] || { echo "peak-rss: needs /usr/bin/time (apt-get install time)" >&2; exit 2; }
[ -x ./attackbench ] || make -s attackbench
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
grep -v '^#' data/positions.fen >"$work/one.fen"
awk -v want="$want" '{ line[n++] = $0 } END { for (i = 0; i < want; i++) print line[i % n] }' \
    "$work/one.fen" >"$work/many.fen"
echo "positions: $(wc -l <"$work/many.fen") ($(du -h "$work/many.fen" | cut -f1) of FEN)"
# A failed run is named with its first message (the program's own, else
# time's "Command terminated by signal 9"): set -e ended the script with
# no word, its messages in the temporary folder the trap removed.
if ! /usr/bin/time -v ./attackbench --method=sherwin --reps=1 --calls=1000 --dispatch=batch -q --format=csv \
    "$work/many.fen" 2>"$work/time" >/dev/null; then
    fail "./attackbench over $want positions failed: $(grep -v -m 1 '^[[:space:]]' "$work/time" || true)"
fi
grep -E 'Maximum resident set size|Elapsed' "$work/time" | sed 's/^[[:space:]]*//'

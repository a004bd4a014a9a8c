#!/usr/bin/env bash
# Hit rate and speed of sherwin-hash by game phase, as a markdown table.
# Usage: scripts/comparisons/hash-hit-rates.sh [FILE] [HASH_BITS]
#   (default data/positions.fen and the backend's default table size)
set -euo pipefail
# --help or -h alone: the comment above, the usage, without its "# ".
if [ $# -eq 1 ] && [[ $1 == --help || $1 == -h ]]; then
    awk 'NR > 1 { if (!/^#/) exit; sub(/^# ?/, ""); print }' "$0"
    exit 0
fi
# A FILE given is the caller's, relative to the folder it was started in.
file=${1:-}
case $file in "" | /*) ;; *) file=$PWD/${file#./} ;; esac
cd "$(dirname "$0")/../.."
fail() { echo "hash-hit-rates: $*" >&2; exit 2; }
[ $# -le 2 ] || fail "usage: scripts/comparisons/hash-hit-rates.sh [FILE] [HASH_BITS]"
file=${file:-data/positions.fen}
[ -f "$file" ] || fail "$file: no such file"
parameter=()
if [ -n "${2:-}" ]; then
    case $2 in *[!0-9]*) fail "HASH_BITS '$2' is not a whole number" ;; esac
    parameter=(--param=hash-bits="$2")
fi
[ -x ./attackbench ] || make -s attackbench
./attackbench --method=sherwin-hash --phase --dispatch=batch --reps=9 -q --format=csv "${parameter[@]}" "$file" |
    awk "$(cat scripts/comparisons/csv_fields.awk)"'
         { fields($0, f) }
         NR == 1 { for (i in f) column[f[i]] = i
                   print "| piece | phase | queries | hit rate | ns/query |"
                   print "|---|---|---:|---:|---:|"; next }
         f[column["method"]] == "sherwin-hash" {
             printf "| %s | %s | %s | %.1f%% | %.2f |\n", f[column["piece"]], f[column["phase"]],
                 f[column["queries"]], 100 * f[column["hit_rate"]], f[column["ns_per_query_median"]] }'

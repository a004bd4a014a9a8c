#!/usr/bin/env bash
# Hit rate and speed of sherwin-hash by game phase, as a markdown table.
# Usage: scripts/hash-hit-rates.sh [FILE] [HASH_BITS]
#   (default data/positions.fen and the backend's default table size)
set -euo pipefail
cd "$(dirname "$0")/.."
file=${1:-data/positions.fen}
parameter=()
[ -n "${2:-}" ] && parameter=(--param=hash-bits="$2")
[ -x ./attackbench ] || make -s attackbench
./attackbench --method=sherwin-hash --phase --dispatch=batch --reps=9 -q --format=csv "${parameter[@]}" "$file" |
    awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) column[$i] = i
                       print "| piece | phase | queries | hit rate | ns/query |"
                       print "|---|---|---:|---:|---:|"; next }
             $column["method"] == "sherwin-hash" {
                 printf "| %s | %s | %s | %.1f%% | %.2f |\n", $column["piece"], $column["phase"],
                     $column["queries"], 100 * $column["hit_rate"], $column["ns_per_query_median"] }'

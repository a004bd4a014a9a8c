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
    python3 -c '
import csv, sys
rows = [row for row in csv.DictReader(sys.stdin) if row["method"] == "sherwin-hash"]
print("| piece | phase | queries | hit rate | ns/query |")
print("|---|---|---:|---:|---:|")
for row in rows:
    rate = 100 * float(row["hit_rate"])
    print("| %s | %s | %s | %.1f%% | %.2f |" % (row["piece"], row["phase"], row["queries"], rate,
                                               float(row["ns_per_query_median"])))
'

#!/usr/bin/env bash
# WebAssembly instructions in each lookup of the given backends, read from
# the disassembly of build/wasm/attackbench.wasm (wasm-objdump, Debian's
# wabt): per piece, the instructions of the per-call entry (ID_rook,
# ID_bishop, ID_queen) without the local.get/set/tee bookkeeping (V8 keeps
# locals in registers), and how many of them are SIMD128 (0xfd prefix) or
# memory loads.  A static count of one path, not a measured one; the
# figures of docs/techniques.md come from here.
# Usage: scripts/platforms/wasm-instructions.sh [PROGRAM.wasm] BACKEND_ID...
set -euo pipefail
program=build/wasm/attackbench.wasm
case "${1:-}" in *.wasm) program=$1; shift ;; esac
command -v wasm-objdump >/dev/null || { echo "needs wasm-objdump (Debian: apt-get install wabt)" >&2; exit 2; }
[ -e "$program" ] || { echo "no $program: run make wasm first" >&2; exit 2; }
disassembly=$(mktemp)
trap 'rm -f "$disassembly"' EXIT
wasm-objdump -d "$program" >"$disassembly"
printf '%-22s %-7s %12s %6s %6s\n' backend piece instructions simd loads
for id in "$@"; do
    for piece in rook bishop queen; do
        awk -v name="<${id}_${piece}>:" -v id="$id" -v piece="$piece" '
            $2 ~ /^func\[/ { inside = ($3 == name); next }
            inside && /\|/ {
                split($0, parts, "|"); op = parts[2]; sub(/^ +/, "", op); split(op, words, " ")
                if (words[1] == "" || words[1] ~ /^local\.(get|set|tee)$/ || words[1] ~ /^local\[/) next
                total++
                if (parts[1] ~ /: fd /) simd++
                if (words[1] ~ /load/) loads++
            }
            END { printf "%-22s %-7s %12d %6d %6d\n", id, piece, total, simd, loads }' "$disassembly"
    done
done

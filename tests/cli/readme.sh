#!/usr/bin/env bash
# The catalogue (docs/techniques.md) names every backend, with the table bytes
# that --list reports.
source "$(dirname "$0")/../lib/tap.bash"

readme="$here/../docs/techniques.md"
# wasm32's pointers are 4 bytes: tables of pointers are smaller there.
readme_sizes=yes
on_native "docs/techniques.md table bytes" "4-byte pointers (wasm32), so pointer tables differ from the catalogue's" ||
    readme_sizes=no
while read -r name state _ bytes _; do
    [ "$state" = available ] || continue
    row=$(sed -n '/^# The techniques/,/^# /p' "$readme" | grep -E "^\| \`$name\` \|")
    if [ -z "$row" ]; then
        fail "docs/techniques.md lists $name"
        continue
    fi
    [ "$readme_sizes" = yes ] || continue
    # The cell may give one size per code path ("4,096 with AVX-512 CD and
    # VL; 3,072 without"): --list's must be one of them.
    readme_bytes=$(awk -F'|' '{print $4}' <<<"$row" | tr ';' '\n' | sed 's/^ *//' | grep -oE '^[0-9][0-9,]*' | tr -d ',' |
        tr '\n' ' ')
    [[ " $readme_bytes" == *" $bytes "* ]] && pass "docs/techniques.md table bytes of $name" ||
        fail "docs/techniques.md table bytes of $name ($readme_bytes, --list says $bytes)"
done < <(grep -E '^[a-z0-9-]+ +(available|unavailable)' "$scratch/list")

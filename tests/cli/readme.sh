#!/usr/bin/env bash
# The catalogue (docs/techniques.md) names every backend, with the table bytes
# that --list reports.
source "$(dirname "$0")/../lib/tap.bash"

readme="$here/../docs/techniques.md"
while read -r name state _ bytes _; do
    [ "$state" = available ] || continue
    row=$(sed -n '/^# The techniques/,/^# /p' "$readme" | grep -E "^\| \`$name\` \|")
    if [ -z "$row" ]; then
        fail "docs/techniques.md lists $name"
        continue
    fi
    # The cell may give one size per code path ("4,096 with AVX-512 CD and
    # VL; 3,072 without"): --list's must be one of them.
    readme_bytes=$(awk -F'|' '{print $4}' <<<"$row" | tr ';' '\n' | sed 's/^ *//' | grep -oE '^[0-9][0-9,]*' | tr -d ',' |
        tr '\n' ' ')
    [[ " $readme_bytes" == *" $bytes "* ]] && pass "docs/techniques.md table bytes of $name" ||
        fail "docs/techniques.md table bytes of $name ($readme_bytes, --list says $bytes)"
done < <("$program" --list | grep -E '^[a-z0-9-]+ +(available|unavailable)')

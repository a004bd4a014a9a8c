# The README's table of methods names every backend, with the table bytes
# that --list reports.  Sourced by tests/run.sh.

readme="$here/../README.md"
while read -r name state _ bytes _; do
    [ "$state" = available ] || continue
    row=$(sed -n '/^## The techniques/,/^## /p' "$readme" | grep -E "^\| \`$name\` \|")
    if [ -z "$row" ]; then
        fail "README lists $name"
        continue
    fi
    readme_bytes=$(awk -F'|' '{print $4}' <<<"$row" | tr -d ' ,' | sed 's/at.*//')
    [ "$readme_bytes" = "$bytes" ] && pass "README table bytes of $name" ||
        fail "README table bytes of $name ($readme_bytes, --list says $bytes)"
done < <("$program" --list | grep -E '^[a-z0-9-]+ +(available|unavailable)')

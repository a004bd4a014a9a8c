#!/usr/bin/env bash
# make generate (scripts/generators/generate.sh fast: every committed file a program
# writes but the two slow searches, about half a minute of CPU) writes the
# committed files byte for byte again.
source "$(dirname "$0")/../lib/tap.bash"

mkdir -p "$scratch/tree"
if bash scripts/generators/generate.sh --into "$scratch/tree" --program "$program" fast >/dev/null 2>"$scratch/generate-err"; then
    pass "scripts/generators/generate.sh fast runs"
else
    fail "scripts/generators/generate.sh fast runs ($(tail -c 300 "$scratch/generate-err"))"
fi
while read -r file; do
    cmp -s "$scratch/tree/$file" "$file" && pass "scripts/generators/generate.sh writes the committed $file" ||
        fail "scripts/generators/generate.sh writes the committed $file (make generate, then git diff)"
done < <(cd "$scratch/tree" && find . -type f | sed 's|^\./||' | sort)

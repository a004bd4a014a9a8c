#!/usr/bin/env bash
# Generated sources: the quick generators of scripts/generators/generate.sh
# (the switch-lookup cases in C and in OpenCL C, the correlation-magic
# factors, the spectral-magic shifts, the elementary splits: seconds)
# write the committed files byte for byte again.  The others of make
# generate: tests/check/generated_fast.sh.
source "$(dirname "$0")/../lib/tap.bash"

mkdir -p "$scratch/tree"
if bash scripts/generators/generate.sh --into "$scratch/tree" --program "$program" quick >/dev/null 2>"$scratch/generate-err"; then
    pass "scripts/generators/generate.sh quick runs"
else
    fail "scripts/generators/generate.sh quick runs ($(tail -c 300 "$scratch/generate-err"))"
fi
while read -r file; do
    cmp -s "$scratch/tree/$file" "$file" && pass "scripts/generators/generate.sh writes the committed $file" ||
        fail "scripts/generators/generate.sh writes the committed $file (make generate, then git diff)"
done < <(cd "$scratch/tree" && find . -type f | sed 's|^\./||' | sort)

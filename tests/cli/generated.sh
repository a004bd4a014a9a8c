#!/usr/bin/env bash
# Generated sources: each committed file a script writes is what the
# script writes today (src/generated/switch_lookup_cases.h from
# scripts/generate-switch-lookup).
source "$(dirname "$0")/../lib/tap.bash"

generated_top=$(cd "$here/.." && pwd)
if python3 "$generated_top/scripts/generate-switch-lookup" "$scratch/switch_lookup_cases.h" 2>"$scratch/generate-err" &&
    cmp -s "$scratch/switch_lookup_cases.h" "$generated_top/src/generated/switch_lookup_cases.h"; then
    pass "scripts/generate-switch-lookup writes the committed switch_lookup_cases.h"
else
    fail "scripts/generate-switch-lookup writes the committed switch_lookup_cases.h (rerun it; $(head -c 300 "$scratch/generate-err"))"
fi

# The correlation-magic factors: the seeded search writes the committed
# header again (its last line, the search's CPU time, aside).
if "${CC:-cc}" -O2 -std=c17 -I"$generated_top/src" -I"$generated_top/include" -o "$scratch/correlation_magic_search" \
        "$generated_top/scripts/correlation_magic_search.c" \
        2>"$scratch/generate-err" &&
    "$scratch/correlation_magic_search" 2>>"$scratch/generate-err" | grep -v '^/\* Search time' >"$scratch/factors.h" &&
    grep -v '^/\* Search time' "$generated_top/src/generated/correlation_magic_factors.h" | cmp -s - "$scratch/factors.h"; then
    pass "scripts/correlation_magic_search.c writes the committed correlation_magic_factors.h"
else
    fail "scripts/correlation_magic_search.c writes the committed correlation_magic_factors.h ($(head -c 300 "$scratch/generate-err"))"
fi

# The spectral-magic shift lists (the plain search; the switched one's
# exhaustive pass takes a minute or more and is left to the maintainer):
# the seeded search writes the committed header again, its time aside.
if "${CC:-cc}" -O2 -std=c17 -I"$generated_top/src" -I"$generated_top/include" -o "$scratch/spectral_magic_search" \
        "$generated_top/scripts/spectral_magic_search.c" 2>"$scratch/generate-err" &&
    "$scratch/spectral_magic_search" plain "$scratch/spectral_magic_shifts.h" 2>>"$scratch/generate-err" >/dev/null &&
    grep -v ' ran [0-9.]* s ' "$scratch/spectral_magic_shifts.h" >"$scratch/shifts-new.h" &&
    grep -v ' ran [0-9.]* s ' "$generated_top/src/generated/spectral_magic_shifts.h" | cmp -s - "$scratch/shifts-new.h"; then
    pass "scripts/spectral_magic_search.c plain writes the committed spectral_magic_shifts.h"
else
    fail "scripts/spectral_magic_search.c plain writes the committed spectral_magic_shifts.h ($(head -c 300 "$scratch/generate-err"))"
fi

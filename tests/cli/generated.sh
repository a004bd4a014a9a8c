# Generated sources: each committed file a script writes is what the
# script writes today (src/backends/switch_lookup_cases.h from
# scripts/generate-switch-lookup).  Sourced by tests/run.sh (uses $here,
# $scratch, pass, fail).

generated_top=$(cd "$here/.." && pwd)
if python3 "$generated_top/scripts/generate-switch-lookup" "$scratch/switch_lookup_cases.h" 2>"$scratch/generate-err" &&
    cmp -s "$scratch/switch_lookup_cases.h" "$generated_top/src/backends/switch_lookup_cases.h"; then
    pass "scripts/generate-switch-lookup writes the committed switch_lookup_cases.h"
else
    fail "scripts/generate-switch-lookup writes the committed switch_lookup_cases.h (rerun it; $(head -c 300 "$scratch/generate-err"))"
fi

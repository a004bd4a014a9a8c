#!/usr/bin/env bash
# scripts/comparisons/compilers (make compilers): a row per method with both builds'
# times and their ratio; a failing build is exit 2.
source "$(dirname "$0")/../lib/tap.bash"

compilers_options=(-m classical,magic-black -w random -p rook --dispatch=batch -r 3 -c 2000 --queries=256 -q -f csv)
python3 "$here/../scripts/comparisons/compilers" "$program" "$program" "${compilers_options[@]}" >"$scratch/compilers.md" 2>"$scratch/err"
status=$?
if [ $status -eq 0 ] && grep -qE '^\| `classical` \| [0-9.]+ \| [0-9.]+ \| [0-9.]+ \|' "$scratch/compilers.md" &&
    grep -qE '^\| `magic-black` \|' "$scratch/compilers.md" && ! grep -q '`null`' "$scratch/compilers.md"; then
    pass "compilers: a row per method with both times and their ratio"
else
    fail "compilers: a row per method with both times and their ratio (exit $status; $(head -c 300 "$scratch/err"))"
fi
python3 "$here/../scripts/comparisons/compilers" "$program" "$scratch/no-such-build" "${compilers_options[@]}" >/dev/null 2>&1
status=$?
[ $status -eq 2 ] && pass "compilers: a build that cannot run fails the script" ||
    fail "compilers: a build that cannot run fails the script (exit $status)"

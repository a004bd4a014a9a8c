#!/usr/bin/env bash
# Formulations (docs/techniques.md): a forced one runs and is recorded as
# such, the plain name runs the choice and says it, --formulation=fixed
# runs the default, bad names and values are one line and exit 2, and
# `all` leaves formulations out.  The choice itself is tested with
# made-up timings (tests/test_formulations.c); every formulation is
# verified exhaustively by tests/cli/verify.sh.
source "$(dirname "$0")/../lib/tap.bash"

quick=(--workload=random --piece=queen --dispatch=batch --reps=1 --calls=1000 --queries=4096 --pin=none)

grep -qE '^kogge-stone:scalar +formulation of kogge-stone +available' "$scratch/list" &&
    pass "--list names the formulations" || fail "--list names the formulations"
grep -qE '^kogge-stone +available .*  formulation: (lanes|scalar) \(' "$scratch/list" &&
    pass "--list says which formulation kogge-stone runs" || fail "--list says which formulation kogge-stone runs"
"$program" --list --formulation=fixed | quiet_grep -E '^dumb7fill +available .*  formulation: lanes \(fixed: the default\)' &&
    pass "--list --formulation=fixed: the default" || fail "--list --formulation=fixed: the default"

# A forced formulation: its own name in the row and its variant last.
"$program" "${quick[@]}" --method=kogge-stone:scalar --csv="$scratch/forced.csv" >/dev/null 2>"$scratch/err"
[ "$(csv_column method <"$scratch/forced.csv" | head -1)" = kogge-stone:scalar ] &&
    [ "$(csv_column formulation <"$scratch/forced.csv" | head -1)" = scalar ] &&
    [ "$(head -1 "$scratch/forced.csv" | tr ',' '\n' | tail -1)" = formulation ] &&
    pass "a forced formulation: its name, and the formulation column last" ||
    fail "a forced formulation: its name, and the formulation column last ($(head -c 300 "$scratch/err"))"

# The plain name: the context says the choice, the row records it.
"$program" "${quick[@]}" --method=dumb7fill --csv="$scratch/plain.csv" >/dev/null 2>"$scratch/err"
chosen=$(sed -n 's/^formulation: dumb7fill runs \([a-z]*\) (.*/\1/p' "$scratch/err")
[ -n "$chosen" ] && [ "$(csv_column formulation <"$scratch/plain.csv" | head -1)" = "$chosen" ] &&
    grep -qE '^formulation: dumb7fill runs [a-z]+ \([a-z]+ [0-9.]+x slower; measured' "$scratch/err" &&
    pass "the plain name runs the measured choice and says by how much" ||
    fail "the plain name runs the measured choice and says by how much ($(head -c 400 "$scratch/err"))"

# --formulation=fixed: the default, every time.
"$program" "${quick[@]}" --method=kogge-stone,null --formulation=fixed --json="$scratch/fixed.json" >/dev/null 2>"$scratch/err"
python3 - "$scratch/fixed.json" <<'PYTHON' && pass "--formulation=fixed runs the default, recorded in the JSON" ||
import json, sys
rows = {row["method"]: row for row in json.load(open(sys.argv[1]))["results"]}
assert rows["kogge-stone"]["formulation"] == "lanes", rows["kogge-stone"]
assert rows["null"]["formulation"] is None, rows["null"]
assert list(rows["kogge-stone"])[-1] == "formulation"
PYTHON
    fail "--formulation=fixed runs the default, recorded in the JSON ($(head -c 300 "$scratch/err"))"
grep -qF 'formulation: kogge-stone runs lanes (fixed: the default)' "$scratch/err" &&
    pass "--formulation=fixed says so" || fail "--formulation=fixed says so"

# Bad names and values: one line, exit 2.
for bad in "--method=kogge-stone:bogus|unknown formulation 'kogge-stone:bogus'; kogge-stone has kogge-stone:lanes, kogge-stone:scalar" \
    "--method=classical:scalar|unknown method 'classical:scalar': classical has no formulations" \
    "--method=no-such:scalar|unknown method 'no-such:scalar': no-such has no formulations" \
    "--formulation=sometimes|--formulation=sometimes: expected measured or fixed"; do
    option=${bad%%|*} message=${bad#*|}
    expect_error "$option: exit 2 with its message" "$message" "$program" "${quick[@]}" "$option"
    [ "$(wc -l <"$scratch/err")" -eq 1 ] && pass "$option: one line" || fail "$option: one line ($(cat "$scratch/err"))"
done

# all and globs leave formulations out; an exact name adds one.
"$program" "${quick[@]}" --method='kogge-stone*' --csv="$scratch/glob.csv" >/dev/null 2>&1
csv_column method <"$scratch/glob.csv" | quiet_grep -x kogge-stone &&
    ! csv_column method <"$scratch/glob.csv" | quiet_grep -F ':' &&
    pass "a glob leaves formulations out" || fail "a glob leaves formulations out"
"$program" --verify-only --method=kogge-stone --workload=random 2>"$scratch/err" >/dev/null &&
    grep -qF 'verified kogge-stone:scalar' "$scratch/err" && grep -qF 'verified kogge-stone:lanes' "$scratch/err" &&
    pass "verifying a technique verifies each formulation the choice may take" ||
    fail "verifying a technique verifies each formulation the choice may take"

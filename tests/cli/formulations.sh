#!/usr/bin/env bash
# Formulations (docs/techniques.md): a forced one runs and is recorded as
# such, the plain name runs the choice and says it, --formulation=fixed
# runs the default, bad names and values are one line and exit 2, and
# `all` leaves formulations out; the calibration runs on the run's
# --threads and the rows record how many.  The choice itself is tested with
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

# A forced formulation: its own name in the row and its variant after
# samples_ns, then formulation_threads (empty: nothing was calibrated) and
# parameters (empty: no --param).
"$program" "${quick[@]}" --method=kogge-stone:scalar --csv="$scratch/forced.csv" >/dev/null 2>"$scratch/err"
[ "$(csv_column method <"$scratch/forced.csv" | head -1)" = kogge-stone:scalar ] &&
    [ "$(csv_column formulation <"$scratch/forced.csv" | head -1)" = scalar ] &&
    [ -z "$(csv_column formulation_threads <"$scratch/forced.csv" | head -1)" ] &&
    [ "$(head -1 "$scratch/forced.csv" | tr ',' '\n' | tail -4 | tr '\n' ' ')" = "samples_ns formulation formulation_threads parameters " ] &&
    pass "a forced formulation: its name, the formulation column, no calibration threads" ||
    fail "a forced formulation: its name, the formulation column, no calibration threads ($(head -c 300 "$scratch/err"))"

# The plain name: the context says the choice, the row records it and
# the one thread it was calibrated on.
"$program" "${quick[@]}" --method=dumb7fill --csv="$scratch/plain.csv" >/dev/null 2>"$scratch/err"
chosen=$(sed -n 's/^formulation: dumb7fill runs \([a-z]*\) (.*/\1/p' "$scratch/err")
[ -n "$chosen" ] && [ "$(csv_column formulation <"$scratch/plain.csv" | head -1)" = "$chosen" ] &&
    grep -qE '^formulation: dumb7fill runs [a-z]+ \([a-z]+ [0-9.]+x slower; measured [0-9.]+ against [0-9.]+ ns/queen\)' "$scratch/err" &&
    [ "$(csv_column formulation_threads <"$scratch/plain.csv" | head -1)" = 1 ] &&
    pass "the plain name runs the measured choice, says by how much, calibrated on 1 thread" ||
    fail "the plain name runs the measured choice, says by how much, calibrated on 1 thread ($(head -c 400 "$scratch/err"))"

# --threads=2: the calibration times on two threads at once, says so, and
# the rows record 2; --list --threads=2 chooses the same way.  stockfish
# has formulations only where its DualMagic runs (x86-64 with AVX2).
if on_native "the calibration on the run's threads" "one thread"; then
    if [ "$(nproc)" -ge 2 ]; then
        "$program" "${quick[@]}" --threads=2 --method=kogge-stone,stockfish --csv="$scratch/threads.csv" \
            >/dev/null 2>"$scratch/err"
        chosen=$(sed -n 's/^formulation: kogge-stone runs \([a-z]*\) (.*/\1/p' "$scratch/err")
        [ -n "$chosen" ] && [ "$(csv_column formulation <"$scratch/threads.csv" | head -1)" = "$chosen" ] &&
            grep -qE '^formulation: kogge-stone runs [a-z]+ \([a-z]+ [0-9.]+x slower; measured [0-9.]+ against [0-9.]+ ns/queen on 2 threads\)' "$scratch/err" &&
            { ! "$program" --list 2>/dev/null | quiet_grep -E '^stockfish:master +formulation of stockfish +available' ||
                grep -qE '^formulation: stockfish runs [a-z-]+ \(.* on 2 threads\)' "$scratch/err"; } &&
            [ "$(csv_column formulation_threads <"$scratch/threads.csv" | sort -u | tr '\n' ' ')" = " 2 " ] &&
            pass "--threads=2: the choice is calibrated on 2 threads and recorded" ||
            fail "--threads=2: the choice is calibrated on 2 threads and recorded ($(head -c 400 "$scratch/err"))"
        "$program" --list --threads=2 | quiet_grep -E '^kogge-stone +available .*  formulation: [a-z]+ \(.* on 2 threads\)' &&
            pass "--list --threads=2: the choice on 2 threads" || fail "--list --threads=2: the choice on 2 threads"
    else
        skip "--threads=2: the calibration on two threads: this process may use one CPU"
    fi
fi

# --formulation=fixed: the default, every time.
"$program" "${quick[@]}" --method=kogge-stone,null --formulation=fixed --json="$scratch/fixed.json" >/dev/null 2>"$scratch/err"
python3 - "$scratch/fixed.json" <<'PYTHON' && pass "--formulation=fixed runs the default, recorded in the JSON" ||
import json, sys
rows = {row["method"]: row for row in json.load(open(sys.argv[1]))["results"]}
assert rows["kogge-stone"]["formulation"] == "lanes", rows["kogge-stone"]
assert rows["null"]["formulation"] is None, rows["null"]
assert rows["kogge-stone"]["formulation_threads"] is None, rows["kogge-stone"]
assert list(rows["kogge-stone"])[-3:] == ["formulation", "formulation_threads", "parameters"]
assert rows["kogge-stone"]["parameters"] is None, rows["kogge-stone"]
PYTHON
    fail "--formulation=fixed runs the default, recorded in the JSON ($(head -c 300 "$scratch/err"))"
grep -qF 'formulation: kogge-stone runs lanes (fixed: the default)' "$scratch/err" &&
    pass "--formulation=fixed says so" || fail "--formulation=fixed says so"

# Bad names and values: one line, exit 2.
for bad in "--method=kogge-stone:bogus|unknown formulation 'kogge-stone:bogus'; kogge-stone has kogge-stone:lanes, kogge-stone:scalar" \
    "--method=classical:scalar|unknown method 'classical:scalar': classical has no formulations" \
    "--method=no-such:scalar|unknown method 'no-such:scalar': no-such has no formulations" \
    "--method=:scalar|unknown method ':scalar' (a plugin's method needs --plugin=FILE; --list names the others)" \
    "--method=kogge-stone:*|'kogge-stone:*': a formulation is named exactly; globs select methods, not formulations" \
    "--method=all,-kogge-stone:s*|'kogge-stone:s*': a formulation is named exactly; globs select methods, not formulations" \
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

# Tests of `attackbench compare`; sourced by tests/run.sh, which provides
# $program, $here, $scratch, pass, fail, expect_status and expect_error.

# Malformed files: exit 2, the exact message with file and line, nothing on
# standard output.
while IFS=$'\t' read -r name message; do
    case "$name" in '#'* | '') continue ;; esac
    "$program" compare "tests/data/compare-bad/$name" "tests/data/compare-bad/$name" >"$scratch/out" 2>"$scratch/err"
    status=$?
    if [ "$status" -eq 2 ] && [ "$(cat "$scratch/err")" = "$message" ] && [ ! -s "$scratch/out" ]; then
        pass "compare: malformed $name"
    else
        fail "compare: malformed $name (exit $status: $(head -c 200 "$scratch/err"))"
    fi
done <"$here/data/compare-bad/expected.txt"

expect_error "compare: one file" "usage: attackbench compare" "$program" compare "$here/data/compare-bad/empty.csv"
expect_error "compare: a missing file" "absent.csv: cannot read: No such file or directory" \
    "$program" compare "$scratch/absent.csv" "$scratch/absent.csv"
expect_error "compare: bad threshold" "--threshold=ten: expected a percentage" \
    "$program" compare --threshold=ten a.csv b.csv
expect_status "compare: --help" 0 "$program" compare --help
grep -q -- "--normalize=METHOD" "$scratch/out" && pass "compare: help names --normalize" ||
    fail "compare: help names --normalize"

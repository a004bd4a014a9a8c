# shellcheck shell=bash disable=SC2154
# Tests of scripts/report, scripts/plot and scripts/hyperfine.sh.
# Sourced by tests/run.sh, which defines pass/fail and $here (tests/).

report_top=$(cd "$here/.." && pwd)
# The interpreter itself (not a wrapper such as a pyenv shim), so that it
# still starts when PATH is emptied below.
report_python=$(python3 -c "import sys; print(sys.executable)" 2>/dev/null || true)

if [ -z "$report_python" ]; then
    echo "skip report tests (python3 is not installed)"
else
    report_tmp=$(mktemp -d)

    # The markdown for hand-made benchmark and perft CSVs, byte for byte.
    if "$report_python" "$report_top/scripts/report" "$here/data/report-input.csv" \
            "$here/data/report-perft.csv" >"$report_tmp/out.md" 2>"$report_tmp/err" \
            && diff -u "$here/data/report-expected.md" "$report_tmp/out.md" >"$report_tmp/diff"; then
        pass "report: tables for tests/data/report-input.csv and report-perft.csv"
    else
        cat "$report_tmp/err" "$report_tmp/diff"
        fail "report: tables for tests/data/report-input.csv and report-perft.csv"
    fi

    # -o FILE writes the same bytes.
    if "$report_python" "$report_top/scripts/report" -o "$report_tmp/o.md" \
            "$here/data/report-input.csv" "$here/data/report-perft.csv" >"$report_tmp/stdout" 2>&1 \
            && [ ! -s "$report_tmp/stdout" ] \
            && cmp -s "$here/data/report-expected.md" "$report_tmp/o.md"; then
        pass "report: -o FILE"
    else
        fail "report: -o FILE"
    fi

    # A missing file: exit status 2, the file named.
    "$report_python" "$report_top/scripts/report" "$report_tmp/absent.csv" \
        >"$report_tmp/out" 2>"$report_tmp/err"
    report_status=$?
    if [ "$report_status" -eq 2 ] && [ ! -s "$report_tmp/out" ] \
            && grep -q "absent.csv: no such file" "$report_tmp/err"; then
        pass "report: missing file gives exit status 2"
    else
        fail "report: missing file gives exit status 2 (status $report_status: $(cat "$report_tmp/err"))"
    fi

    # A CSV without ns_per_query_median: exit status 2, file and column named.
    sed 's/ns_per_query_median/ns_median/' "$here/data/report-input.csv" >"$report_tmp/renamed.csv"
    "$report_python" "$report_top/scripts/report" "$report_tmp/renamed.csv" \
        >"$report_tmp/out" 2>"$report_tmp/err"
    report_status=$?
    if [ "$report_status" -eq 2 ] && [ ! -s "$report_tmp/out" ] \
            && grep -q "renamed.csv: .*missing column(s) ns_per_query_median" "$report_tmp/err"; then
        pass "report: CSV without a needed column gives exit status 2"
    else
        fail "report: CSV without a needed column gives exit status 2 (status $report_status: $(cat "$report_tmp/err"))"
    fi

    # A field that is not a number: exit status 2, file and line named.
    sed '3s/,1\.50,/,fast,/' "$here/data/report-input.csv" >"$report_tmp/text.csv"
    "$report_python" "$report_top/scripts/report" "$report_tmp/text.csv" \
        >"$report_tmp/out" 2>"$report_tmp/err"
    report_status=$?
    if [ "$report_status" -eq 2 ] && grep -q "text.csv: line 3: .*not a number: 'fast'" "$report_tmp/err"; then
        pass "report: a field that is not a number gives exit status 2"
    else
        fail "report: a field that is not a number gives exit status 2 (status $report_status: $(cat "$report_tmp/err"))"
    fi

    # scripts/plot with no gnuplot on PATH: the package named, exit status 2.
    # The interpreter is given by its full path so PATH can be empty.
    mkdir "$report_tmp/empty-path"
    PATH="$report_tmp/empty-path" "$report_python" "$report_top/scripts/plot" \
        -o "$report_tmp/plots" "$here/data/report-input.csv" >"$report_tmp/out" 2>"$report_tmp/err"
    report_status=$?
    if [ "$report_status" -eq 2 ] && grep -q "apt-get install gnuplot-nox" "$report_tmp/err" \
            && [ ! -e "$report_tmp/plots" ]; then
        pass "plot: without gnuplot names the package"
    else
        fail "plot: without gnuplot names the package (status $report_status: $(cat "$report_tmp/err"))"
    fi

    rm -rf "$report_tmp"
    unset report_tmp report_status
fi

# scripts/hyperfine.sh with no hyperfine on PATH: the package named, exit 2.
report_bash=$(command -v bash)
report_tmp=$(mktemp -d)
mkdir "$report_tmp/empty-path"
PATH="$report_tmp/empty-path" "$report_bash" "$report_top/scripts/hyperfine.sh" \
    "$report_tmp/out-dir" >"$report_tmp/out" 2>"$report_tmp/err"
report_status=$?
if [ "$report_status" -eq 2 ] && grep -q "apt-get install hyperfine" "$report_tmp/err" \
        && [ ! -e "$report_tmp/out-dir" ]; then
    pass "hyperfine.sh: without hyperfine names the package"
else
    fail "hyperfine.sh: without hyperfine names the package (status $report_status: $(cat "$report_tmp/err"))"
fi
rm -rf "$report_tmp"
unset report_top report_python report_bash report_tmp report_status

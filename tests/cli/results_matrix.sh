#!/usr/bin/env bash
# shellcheck shell=bash disable=SC2154
# examples/ci/results-matrix.yml (issue 50, item 2): its matrix holds an
# x86-64 and an arm64 runner and uploads the folder its steps write; its
# steps, read from the YAML, run here in their order (all but installing
# the tools and make test, which this suite is; a tiny form: two methods,
# the program under test) and leave one machine folder that the merge
# accepts.
source "$(dirname "$0")/../lib/tap.bash"

if ! have_tool python3; then
    skip_all "results-matrix: python3 is not installed (apt-get install python3)"
fi
workflow="$here/../examples/ci/results-matrix.yml"

# The steps' run lines in order, one a line, and the facts the test needs.
run_python - "$workflow" >"$scratch/steps" 2>"$scratch/err" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
runners = re.search(r"runner: \[([^\]]*)\]", text).group(1).split(", ")
assert any(r.endswith("-arm") for r in runners) and any(not r.endswith("-arm") for r in runners), runners
assert re.search(r"^      RESULTS: machine-results$", text, re.M)
assert re.search(r"^          path: \$\{\{ env\.RESULTS \}\}/$", text, re.M)
name = None
for line in text.splitlines():
    step = re.match(r"^      - (?:name: (.*)|uses: .*)$", line)
    if step:
        name = step.group(1)
        continue
    run = re.match(r"^        run: (.*)$", line)
    if run and name not in ("Install the tools", "Test"):
        print(run.group(1))
PY
status=$?
[ "$status" -eq 0 ] && [ "$(wc -l <"$scratch/steps")" -eq 2 ] &&
    pass "results-matrix: an x86-64 and an arm64 runner, the folder uploaded, two steps to run here" ||
    fail "results-matrix: the workflow's matrix, upload and steps ($(head -c 300 "$scratch/err"; head -3 "$scratch/steps"))"

# results-quick refuses an emulator (tests/cli/results_quick.sh tests that).
if [ -n "$emulated" ]; then
    skip "results-matrix: the steps: results-quick refuses to time under $emulated"
    exit 0
fi

# The steps in order, as the job's shell would run them.
(
    cd "$top" || exit 2
    export RESULTS="$scratch/machine-results" QUICK_PROGRAM="$program" QUICK_METHODS=pext,classical QUICK_REPS=3 \
        QUICK_CALLS=20000 QUICK_PERFT_DEPTH=2 POSITIONS="$here/data/boards.fen" PATH="/nonexistent-gnuplot:$PATH"
    while IFS= read -r step; do
        bash -e -c "$step" || exit 1
    done <"$scratch/steps"
) >"$scratch/out" 2>"$scratch/err"
status=$?
folders=("$scratch/machine-results"/*/)
[ "$status" -eq 0 ] && [ "${#folders[@]}" -eq 1 ] && [ -f "${folders[0]}$(basename "${folders[0]}")-manifest.json" ] &&
    grep -q "^results-merge: .*: can be merged (.*, 1 compiler(s), 2 backends)$" "$scratch/out" &&
    pass "results-matrix: the steps leave one machine folder the merge accepts" ||
    fail "results-matrix: the steps leave one machine folder (exit $status: $(tail -c 300 "$scratch/err"))"

#!/usr/bin/env bash
# The CI recipe as an engine's repository runs it, slow (a real make
# install of a copy of this tree, its objects already built, then counts
# under valgrind; a minute or more): the commands of examples/plugin/attack-regression.yml,
# read from the workflow, on a fake engine checkout, attackbench installed
# into a runner folder whose path has a space, and the recipe run from the
# install prefix: the same code (exit 0), a slowed head (exit 3), a larger
# table (exit 3), the first pull request (exit 0, nothing compared), the
# host's CPU named; then --count=instructions' exit codes and a command
# line over 64 KB, and make uninstall.
source "$(dirname "$0")/../lib/tap.bash"
finish() { exit 0; }
for tool in valgrind make python3 git tar; do
    command -v "$tool" >/dev/null 2>&1 && continue
    skip "the CI recipe from an install prefix: $tool is not installed (apt-get install $tool)"
    finish
done
work="$scratch/work"
mkdir -p "$work"

# The engine's checkout: attackbench's source in it (this tree's tracked
# files as they are now), its plugin at src/attackbench_plugin.c.
mkdir -p "$work/head/attackbench" "$work/head/src" "$work/base/src"
(cd "$top" && git ls-files -z | tar --null -T - -cf - 2>/dev/null) | tar -x -C "$work/head/attackbench" ||
    { fail "copying the source tree"; finish; }
# The objects this tree has built already, the program's and the valgrind
# build's (their times kept, so newer than the copied sources), so that the
# install step relinks instead of compiling both builds again: every other
# build tests the compiling, this test the install and the recipe.
for built in build/src build/valgrind/src; do
    [ -d "$top/$built" ] || continue
    mkdir -p "$work/head/attackbench/$(dirname "$built")"
    cp -a "$top/$built" "$work/head/attackbench/$built"
done
example="$top/examples/plugin/my_engine.c"
cp "$example" "$work/head/src/attackbench_plugin.c"

# The workflow's env and the run blocks of two of its steps.
workflow="$top/examples/plugin/attack-regression.yml"
read_workflow() { # read_workflow env|STEP-NAME
    python3 - "$workflow" "$1" <<'EOF'
import re, sys
lines = open(sys.argv[1]).read().splitlines()
if sys.argv[2] == "env":
    inside = False
    for line in lines:
        if line == "env:":
            inside = True
        elif inside and re.match(r"  [A-Z_]+:", line):
            key, value = line.strip().split(":", 1)
            value = value.split("#")[0].strip().strip('"')
            print(f"{key}={value}")
        elif inside and line and not line.startswith(" "):
            inside = False
    sys.exit(0)
for index, line in enumerate(lines):
    if line.strip() == f"- name: {sys.argv[2]}":
        run = lines[index + 1]
        indent = len(run) - len(run.lstrip()) + 2
        block = []
        for body in lines[index + 2:]:
            if body.strip() and len(body) - len(body.lstrip()) < indent:
                break
            block.append(body[indent:])
        print("\n".join(block))
        sys.exit(0)
sys.exit(f"no step '{sys.argv[2]}' in {sys.argv[1]}")
EOF
}
workflow_env=$(read_workflow env) && install_step=$(read_workflow "install attackbench") &&
    compare_step=$(read_workflow "count and compare") || { fail "reading $workflow"; finish; }
runner="$work/runner temp"
mkdir -p "$runner"
# run_step SCRIPT: one step as GitHub runs it (bash -e), in the checkout's
# parent, with the workflow's env and RUNNER_TEMP.
run_step() {
    (cd "$work" && env $workflow_env RUNNER_TEMP="$runner" nice bash -e -c "$1")
}

start=$SECONDS
if run_step "$install_step" >"$work/install.log" 2>&1; then
    pass "the workflow's install step: make install of the source into \$RUNNER_TEMP ($((SECONDS - start)) s)"
else
    fail "the workflow's install step ($(tail -c 600 "$work/install.log"))"
    finish
fi
prefix="$runner/attackbench"
for file in bin/attackbench bin/attackbench-valgrind include/attackbench_plugin.h include/attackbench_plugin_loops.h; do
    [ -e "$prefix/$file" ] || fail "make install wrote $file"
done
grep -q -- '-march=x86-64-v3\|-O2 -g' <("$prefix/bin/attackbench-valgrind" --version) &&
    pass "attackbench-valgrind is the valgrind build" || fail "attackbench-valgrind is the valgrind build"

# compare_case NAME STATUS TEXT: the workflow's compare step on base/ and
# head/ as they are now, exit STATUS and TEXT in its output.
compare_case() {
    local name=$1 want=$2 text=$3
    rm -rf "$work/csv"
    WORK="$work/csv" run_step "$compare_step" >"$work/out" 2>&1
    local got=$?
    if [ "$got" -eq "$want" ] && grep -qF -- "$text" "$work/out"; then
        pass "$name"
    else
        fail "$name (exit $got, wanted $want; $(tail -c 600 "$work/out"))"
    fi
}

# last_line_is NAME TEXT: the report of the last case ends with TEXT.
last_line_is() {
    local last
    last=$(tail -n 1 "$work/out")
    [[ "$last" == "$2"* ]] && pass "$1" || fail "$1 (last line: $last)"
}

# The first pull request: the base has no plugin file.
compare_case "from the install prefix, a first pull request compares nothing: exit 0" 0 "nothing to compare"
last_line_is "a first pull request ends with its verdict" "compare-builds.sh: verdict: nothing to compare (no base)"
cp "$example" "$work/base/src/attackbench_plugin.c"
compare_case "from the install prefix, the same code on both sides: exit 0" 0 "0 regressions"
grep -q '^compare-builds.sh: base: .*, built with .* -shared -fPIC -fvisibility=hidden (' "$work/out" &&
    grep -q '^compare-builds.sh: head: .*, built with .* -shared -fPIC -fvisibility=hidden (' "$work/out" &&
    pass "the report says which compiler and flags built each side" ||
    fail "the report says which compiler and flags built each side ($(head -c 300 "$work/out"))"
last_line_is "the same code ends with the verdict no worse" "compare-builds.sh: verdict: the head is no worse"
grep -qF "table bytes: base 4096, head 4096" "$work/out" && pass "the report gives each side's table bytes" ||
    fail "the report gives each side's table bytes"

# The host's CPU is named as attackbench names it everywhere (the brand of
# its --version, CPUID's on x86-64: on some guests /proc/cpuinfo's model
# name is another name), and valgrind's is said to be emulated.
host_cpu=$("$prefix/bin/attackbench" --version | sed -n 's/^cpu: //p')
recorded=$(python3 -c 'import csv, sys; print(next(csv.DictReader(open(sys.argv[1])))["cpu"])' "$work/csv/head.csv" 2>&1)
if [ -z "$host_cpu" ]; then
    fail "the count names the host's CPU: attackbench --version names no CPU"
else
    case $recorded in
    "$host_cpu (counted on valgrind's emulated "*) pass "the count names the host's CPU ($host_cpu) and says valgrind's is emulated" ;;
    *) fail "the count names the host's CPU ($host_cpu; recorded: $recorded)" ;;
    esac
fi

# A slowed head: a ray walked square by square instead of one bit scan.
python3 - "$example" "$work/head/src/attackbench_plugin.c" <<'EOF'
import sys
source = open(sys.argv[1]).read()
walk = """static uint64_t walk_down(int direction, int square, uint64_t occupied)
{
    uint64_t attacks = 0;
    int file = square % 8 + steps[direction][0], rank = square / 8 + steps[direction][1];
    for (; file >= 0 && file < 8 && rank >= 0 && rank < 8; file += steps[direction][0], rank += steps[direction][1]) {
        attacks |= 1ULL << (8 * rank + file);
        if (occupied & (1ULL << (8 * rank + file)))
            break;
    }
    return attacks;
}

static inline uint64_t ray_down("""
slow = source.replace("static inline uint64_t ray_down(", walk, 1)
slow = slow.replace("return ray ^ rays[direction][63 - __builtin_clzll(blockers)];",
                    "(void)blockers;\n    return ray & walk_down(direction, square, occupied);", 1)
assert slow != source
open(sys.argv[2], "w").write(slow)
EOF
compare_case "from the install prefix, a slowed head: exit 3" 3 "**slower**"
last_line_is "a slowed head ends with the verdict worse, by its instructions" \
    "compare-builds.sh: verdict: the head is worse: **a row needs more than 5% more instructions**"

# A larger table, the same instructions: its own verdict.
sed 's/return sizeof rays;/return 4 * sizeof rays;/' "$example" >"$work/head/src/attackbench_plugin.c"
compare_case "from the install prefix, a table 4x larger, the same instructions: exit 3, flagged larger" 3 \
    "table bytes: base 4096, head 16384 (+300.0%): **larger**"
grep -q "0 regressions" "$work/out" && pass "a larger table alone is no instruction regression" ||
    fail "a larger table alone is no instruction regression"
last_line_is "a larger table ends with the verdict worse, by its table" \
    "compare-builds.sh: verdict: the head is worse: no row needs more than 5% more instructions, **the table grew"

# --count=instructions: a missing input file is a usage error (2), and a
# command line over 64 KB reaches the counted process whole.
counter="$prefix/bin/attackbench-valgrind"
"$counter" --count=instructions -m reference -w pieces -p rook -q "$work/none.fen" >"$work/out" 2>&1
status=$?
[ $status -eq 2 ] && grep -q "none.fen" "$work/out" && pass "--count=instructions: a missing input file exits 2" ||
    fail "--count=instructions: a missing input file exits 2 (exit $status; $(head -c 300 "$work/out"))"
long_path="$top/tests/data/$(printf './%.0s' $(seq 40))boards.fen"
positions_each=$("$counter" --count=instructions -m reference -w pieces -p rook -q "$top/tests/data/boards.fen" \
    --csv="$work/one.csv" >/dev/null 2>&1 && python3 -c 'import csv, sys; print(next(csv.DictReader(open(sys.argv[1])))["positions"])' "$work/one.csv")
arguments=()
for _ in $(seq 700); do arguments+=("$long_path"); done
size=$(printf '%s ' "${arguments[@]}" | wc -c)
"$counter" --count=instructions -m reference -w pieces -p rook -q "${arguments[@]}" --csv="$work/long argument.csv" \
    >/dev/null 2>"$work/err"
status=$?
counted=$(python3 -c 'import csv, sys; print(next(csv.DictReader(open(sys.argv[1])))["positions"])' "$work/long argument.csv" 2>/dev/null)
[ $status -eq 0 ] && [ "$size" -gt 65536 ] && [ -n "$positions_each" ] && [ "$counted" = "$((700 * positions_each))" ] &&
    pass "--count=instructions: a $size-byte command line reaches valgrind whole (700 files, the last argument the output)" ||
    fail "--count=instructions: a long command line reaches valgrind whole (exit $status, $counted positions, wanted 700 x $positions_each; $(head -c 300 "$work/err"))"

# make uninstall from the same prefix leaves nothing of attackbench.
make -s -C "$work/head/attackbench" uninstall PREFIX="$prefix" >"$work/out" 2>&1
status=$?
left=$(find "$prefix" -mindepth 1 2>/dev/null | wc -l)
[ $status -eq 0 ] && [ "$left" -eq 0 ] && pass "make uninstall from the runner's prefix leaves nothing" ||
    fail "make uninstall from the runner's prefix leaves nothing (exit $status, $left left; $(head -c 300 "$work/out"))"
finish

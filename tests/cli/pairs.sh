#!/usr/bin/env bash
# scripts/comparisons/attackbench_pairs.py, the pairing of make compilers and
# make peer-comparison, on planted runs: a run slower on every row is found
# and taken again, a run with one slow row is not, a run slow at every take
# ends the retakes and is named, and the order alternates.
source "$(dirname "$0")/../lib/tap.bash"

pairs_check() {
    local name=$1 code=$2 output
    if output=$(PYTHONPATH="$here/../scripts/comparisons" python3 -c "import attackbench_pairs as pairs
$code" 2>&1) && [ "$output" = ok ]; then
        pass "$name"
    else
        fail "$name ($(head -c 400 <<<"$output"))"
    fi
}

# Five runs of two series over five methods; run_with(index, factor,
# methods) scales one series of one run.
runs_code='
base = {"pext": 1.0, "magic": 2.0, "hyperbola": 3.0, "kogge": 5.0, "classical": 4.0}
def one_run(factor=1.0, methods=None, wobble=0.0):
    return {"gcc": {m: v * (factor if methods is None or m in methods else 1.0) * (1 + wobble) for m, v in base.items()},
            "clang": {m: v * 0.9 for m, v in base.items()}, "disturbed_rows": 0}
runs = [one_run(wobble=w) for w in (0.0, 0.02, -0.03, 0.01, -0.01)]'

pairs_check "a run 0.6x as fast on every row is a whole-run shift, found with its factor" "$runs_code
runs[2] = one_run(1 / 0.6)
shifts = pairs.whole_run_shifts(runs)
assert [(s.run, s.series, s.moved, s.rows) for s in shifts] == [(2, 'gcc', 5, 5)], shifts
assert abs(shifts[0].factor - 1 / 0.6) < 0.05, shifts[0].factor
print('ok')"

pairs_check "a run with one slow row (2x) is no whole-run shift" "$runs_code
runs[1] = one_run(2.0, methods={'kogge'})
assert pairs.whole_run_shifts(runs) == [], pairs.whole_run_shifts(runs)
print('ok')"

pairs_check "a run with three of five rows 1.3x slower is no whole-run shift (80% must move)" "$runs_code
runs[3] = one_run(1.3, methods={'pext', 'magic', 'hyperbola'})
assert pairs.whole_run_shifts(runs) == []
runs[3] = one_run(1.3, methods={'pext', 'magic', 'hyperbola', 'kogge'})
assert [s.run for s in pairs.whole_run_shifts(runs)] == [3]
print('ok')"

pairs_check "two runs give no verdict: nothing says which is usual" "$runs_code
runs = [one_run(), one_run(0.6)]
assert pairs.whole_run_shifts(runs) == []
assert 'no whole-run shift can be seen' in pairs.shift_sentences(2, [], [])[0]
print('ok')"

pairs_check "take_runs takes a shifted run again, once, and says so" "$runs_code
taken = []
def take(index):
    taken.append(index)
    return one_run(0.6 if len(taken) == 3 else 1.0)
final, retaken, left = pairs.take_runs(5, take, retakes=2)
assert taken == [0, 1, 2, 3, 4, 2], taken
assert [(s.run, s.series) for s in retaken] == [(2, 'gcc')] and left == [], (retaken, left)
assert pairs.whole_run_shifts(final) == []
text = pairs.shift_sentences(5, retaken, left, 'pair')
assert text[0].startswith('Retaken: pair 3, its gcc run: 0.60x the other gcc runs') and text[0].endswith(' figures on 5 of 5 rows (retake 1).'), text
assert text[1].startswith('After the retakes none moved as a whole'), text
print('ok')"

pairs_check "take_runs stops after its retakes and names the shifted run a figure rests on" "$runs_code
taken = []
def take(index):
    taken.append(index)
    return one_run(0.6 if index == 1 else 1.0)
final, retaken, left = pairs.take_runs(4, take, retakes=2)
assert taken == [0, 1, 2, 3, 1, 1], taken
assert len(retaken) == 2 and [(s.run, s.series) for s in left] == [(1, 'gcc')], (retaken, left)
text = pairs.shift_sentences(4, retaken, left, 'pair')
assert text[-1].startswith('The figures rest on a shifted run: pair 2, its gcc run: 0.60x'), text
print('ok')"

pairs_check "the runs alternate: A B, B A, A B" "
assert [pairs.in_turn(index, ['gcc', 'clang']) for index in range(3)] == [['gcc', 'clang'], ['clang', 'gcc'], ['gcc', 'clang']]
print('ok')"

pairs_check "median_and_range of pair ratios, and a ratio over nothing is none" "
assert pairs.median_and_range([1.2, 0.9, 1.0]) == (1.0, 0.9, 1.2)
assert pairs.median_and_range([]) is None and pairs.ratio(1.0, 0) is None and pairs.ratio(None, 1.0) is None
print('ok')"

# make peer-comparison's path on fakes: a peer built from a stand-in
# Main.cpp that runs a script, and two attackbench builds that print CSV;
# the third gcc run in the queries layout is 0.6x as fast on every row.
if have_tool clang++; then
    export FAKE_DIR="$scratch/peer-fakes"
    mkdir -p "$scratch/peer" "$FAKE_DIR"
    printf '#include <cstdlib>\n// dontopt ^= T::Queen(squares[12 * i + r], occ);\nint main() { return std::system(std::getenv("FAKE_PEER")) != 0; }\n' \
        >"$scratch/peer/Main.cpp"
    cat >"$FAKE_DIR/peer.sh" <<'FAKE'
#!/usr/bin/env bash
echo peer >>"$FAKE_DIR/order"
for row in "Pext constexpr:1000" "Fancy Magic BB - Variable shift:700" "Hyperbola Quintessence o^(o-2r):450" \
    "Kogge-Stone:200" "Classical Bob-Mike:400"; do
    printf '%-35s%s\n' "${row%:*}" "${row##*:}"
done
FAKE
    for build in gcc clang; do
        cat >"$FAKE_DIR/$build" <<FAKE
#!/usr/bin/env bash
case "\$1" in
--list) printf 'method status\npext available\nmagic-fancy available\nhyperbola available\nkogge-stone available\nclassical available\n'; exit 0 ;;
--version) echo "attackbench (fake $build)"; exit 0 ;;
esac
# Its words without a process each (they made most of the script's CPU).
layout=
for argument in "\$@"; do
    case "\$argument" in --layout=*) layout=\${layout:+\$layout
}\${argument#--layout=} ;; esac
done
count=0
[ -f "\$FAKE_DIR/$build-\$layout.count" ] && read -r count <"\$FAKE_DIR/$build-\$layout.count"
count=\$((count + 1))
echo \$count >"\$FAKE_DIR/$build-\$layout.count"
echo "$build \$layout" >>"\$FAKE_DIR/order"
factor=1
case " \${FAKE_SHIFTED:-} " in *" $build-\$layout:\$count "*) factor=0.6 ;; esac
echo "method,metric,ns_per_query_median,compiler,warnings"
awk -v f="\$factor" 'BEGIN {
    rows = split("pext:1.0 magic-fancy:1.4 hyperbola:2.0 kogge-stone:5.0 classical:2.5 null:0.3", row, " ")
    for (i = 1; i <= rows; i++) {
        split(row[i], part, ":")
        printf "%s,ns,%.4f,$build 1,\n", part[1], part[2] / f
    }
}'
FAKE
        chmod +x "$FAKE_DIR/$build"
    done
    chmod +x "$FAKE_DIR/peer.sh"
    CXX=clang++ FAKE_PEER="$FAKE_DIR/peer.sh" FAKE_SHIFTED="gcc-queries:3" python3 "$here/../scripts/comparisons/peer-comparison" \
        --peer="$scratch/peer" --runs=4 --runs-file="$scratch/peer-runs.json" -o "$scratch/peer.md" "$FAKE_DIR/gcc" "$FAKE_DIR/clang" \
        >"$scratch/out" 2>"$scratch/err"
    status=$?
    [ $status -eq 0 ] && [ "$(sed -n '1p;6p;7p;11p' "$FAKE_DIR/order" | tr '\n' ',')" = "peer,clang positions,gcc positions,peer," ] &&
        [ "$(grep -c . "$FAKE_DIR/order")" -eq 25 ] &&
        grep -qF "Retaken: run 3, its gcc queries run: 0.60x the other gcc queries runs' figures on 5 of 5 rows (retake 1)." "$scratch/peer.md" &&
        grep -qF 'peer-comparison: retaken: run 3, its gcc queries run: 0.60x' "$scratch/err" &&
        grep -qF '| Pext constexpr | `pext` | 1000 | 1000 | 1000 | 1.00 | 1000 | 1000 | 1.00 | 1.00 |' "$scratch/peer.md" &&
        python3 -c "import json, sys; r = json.load(open(sys.argv[1])); assert r['retaken'][0]['run'] == 2 and len(r['runs']) == 4" \
            "$scratch/peer-runs.json" &&
        pass "peer-comparison: runs in alternating order, a run 0.6x on every row retaken, said on the page and in the runs file" ||
        fail "peer-comparison: runs in alternating order, a run 0.6x on every row retaken (exit $status; $(head -c 300 "$scratch/err"); $(tr '\n' ',' <"$FAKE_DIR/order" | head -c 300))"
else
    skip "peer-comparison on fakes: clang++ is not installed"
fi

# peer-comparison --render: a record that is no runs record ({}, [],
# NaN), an -o that cannot be written, an -o naming the record itself, and
# a measuring option with --render are each one line, exit 2; the record
# is left whole.  A minimal record renders.
peer=$here/../scripts/comparisons/peer-comparison
printf '{"cpu": "Test CPU", "compilers": {}, "peer_compiler": "c", "load_before": ["0", "0", "0"], "load_after": ["0", "0", "0"], "peer_build": "b", "positions": 1, "reps_positions": 1, "runs": [{"peer": {"Pext constexpr": 1000}, "gcc queries": {"pext": 900}}]}\n' \
    >"$scratch/render.json"
cp "$scratch/render.json" "$scratch/render.kept"
python3 "$peer" --render="$scratch/render.json" -o "$scratch/render.md" 2>"$scratch/err" &&
    grep -qF '| Pext constexpr | `pext` | 1000 | 900 |' "$scratch/render.md" &&
    pass "peer-comparison --render: a minimal runs record renders" ||
    fail "peer-comparison --render: a minimal runs record renders ($(head -c 300 "$scratch/err"))"
for record in '{}' '[]' 'NaN' '{"runs": [{"peer": 5}]}'; do
    printf '%s\n' "$record" >"$scratch/bad-render.json"
    expect_one_line "peer-comparison --render: $record is refused" "bad-render.json: " \
        python3 "$peer" --render="$scratch/bad-render.json" -o "$scratch/bad-render.md"
done
mkdir -p "$scratch/render-folder"
for output in /dev/full "$scratch/absent/page.md" "$scratch/render-folder"; do
    [ "$output" = /dev/full ] && [ ! -w /dev/full ] && continue
    expect_one_line "peer-comparison --render -o ${output##*/}: one line" "$output: cannot write: " \
        python3 "$peer" --render="$scratch/render.json" -o "$output"
done
expect_one_line "peer-comparison --render=X -o X: refused" "-o $scratch/render.json: that is an input file of peer-comparison" \
    python3 "$peer" --render="$scratch/render.json" -o "$scratch/render.json"
expect_one_line "peer-comparison --render with --runs: refused" "--render measures nothing: --runs not taken with it" \
    python3 "$peer" --render="$scratch/render.json" --runs=3 -o "$scratch/render.md"
cmp -s "$scratch/render.json" "$scratch/render.kept" && pass "peer-comparison --render: the record is left whole" ||
    fail "peer-comparison --render: the record is left whole"


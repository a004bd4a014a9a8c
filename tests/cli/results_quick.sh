#!/usr/bin/env bash
# shellcheck shell=bash disable=SC2154
# The short results form and the merge (issue 50, items 1 and 3): a tiny
# make results-quick (two methods, few repetitions, the program under test
# instead of the builds) writes one folder named by the CSV's CPU (brand,
# family, model) and the date, with attackbench's CSV columns, never
# replacing another CPU's folder; scripts/results/results-merge takes that folder
# and one with another identity, rewrites the machine table and the page's
# committed results, and refuses folders it cannot trust.  A failed or
# interrupted make results (results.sh) re-run keeps the earlier run's files.
source "$(dirname "$0")/../lib/tap.bash"
source "$here/lib/signals.bash"

if ! have_tool python3; then
    skip_all "results-quick: python3 is not installed (apt-get install python3)"
fi

out="$scratch/out"
# quick [NAME=VALUE...]: the tiny form, the settings given overriding it;
# quick_prefix (a command's words, such as setsid --wait) runs it.
quick_prefix=()
quick() {
    "${quick_prefix[@]}" env RESULTS="$out" QUICK_PROGRAM="$program" QUICK_METHODS="$lookup,classical" QUICK_REPS=3 QUICK_CALLS=20000 \
        QUICK_PERFT_DEPTH=2 POSITIONS="$here/data/boards.fen" PATH="/nonexistent-gnuplot:$PATH" \
        "$@" bash "$top/scripts/results/results-quick.sh"
}

# The checksums of every file under a folder, dot files included.
folder_sums() {
    (cd "$1" && find . -type f -exec md5sum {} + | sort)
}

# count_lines FILE: count_lines_found set to FILE's number of lines (as
# wc -l counts them: newlines), by bash itself, no process started.
count_lines() {
    local count_lines_read
    mapfile count_lines_read <"$1"
    count_lines_found=${#count_lines_read[@]}
    [ "$count_lines_found" -gt 0 ] && [[ ${count_lines_read[count_lines_found - 1]} != *$'\n' ]] &&
        count_lines_found=$((count_lines_found - 1))
}

# results-quick times native builds: under WebAssembly make results-wasm is
# the form (tests/cli/wasm_web.sh).
if [ "$wasm_build" = 1 ]; then
    skip_all "results-quick: it times native builds; under WebAssembly make results-wasm is the form"
fi
# Under an emulator results-quick refuses, saying why: nothing more to test.
if [ -n "$emulated" ]; then
    quick >"$scratch/quick.out" 2>"$scratch/quick.err" && status=0 || status=$?
    [ "$status" -ne 0 ] && grep -q "this machine is an emulator" "$scratch/quick.err" &&
        pass "results-quick: refused under $emulated, saying why" ||
        fail "results-quick: refused under $emulated (exit $status: $(tail -c 300 "$scratch/quick.err"))"
    exit 0
fi

other_name=test-cpu-b-family99-model7-2026-01-02
if ! quick >"$scratch/quick.out" 2>"$scratch/quick.err"; then
    fail "results-quick: the tiny form runs ($(tail -c 300 "$scratch/quick.err"))"
else
    # The progress line names the methods QUICK_METHODS gave (it said
    # "every method" whatever they were).
    grep -qF ": the methods $lookup,classical, queens on random occupancies" "$scratch/quick.err" &&
        ! grep -q "every method" "$scratch/quick.err" &&
        pass "results-quick: the progress line names the methods of QUICK_METHODS" ||
        fail "results-quick: the progress line names the methods of QUICK_METHODS ($(head -c 300 "$scratch/quick.err"))"
    folders=("$out"/*/)
    folder=${folders[0]%/}
    name=$(basename "$folder")
    compiler=$("$program" --version | sed -n 's/^[^(]*(\([a-z]*\) .*/\1/p')
    csv="$folder/$name-$compiler.csv"
    cpus=$(nproc)
    # One python3 run for two checks: it prints the folder's expected name,
    # from the CSV's own identity columns (empty when it cannot read them),
    # then "manifest: ok" or "manifest: failed", the failed assertion in
    # manifest.check.
    run_python - "$csv" "$folder/$name-manifest.json" "$cpus" "$lookup" "$scratch/manifest.check" \
        >"$scratch/quick.check" 2>&1 <<'EOF'
import csv, json, os, re, sys, traceback
try:
    row = next(csv.DictReader(open(sys.argv[1])))
    name = f"{row['cpu']} family{row['cpu_family']} model{row['cpu_model']}"
    print(re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") + "-" + row["timestamp"][:10])
except Exception:
    print()
try:
    manifest = json.load(open(sys.argv[2]))
    assert manifest["form"] == "quick" and manifest["machine"] and manifest["date"], manifest
    assert len(manifest["bench"]) == 1 and len(manifest["perft"]) == 1, manifest
    rows = list(csv.DictReader(open(os.path.join(os.path.dirname(sys.argv[2]), manifest["perft"][0]))))
    assert {row["threads"] for row in rows} == {sys.argv[3]}, [row["threads"] for row in rows]
    assert sorted(row["method"] for row in rows) == sorted(["classical", sys.argv[4]]), rows
    open(sys.argv[5], "w").close()
    print("manifest: ok")
except Exception:
    with open(sys.argv[5], "w") as check:
        traceback.print_exc(file=check)
    print("manifest: failed")
EOF
    quick_check=()
    mapfile -t quick_check <"$scratch/quick.check"
    [ "${#folders[@]}" -eq 1 ] && [ -f "$csv" ] && [ "$name" = "${quick_check[0]-}" ] &&
        pass "results-quick: one folder named by the CSV's CPU brand, family, model and date ($name)" ||
        fail "results-quick: one folder named by the CSV's CPU brand, family, model and date (${folders[*]})"
    "$program" -q -m null -w random -p rook -r 1 -c 1000 --queries=64 -f csv >"$scratch/plain.csv" 2>/dev/null
    csv_header= plain_header=
    IFS= read -r csv_header <"$csv"
    IFS= read -r plain_header <"$scratch/plain.csv"
    [ "$csv_header" = "$plain_header" ] &&
        [ "$(grep -c ',queen,\(random\|pieces\),batch,' "$csv")" -eq 6 ] &&
        pass "results-quick: attackbench's CSV columns; random and pieces queens, batched, each method and null" ||
        fail "results-quick: attackbench's CSV columns; random and pieces queens, batched ($(head -c 300 "$csv"))"
    [ "${quick_check[1]-}" = "manifest: ok" ] &&
        pass "results-quick: the manifest names the machine, the form and a perft on every CPU ($cpus threads)" ||
        fail "results-quick: the manifest names the machine, the form and a perft on every CPU ($(head -c 300 "$scratch/manifest.check"; head -c 300 "$scratch/quick.check"))"

    # Another CPU's folder of the same name is never replaced.
    real_machine=$(sed -n 's/.*machine: \(.*\); folder .*/\1/p' "$scratch/quick.err")
    cp "$csv" "$scratch/before.csv"
    sed -i 's/"machine": "[^"]*"/"machine": "Other CPU (AMD family 99 model 1)"/' "$folder/$name-manifest.json"
    quick >"$scratch/again.out" 2>"$scratch/again.err"
    status=$?
    [ "$status" -eq 2 ] && grep -q "holds a run of 'Other CPU (AMD family 99 model 1)'.*nothing written" "$scratch/again.err" &&
        cmp -s "$csv" "$scratch/before.csv" &&
        pass "results-quick: refuses a folder of that name another CPU wrote, and leaves it as it was" ||
        fail "results-quick: refuses a folder of that name another CPU wrote (exit $status: $(tail -c 300 "$scratch/again.err"))"
    sed -i 's/"machine": "[^"]*"/"machine": "'"$real_machine"'"/' "$folder/$name-manifest.json"

    # Every setting is checked before anything is measured: one line,
    # exit 2, the folder as it was.
    folder_sums "$out" >"$scratch/kept.sums"
    for setting in QUICK_PERFT_DEPTH=0 QUICK_PERFT_DEPTH=13 QUICK_REPS=abc QUICK_CALLS=0 \
            QUICK_PROGRAM=/bin/true QUICK_PROGRAM=/nonexistent QUICK_METHODS=no-such-method QUICK_METHODS=null; do
        quick "$setting" >"$scratch/setting.out" 2>"$scratch/setting.err"
        status=$?
        count_lines "$scratch/setting.err"
        [ "$status" -eq 2 ] && [ "$count_lines_found" -eq 1 ] &&
            grep -q "^results-quick: ${setting%%=*}=" "$scratch/setting.err" &&
            ! grep -q ", queens on random occupancies" "$scratch/setting.err" &&
            folder_sums "$out" | cmp -s - "$scratch/kept.sums" &&
            pass "results-quick: $setting is refused in one line before anything is measured" ||
            fail "results-quick: $setting is refused in one line before anything is measured (exit $status: $(head -c 300 "$scratch/setting.err"))"
    done

    # A compiler named twice is refused before anything is built (both
    # builds were measured, then a bare mv failed).
    env RESULTS="$scratch/twice" COMPILERS="gcc gcc" bash "$here/../scripts/results/results-quick.sh" \
        >/dev/null 2>"$scratch/setting.err"
    status=$?
    count_lines "$scratch/setting.err"
    [ "$status" -eq 2 ] && [ "$count_lines_found" -eq 1 ] && grep -q "COMPILERS: 'gcc' named twice" "$scratch/setting.err" &&
        [ ! -e "$scratch/twice" ] &&
        pass "results-quick: a compiler named twice is refused in one line before anything is built" ||
        fail "results-quick: a compiler named twice is refused (exit $status: $(head -c 300 "$scratch/setting.err"))"

    # A failure or an interrupt after the measurement (in perft) leaves the
    # earlier folder as it was and nothing beside it; from an empty
    # RESULTS, nothing at all.  A wrapper of the program fails its perft,
    # or interrupts the run's process group as Ctrl-C does (the timed
    # perft, not the check of the methods at depth 1 before anything runs).
    cat >"$scratch/wrapped" <<WRAPPER
#!/usr/bin/env bash
if [ "\$1" = perft ] && [[ " \$* " != *" --depth=1 "* ]]; then
    case \${FAKE_PERFT:-} in
    fail) echo "perft: planted failure" >&2; exit 1 ;;
    interrupt) kill -INT 0; exit 130 ;;
    esac
fi
exec "$program" "\$@"
WRAPPER
    chmod +x "$scratch/wrapped"
    quick QUICK_PROGRAM="$scratch/wrapped" QUICK_METHODS="$lookup" FAKE_PERFT=fail \
        >"$scratch/late.out" 2>"$scratch/late.err"
    status=$?
    [ "$status" -eq 2 ] && grep -q "planted failure" "$scratch/late.err" &&
        folder_sums "$out" | cmp -s - "$scratch/kept.sums" &&
        [ "$(find "$out" -mindepth 1 -maxdepth 1 | wc -l)" -eq 1 ] &&
        pass "results-quick: a late failure leaves the earlier folder as it was, nothing beside it" ||
        fail "results-quick: a late failure leaves the earlier folder as it was (exit $status: $(ls -A "$out"); $(tail -c 300 "$scratch/late.err"))"
    if have_tool setsid; then
        # In a process group of its own, SIGINT at its default (trapped).
        quick_prefix=("${with_sigint[@]}" setsid --wait)
        quick QUICK_PROGRAM="$scratch/wrapped" FAKE_PERFT=interrupt >"$scratch/int.out" 2>"$scratch/int.err"
        status=$?
        [ "$status" -eq 130 ] && grep -q "perft --threads" "$scratch/int.err" &&
            folder_sums "$out" | cmp -s - "$scratch/kept.sums" &&
            [ "$(find "$out" -mindepth 1 -maxdepth 1 | wc -l)" -eq 1 ] && ! grep -q Traceback "$scratch/int.err" &&
            pass "results-quick: an interrupt leaves the earlier folder as it was, nothing beside it" ||
            fail "results-quick: an interrupt leaves the earlier folder as it was (exit $status: $(ls -A "$out"); $(tail -c 300 "$scratch/int.err"))"
        quick RESULTS="$scratch/fresh" QUICK_PROGRAM="$scratch/wrapped" FAKE_PERFT=interrupt \
            >"$scratch/int.out" 2>"$scratch/int.err"
        status=$?
        quick_prefix=()
        [ "$status" -eq 130 ] && grep -q "perft --threads" "$scratch/int.err" && [ ! -e "$scratch/fresh" ] &&
            pass "results-quick: an interrupt into a new RESULTS leaves nothing" ||
            fail "results-quick: an interrupt into a new RESULTS leaves nothing (exit $status: $(find "$scratch/fresh" | head -5))"
    else
        skip "results-quick: an interrupt leaves the earlier folder as it was: setsid is not installed"
    fi

    # make results (scripts/results/results.sh): a same-day re-run that
    # fails or is interrupted after its measurements (in perft) leaves the
    # earlier run's files of that name, the README and the findings page as
    # they were, nothing beside them (it moved its CSVs over the earlier
    # ones first).  A copy of the scripts whose make does nothing, its
    # programs the wrapper; one method, tiny settings.
    full="$scratch/full-tree"
    mkdir -p "$full/scripts" "$full/build" "$scratch/full-bin" "$scratch/full-results/plots"
    cp -r "$top/scripts/results" "$top/scripts/comparisons" "$full/scripts/"
    cp "$scratch/wrapped" "$full/attackbench" && cp "$scratch/wrapped" "$full/build/attackbench-clang"
    printf '#!/bin/sh\nexit 0\n' >"$scratch/full-bin/make"
    printf '#!/bin/sh\nexit 1\n' >"$scratch/full-bin/apt-get"
    chmod +x "$scratch/full-bin/make" "$scratch/full-bin/apt-get"
    head -4 "$top/data/positions.fen" >"$scratch/full.fen"
    for file in "$name-gcc.csv" "$name-clang.csv" "$name-perft-gcc.csv" "$name.md" "$name-manifest.json" \
        "plots/$name-gcc-ranked-random.png" other-cpu-2026-01-01-gcc.csv README.md findings.md; do
        echo "the earlier run's $file" >"$scratch/full-results/$file"
    done
    folder_sums "$scratch/full-results" >"$scratch/full.sums"
    full_run() {
        "$@" env PATH="$scratch/full-bin:$PATH" RESULTS="$scratch/full-results" POSITIONS="$scratch/full.fen" \
            README="$scratch/full-results/README.md" FINDINGS="$scratch/full-results/findings.md" \
            BENCH_OPTIONS="--reps=1 --calls=2000 --method=$lookup --timer=clock" bash "$full/scripts/results/results.sh"
    }
    FAKE_PERFT=fail full_run >"$scratch/full.out" 2>"$scratch/full.err"
    status=$?
    [ "$status" -eq 2 ] && grep -q "planted failure" "$scratch/full.err" &&
        folder_sums "$scratch/full-results" | cmp -s - "$scratch/full.sums" && [ -z "$(find "$scratch/full-results" -name ".*")" ] &&
        pass "results.sh: a failed re-run leaves the earlier run's files as they were, nothing beside them" ||
        fail "results.sh: a failed re-run leaves the earlier run's files as they were (exit $status: $(folder_sums "$scratch/full-results" | diff "$scratch/full.sums" - | head -5); $(tail -c 300 "$scratch/full.err"))"
    if have_tool setsid; then
        FAKE_PERFT=interrupt full_run "${with_sigint[@]}" setsid --wait >"$scratch/full.out" 2>"$scratch/full.err"
        status=$?
        [ "$status" -eq 130 ] && grep -q "perft" "$scratch/full.err" &&
            folder_sums "$scratch/full-results" | cmp -s - "$scratch/full.sums" && [ -z "$(find "$scratch/full-results" -name ".*")" ] &&
            pass "results.sh: an interrupted re-run leaves the earlier run's files as they were, nothing beside them" ||
            fail "results.sh: an interrupted re-run leaves the earlier run's files as they were (exit $status: $(folder_sums "$scratch/full-results" | diff "$scratch/full.sums" - | head -5); $(tail -c 300 "$scratch/full.err"))"
    else
        skip "results.sh: an interrupted re-run leaves the earlier run's files as they were: setsid is not installed"
    fi

    # A same-day re-run replaces the folder whole: what the earlier run
    # wrote and this one does not (another compiler's CSV, its charts) is gone.
    other_compiler=clang
    [ "$compiler" = clang ] && other_compiler=gcc
    touch "$folder/$name-$other_compiler.csv"
    mkdir -p "$folder/plots" && touch "$folder/plots/$name-$other_compiler-ranked-random.png"
    if quick >"$scratch/rerun.out" 2>"$scratch/rerun.err"; then
        [ ! -e "$folder/$name-$other_compiler.csv" ] && [ ! -e "$folder/plots/$name-$other_compiler-ranked-random.png" ] &&
            [ -f "$csv" ] && [ -f "$folder/$name-manifest.json" ] &&
            [ "$(find "$out" -mindepth 1 -maxdepth 1 | wc -l)" -eq 1 ] &&
            pass "results-quick: a same-day re-run replaces the folder whole, nothing of the earlier run left" ||
            fail "results-quick: a same-day re-run replaces the folder whole ($(ls -A "$folder" "$out" | tr '\n' ' '))"
    else
        fail "results-quick: a same-day re-run replaces the folder whole ($(tail -c 300 "$scratch/rerun.err"))"
    fi

    # RESULTS naming results/ in another spelling still merges: a copy of
    # the scripts, whose results/ is its own.
    tree="$scratch/tree"
    mkdir -p "$tree/scripts" "$tree/results"
    cp -r "$top/scripts/results" "$tree/scripts/"
    ln -s "$top/data" "$tree/data"
    printf '# Results\n\n<!-- results:begin -->\n<!-- results:end -->\n' >"$tree/results/README.md"
    (cd "$tree" && env RESULTS=./results/ QUICK_PROGRAM="$program" QUICK_METHODS="$lookup,classical" QUICK_REPS=3 \
        QUICK_CALLS=20000 QUICK_PERFT_DEPTH=2 POSITIONS="$here/data/boards.fen" bash scripts/results/results-quick.sh) \
        >"$scratch/tree.out" 2>"$scratch/tree.err"
    status=$?
    [ "$status" -eq 0 ] && grep -qF "\`$name/\`" "$tree/results/README.md" && [ -f "$tree/build/web/results.js" ] &&
        pass "results-quick: RESULTS=./results/ is results/: the merge runs" ||
        fail "results-quick: RESULTS=./results/ is results/: the merge runs (exit $status: $(tail -c 300 "$scratch/tree.err"))"

    # A relative RESULTS and POSITIONS are the caller's, not the tree's
    # (they were written into and read from the tree).
    mkdir -p "$scratch/caller"
    cp "$here/data/boards.fen" "$scratch/caller/mine.fen"
    (cd "$scratch/caller" && env RESULTS=relative-out POSITIONS=mine.fen QUICK_PROGRAM="$program" \
        QUICK_METHODS="$lookup,classical" QUICK_REPS=3 QUICK_CALLS=20000 QUICK_PERFT_DEPTH=2 \
        bash "$tree/scripts/results/results-quick.sh") >"$scratch/caller.out" 2>"$scratch/caller.err"
    status=$?
    [ "$status" -eq 0 ] && [ -d "$scratch/caller/relative-out/$name" ] && [ ! -e "$tree/relative-out" ] &&
        pass "results-quick: a relative RESULTS and POSITIONS are the caller's" ||
        fail "results-quick: a relative RESULTS and POSITIONS are the caller's (exit $status: $(tail -c 300 "$scratch/caller.err"))"

    # Through make: a relative RESULTS is taken from the folder make was
    # started in, not from an inherited PWD that names another (a parent
    # that is no shell, here Python's subprocess with cwd=, leaves PWD as
    # its own folder: the run went into that one); with -C from a shell,
    # from the shell's folder.  The copy of the scripts, mk/results.mk as
    # its makefile.
    mkdir -p "$scratch/stale" "$scratch/make-caller"
    env RESULTS=stale-out QUICK_PROGRAM="$program" QUICK_METHODS="$lookup" QUICK_REPS=1 QUICK_CALLS=1000 \
        QUICK_PERFT_DEPTH=1 POSITIONS="$here/data/boards.fen" python3 -c '
import os, subprocess, sys
sys.exit(subprocess.run(["make", "-s", "--no-print-directory", "-f", sys.argv[1], "results-quick"],
                        cwd=sys.argv[2], env=dict(os.environ, PWD=sys.argv[3])).returncode)' \
        "$top/mk/results.mk" "$tree" "$scratch/stale" >"$scratch/stale.out" 2>"$scratch/stale.err"
    status=$?
    [ "$status" -eq 0 ] && [ -d "$tree/stale-out/$name" ] && [ ! -e "$scratch/stale/stale-out" ] &&
        pass "make results-quick: a relative RESULTS is make's folder's, not a stale PWD's" ||
        fail "make results-quick: a relative RESULTS is make's folder's, not a stale PWD's (exit $status: $(ls "$scratch/stale"); $(tail -c 300 "$scratch/stale.err"))"
    (cd "$scratch/make-caller" && env RESULTS=caller-out QUICK_PROGRAM="$program" QUICK_METHODS="$lookup" QUICK_REPS=1 \
        QUICK_CALLS=1000 QUICK_PERFT_DEPTH=1 POSITIONS="$here/data/boards.fen" \
        make -s --no-print-directory -C "$tree" -f "$top/mk/results.mk" results-quick) >"$scratch/make-caller.out" 2>"$scratch/make-caller.err"
    status=$?
    [ "$status" -eq 0 ] && [ -d "$scratch/make-caller/caller-out/$name" ] && [ ! -e "$tree/caller-out" ] &&
        pass "make -C TREE results-quick: a relative RESULTS is the calling shell's folder's" ||
        fail "make -C TREE results-quick: a relative RESULTS is the calling shell's folder's (exit $status: $(tail -c 300 "$scratch/make-caller.err"))"

    # What POSITIONS holds is checked before the measurements, with the
    # first build, before the second (it was read first when measured,
    # after both builds); an empty file before any build.  A copy of the
    # scripts, its make a stand-in that logs its arguments and copies the
    # program under test to the program named.
    if have_tool gcc; then
        mkdir -p "$scratch/d-tree/scripts" "$scratch/d-bin"
        cp -r "$top/scripts/results" "$scratch/d-tree/scripts/" && ln -s "$top/data" "$scratch/d-tree/data"
        cat >"$scratch/d-bin/make" <<FAKE_MAKE
#!/bin/sh
echo "\$*" >>"$scratch/d-make.log"
for last; do :; done
mkdir -p "\$(dirname "\$last")" && cp "$program" "\$last"
FAKE_MAKE
        chmod +x "$scratch/d-bin/make"
        printf 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1\n' >"$scratch/d-side.fen"
        head -c 200 "$program" >"$scratch/d-binary.fen"
        : >"$scratch/d-empty.fen"
        for case in "side|bad side to move 'x'|1" "binary|binary data|1" "empty|an empty file|0"; do
            file=$scratch/d-${case%%|*}.fen builds_wanted=${case##*|} text=${case#*|}
            text=${text%|*}
            rm -f "$scratch/d-make.log" && touch "$scratch/d-make.log"
            rm -rf "$scratch/d-tree/attackbench" "$scratch/d-tree/build"
            env PATH="$scratch/d-bin:$PATH" RESULTS="$scratch/d-out" POSITIONS="$file" COMPILERS="gcc clang" \
                QUICK_METHODS="$lookup" bash "$scratch/d-tree/scripts/results/results-quick.sh" \
                >"$scratch/d.out" 2>"$scratch/d.err"
            status=$?
            count_lines "$scratch/d-make.log"
            [ "$status" -eq 2 ] && [ "$count_lines_found" -eq "$builds_wanted" ] &&
                [ "$(grep -vc '^results-quick: building with gcc$' "$scratch/d.err")" -eq 1 ] &&
                tail -1 "$scratch/d.err" | grep -qF "results-quick: POSITIONS=$file: " &&
                tail -1 "$scratch/d.err" | grep -qF "$text" && [ ! -e "$scratch/d-out" ] &&
                pass "results-quick: a POSITIONS of ${case%%|*} content is refused in one line after $builds_wanted build(s)" ||
                fail "results-quick: a POSITIONS of ${case%%|*} content is refused in one line after $builds_wanted build(s) (exit $status; builds: $(cat "$scratch/d-make.log"); $(tail -c 300 "$scratch/d.err"))"
        done
    else
        skip "results-quick: a POSITIONS of bad content is refused before the second build: gcc is not installed"
    fi

    # The merge: this folder and a copy with another identity.
    other="$scratch/other/$other_name"
    mkdir -p "$other"
    for file in "$folder"/*; do
        [ -f "$file" ] || continue
        base=$(basename "$file")
        sed -e "s/$name/$other_name/g" "$file" >"$other/${base//$name/$other_name}"
    done
    run_python - "$other" <<'EOF'
import csv, glob, json, os, sys
folder = sys.argv[1]
for path in glob.glob(os.path.join(folder, "*.csv")):
    rows = list(csv.DictReader(open(path)))
    header = list(rows[0].keys())
    for row in rows:
        row.update(cpu="Test CPU B", cpu_vendor="AuthenticAMD", cpu_family="99", cpu_model="7")
    with open(path, "w", newline="") as handle:
        writer = csv.DictWriter(handle, header, lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
path = glob.glob(os.path.join(folder, "*-manifest.json"))[0]
manifest = json.load(open(path))
manifest.update(machine="Test CPU B (AMD family 99 model 7)", slug="test-cpu-b-family99-model7", date="2026-01-02")
json.dump(manifest, open(path, "w"))
EOF
    merged="$scratch/results"
    mkdir -p "$merged"
    printf '# Results\n\n<!-- results:begin -->\n<!-- results:end -->\n' >"$merged/README.md"
    if run_to "$scratch/merge.out" "$scratch/merge.err" "$top/scripts/results/results-merge" --into "$merged" --web "$scratch/web.js" "$folder" "$other"; then
        [ "$(grep -c '^results-merge: added: ' "$scratch/merge.out")" -eq 2 ] &&
            grep -qF "added: $merged/$name ($real_machine, " "$scratch/merge.out" &&
            grep -qF "1 compiler(s), 2 backends)" "$scratch/merge.out" &&
            grep -qF "added: $merged/$other_name (Test CPU B" "$scratch/merge.out" &&
            pass "results-merge: says what it added, one folder per CPU and date" ||
            fail "results-merge: says what it added ($(head -c 400 "$scratch/merge.out"))"
        grep -qF "| \`$name/\` | $real_machine | " "$merged/README.md" &&
            grep -qF "| \`$other_name/\` | Test CPU B (AMD family 99 model 7) | " "$merged/README.md" &&
            [ "$(grep -c '| 2 | `make results-quick` |$' "$merged/README.md")" -eq 2 ] &&
            grep -qF "| \`$lookup\` |" "$merged/README.md" &&
            pass "results-merge: the README's machine table has both machines, and their figures" ||
            fail "results-merge: the README's machine table has both machines ($(grep '^|' "$merged/README.md" | head -5))"
        run_python - "$scratch/web.js" "$name" "$other_name" >"$scratch/web.check" 2>&1 <<'EOF' &&
import json, sys
text = open(sys.argv[1]).read()  # "self.committedResults = JSON;", the page's script
machines = json.loads(text[text.index("=") + 1:].strip().rstrip(";"))["machines"]
assert sorted(m["folder"] for m in machines) == sorted(sys.argv[2:]), machines
assert "Test CPU B" in {m["cpu"] for m in machines} and len({m["cpu"] for m in machines}) == 2, machines
assert all(m["backends"] == 2 and m["date"] and m["compiler"] for m in machines), machines
EOF
            pass "results-merge: the page's committed results list both folders with CPU, compiler, date and backends" ||
            fail "results-merge: the page's committed results list both folders ($(head -c 300 "$scratch/web.check"))"
    else
        fail "results-merge: merges two folders ($(head -c 300 "$scratch/merge.err"))"
    fi

    # Refusals: one line naming the folder or file, exit 2, nothing copied.
    refused() { # NAME FOLDER EXPECTED-TEXT
        local into="$scratch/refused-$2"
        mkdir -p "$into"
        printf '<!-- results:begin -->\n<!-- results:end -->\n' >"$into/README.md"
        run_to "$scratch/refused.out" "$scratch/refused.err" "$top/scripts/results/results-merge" --into "$into" --web "$scratch/refused.json" "$scratch/$2"
        local status=$?
        count_lines "$scratch/refused.err"
        [ "$status" -eq 2 ] && [ "$count_lines_found" -eq 1 ] &&
            grep -qF "$3" "$scratch/refused.err" && [ "$(find "$into" -mindepth 1 -type d | wc -l)" -eq 0 ] &&
            pass "results-merge: refuses $1 in one line" ||
            fail "results-merge: refuses $1 in one line (exit $status: $(head -c 300 "$scratch/refused.err"))"
    }
    cp -r "$other" "$scratch/no-manifest" && rm "$scratch/no-manifest/"*-manifest.json
    refused "a folder without a manifest" no-manifest "0 manifests"
    cp -r "$other" "$scratch/no-identity" &&
        sed -i 's/"machine": "[^"]*", //' "$scratch/no-identity/"*-manifest.json
    refused "a manifest without the machine" no-identity 'no "machine"'
    cp -r "$other" "$scratch/bad-columns" &&
        sed -i '1s/ns_per_query_median/median_typo/' "$scratch/bad-columns/$other_name-$compiler.csv"
    refused "a CSV without the columns the scripts read" bad-columns "missing column"
    # A header alone: merged, the compiler's column vanished from the tables.
    cp -r "$other" "$scratch/header-only" &&
        sed -i '2,$d' "$scratch/header-only/$other_name-$compiler.csv"
    refused "a CSV of a header alone" header-only "$other_name-$compiler.csv: named by $scratch/header-only/"
    grep -qF "no data rows" "$scratch/refused.err" && pass "results-merge: a header-only CSV is named as having no data rows" ||
        fail "results-merge: a header-only CSV is named as having no data rows ($(head -c 300 "$scratch/refused.err"))"
    # samples_ns that attackbench compare refuses: merged without a word.
    cp -r "$other" "$scratch/samples-word" &&
        run_python - "$scratch/samples-word/$other_name-$compiler.csv" <<'EOF'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], newline="")))
rows[0]["samples_ns"] = "x y"
with open(sys.argv[1], "w", newline="") as handle:
    writer = csv.DictWriter(handle, list(rows[0]), lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
EOF
    refused "a samples_ns that compare refuses" samples-word \
        "$other_name-$compiler.csv: line 2: column samples_ns: expected decimal numbers from 1e-6 to 1e12 separated by spaces"
    cp -r "$other" "$scratch/mismatch" &&
        sed -i 's/"machine": "[^"]*"/"machine": "Another CPU (AMD family 99 model 8)"/' "$scratch/mismatch/"*-manifest.json
    refused "CSVs of another CPU than the manifest names" mismatch "measured on 'Test CPU B"
    # A CSV named for one compiler holding another's build: merged under
    # the wrong compiler's name (the check said "2 compiler(s)" of one).
    cp -r "$other" "$scratch/misnamed" &&
        mv "$scratch/misnamed/$other_name-$compiler.csv" "$scratch/misnamed/$other_name-$other_compiler.csv" &&
        sed -i "s/$other_name-$compiler.csv/$other_name-$other_compiler.csv/" "$scratch/misnamed/"*-manifest.json
    refused "a CSV named for a compiler that did not build it" misnamed \
        "$other_name-$other_compiler.csv: named for $other_compiler, but its rows were built by $compiler"

    # A target folder another CPU wrote is not replaced; its own is.
    target="$merged/$other_name"
    sed -i 's/"machine": "[^"]*"/"machine": "Someone Else (AMD family 1 model 1)"/' "$target/"*-manifest.json
    run_to /dev/null "$scratch/taken.err" "$top/scripts/results/results-merge" --into "$merged" --web "$scratch/web.js" "$other"
    status=$?
    [ "$status" -eq 2 ] && grep -q "holds a run of 'Someone Else (AMD family 1 model 1)'.*not replaced" "$scratch/taken.err" &&
        grep -q "Someone Else" "$target/"*-manifest.json &&
        pass "results-merge: never replaces a folder another CPU wrote" ||
        fail "results-merge: never replaces a folder another CPU wrote (exit $status: $(head -c 300 "$scratch/taken.err"))"
    sed -i 's/"machine": "[^"]*"/"machine": "Test CPU B (AMD family 99 model 7)"/' "$target/"*-manifest.json
    run_to "$scratch/again.out" "$scratch/again.out" "$top/scripts/results/results-merge" --into "$merged" --web "$scratch/web.js" "$other" &&
        grep -qF "results-merge: replaced: $target " "$scratch/again.out" &&
        pass "results-merge: a second merge of one CPU and date replaces its own folder" ||
        fail "results-merge: a second merge of one CPU and date replaces its own folder ($(head -c 300 "$scratch/again.out"))"

    # A merge is whole or nothing: a README it cannot rewrite leaves the
    # folders, the README and the page as they were.
    md5sum <"$scratch/web.js" >"$scratch/web.before"
    cp "$merged/README.md" "$scratch/readme.kept"
    printf '# Results without markers\n' >"$merged/README.md"
    find "$merged" -type f -exec md5sum {} + | sort >"$scratch/before.sums"
    sed -i 's/"date": "[^"]*"/"date": "2026-01-03"/' "$other/"*-manifest.json
    run_to "$scratch/half.out" "$scratch/half.err" "$top/scripts/results/results-merge" --into "$merged" --web "$scratch/web.js" "$folder" "$other"
    status=$?
    find "$merged" -type f -exec md5sum {} + | sort >"$scratch/after.sums"
    count_lines "$scratch/half.err"
    [ "$status" -eq 2 ] && [ "$count_lines_found" -eq 1 ] && [ ! -s "$scratch/half.out" ] &&
        cmp -s "$scratch/before.sums" "$scratch/after.sums" && md5sum <"$scratch/web.js" | cmp -s - "$scratch/web.before" &&
        [ "$(find "$merged" -mindepth 1 -maxdepth 1 -name '.*' | wc -l)" -eq 0 ] &&
        pass "results-merge: a README without markers: one line, exit 2, the folders, README and page as they were" ||
        fail "results-merge: a README without markers leaves everything as it was (exit $status: $(head -c 300 "$scratch/half.err"); $(diff "$scratch/before.sums" "$scratch/after.sums" | head -5))"
    sed -i 's/"date": "[^"]*"/"date": "2026-01-02"/' "$other/"*-manifest.json
    cp "$scratch/readme.kept" "$merged/README.md"
    cp -r "$other" "$scratch/twin"
    run_to /dev/null "$scratch/twin.err" "$top/scripts/results/results-merge" --into "$merged" --web "$scratch/web.js" "$other" "$scratch/twin"
    status=$?
    [ "$status" -eq 2 ] && grep -q "a second folder of 'Test CPU B (AMD family 99 model 7)' on 2026-01-02" "$scratch/twin.err" &&
        pass "results-merge: two folders of one CPU and date in one merge are refused" ||
        fail "results-merge: two folders of one CPU and date in one merge are refused (exit $status: $(head -c 300 "$scratch/twin.err"))"

    # A merge that fails into an --into it made (no README there) leaves
    # neither that folder nor the page's.
    run_to "$scratch/absent.out" "$scratch/absent.err" "$top/scripts/results/results-merge" \
        --into "$scratch/absent-into" --web "$scratch/absent-web/results.js" "$other"
    status=$?
    [ "$status" -eq 2 ] && [ ! -e "$scratch/absent-into" ] && [ ! -e "$scratch/absent-web" ] &&
        pass "results-merge: a failed merge leaves no folder it made" ||
        fail "results-merge: a failed merge leaves no folder it made (exit $status: $(ls "$scratch" | grep absent); $(head -c 300 "$scratch/absent.err"))"

    # --web or --readme naming a file of a folder being merged is refused
    # before anything is written: the page's script replaced the CSV.
    source_csv="$other/$other_name-$compiler.csv"
    source_manifest=$(echo "$other/"*-manifest.json)
    (cd "$other" && md5sum -- * | sort) >"$scratch/source.before"
    for option in --web --readme; do
        for target in "$source_csv" "$source_manifest"; do
            run_to "$scratch/inside.out" "$scratch/inside.err" "$top/scripts/results/results-merge" --into "$merged" \
                --web "$scratch/web.js" "$option" "$target" "$other"
            status=$?
            count_lines "$scratch/inside.err"
            [ "$status" -eq 2 ] && [ "$count_lines_found" -eq 1 ] &&
                grep -qF -e "$option $target: a file of the machine folder " "$scratch/inside.err" &&
                pass "results-merge: $option naming ${target##*/} in a folder it merges is refused" ||
                fail "results-merge: $option naming ${target##*/} in a folder it merges is refused (exit $status: $(head -c 300 "$scratch/inside.err"))"
        done
    done
    (cd "$other" && md5sum -- * | sort) | cmp -s - "$scratch/source.before" &&
        pass "results-merge: the folders it merges are left as they were" ||
        fail "results-merge: a folder it merges was changed"

    # A manifest naming a CSV outside its folder (an absolute path, ../) is
    # refused, by --check too: the merge copies the folder alone.
    for name in absolute parent; do
        cp -r "$other" "$scratch/outside-$name"
        run_python - "$scratch/outside-$name" "$name" <<'EOF'
import glob, json, os, sys
path = glob.glob(os.path.join(sys.argv[1], "*-manifest.json"))[0]
manifest = json.load(open(path))
first = manifest["bench"][0]
manifest["bench"][0] = (os.path.abspath(os.path.join(sys.argv[1], first)) if sys.argv[2] == "absolute"
                        else os.path.join("..", os.path.basename(sys.argv[1]), first))
json.dump(manifest, open(path, "w"))
EOF
        refused "a manifest naming a CSV outside its folder ($name path)" "outside-$name" "not a file name in $scratch/outside-$name"
        run_to /dev/null "$scratch/outside.err" "$top/scripts/results/results-merge" --check "$scratch/outside-$name"
        status=$?
        [ "$status" -eq 2 ] && grep -qF "not a file name in $scratch/outside-$name" "$scratch/outside.err" &&
            pass "results-merge --check: refuses a manifest naming a CSV outside its folder ($name path)" ||
            fail "results-merge --check: refuses a manifest naming a CSV outside its folder ($name path) (exit $status: $(head -c 300 "$scratch/outside.err"))"
    done

    # --web (or --readme) that is a FIFO, not a regular file: refused at
    # once (opening it to save it waited for a writer forever; the timeout
    # only ends such a wait).
    mkfifo "$scratch/web.fifo"
    timeout 60 "$top/scripts/results/results-merge" --into "$merged" --web "$scratch/web.fifo" "$other" \
        >/dev/null 2>"$scratch/fifo.err"
    status=$?
    count_lines "$scratch/fifo.err"
    [ "$status" -eq 2 ] && [ "$count_lines_found" -eq 1 ] && grep -qF "web.fifo: not a regular file" "$scratch/fifo.err" &&
        pass "results-merge: a --web FIFO is refused in one line, no wait" ||
        fail "results-merge: a --web FIFO is refused in one line (exit $status: $(head -c 300 "$scratch/fifo.err"))"

    # INTO through a symbolic link, the folder given by its real path: the
    # folder is already in place (it was set aside, then not found).
    ln -s "$merged" "$scratch/merged-link"
    run_to "$scratch/link.out" "$scratch/link.err" "$top/scripts/results/results-merge" --into "$scratch/merged-link" --web "$scratch/web.js" "$merged/$other_name"
    status=$?
    [ "$status" -eq 0 ] && grep -qF "already in place: $scratch/merged-link/$other_name" "$scratch/link.out" &&
        [ -n "$(find "$merged/$other_name" -name '*-manifest.json')" ] &&
        pass "results-merge: INTO through a symbolic link: a folder given by its real path is in place" ||
        fail "results-merge: INTO through a symbolic link (exit $status: $(head -c 300 "$scratch/link.err"))"
fi

#!/usr/bin/env bash
# The CI recipe's quick parts, without valgrind or a build: make install
# and uninstall through their manifest (scripts/platforms/install.sh, the program
# under test standing in for both installed binaries), the installed docs'
# links, the installed compare-builds.sh finding the installed header and
# program on a first pull request, its refusals, and the workflow.  The
# slow parts (a real make install, counts under valgrind) are in
# tests/check/ci_recipe.sh.
source "$(dirname "$0")/../lib/tap.bash"

recipe_top=$(cd "$here/.." && pwd)
recipe_stage="$scratch/recipe stage"
recipe_prefix="/opt/my app"
recipe_root="$recipe_stage$recipe_prefix"
recipe_program=$(cd "$(dirname "$program")" && pwd)/$(basename "$program")
mkdir -p "$scratch/recipe-cwd" "$scratch/recipe stage/opt/my"
echo "not attackbench's" >"$scratch/recipe stage/opt/my/keep"

# run_install ACTION PREFIX [DESTDIR]: scripts/platforms/install.sh as make runs it,
# from an unrelated current folder.
run_install() {
    (cd "$scratch/recipe-cwd" && INSTALL_PREFIX=$2 INSTALL_DESTDIR=${3-$recipe_stage} INSTALL_PROGRAM=$recipe_program \
        INSTALL_VALGRIND_PROGRAM=$recipe_program sh "$recipe_top/scripts/platforms/install.sh" "$1")
}

run_install install "$recipe_prefix" >"$scratch/out" 2>"$scratch/err"
status=$?
manifest="$recipe_root/share/attackbench/install-manifest"
missing=
for file in bin/attackbench bin/attackbench-valgrind include/attackbench_plugin.h include/attackbench_plugin_loops.h \
    share/doc/attackbench/usage.txt \
    share/doc/attackbench/README.md share/doc/attackbench/docs/plugins.md \
    share/doc/attackbench/examples/plugin/my_engine.c share/attackbench/install-manifest; do
    [ -f "$recipe_root/$file" ] || missing="$missing $file"
done
[ -x "$recipe_root/share/doc/attackbench/examples/plugin/compare-builds.sh" ] || missing="$missing compare-builds.sh(x)"
listed=$(grep -c '^file ' "$manifest" 2>/dev/null)
written=$(find "$recipe_root" -type f ! -name install-manifest | wc -l)
[ $status -eq 0 ] && [ -z "$missing" ] && [ "$listed" = "$written" ] && [ -z "$(ls -A "$scratch/recipe-cwd")" ] &&
    [ "$(cat "$scratch/recipe stage/opt/my/keep")" = "not attackbench's" ] &&
    pass "install: a PREFIX with a space is one folder; every file it wrote is in the manifest" ||
    fail "install: a PREFIX with a space is one folder; every file in the manifest (exit $status;$missing; $listed listed, $written written; $(head -c 300 "$scratch/err"))"

# The closing hint names the DESTDIR and the PREFIX, quoted as a shell
# needs them.
grep -qF "make uninstall DESTDIR='$recipe_stage' PREFIX='/opt/my app' removes" "$scratch/out" &&
    pass "install: the closing hint names the DESTDIR and quotes a PREFIX with a space" ||
    fail "install: the closing hint names the DESTDIR and quotes a PREFIX with a space ($(head -c 300 "$scratch/out"))"
# The hint's command, run as printed from the source tree, removes the
# install, a quote in the DESTDIR and a space in the PREFIX included.
hint_stage="$scratch/it's staged"
run_install install "$recipe_prefix" "$hint_stage" >"$scratch/hint.out" 2>"$scratch/err"
hint=$(sed -n 's/^installed under .*; \(make uninstall .*\) removes what is listed in .*/\1/p' "$scratch/hint.out")
(cd "$recipe_top" && eval "$hint") >"$scratch/out" 2>>"$scratch/err"
status=$?
# The folders install made for the root (the DESTDIR, opt, "my app")
# go too: they were not there before.
[ -n "$hint" ] && [ $status -eq 0 ] && [ ! -e "$hint_stage" ] &&
    pass "install: the closing hint's command, run as printed, removes that install and the folders it made for it" ||
    fail "install: the closing hint's command, run as printed ($hint: exit $status; $(head -c 300 "$scratch/err"))"

# An install that fails part-way (a file where a folder goes) removes
# what it wrote, leaves no temporary file, and a later uninstall has
# nothing to do; one that fails over an earlier install keeps that
# install's files and manifest.
failing_stage="$scratch/failing stage"
mkdir -p "$failing_stage/opt/app/share" "$scratch/install-tmp"
echo "in the way" >"$failing_stage/opt/app/share/doc"
TMPDIR="$scratch/install-tmp" run_install install /opt/app "$failing_stage" >"$scratch/out" 2>"$scratch/err"
status=$?
left=$(cd "$failing_stage" && find . | sort | tr '\n' ' ')
[ $status -eq 2 ] && [ "$(wc -l <"$scratch/err")" -eq 1 ] && grep -q "cannot create .*share/doc" "$scratch/err" &&
    [ "$left" = ". ./opt ./opt/app ./opt/app/share ./opt/app/share/doc " ] && [ -z "$(ls -A "$scratch/install-tmp")" ] &&
    pass "a failed install removes what it wrote, in one line, no temporary file left" ||
    fail "a failed install removes what it wrote (exit $status; left: $left; tmp: $(ls "$scratch/install-tmp"); $(head -c 300 "$scratch/err"))"
rm "$failing_stage/opt/app/share/doc"
run_install install /opt/app "$failing_stage" >/dev/null 2>&1
cp "$failing_stage/opt/app/share/attackbench/install-manifest" "$scratch/manifest.before"
rm -r "$failing_stage/opt/app/share/doc/attackbench/examples"
echo "in the way" >"$failing_stage/opt/app/share/doc/attackbench/examples"
run_install install /opt/app "$failing_stage" >/dev/null 2>"$scratch/err"
status=$?
[ $status -eq 2 ] && cmp -s "$scratch/manifest.before" "$failing_stage/opt/app/share/attackbench/install-manifest" &&
    [ -f "$failing_stage/opt/app/bin/attackbench" ] && [ -f "$failing_stage/opt/app/share/doc/attackbench/README.md" ] &&
    pass "a failed install over an earlier one keeps that install's files and manifest" ||
    fail "a failed install over an earlier one keeps that install (exit $status; $(head -c 300 "$scratch/err"))"

# The installed program finds the installed data files from a folder
# without data/: perft's default file, and the benchmark's hint names a
# file that is there and runs.
installed_data="$recipe_root/share/attackbench"
cmp -s "$installed_data/perft.epd" "$recipe_top/data/perft.epd" &&
    cmp -s "$installed_data/positions.fen" "$recipe_top/data/positions.fen" &&
    pass "install: data/perft.epd and data/positions.fen in share/attackbench" ||
    fail "install: data/perft.epd and data/positions.fen in share/attackbench ($(ls "$installed_data" 2>&1 | tr '\n' ' '))"
# An emulated program is a wrapper that runs the build's binary where it
# lies: the installed copy is that wrapper, and the binary it runs finds
# no share/attackbench above it.
if [ -z "$emulated" ]; then
    (cd "$scratch/recipe-cwd" && "$recipe_root/bin/attackbench" perft -m reference --depth=1 --reps=1) \
        >"$scratch/out" 2>"$scratch/err"
    status=$?
    [ $status -eq 0 ] && [ "$(grep -c ',1,[0-9]*,[0-9]*,ok$' "$scratch/out")" -eq 7 ] &&
        pass "installed: perft without a file, outside a source tree, counts the installed perft.epd" ||
        fail "installed: perft without a file counts the installed perft.epd (exit $status; $(head -c 300 "$scratch/err"))"
    expect_one_line "installed: a benchmark given no file names the installed positions.fen" \
        "no FEN/EPD files given (try $installed_data/positions.fen, or --workload=random)" \
        env -C "$scratch/recipe-cwd" "$recipe_root/bin/attackbench" -m reference
    expect_one_line "installed: ab given no file for a side's workload names the installed positions.fen" \
        "no FEN/EPD files given for a side's workload (try $installed_data/positions.fen, or --workload=random)" \
        env -C "$scratch/recipe-cwd" "$recipe_root/bin/attackbench" ab --max-time=20 -m reference,kogge-stone -w sides
else
    for what in "perft without a file counts the installed perft.epd" \
        "a benchmark given no file names the installed positions.fen" \
        "ab given no file for a side's workload names the installed positions.fen"; do
        skip "installed: $what: the installed $emulated program is a wrapper that runs the build's binary in place"
    done
fi
(cd "$scratch/recipe-cwd" && "$recipe_root/bin/attackbench" -m reference -w pieces -p queen -r 1 -c 2000 \
    --max-queries=512 -q -f csv "$installed_data/positions.fen") >"$scratch/out" 2>"$scratch/err" &&
    [ "$(csv_column positions <"$scratch/out" | sort -u)" = "$(grep -cv "^#" "$recipe_top/data/positions.fen")" ] &&
    pass "installed: the file the hint names is read" ||
    fail "installed: the file the hint names is read ($(head -c 300 "$scratch/err"))"
# Not installed, outside the source tree, as before: the relative paths.
if [ ! -e "$(dirname "$(dirname "$recipe_program")")/share/attackbench" ]; then
    expect_error "not installed: perft without a file, outside the source tree, names data/perft.epd" \
        "data/perft.epd: cannot open" env -C "$scratch/recipe-cwd" "$recipe_program" perft -m reference --depth=1
    expect_one_line "not installed: a benchmark given no file still suggests data/positions.fen" \
        "no FEN/EPD files given (try data/positions.fen, or --workload=random)" \
        env -C "$scratch/recipe-cwd" "$recipe_program" -m reference
else
    skip "not installed, outside the source tree: the folder above the program's holds share/attackbench"
fi

python3 "$here/doc_links.py" "$recipe_root/share/doc/attackbench" >"$scratch/out" 2>&1 &&
    pass "install: the installed docs' links all resolve" ||
    fail "install: the installed docs' links all resolve ($(head -c 300 "$scratch/out"))"

# The installed recipe on a first pull request: no ATTACKBENCH or
# ATTACKBENCH_INCLUDE, so it must find the installed program and header.
# The head built at -Og: what is tested is the finding (-O2, the
# default, took 0.5 s of CPU to compile; the cases below build with it).
if [ "$plugin_build" = 1 ]; then
    (cd "$scratch/recipe-cwd" && env -u ATTACKBENCH -u ATTACKBENCH_INCLUDE HEAD_CFLAGS="-Og -DNDEBUG" \
        "$recipe_root/share/doc/attackbench/examples/plugin/compare-builds.sh" my-engine base/src/not-there-yet.c \
        "$recipe_top/examples/plugin/my_engine.c") >"$scratch/out" 2>"$scratch/err"
    status=$?
    [ $status -eq 0 ] && grep -q "nothing to compare" "$scratch/out" && ! grep -q '^| my-engine' "$scratch/out" &&
        pass "the installed compare-builds.sh, first pull request: finds the installed header and program, compares nothing, exit 0" ||
        fail "the installed compare-builds.sh, first pull request (exit $status; $(head -c 300 "$scratch/err"))"
else
    skip "the installed compare-builds.sh on a first pull request: this attackbench cannot load plugins"
fi

# The workflow runs the installed script at the path install writes, and
# holds no placeholder.
workflow="$recipe_top/examples/plugin/attack-regression.yml"
workflow_script=$(grep -o '"$RUNNER_TEMP/attackbench/[^"]*compare-builds.sh"' "$workflow" | sed 's|"$RUNNER_TEMP/attackbench/||; s|"$||')
[ -n "$workflow_script" ] && [ -x "$recipe_root/$workflow_script" ] && ! grep -q 'attackbench/attackbench' "$workflow" &&
    grep -q 'PREFIX="$RUNNER_TEMP/attackbench"' "$workflow" &&
    pass "the workflow installs attackbench and runs the installed compare-builds.sh; no placeholder repository" ||
    fail "the workflow installs attackbench and runs the installed compare-builds.sh ('$workflow_script')"

# A second install over the first keeps one manifest naming everything.
cp "$manifest" "$scratch/manifest.first"
run_install install "$recipe_prefix" >"$scratch/out" 2>"$scratch/err"
status=$?
[ $status -eq 0 ] && cmp -s "$manifest" "$scratch/manifest.first" &&
    pass "install again over an install: the same manifest, no line twice" ||
    fail "install again over an install: the same manifest (exit $status; $(diff "$scratch/manifest.first" "$manifest" | head -c 200))"

# Uninstall: exactly what install wrote; a file of the user's stays, with
# its folder, named.
echo "mine" >"$recipe_root/share/doc/attackbench/my-notes.txt"
make -s -C "$recipe_top" uninstall DESTDIR="$recipe_stage" PREFIX="$recipe_prefix" >"$scratch/out" 2>"$scratch/err"
status=$?
left=$(cd "$recipe_stage" && find . -type f | sort | tr '\n' ' ')
[ $status -eq 0 ] && [ "$left" = "./opt/my app/share/doc/attackbench/my-notes.txt ./opt/my/keep " ] &&
    grep -q "kept .*share/doc/attackbench: it holds files make install did not write" "$scratch/out" &&
    [ ! -e "$recipe_root/bin" ] && [ ! -e "$recipe_root/share/attackbench" ] &&
    pass "make uninstall with a spaced PREFIX removes exactly what install wrote (its manifest), a user's file stays" ||
    fail "make uninstall removes exactly what install wrote (exit $status; left: $left; $(head -c 300 "$scratch/err"))"

# Refusals: one line, exit 2, nothing removed.
run_install install "$recipe_prefix" >/dev/null 2>&1
expect_error "make uninstall refuses an empty PREFIX" "PREFIX is empty" make -s -C "$recipe_top" uninstall PREFIX=
expect_error "make uninstall refuses a relative PREFIX" "PREFIX=opt/my app is relative" \
    make -s -C "$recipe_top" uninstall DESTDIR="$recipe_stage" PREFIX="opt/my app"
expect_error "install refuses a relative PREFIX" "is relative" run_install install "my app"
expect_error "uninstall refuses a relative DESTDIR" "DESTDIR=stage is relative" run_install uninstall "$recipe_prefix" stage
cp "$manifest" "$scratch/manifest.kept"
echo "file ../../../keep" >>"$manifest"
expect_error "uninstall refuses a manifest naming a path outside the prefix" "is not a plain relative path; nothing removed" \
    run_install uninstall "$recipe_prefix"
[ -f "$recipe_root/bin/attackbench" ] && pass "a refused manifest removes nothing" || fail "a refused manifest removes nothing"
cp "$scratch/manifest.kept" "$manifest"
# A folder of the prefix replaced by a symbolic link: its files are not the
# ones install wrote there (uninstall removed a file outside the prefix).
mv "$recipe_root/include" "$scratch/linked-include"
ln -s "$scratch/linked-include" "$recipe_root/include"
expect_error "uninstall refuses a folder of the prefix that is a symbolic link" \
    "include is a symbolic link: include/attackbench_plugin.h would be removed outside" run_install uninstall "$recipe_prefix"
[ -f "$scratch/linked-include/attackbench_plugin.h" ] && [ -f "$recipe_root/bin/attackbench" ] &&
    pass "a linked folder removes nothing, through the link or beside it" ||
    fail "a linked folder removes nothing, through the link or beside it"
rm "$recipe_root/include"
mv "$scratch/linked-include" "$recipe_root/include"
expect_error "uninstall where nothing was installed says so" "nothing installed there" \
    run_install uninstall /opt/never-installed
run_install uninstall "$recipe_prefix" >/dev/null 2>&1
[ ! -e "$recipe_root/bin" ] && pass "uninstall after the refusals removes the install" ||
    fail "uninstall after the refusals removes the install"

# A folder of the prefix that is a symbolic link when make install runs
# (/usr/local/share -> elsewhere): install writes through it and records
# it, uninstall removes exactly those files through it (the link and a
# file of the user's beside them stay), and a second install and
# uninstall agree.
linked_prefix="$scratch/linked prefix"
mkdir -p "$linked_prefix" "$scratch/share elsewhere"
echo "mine" >"$scratch/share elsewhere/mine"
ln -s "$scratch/share elsewhere" "$linked_prefix/share"
statuses=
run_install install "$linked_prefix" "" >/dev/null 2>"$scratch/err"
statuses="$statuses $?"
[ -f "$scratch/share elsewhere/doc/attackbench/README.md" ] || statuses="$statuses not-written"
run_install uninstall "$linked_prefix" "" >/dev/null 2>>"$scratch/err"
statuses="$statuses $?"
left=$(cd "$scratch/share elsewhere" && find . | sort | tr '\n' ' ')
[ -L "$linked_prefix/share" ] && [ "$(ls -A "$linked_prefix")" = share ] || statuses="$statuses prefix-changed"
run_install install "$linked_prefix" "" >/dev/null 2>>"$scratch/err"
statuses="$statuses $?"
run_install install "$linked_prefix" "" >/dev/null 2>>"$scratch/err"
statuses="$statuses $?"
run_install uninstall "$linked_prefix" "" >/dev/null 2>>"$scratch/err"
statuses="$statuses $?"
[ "$statuses" = " 0 0 0 0 0" ] && [ "$left" = ". ./mine " ] && [ "$(ls -A "$scratch/share elsewhere")" = mine ] &&
    pass "a linked share/ in the prefix: install writes through it, uninstall removes exactly that, again and again" ||
    fail "a linked share/ in the prefix: install, uninstall, install agree (exits$statuses; left: ${left:0:200}; $(head -c 300 "$scratch/err"))"
# A link install wrote through, pointed elsewhere since: its files there
# are not the ones install wrote, so nothing is removed.
rm "$linked_prefix/share"
mkdir -p "$linked_prefix/share" "$scratch/doc elsewhere" "$scratch/doc moved"
ln -s "$scratch/doc elsewhere" "$linked_prefix/share/doc"
run_install install "$linked_prefix" "" >/dev/null 2>&1
cp -R "$scratch/doc elsewhere/." "$scratch/doc moved"
ln -sfn "$scratch/doc moved" "$linked_prefix/share/doc"
expect_one_line "uninstall refuses, in one line, a link install wrote through that leads elsewhere since" \
    "share/doc is a symbolic link to $scratch/doc moved, not to $scratch/doc elsewhere as when make install wrote through it" \
    run_install uninstall "$linked_prefix" ""
[ -f "$scratch/doc moved/attackbench/README.md" ] && [ -f "$linked_prefix/bin/attackbench" ] &&
    pass "a re-pointed link removes nothing, through it or beside it" ||
    fail "a re-pointed link removes nothing, through it or beside it"
# A backslash in a link's target, or in the PREFIX, is kept as written:
# sh's echo would read '\t' as a tab, record another target in the
# manifest, and uninstall would then refuse the link install wrote through.
escaped_prefix="$scratch/esc\\t prefix"
mkdir -p "$escaped_prefix" "$scratch/share\\tback"
ln -s "$scratch/share\\tback" "$escaped_prefix/share"
run_install install "$escaped_prefix" "" >"$scratch/out" 2>"$scratch/err"
statuses=$?
grep -qF "installed under $escaped_prefix;" "$scratch/out" || statuses="$statuses hint"
run_install uninstall "$escaped_prefix" "" >>"$scratch/out" 2>>"$scratch/err"
statuses="$statuses $?"
[ "$statuses" = "0 0" ] && [ ! -e "$escaped_prefix/bin" ] && [ -z "$(ls -A "$scratch/share\\tback")" ] &&
    pass "a backslash in the PREFIX and in a link's target: install names it as given, uninstall removes it" ||
    fail "a backslash in the PREFIX and in a link's target (exits $statuses; $(head -c 300 "$scratch/err"))"
for refusal in "empty PREFIX:" "relative PREFIX:opt/x"; do
    value=${refusal#*:}
    lines=$(make -s -C "$recipe_top" uninstall PREFIX="$value" 2>&1 >/dev/null | grep -vc '^make')
    [ "$lines" -eq 1 ] && pass "make uninstall, ${refusal%%:*}: one line" || fail "make uninstall, ${refusal%%:*}: one line ($lines)"
done

# make install checks PREFIX before it builds anything (the valgrind build
# alone takes minutes): the build folder named here is never made.
expect_error "make install refuses a relative PREFIX before any build" "PREFIX=rel/dir is relative" \
    timeout 20 make -s -C "$recipe_top" install PREFIX=rel/dir BUILD="$scratch/install-build" PROGRAM="$scratch/install-program"
[ ! -e "$scratch/install-build" ] && pass "make install with a relative PREFIX builds nothing" ||
    fail "make install with a relative PREFIX builds nothing"
# make peer-comparison checks its peer's source and RUNS before its two
# builds (it said "no Chess_Movegen source" minutes later, after them).
expect_error "make peer-comparison refuses a missing peer before any build" "no Chess_Movegen source in $scratch/no peer" \
    timeout 20 make -s -C "$recipe_top" peer-comparison PEER="$scratch/no peer" BUILD="$scratch/peer-build" PROGRAM="$scratch/peer-program"
expect_error "make peer-comparison refuses a bad RUNS before any build" "argument --runs: invalid int value: 'x'" \
    timeout 20 make -s -C "$recipe_top" peer-comparison RUNS=x BUILD="$scratch/peer-build" PROGRAM="$scratch/peer-program"
# RUNS reaches the check quoted: unquoted, ';' ended the check's command,
# the command after it ran and its status 0 let the builds start.
expect_error "make peer-comparison: a RUNS holding shell is text" "invalid int value: '4;touch " \
    timeout 20 make -s -C "$recipe_top" peer-comparison RUNS="4;touch $scratch/injected" \
    BUILD="$scratch/peer-build" PROGRAM="$scratch/peer-program"
[ ! -e "$scratch/injected" ] && pass "make peer-comparison runs nothing of RUNS" ||
    fail "make peer-comparison runs nothing of RUNS"
[ ! -e "$scratch/peer-build" ] && pass "make peer-comparison with a missing peer builds nothing" ||
    fail "make peer-comparison with a missing peer builds nothing"

# make compilers checks PAIRS before its two builds (minutes): it built
# both, then the script refused PAIRS=x; PAIRS='4;cmd' ran cmd.
for pairs_value in x 0 "4;touch $scratch/injected"; do
    expect_error "make compilers refuses PAIRS=${pairs_value%%;*}... before any build" "PAIRS=$pairs_value: give a whole number from 1" \
        timeout 20 make -s -C "$recipe_top" compilers PAIRS="$pairs_value" CLANG_CC=false \
        BUILD="$scratch/compilers-build" PROGRAM="$scratch/compilers-program"
done
[ ! -e "$scratch/compilers-build" ] && [ ! -e "$scratch/injected" ] &&
    pass "make compilers with a bad PAIRS builds and runs nothing" ||
    fail "make compilers with a bad PAIRS builds and runs nothing"

# Make cannot name targets whose paths hold a space: BUILD, PROGRAM and the
# plugin example's OUT are refused in one line.
expect_error "make refuses a BUILD with a space" "BUILD and PROGRAM must be paths without spaces" \
    timeout 20 make -s -C "$recipe_top" BUILD="$scratch/b d" PROGRAM="$scratch/bd-program"
expect_error "make refuses a PROGRAM with a space" "BUILD and PROGRAM must be paths without spaces" \
    timeout 20 make -s -C "$recipe_top" PROGRAM="$scratch/b d/attackbench"
expect_error "the plugin example refuses an OUT with a space" "OUT must be a path without spaces" \
    timeout 20 make -s -C "$recipe_top/examples/plugin" ab OUT="$scratch/o p"
[ "$(grep -vc '^make' "$scratch/err")" -eq 1 ] && pass "the OUT refusal is one line" ||
    fail "the OUT refusal is one line ($(head -c 300 "$scratch/err"))"

# An absolute PROGRAM is run as itself, a relative one from the top.
make -n -s -C "$recipe_top" bench hyperfine positions compilers peer-comparison generate \
    PROGRAM=/abs/attackbench >"$scratch/out" 2>&1
commands=$(make -n -s -C "$recipe_top" bench hyperfine PROGRAM=attackbench 2>&1)
! grep -q '\./*/abs' "$scratch/out" && grep -q '/abs/attackbench --workload' "$scratch/out" &&
    grep -q 'ATTACKBENCH=/abs/attackbench ' "$scratch/out" && [[ "$commands" == *"./attackbench --workload"* ]] &&
    pass "make's recipes run an absolute PROGRAM as itself, a relative one as ./PROGRAM" ||
    fail "make's recipes run an absolute PROGRAM as itself ($(grep -m3 'abs' "$scratch/out"))"

# The recipe's report: which compiler and flags built each side, then the
# comparison, then one verdict as its last line, agreeing with the exit
# status.  A stand-in for the valgrind build times the plugins where the
# recipe counts their instructions (tests/check/ci_recipe.sh counts them):
# what this checks is the report, whatever the times say; the table bytes
# come from the plugins' init, exact, so a table four times larger is
# worse whatever the times.  The base is built with flags of the test's
# own, -Og (the cheapest optimised build); the head of the same table with
# the default (-O2 -DNDEBUG, which the report must name), that of the
# larger one at -Og too (an -O2 build cost 0.5 s of CPU).
if [ "$plugin_build" = 1 ]; then
    stand_in="$scratch/stand-in"
    mkdir -p "$stand_in/bin"
    cat >"$stand_in/attackbench" <<STAND_IN
#!/usr/bin/env bash
arguments=()
for argument in "\$@"; do
    case \$argument in
    --count=instructions) arguments+=(--reps=5 --calls=2000 --queries=1000) ;;
    *) arguments+=("\$argument") ;;
    esac
done
exec "$recipe_program" "\${arguments[@]}"
STAND_IN
    printf '#!/bin/sh\nexit 0\n' >"$stand_in/bin/valgrind"
    chmod +x "$stand_in/attackbench" "$stand_in/bin/valgrind"
    sed 's/return sizeof rays;/return 4 * sizeof rays;/' "$recipe_top/examples/plugin/my_engine.c" >"$scratch/larger.c"
    for case in "same:$recipe_top/examples/plugin/my_engine.c:" "larger:$scratch/larger.c:-Og -DNDEBUG"; do
        head_source=${case#*:} head_flags=${case##*:}
        head_source=${head_source%:*}
        PATH="$stand_in/bin:$PATH" ATTACKBENCH="$stand_in/attackbench" BASE_CFLAGS="-Og -DNDEBUG" HEAD_CFLAGS="$head_flags" \
            "$recipe_top/examples/plugin/compare-builds.sh" my-engine "$recipe_top/examples/plugin/my_engine.c" \
            "$head_source" >"$scratch/out" 2>"$scratch/err"
        status=$?
        last=$(tail -n 1 "$scratch/out")
        verdicts=$(grep -c 'verdict:' "$scratch/out")
        case $status:$last in
        0:"compare-builds.sh: verdict: the head is no worse: "*"(exit 0)") agrees=1 ;;
        3:"compare-builds.sh: verdict: the head is worse: "*"(exit 3)") agrees=1 ;;
        *) agrees=0 ;;
        esac
        [ "${case%%:*}" = larger ] && [[ "$last" != *"**the table grew by more than 10%**"* ]] && agrees=0
        grep -q "^compare-builds.sh: base: .*my_engine.c, built with [^ ]* -Og -DNDEBUG -shared -fPIC -fvisibility=hidden (" \
            "$scratch/out" &&
            grep -q "^compare-builds.sh: head: .*, built with [^ ]* ${head_flags:--O2 -DNDEBUG} -shared -fPIC -fvisibility=hidden (" \
                "$scratch/out" && [ "$agrees" = 1 ] && [ "$verdicts" -eq 1 ] &&
            pass "compare-builds.sh, ${case%%:*} table: each side's compiler and flags, one verdict line last (exit $status)" ||
            fail "compare-builds.sh, ${case%%:*} table: each side's flags, one verdict last (exit $status; last: $last; $(head -c 300 "$scratch/err"))"
    done
else
    skip "compare-builds.sh's report: this attackbench cannot load plugins"
fi

# compare-builds.sh refusals: one line, exit 2.
recipe_script="$recipe_top/examples/plugin/compare-builds.sh"
recipe_example="$recipe_top/examples/plugin/my_engine.c"
expect_error "compare-builds.sh without arguments prints its usage" "usage: compare-builds.sh METHOD" "$recipe_script"
expect_error "compare-builds.sh with a missing head source says so" "$scratch/none.c: no such file (HEAD_SOURCE" \
    "$recipe_script" my-engine "$recipe_example" "$scratch/none.c"
expect_error "compare-builds.sh refuses a TABLE_GROWTH that is not a number" "TABLE_GROWTH=ten" \
    env TABLE_GROWTH=ten "$recipe_script" my-engine "$recipe_example" "$recipe_example"
expect_error "compare-builds.sh without a compiler says so" "no C compiler '/nonexistent/cc'" \
    env CC=/nonexistent/cc "$recipe_script" my-engine "$recipe_example" "$recipe_example"
expect_error "compare-builds.sh names the command when its attackbench is missing" \
    "run \`make install\` or \`make instructions-build\`" \
    env ATTACKBENCH=/nonexistent/attackbench "$recipe_script" my-engine "$recipe_example" "$recipe_example"
lines=$(env ATTACKBENCH=/nonexistent/attackbench "$recipe_script" my-engine "$recipe_example" "$recipe_example" 2>&1 | wc -l)
[ "$lines" -eq 1 ] && pass "compare-builds.sh: a missing attackbench is one line" ||
    fail "compare-builds.sh: a missing attackbench is one line ($lines)"

# compare-builds.sh stopped by SIGTERM (a CI job cancelled) still removes
# its temporary folder: sh (dash) runs no EXIT trap when a signal kills
# it, so the script turns the signal into an exit.  The compiler, a
# stand-in, sends the script SIGTERM as it builds the head, without any
# timing: the script takes the signal when the compiler returns.
mkdir -p "$scratch/cb-tmp"
printf '#!/bin/sh\n[ "$1" = --version ] && { echo "stand-in cc"; exit 0; }\nkill -TERM $PPID\nexit 1\n' >"$scratch/cb-cc"
chmod +x "$scratch/cb-cc"
status=0
TMPDIR="$scratch/cb-tmp" CC="$scratch/cb-cc" ATTACKBENCH=/bin/true "$recipe_script" my-engine "$scratch/none.c" \
    "$recipe_example" >"$scratch/out" 2>"$scratch/err" || status=$?
[ "$status" -eq 143 ] && [ -z "$(ls -A "$scratch/cb-tmp")" ] &&
    pass "compare-builds.sh: SIGTERM removes its temporary folder, exit 143" ||
    fail "compare-builds.sh: SIGTERM removes its temporary folder (exit $status; left: $(ls -A "$scratch/cb-tmp"))"

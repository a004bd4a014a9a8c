#!/usr/bin/env bash
# The slow half of the plugin tests (make check): make install and make
# uninstall into a staging folder, a plugin built against the installed
# header, and the plugin CI workflow's commands on the valgrind build
# (make instructions-build, into build/valgrind).
source "$(dirname "$0")/../lib/tap.bash"
[ "$plugin_build" = 1 ] || skip_all "this attackbench is linked statically and cannot load plugins"
plugin_cc=${CC:-cc}
plugin_dir="$scratch/plugins"
mkdir -p "$plugin_dir"
# make install and make uninstall, into a staging folder.
stage="$scratch/stage"
# -o: the program under test is installed as it is, never rebuilt.
if make -s -C "$top" install DESTDIR="$stage" PREFIX=/opt/ab PROGRAM="$program" -o "$program" \
    >"$scratch/out" 2>&1 && [ -x "$stage/opt/ab/bin/attackbench" ] && [ -f "$stage/opt/ab/include/attackbench_plugin.h" ] &&
    grep -q -- '--plugin' "$stage/opt/ab/share/doc/attackbench/usage.txt" &&
    "$plugin_cc" -std=c99 -O2 -shared -fPIC -I"$stage/opt/ab/include" "$stage/opt/ab/share/doc/attackbench/examples/my_engine.c" \
        -o "$plugin_dir/installed.so" && "$stage/opt/ab/bin/attackbench" --plugin="$plugin_dir/installed.so" --list >/dev/null; then
    pass "make install puts the program, the header, the usage and the examples under DESTDIR/PREFIX, and they build a plugin"
else
    fail "make install puts the program, the header, the usage and the examples under DESTDIR/PREFIX ($(tail -c 300 "$scratch/out"))"
fi
make -s -C "$top" uninstall DESTDIR="$stage" PREFIX=/opt/ab >/dev/null 2>&1
left=$(find "$stage" -type f | wc -l)
[ "$left" -eq 0 ] && pass "make uninstall removes what make install put there" ||
    fail "make uninstall removes what make install put there ($left files left)"

# The CI workflow's commands (examples/plugin/compare-builds.sh): the same
# source twice compares equal; built at -O0 on the head side, it regresses.
if ! have_tool valgrind; then
    skip "the plugin CI workflow's commands: valgrind is not installed (apt-get install valgrind)"
elif make -s -C "$top" instructions-build >"$scratch/out" 2>&1; then
    counted="$top/build/valgrind/attackbench"
    ATTACKBENCH="$counted" "$top/examples/plugin/compare-builds.sh" my-engine "$top/examples/plugin/my_engine.c" \
        "$top/examples/plugin/my_engine.c" >"$scratch/out" 2>&1
    same=$?
    ATTACKBENCH="$counted" HEAD_CFLAGS=-O0 WORK="$scratch/ci" "$top/examples/plugin/compare-builds.sh" my-engine \
        "$top/examples/plugin/my_engine.c" "$top/examples/plugin/my_engine.c" >"$scratch/out2" 2>&1
    slower=$?
    rows=$(csv_column metric <"$scratch/ci/head.csv" | grep -c '^instructions$')
    [ $same -eq 0 ] && [ $slower -eq 3 ] && [ "$rows" -eq 3 ] &&
        pass "the plugin CI workflow's commands: equal builds pass, a slower head fails with exit 3" ||
        fail "the plugin CI workflow's commands (exit $same and $slower, $rows rows; $(tail -c 300 "$scratch/out2"))"
else
    fail "make instructions-build ($(tail -c 300 "$scratch/out"))"
fi


#!/usr/bin/env bash
# Plugins (--plugin=FILE): the examples build, load, verify, time and dump
# like built-ins; a wrong plugin exits 1 naming the square; every refusal
# exits 2 with one line; a crash is named.
source "$(dirname "$0")/../lib/tap.bash"
[ "$plugin_build" = 1 ] || skip_all "this attackbench is linked statically and cannot load plugins"

plugin_cc=${CC:-cc}
plugin_dir="$scratch/plugins"
mkdir -p "$plugin_dir"
top="$here/.."
# build_plugin NAME SOURCE [FLAGS...]: NAME.so in $plugin_dir, 0 when built;
# at -Og unless FLAGS say otherwise: optimised (no warning) in half the
# compile time of -O1 (tap.bash's build_test_plugin).
build_plugin() {
    local name=$1 source=$2
    shift 2
    build_test_plugin "$plugin_dir/$name.so" "$plugin_dir/$name.log" "$source" "$@"
}

if build_plugin my_engine "$top/examples/plugin/my_engine.c" -O2; then
    pass "the C example plugin builds without warnings"
else
    fail "the C example plugin builds without warnings ($(head -c 300 "$plugin_dir/my_engine.log"))"
fi
example="$plugin_dir/my_engine.so"
"$program" --plugin="$example" --list >"$scratch/out" 2>"$scratch/err"
grep -qE "^my-engine +available .*source: plugin $example" "$scratch/out" &&
    pass "--list names the plugin and its file" || fail "--list names the plugin and its file ($(cat "$scratch/err"))"

expect_status "a plugin passes --verify-only" 0 "$program" --plugin="$example" --verify-only --verify-boards=30000 -m my-engine tests/data/boards.fen
"$program" --plugin "$example" -m my-engine,reference,pext -w random,pieces -p all -r 3 -c 20000 --queries=2048 \
    -q -f csv tests/data/boards.fen >"$scratch/plugin.csv" 2>"$scratch/err"
plugin_rows=$(csv_column method <"$scratch/plugin.csv" | grep -c '^my-engine$')
plugin_sums=$(python3 -c '
import csv, sys
rows = [r for r in csv.DictReader(open(sys.argv[1])) if r["method"] in ("my-engine", "reference")]
groups = {}
for r in rows:
    groups.setdefault((r["workload"], r["piece"], r["dispatch"]), set()).add(r["checksum"])
print(sum(len(v) != 1 for v in groups.values()))' "$scratch/plugin.csv")
[ "$plugin_rows" -ge 12 ] && [ "$plugin_sums" = 0 ] && pass "a plugin is timed in every mode with the reference's checksums" ||
    fail "a plugin is timed in every mode with the reference's checksums ($plugin_rows rows, $plugin_sums groups differ; $(head -c 300 "$scratch/err"))"
"$program" --plugin="$example" -m my-engine -w random -p rook --dispatch=batch -r 1 -c 1000 --queries=512 \
    -f csv >/dev/null 2>"$scratch/err"
grep -qxF "attackbench: verified plugin my-engine ($example) when loaded: every subset of every relevant mask, 100000 random boards, its batched loops in every shape, 2000 random sides" \
    "$scratch/err" && pass "a benchmark run says its plugin was verified when loaded" ||
    fail "a benchmark run says its plugin was verified when loaded ($(head -c 300 "$scratch/err"))"
expect_error "a plugin's method without --plugin hints at --plugin" \
    "unknown method 'ethereal' (a plugin's method needs --plugin=FILE; --list names the others)" "$program" -m ethereal -w random
all_methods=$("$program" --plugin="$example" -m all -w random -p rook --dispatch=batch -r 1 -c 1000 --queries=64 -q \
    -f csv 2>/dev/null | csv_column method | grep -c '^my-engine$')
[ "$all_methods" -eq 1 ] && pass "-m all includes the plugins" || fail "-m all includes the plugins"

for workload in pieces sets sides; do
    "$program" --plugin="$example" --dump -m my-engine --workload=$workload tests/data/boards.fen >"$scratch/p.dump" 2>&1
    "$program" --dump -m reference --workload=$workload tests/data/boards.fen >"$scratch/r.dump" 2>&1
    cmp -s "$scratch/p.dump" "$scratch/r.dump" && [ -s "$scratch/p.dump" ] &&
        pass "--dump --workload=$workload of a plugin equals the reference's" ||
        fail "--dump --workload=$workload of a plugin equals the reference's"
done
"$program" perft --plugin="$example" -m my-engine,reference --depth=2 -r 1 "$top/data/perft.epd" >"$scratch/out" 2>"$scratch/err"
perft_status=$?
[ $perft_status -eq 0 ] && grep -q my-engine "$scratch/err" && ! grep -qv ",ok$\|^position," "$scratch/out" && pass "perft runs a plugin" ||
    fail "perft runs a plugin (exit $perft_status; $(head -c 300 "$scratch/err"))"

# A path without a slash is the current directory's, never the library path's.
program_path=$(cd "$(dirname "$program")" && pwd)/$(basename "$program")
(cd "$plugin_dir" && "$program_path" --plugin=my_engine.so --list -m my-engine >/dev/null 2>&1) &&
    pass "a plugin path without a slash is taken from the current directory" ||
    fail "a plugin path without a slash is taken from the current directory"
expect_error "a plugin path is not searched in LD_LIBRARY_PATH" "--plugin=my_engine.so: no such file" \
    env LD_LIBRARY_PATH="$plugin_dir" "$program" --plugin=my_engine.so --list

if build_plugin wrong "$top/tests/plugins/wrong.c"; then
    "$program" --plugin="$plugin_dir/wrong.so" -m wrong-rook -w random tests/data/boards.fen >"$scratch/out" 2>"$scratch/err"
    status=$?
    [ $status -eq 1 ] && grep -q "wrong-rook rook on d4 is wrong" "$scratch/err" && grep -q "occupancy 0x" "$scratch/err" &&
        grep -q "^expected 0x" "$scratch/err" && grep -q "^got      0x[0-9a-f]* (differs on d5, 0x" "$scratch/err" &&
        [ ! -s "$scratch/out" ] &&
        pass "a wrong plugin exits 1 naming the piece, the square, the occupancy and the squares that differ" ||
        fail "a wrong plugin exits 1 naming the piece, the square, the occupancy and the squares that differ (exit $status; $(head -c 300 "$scratch/err"))"
else
    fail "the wrong test plugin builds ($(head -c 300 "$plugin_dir/wrong.log"))"
fi

# A plugin wrong on the full board, on every square but its own, on its
# own square alone, or on boards of 60 squares or more: the verifier's
# subsets once added random squares at a quarter of the board alone, and
# each passed every check (the eighth hostile trial).
if build_plugin wrong_dense "$top/tests/plugins/wrong_dense.c"; then
    for kind in full all-but-own own dense; do
        ATTACKBENCH_TEST_WRONG_BOARD=$kind "$program" --plugin="$plugin_dir/wrong_dense.so" --verify-only \
            --verify-boards=1000 -m wrong-board -w random >"$scratch/out" 2>"$scratch/err"
        status=$?
        [ $status -eq 1 ] && grep -q "^verify: wrong-board rook on [a-h][1-8] is wrong" "$scratch/err" &&
            pass "a plugin wrong on the $kind board alone fails verification" ||
            fail "a plugin wrong on the $kind board alone fails verification (exit $status; $(head -c 300 "$scratch/err"))"
    done
else
    fail "the wrong_dense test plugin builds ($(head -c 300 "$plugin_dir/wrong_dense.log"))"
fi

# A wrong set-wise entry is named as the sets workload's row, not as a
# rook (the row's piece, unused there, was named).
if build_plugin wrong_set "$top/tests/plugins/wrong_set.c"; then
    "$program" --plugin="$plugin_dir/wrong_set.so" -q -m wrong-set -w sets --reps=1 --calls=10000 \
        "$top/data/positions.fen" >/dev/null 2>"$scratch/err"
    status=$?
    [ $status -eq 1 ] && grep -qF "attackbench: wrong-set sliders (sets): checksum differs from the reference" "$scratch/err" &&
        pass "a wrong set-wise entry is named as the sets row" ||
        fail "a wrong set-wise entry is named as the sets row (exit $status; $(head -c 300 "$scratch/err"))"
else
    fail "the wrong_set test plugin builds ($(head -c 300 "$plugin_dir/wrong_set.log"))"
fi

# A plugin whose init reports (size_t)-1 bytes: refused with one line, exit
# 2, where --list and the CSV reported 18446744073709551615 bytes (the
# seventh hostile trial).
if build_plugin huge_table "$top/tests/plugins/huge_table.c"; then
    expect_error "a plugin reporting an impossible table size is refused" \
        "plugin huge-table ($plugin_dir/huge_table.so): its init reported 18446744073709551615 bytes of tables" \
        "$program" --plugin="$plugin_dir/huge_table.so" --list
else
    fail "the huge_table test plugin builds ($(head -c 300 "$plugin_dir/huge_table.log"))"
fi

# A plugin wrong in one repetition of perft only, the first or a middle
# one: every repetition's counts are checked against the first's, so the
# run exits 1 with one line naming the method and the position (the last
# repetition's counts alone were checked, and the run passed).
if build_plugin wrong_sometimes "$top/tests/plugins/wrong_sometimes.c"; then
    echo 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -' >"$scratch/start.epd"
    for call in 1 2; do
        ATTACKBENCH_TEST_WRONG_FROM=$call ATTACKBENCH_TEST_WRONG_TO=$call "$program" perft \
            --plugin="$plugin_dir/wrong_sometimes.so" -m wrong-sometimes --depth=1 --reps=3 "$scratch/start.epd" \
            >"$scratch/out" 2>"$scratch/err"
        status=$?
        [ "$call" -eq 1 ] && counts="20 in repetition 2, 21" || counts="21 in repetition 2, 20"
        if [ "$status" -eq 1 ] && [ "$(grep -v ': warning: ' "$scratch/err" | grep -c '^attackbench: ')" -eq 1 ] &&
            grep -qxF "attackbench: $scratch/start.epd:1: wrong-sometimes counts $counts in repetition 1" "$scratch/err"; then
            pass "perft: a plugin wrong in repetition $call of 3 only exits 1 naming it and the position"
        else
            fail "perft: a plugin wrong in repetition $call of 3 only exits 1 naming it and the position (exit $status: $(grep -v '^perft:' "$scratch/err" | head -c 300))"
        fi
    done
    # genpos plays its games with the method's moves: a method wrong in one
    # position (the start, here) is found there, exit 1, one line naming
    # it and the position, and --out's file left as it was (the games were
    # written with illegal moves, exit 0, before the check).
    echo 'kept' >"$scratch/genpos.epd"
    ATTACKBENCH_TEST_WRONG_FROM=1 ATTACKBENCH_TEST_WRONG_TO=1000000 "$program" \
        --plugin="$plugin_dir/wrong_sometimes.so" genpos --seed=1 --games=5 -m wrong-sometimes \
        --out="$scratch/genpos.epd" >"$scratch/out" 2>"$scratch/err"
    status=$?
    if [ "$status" -eq 1 ] && [ "$(wc -l <"$scratch/err")" -eq 1 ] && [ "$(cat "$scratch/genpos.epd")" = kept ] &&
        grep -qF "genpos: wrong-sometimes's legal moves or attacks differ from the reference's in rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1; stopped in game 1 of 5; nothing written to $scratch/genpos.epd" "$scratch/err"; then
        pass "genpos: a method wrong in one position exits 1 naming it, --out left as it was"
    else
        fail "genpos: a method wrong in one position exits 1 naming it, --out left as it was (exit $status: $(head -c 300 "$scratch/err"))"
    fi
else
    fail "the wrong_sometimes test plugin builds ($(head -c 300 "$plugin_dir/wrong_sometimes.log"))"
fi

# A plugin that goes wrong once timed, in bit 63 of every rook result: its
# wrong results cancel in the timed passes' plain sums (an even number a
# pass), so only the mixed check after the timed rounds sees it (the run
# passed, exit 0, before that check).
if build_plugin wrong_later "$top/tests/plugins/wrong_later.c"; then
    ATTACKBENCH_TEST_STREAM=20000 expect_one_line_status 1 \
        "a plugin that goes wrong while timed, its errors cancelling in the plain sums, exits 1 after the timed rounds" \
        'attackbench: wrong-later rook: checksum differs from the reference after the timed rounds (it was right before them)' \
        "$program" --plugin="$plugin_dir/wrong_later.so" -m wrong-later -w random --queries=20000 -p rook \
        --dispatch=batch -r 3 -c 40000 -q -f csv
    [ ! -s "$scratch/out" ] && pass "the plugin that went wrong while timed has no rows" ||
        fail "the plugin that went wrong while timed has no rows ($(head -c 200 "$scratch/out"))"
else
    fail "the wrong_later test plugin builds ($(head -c 300 "$plugin_dir/wrong_later.log"))"
fi

# An init that is wrong when run twice (tests/plugins/init_twice.c): the
# harness runs it once, at load, so the dump, the benchmark and perft give
# the verified answers.
if build_plugin init_twice "$top/tests/plugins/init_twice.c"; then
    init_twice=$plugin_dir/init_twice.so
    "$program" --plugin="$init_twice" --dump -m init-twice tests/data/boards.fen >"$scratch/i.dump" 2>"$scratch/err"
    "$program" --dump -m reference tests/data/boards.fen >"$scratch/r.dump" 2>&1
    cmp -s "$scratch/i.dump" "$scratch/r.dump" && [ -s "$scratch/i.dump" ] &&
        pass "a plugin's init runs once: --dump gives the verified answers" ||
        fail "a plugin's init runs once: --dump gives the verified answers ($(head -c 300 "$scratch/err"))"
    expect_status "a plugin's init runs once: the benchmark passes its checks" 0 "$program" --plugin="$init_twice" \
        -m init-twice -w random -p rook -r 1 -c 2000 --queries=512 -q -f csv
    expect_status "a plugin's init runs once: perft agrees with the expected counts" 0 "$program" perft \
        --plugin="$init_twice" -m init-twice --depth=2 --reps=1 "$top/data/perft.epd"
else
    fail "the init_twice test plugin builds ($(head -c 300 "$plugin_dir/init_twice.log"))"
fi

if build_plugin crash "$top/tests/plugins/crash.c"; then
    echo kept >"$scratch/kept.csv"
    "$program" --plugin="$plugin_dir/crash.so" -m crash-rook --csv="$scratch/kept.csv" -w random >"$scratch/out" 2>"$scratch/err"
    status=$?
    [ $status -eq 2 ] &&
        grep -qx "attackbench: plugin crash-rook ($plugin_dir/crash.so) crashed with SIGSEGV during rook verification" \
            "$scratch/err" && [ "$(cat "$scratch/kept.csv")" = kept ] &&
        pass "a crashing plugin is named, exit 2, its output file untouched" ||
        fail "a crashing plugin is named, exit 2, its output file untouched (exit $status; $(head -c 300 "$scratch/err"))"
else
    fail "the crashing test plugin builds ($(head -c 300 "$plugin_dir/crash.log"))"
fi

# Refusals: one line, exit 2.
expect_error "a missing plugin file is refused" "--plugin=$plugin_dir/none.so: no such file" \
    "$program" --plugin="$plugin_dir/none.so" --list
echo 'not a shared object' >"$plugin_dir/text.so"
expect_error "a file that is not a shared object is refused" "not a shared object" \
    "$program" --plugin="$plugin_dir/text.so" --list
build_plugin no_entry "$top/tests/plugins/no_entry.c"
expect_error "a shared object without the plugin symbol is refused" "no attackbench_plugin_entry symbol" \
    "$program" --plugin="$plugin_dir/no_entry.so" --list
# One build of other_abi.c, whose ABI version is its file's name.
build_plugin other_abi "$top/tests/plugins/other_abi.c" || fail "other_abi.c builds ($(head -c 300 "$plugin_dir/other_abi.log"))"
for version in 3.0 1.1 2.5 2.0-short; do cp "$plugin_dir/other_abi.so" "$plugin_dir/abi-$version.so"; done
expect_error "a plugin of another ABI is refused, naming both versions" "built for plugin ABI 3.0" \
    "$program" --plugin="$plugin_dir/abi-3.0.so" --list
expect_error "a plugin of ABI 1 (its run without the positions layout) is refused" "built for plugin ABI 1.1" \
    "$program" --plugin="$plugin_dir/abi-1.1.so" --list
expect_status "a plugin of a newer compatible ABI loads" 0 "$program" --plugin="$plugin_dir/abi-2.5.so" --list
build_plugin clash "$top/tests/plugins/named.c" -DPLUGIN_NAME='"pext"'
expect_error "a plugin named like a built-in is refused" "its name 'pext' is taken by a built-in method" \
    "$program" --plugin="$plugin_dir/clash.so" --list
expect_error "a plugin file given twice is named as given twice" \
    "the file is given twice (its method 'my-engine' is loaded from $example already)" \
    "$program" --plugin="$example" --plugin="$example" --list
# Another file of the same name: the name is taken.
cp "$example" "$plugin_dir/copy-of-example.so"
expect_error "a second file of a loaded plugin's name is refused" "its name 'my-engine' is taken by $example" \
    "$program" --plugin="$example" --plugin="$plugin_dir/copy-of-example.so" --list
# An output file naming the plugin's own file would replace the plugin.
cp "$example" "$plugin_dir/kept.so"
expect_error "--csv naming a plugin's file is refused" "kept.so: --csv names an input file; it would be replaced" \
    "$program" --plugin="$plugin_dir/kept.so" -m my-engine --workload=random --reps=1 --calls=1000 --csv="$plugin_dir/kept.so"
expect_error "perft --csv naming a plugin's file is refused" "kept.so: --csv names an input file" \
    "$program" --plugin="$plugin_dir/kept.so" perft -m my-engine --depth=1 --csv="$plugin_dir/kept.so"
expect_error "genpos --out naming a plugin's file is refused" "genpos: $plugin_dir/kept.so: --out names an input file" \
    "$program" --plugin="$plugin_dir/kept.so" genpos --seed=1 --games=1 -m my-engine --out="$plugin_dir/kept.so"
cmp -s "$example" "$plugin_dir/kept.so" && pass "the plugin named by --csv or --out is untouched" ||
    fail "the plugin named by --csv or --out is untouched"
build_plugin badname "$top/tests/plugins/named.c" -DPLUGIN_NAME='"My Engine"'
expect_error "a plugin with an invalid name is refused" "its name 'My Engine' is not a method name" \
    "$program" --plugin="$plugin_dir/badname.so" --list
for refusal in none text no_entry abi-3.0 abi-1.1 clash badname; do
    file="$plugin_dir/$refusal.so"
    lines=$("$program" --plugin="$file" --list 2>&1 >/dev/null | wc -l)
    [ "$lines" -eq 1 ] && pass "a refused plugin ($refusal) gets one line" || fail "a refused plugin ($refusal) gets one line ($lines)"
done
expect_error "a descriptor shorter than ABI 2.0's is refused" "built for plugin ABI 2.0" \
    "$program" --plugin="$plugin_dir/abi-2.0-short.so" --list
build_plugin unoptimised "$top/examples/plugin/my_engine.c" -O0
"$program" --plugin="$plugin_dir/unoptimised.so" --list -m my-engine >"$scratch/out" 2>"$scratch/err"
warnings=$(grep -c "was built without optimisation" "$scratch/err")
[ "$warnings" -eq 1 ] && grep -qE "^my-engine +available .*\(built: unoptimised \(-O0\), (gcc|clang) [0-9]" "$scratch/out" &&
    pass "a plugin built at -O0 is warned about once and listed as unoptimised" ||
    fail "a plugin built at -O0 is warned about once and listed as unoptimised ($warnings warnings)"
"$program" --plugin="$example" --list -m my-engine >"$scratch/out" 2>"$scratch/err"
! grep -q "warning" "$scratch/err" && grep -qE "^my-engine +available .*\(built: (gcc|clang) [0-9]" "$scratch/out" &&
    pass "an optimised plugin is listed with its compiler, without a warning" ||
    fail "an optimised plugin is listed with its compiler, without a warning ($(head -c 300 "$scratch/err"))"
# Whether assert() was on: said in the build, without a warning.
grep -qE "^my-engine +available .*\(built: (gcc|clang) [0-9][^)]*, assert\(\) on \(no -DNDEBUG\)\)" "$scratch/out" &&
    pass "a plugin built without -DNDEBUG is listed with assert() on" ||
    fail "a plugin built without -DNDEBUG is listed with assert() on"
build_plugin release "$top/examples/plugin/my_engine.c" -DNDEBUG
"$program" --plugin="$plugin_dir/release.so" --list -m my-engine >"$scratch/out" 2>"$scratch/err"
! grep -q "warning" "$scratch/err" && grep -qE "^my-engine +available .*\(built: (gcc|clang) [0-9][^,)]*\)" "$scratch/out" &&
    pass "a plugin built with -DNDEBUG is listed with its compiler alone" ||
    fail "a plugin built with -DNDEBUG is listed with its compiler alone ($(grep '^my-engine' "$scratch/out" | head -c 400))"
# An engine's file included unchanged: its extern lookups exported (and
# not inlined) without -fvisibility=hidden, which the warning names.
"$plugin_cc" -std=c99 -Og -shared -fPIC -I"$top/include" "$top/examples/plugin/engine_wrapper.c" -o "$plugin_dir/exported.so"
"$program" --plugin="$plugin_dir/exported.so" --list -m my-engine-wrapped >/dev/null 2>"$scratch/err"
grep -q "plugin my-engine-wrapped ($plugin_dir/exported.so) exports 3 functions besides its entry (.*engine_rook_attacks" \
    "$scratch/err" && pass "a plugin built without -fvisibility=hidden is warned about its exported functions" ||
    fail "a plugin built without -fvisibility=hidden is warned about its exported functions ($(head -c 300 "$scratch/err"))"
if build_plugin engine_wrapper "$top/examples/plugin/engine_wrapper.c" -O2 -march=native; then
    "$program" --plugin="$plugin_dir/engine_wrapper.so" --verify-only --verify-boards=30000 -m my-engine-wrapped tests/data/boards.fen \
        >/dev/null 2>"$scratch/err"
    status=$?
    [ $status -eq 0 ] && ! grep -q warning "$scratch/err" &&
        pass "the engine wrapper example built as documented verifies, without a warning" ||
        fail "the engine wrapper example built as documented verifies, without a warning (exit $status; $(head -c 300 "$scratch/err"))"
else
    fail "the engine wrapper example builds ($(head -c 300 "$plugin_dir/engine_wrapper.log"))"
fi
build_plugin needs "$top/tests/plugins/needs_features.c"
ATTACKBENCH_HIDE_FEATURES=avx2 "$program" --plugin="$plugin_dir/needs.so" --list -m needs-avx512 >"$scratch/out" 2>&1
grep -qE "^needs-avx512 +unavailable \(this CPU lacks avx512\)" "$scratch/out" &&
    pass "a plugin needing a feature this CPU lacks is listed unavailable with the reason" ||
    fail "a plugin needing a feature this CPU lacks is listed unavailable with the reason ($(grep needs "$scratch/out"))"

# The C++ example, when a C++ compiler is installed.
if have_tool "${CXX:-c++}"; then
    if "${CXX:-c++}" -std=c++17 -Og -shared -fPIC -Wall -Wextra -Werror -I"$top/include" \
        "$top/examples/plugin/my_engine_cpp.cpp" -o "$plugin_dir/cpp.so" 2>"$plugin_dir/cpp.log"; then
        expect_status "the C++ example plugin builds without warnings and verifies" 0 \
            "$program" --plugin="$plugin_dir/cpp.so" --verify-only --verify-boards=30000 -m my-engine-cpp tests/data/boards.fen
    else
        fail "the C++ example plugin builds without warnings ($(head -c 300 "$plugin_dir/cpp.log"))"
    fi
else
    skip "the C++ example plugin: no C++ compiler (apt-get install g++)"
fi

# docs/plugins.md's advice, as written there.  An attack file that needs
# another file of its engine: one line naming the symbol; linked with that
# file, it loads and verifies; its table, filled in a constructor, shows
# init 0.00 ms.
build_plugin needs_alone "$top/tests/plugins/needs_other_file.c"
expect_error "an attack file without the engine file it needs: one line naming the symbol" \
    "not a shared object this system can load (" "$program" --plugin="$plugin_dir/needs_alone.so" --list
grep -q "undefined symbol: engine_distance)$" "$scratch/err" && [ "$(wc -l <"$scratch/err")" -eq 1 ] &&
    pass "the refusal names the undefined symbol" || fail "the refusal names the undefined symbol ($(cat "$scratch/err"))"
if build_plugin needs_linked "$top/tests/plugins/needs_other_file.c" "$top/tests/plugins/other_file.c"; then
    "$program" --plugin="$plugin_dir/needs_linked.so" --list -m needs-other-file >"$scratch/out" 2>"$scratch/err"
    grep -qE "^needs-other-file +available +table 0 bytes +init 0.00 ms " "$scratch/out" &&
        pass "linked with the file it needs, the plugin loads; a constructor's table shows init 0.00 ms" ||
        fail "linked with the file it needs, the plugin loads, init 0.00 ms ($(grep needs-other "$scratch/out"; head -c 200 "$scratch/err"))"
    expect_status "linked with the file it needs, the plugin verifies" 0 \
        "$program" --plugin="$plugin_dir/needs_linked.so" --verify-only --verify-boards=30000 -m needs-other-file -q
else
    fail "the attack file builds with the engine file it needs ($(head -c 300 "$plugin_dir/needs_linked.log"))"
fi
# Two builds of one source in one run, told apart by the name given on
# the command line: both load, both are timed in the same rounds (the
# second with assert() off: another build at -Og's compile time, where
# -O2 took twice that).
build_plugin build_old "$top/tests/plugins/named.c" -DPLUGIN_NAME='"my-engine-old"' &&
    build_plugin build_new "$top/tests/plugins/named.c" -DNDEBUG -DPLUGIN_NAME='"my-engine-new"'
"$program" --plugin="$plugin_dir/build_old.so" --plugin="$plugin_dir/build_new.so" -m my-engine-old,my-engine-new \
    -w random -p queen --dispatch=batch -r 3 -c 2000 --queries=512 -q -f csv >"$scratch/out" 2>"$scratch/err"
[ "$(csv_column method <"$scratch/out" | grep -c '^my-engine-\(old\|new\)$')" -eq 2 ] &&
    [ "$(csv_column checksum <"$scratch/out" | grep -v '^$' | sort -u | wc -l)" -eq 1 ] &&
    pass "two builds of one plugin source, two names, in one run" ||
    fail "two builds of one plugin source, two names, in one run ($(head -c 300 "$scratch/err"))"

# make install and uninstall, and the CI recipe (compare-builds.sh): the
# quick parts in tests/cli/ci_recipe.sh, the counts under valgrind in
# tests/check/ci_recipe.sh.

# The engine wrapper's instructions per lookup under valgrind, against
# the same code in one file: tests/check/plugin_instructions.sh.

# A built-in's own source as a plugin verifies and answers like the built-in.
# At -O0: -Og refuses its always_inline lookups, and -O1 costs four times
# the compile time; the unoptimised warning goes to stderr, the checksums
# are what is checked.
if "$plugin_cc" -std=c17 -O0 -shared -fPIC -Wall -Wextra -Werror -I"$top/include" -I"$top/src" -DBUILT_IN=classical \
    "$top/tests/plugins/builtin_as_plugin.c" -o "$plugin_dir/classical.so" 2>"$plugin_dir/classical.log"; then
    "$program" --plugin="$plugin_dir/classical.so" -m built-in-as-plugin,classical -w random -r 1 -c 2000 --queries=512 \
        -q -f csv >"$scratch/out" 2>"$scratch/err"
    sums=$(python3 -c '
import csv, sys
groups = {}
for r in csv.DictReader(open(sys.argv[1])):
    if r["method"] != "null":
        groups.setdefault((r["piece"], r["dispatch"]), set()).add(r["checksum"])
print(len(groups), sum(len(v) != 1 for v in groups.values()))' "$scratch/out")
    [ "$sums" = "6 0" ] && pass "a built-in's source as a plugin gives the built-in's checksums in every mode" ||
        fail "a built-in's source as a plugin gives the built-in's checksums in every mode ($sums; $(head -c 200 "$scratch/err"))"
else
    fail "a built-in's source builds as a plugin ($(head -c 300 "$plugin_dir/classical.log"))"
fi

# examples/plugin's make ab builds both plugins anew each time: a plugin
# of an earlier make ab (other flags) is never compared as this one's.
# The earlier plugins are files newer than their sources: make reads only
# their dates (building them, even at -O0, cost 0.4 s of CPU).
mkdir -p "$scratch/exab" && touch "$scratch/exab/base.so" "$scratch/exab/patch.so"
make -n -C "$top/examples/plugin" ab OUT="$scratch/exab" PATCH_CFLAGS="-O0 -DSLOW" >"$scratch/exab.plan" 2>&1
grep -q -- "-O0 -DSLOW .*-o $scratch/exab/patch.so" "$scratch/exab.plan" &&
    grep -q -- "-o $scratch/exab/base.so" "$scratch/exab.plan" &&
    pass "examples/plugin: make ab builds base and patch anew with this make's flags" ||
    fail "examples/plugin: make ab builds base and patch anew ($(head -c 300 "$scratch/exab.plan"))"

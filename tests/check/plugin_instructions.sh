#!/usr/bin/env bash
# The engine wrapper example (examples/plugin/engine_wrapper.c) built with
# the documented command needs as many instructions per lookup as the same
# code made static in one file: the extern lookups inlined.  Counted by
# this attackbench under valgrind, or where valgrind cannot decode it (an
# AVX-512 build) by the build make check makes for valgrind
# (build/valgrind/attackbench, make instructions-build); skipped where
# valgrind is missing or neither can run.  In make check: two plugin
# builds and two runs under valgrind.
source "$(dirname "$0")/../lib/tap.bash"
[ "$plugin_build" = 1 ] || skip_all "this attackbench is linked statically and cannot load plugins"

plugin_cc=${CC:-cc}
plugin_dir="$scratch/plugins"
mkdir -p "$plugin_dir"
top="$here/.."

if [ "$sanitized" = 1 ]; then
    skip "the engine wrapper's instruction count: valgrind cannot run a sanitizer build"
elif have_tool valgrind && [ "$x86_build" = 1 ]; then
    count_program=$program
    if "$program" --count=instructions -m classical -w random -p rook --queries=16 -q -f csv 2>&1 >/dev/null |
        grep -q "which valgrind cannot decode" && [ -x "$top/build/valgrind/attackbench" ]; then
        count_program=$top/build/valgrind/attackbench
    fi
    one_file="$plugin_dir/one_file"
    mkdir -p "$one_file"
    sed 's/^uint64_t engine_/static uint64_t engine_/; s/^void engine_/static void engine_/' \
        "$top/examples/plugin/attacks.c" >"$one_file/attacks.c"
    cp "$top/examples/plugin/engine_wrapper.c" "$one_file/"
    for side in documented one_file; do
        source_file="$top/examples/plugin/engine_wrapper.c"
        [ $side = one_file ] && source_file="$one_file/engine_wrapper.c"
        # The documented command (docs/plugins.md), for a CPU valgrind decodes.
        "$plugin_cc" -O2 -march=x86-64-v3 -DNDEBUG -shared -fPIC -fvisibility=hidden -I "$top/include" "$source_file" \
            -o "$plugin_dir/$side.so" &&
            "$count_program" --plugin="$plugin_dir/$side.so" --count=instructions -m my-engine-wrapped -w random -p rook,bishop \
                --dispatch=batch --queries=1024 -q -f csv 2>"$scratch/$side.err" |
            csv_column instructions_per_query >"$scratch/$side.count"
    done
    if grep -q "which valgrind cannot decode" "$scratch/documented.err"; then
        skip "the engine wrapper's instruction count: valgrind cannot run this build ($(head -c 200 "$scratch/documented.err"))"
    elif [ -s "$scratch/documented.count" ] && cmp -s "$scratch/documented.count" "$scratch/one_file.count"; then
        pass "the engine wrapper built as documented needs the one-file copy's instructions per lookup ($(paste -sd' ' "$scratch/documented.count"))"
    else
        fail "the engine wrapper built as documented needs the one-file copy's instructions per lookup ($(paste -sd' ' "$scratch/documented.count") against $(paste -sd' ' "$scratch/one_file.count"); $(head -c 200 "$scratch/documented.err"))"
    fi
else
    skip "the engine wrapper's instruction count: valgrind is not installed (apt-get install valgrind) or not x86-64"
fi

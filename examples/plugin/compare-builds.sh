#!/bin/sh
# compare-builds.sh METHOD BASE_SOURCE HEAD_SOURCE: did a change make an
# engine's attack code slower or its tables larger?  Builds the two sources
# as attackbench plugins, counts the instructions per lookup of each under
# callgrind (exact and repeatable, unlike times on a shared CI machine),
# compares them with `attackbench compare`, and compares the table bytes
# each side's init reports (instruction counts cannot see a larger table).
#
# It first says how each side was built (compiler, its version and every
# flag), then prints the comparison, and its last line is one verdict:
# "compare-builds.sh: verdict: ...", naming the instruction counts and the
# table bytes, and the exit status.
#
# Exit status: 0 when HEAD is no worse, and when BASE_SOURCE does not exist
# (the pull request that adds the plugin: nothing to compare with; HEAD is
# built and verified only); 3 when a row needs more than 5% more
# instructions or a table grew by more than TABLE_GROWTH percent; 2 on an
# error (one line on stderr); 1 when a side gives wrong attack sets.
#
#   ATTACKBENCH      the attackbench to count with, a build valgrind can run.
#                    Default: bin/attackbench-valgrind of the prefix this
#                    script is installed in (make install puts both there);
#                    in a source tree, build/valgrind/attackbench, built
#                    with `make instructions-build` when missing.
#   ATTACKBENCH_INCLUDE  the folder of attackbench_plugin.h (default: the
#                    installed include/, or the source tree's include/)
#   CC, BASE_CFLAGS, HEAD_CFLAGS  how to build each side (default cc, -O2 -DNDEBUG)
#   TABLE_GROWTH     the table growth, in percent, that fails (default 10)
#   WORK             where to leave base.csv and head.csv (default: a
#                    temporary folder, removed at the end, also when
#                    interrupted: Ctrl-C, SIGTERM or SIGHUP)
set -eu
name=compare-builds.sh
fail() { printf '%s\n' "$name: $*" >&2; exit 2; }
[ $# -eq 3 ] || fail "usage: $name METHOD BASE_SOURCE HEAD_SOURCE (exit 0 same, 3 slower or larger, 2 error)"
method=$1 base_source=$2 head_source=$3
case $method in '' | -*) fail "'$method' is not a method name (the name in your ATTACKBENCH_PLUGIN line)" ;; esac
[ -f "$head_source" ] || fail "$head_source: no such file (HEAD_SOURCE, the plugin source at the head commit)"
table_growth=${TABLE_GROWTH:-10}
case $table_growth in '' | *[!0-9]*) fail "TABLE_GROWTH=$table_growth: not a whole number of percent" ;; esac
cc=${CC:-cc}
command -v "$cc" >/dev/null 2>&1 || fail "no C compiler '$cc' (set CC, or apt-get install gcc)"
command -v python3 >/dev/null 2>&1 || fail "needs python3 to read the tables' sizes (apt-get install python3)"

# Where this script lives: examples/plugin/ of a source tree, or
# share/doc/attackbench/examples/plugin/ of an installed prefix.
here=$(cd "$(dirname "$0")" && pwd)
source_top=$(cd "$here/../.." && pwd)
prefix=$(cd "$here/../../../../.." && pwd)
if [ -f "$source_top/Makefile" ] && [ -f "$source_top/include/attackbench_plugin.h" ]; then
    include=${ATTACKBENCH_INCLUDE:-$source_top/include}
    default_attackbench=$source_top/build/valgrind/attackbench
    if [ -z "${ATTACKBENCH:-}" ] && [ ! -x "$default_attackbench" ]; then
        printf '%s\n' "$name: building attackbench for valgrind: make -C $source_top instructions-build" >&2
        make -s -C "$source_top" instructions-build >&2 || fail "make -C $source_top instructions-build failed"
    fi
else
    include=${ATTACKBENCH_INCLUDE:-$prefix/include}
    default_attackbench=$prefix/bin/attackbench-valgrind
fi
attackbench=${ATTACKBENCH:-$default_attackbench}
[ -x "$attackbench" ] || command -v "$attackbench" >/dev/null 2>&1 ||
    fail "no attackbench valgrind can run at $attackbench: run \`make install\` or \`make instructions-build\` in attackbench's source, or set ATTACKBENCH"
[ -f "$include/attackbench_plugin.h" ] || fail "no attackbench_plugin.h in $include: set ATTACKBENCH_INCLUDE"

if [ -n "${WORK:-}" ]; then
    work=$WORK
    mkdir -p "$work" || fail "cannot create WORK=$work"
else
    work=$(mktemp -d) || fail "cannot create a temporary folder"
    # sh (dash) runs no EXIT trap when a signal kills it: Ctrl-C, a
    # cancelled CI job or a hangup is made an exit, which runs it.
    trap 'rm -rf "$work"' EXIT
    trap 'exit 129' HUP
    trap 'exit 130' INT
    trap 'exit 143' TERM
fi

# -fvisibility=hidden: an engine's extern lookups inline (docs/plugins.md).
plugin_flags="-shared -fPIC -fvisibility=hidden"
compiler_version=$("$cc" --version 2>/dev/null | head -n 1)
build() { # build SIDE SOURCE FLAGS
    printf '%s\n' "$name: $1: $2, built with $cc $3 $plugin_flags (${compiler_version:-version unknown})"
    "$cc" $3 $plugin_flags -I"$include" "$2" -o "$work/$1.so" ||
        fail "the $1 side ($2) does not build as a plugin"
}
verdict() { # verdict TEXT STATUS: the last line, then the exit
    printf '%s\n' "$name: verdict: $1 (exit $2)"
    exit "$2"
}

# The pull request that adds the plugin: the base has no source yet.
if [ ! -e "$base_source" ]; then
    printf '%s\n' "$name: the base has no $base_source (the pull request adds the plugin): nothing to compare with; the head is built and verified only"
    build head "$head_source" "${HEAD_CFLAGS:--O2 -DNDEBUG}"
    status=0
    "$attackbench" --plugin="$work/head.so" --verify-only --method="$method" -q >/dev/null || status=$?
    [ $status -eq 0 ] && verdict "nothing to compare (no base); the head verifies" 0
    [ $status -eq 1 ] && verdict "the head gives wrong attack sets" 1
    exit $status
fi
command -v valgrind >/dev/null 2>&1 || fail "needs valgrind to count instructions (apt-get install valgrind)"
build base "$base_source" "${BASE_CFLAGS:--O2 -DNDEBUG}"
build head "$head_source" "${HEAD_CFLAGS:--O2 -DNDEBUG}"

for side in base head; do
    # valgrind cannot decode AVX-512 or GFNI: a plugin needing them is skipped.
    status=0
    ATTACKBENCH_HIDE_FEATURES="avx512 gfni" "$attackbench" --plugin="$work/$side.so" --count=instructions \
        --method="$method" --workload=random --piece=all --dispatch=batch -q --csv="$work/$side.csv" >/dev/null ||
        status=$?
    [ $status -ne 1 ] || verdict "the $side side gives wrong attack sets" 1
    [ $status -eq 0 ] || { printf '%s\n' "$name: counting the $side side failed (exit $status)" >&2; exit $status; }
done
status=0
"$attackbench" compare "$work/base.csv" "$work/head.csv" || status=$?
[ $status -le 3 ] || status=2

# Each side's table bytes (the plugin's init), and the verdict on growth.
table_status=0
python3 - "$work/base.csv" "$work/head.csv" "$method" "$table_growth" <<'EOF' || table_status=$?
import csv, sys
base_file, head_file, method, growth = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
def table_bytes(path):
    with open(path, newline="") as handle:
        sizes = {int(row["table_bytes"]) for row in csv.DictReader(handle) if row["method"] == method}
    if len(sizes) != 1:
        sys.exit(f"compare-builds.sh: {path}: no single table size for {method}")
    return sizes.pop()
base, head = table_bytes(base_file), table_bytes(head_file)
change = "no table on either side" if base == head == 0 else (
    f"{(head - base) / base:+.1%}" if base else "a table where the base had none")
grew = head > base * (1 + growth / 100)
print(f"\ntable bytes: base {base}, head {head} ({change}): "
      + (f"**larger** (more than {growth}%, TABLE_GROWTH)" if grew else f"within {growth}% (TABLE_GROWTH)"))
sys.exit(3 if grew else 0)
EOF
[ $table_status -eq 0 ] || [ $table_status -eq 3 ] || exit 2
[ $status -eq 2 ] && exit 2
instructions="no row needs more than 5% more instructions"
[ $status -eq 3 ] && instructions="**a row needs more than 5% more instructions** (the slower rows above)"
tables="no table grew by more than $table_growth%"
[ $table_status -eq 3 ] && tables="**the table grew by more than $table_growth%**"
if [ $status -eq 0 ] && [ $table_status -eq 0 ]; then
    verdict "the head is no worse: $instructions, $tables" 0
fi
verdict "the head is worse: $instructions, $tables" 3

#!/bin/sh
# compare-builds.sh METHOD BASE_SOURCE HEAD_SOURCE: did a change make an
# engine's attack code slower?  Builds the two sources as attackbench
# plugins, counts the instructions per lookup of each under callgrind
# (exact and repeatable, unlike times on a shared CI machine), and compares
# them: exit 0 when HEAD is no worse, 3 when a row regressed beyond the
# threshold (5% for instruction counts), 2 on an error.
#
#   ATTACKBENCH      the attackbench to run (default: attackbench on PATH);
#                    it must be a build valgrind can run (make instructions
#                    builds build/valgrind/attackbench)
#   ATTACKBENCH_INCLUDE  the folder of attackbench_plugin.h
#   CC, BASE_CFLAGS, HEAD_CFLAGS  how to build each side (default cc, -O2)
#   WORK             where to leave base.csv and head.csv (default: a
#                    temporary folder, removed at the end)
set -eu
[ $# -eq 3 ] || { echo "usage: $0 METHOD BASE_SOURCE HEAD_SOURCE" >&2; exit 2; }
method=$1 base_source=$2 head_source=$3
attackbench=${ATTACKBENCH:-attackbench}
include=${ATTACKBENCH_INCLUDE:-$(dirname "$0")/../../include}
cc=${CC:-cc}
if [ -n "${WORK:-}" ]; then
    work=$WORK
    mkdir -p "$work"
else
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
fi

build() { # build SIDE SOURCE FLAGS
    # -fvisibility=hidden: an engine's extern lookups inline (docs/plugins.md).
    "$cc" $3 -shared -fPIC -fvisibility=hidden -I"$include" "$2" -o "$work/$1.so" || exit 2
}
build base "$base_source" "${BASE_CFLAGS:--O2}"
build head "$head_source" "${HEAD_CFLAGS:--O2}"

for side in base head; do
    # valgrind cannot decode AVX-512 or GFNI: a plugin needing them is skipped.
    ATTACKBENCH_HIDE_FEATURES="avx512 gfni" "$attackbench" --plugin="$work/$side.so" --count=instructions \
        --method="$method" --workload=random --piece=all --dispatch=batch -q --csv="$work/$side.csv" >/dev/null || exit 2
done
"$attackbench" compare "$work/base.csv" "$work/head.csv"

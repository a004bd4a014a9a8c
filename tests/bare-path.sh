#!/usr/bin/env bash
# The suite on a machine without the optional tools: every command on PATH
# but gnuplot, hyperfine, valgrind and clang (any version) is linked into a
# directory that becomes PATH, so that each test needing one of them must
# skip with the reason instead of failing.
# Without arguments it runs the scripts of tests/cli that name one of the
# hidden tools or what runs them (the others run the same code either way).
# Usage: tests/bare-path.sh [tests/run.sh's arguments]
set -u
here=$(cd "$(dirname "$0")" && pwd)
if [ $# -eq 0 ]; then
    uses='have_tool|gnuplot|hyperfine|valgrind|callgrind|clang|instructions|compilers|scripts/(plot|report|results)'
    mapfile -t selected < <(grep -lE "$uses" "$here"/cli/*.sh)
    set -- "${selected[@]}"
fi
bare=$(mktemp -d)
trap 'rm -rf "$bare"' EXIT
IFS=: read -r -a directories <<<"$PATH"
for directory in "${directories[@]}"; do
    for tool in "$directory"/*; do
        name=${tool##*/}
        case "$name" in gnuplot* | hyperfine | valgrind* | callgrind* | clang | clang-[0-9]* | clang++*) continue ;; esac
        [ -x "$tool" ] && [ ! -e "$bare/$name" ] && ln -s "$tool" "$bare/$name"
    done
done
for hidden in gnuplot hyperfine valgrind clang; do
    if PATH=$bare command -v "$hidden" >/dev/null; then
        echo "bare-path: $hidden is still on PATH" >&2
        exit 2
    fi
done
PATH=$bare bash "$here/run.sh" "$@"

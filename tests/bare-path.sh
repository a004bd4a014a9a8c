#!/usr/bin/env bash
# The suite on a machine without the optional tools: every command on PATH
# but gnuplot, hyperfine, valgrind and clang (any version) is linked into a
# directory that becomes PATH, so that each test needing one of them must
# skip with the reason instead of failing.
# Usage: tests/bare-path.sh [tests/run.sh's arguments]
set -u
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
PATH=$bare exec bash "$(dirname "$0")/run.sh" "$@"

#!/bin/sh
# Writes RUNNER, a script that runs the WebAssembly program PROGRAM.wasm
# under node's WASI (scripts/platforms/wasi-run.cjs, copied beside it), so that the
# docs' command lines work with RUNNER in place of ./attackbench.  The
# folder's path goes into RUNNER single-quoted, so that a path holding $,
# backticks or quotes is read as it is, never expanded or run.
# Usage: scripts/platforms/wasm-runner.sh PROGRAM.wasm RUNNER
set -eu
program=$1
runner=$2
directory=$(cd "$(dirname "$program")" && pwd)
case $directory/$program in
*'
'*)
    printf '%s\n' "wasm-runner.sh: the path of $program holds a line break: build it in a folder without one" >&2
    exit 2
    ;;
esac
# shell_quoted TEXT: TEXT in single quotes, each ' written as '\''.
shell_quoted() {
    printf "'%s'" "$(printf '%s' "$1" | sed "s/'/'\\\\''/g")"
}
name=$(basename "$program")
cp "$(dirname "$0")/wasi-run.cjs" "$directory/wasi-run.cjs"
{
    echo '#!/bin/sh'
    echo '# Runs a WebAssembly program under node'"'"'s WASI (written by scripts/platforms/wasm-runner.sh).'
    printf '%s\n' "exec node --no-warnings \${ATTACKBENCH_NODE_FLAGS:-} $(shell_quoted "$directory/wasi-run.cjs") $(shell_quoted "$directory/$name") \"\$@\""
} >"$runner.new"
chmod +x "$runner.new"
mv "$runner.new" "$runner"

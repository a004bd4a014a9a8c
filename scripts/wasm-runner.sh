#!/bin/sh
# Writes RUNNER, a script that runs the WebAssembly program PROGRAM.wasm
# under node's WASI (scripts/wasi-run.cjs, copied beside it), so that the
# docs' command lines work with RUNNER in place of ./attackbench.
# Usage: scripts/wasm-runner.sh PROGRAM.wasm RUNNER
set -eu
program=$1
runner=$2
directory=$(cd "$(dirname "$program")" && pwd)
cp "$(dirname "$0")/wasi-run.cjs" "$directory/wasi-run.cjs"
cat >"$runner.new" <<RUNNER
#!/bin/sh
# Runs $(basename "$program") under node's WASI (written by scripts/wasm-runner.sh).
exec node --no-warnings \${ATTACKBENCH_NODE_FLAGS:-} "$directory/wasi-run.cjs" "$directory/$(basename "$program")" "\$@"
RUNNER
chmod +x "$runner.new"
mv "$runner.new" "$runner"

#!/usr/bin/env bash
# make wasm's check of its toolchain: clang that targets wasm32-wasi,
# wasm-ld, wasi-libc's headers and libraries under /usr, and the wasm32
# compiler-rt builtins; each missing part named with its Debian package.
# A compiler other than the default clang (WASM_CC) that is no command,
# or one that cannot preprocess for wasm32-wasi, is named as such alone.
# Usage: scripts/platforms/wasm-toolchain.sh CLANG
set -u
clang=${1:-clang}
missing=()
if [ "$clang" = clang ] && ! command -v clang >/dev/null 2>&1; then
    missing+=("clang")
else
    sh "$(dirname "$0")/check-compiler.sh" wasm WASM_CC "$clang" --target=wasm32-wasi || exit 2
fi
command -v wasm-ld >/dev/null 2>&1 || missing+=("lld")
[ -e /usr/lib/wasm32-wasi/libc.a ] || missing+=("wasi-libc")
if command -v "$clang" >/dev/null 2>&1; then
    builtins=$("$clang" --target=wasm32-wasi --sysroot=/usr -print-libgcc-file-name 2>/dev/null)
    version=$("$clang" -dumpversion 2>/dev/null | cut -d. -f1)
    [ -n "$builtins" ] && [ -e "$builtins" ] || missing+=("libclang-rt-$version-dev-wasm32")
fi
command -v node >/dev/null 2>&1 || missing+=("nodejs")
if [ "${#missing[@]}" -gt 0 ]; then
    echo "make wasm needs ${missing[*]} (Debian: apt-get install ${missing[*]})" >&2
    exit 2
fi

#!/bin/sh
# A make target's check of the C compiler it was given, before the probes
# that would blame something else for it (no OpenCL headers, no clang):
# one line naming the compiler and exit 2 when it is no command, or cannot
# preprocess an empty C file (with the FLAGs, the target's own).
# Usage: scripts/platforms/check-compiler.sh TARGET VARIABLE "COMPILER" [FLAG...]
# (COMPILER as the make variable VARIABLE holds it: "ccache gcc" is one.)
if [ $# -lt 3 ]; then
    printf '%s\n' "usage: scripts/platforms/check-compiler.sh TARGET VARIABLE COMPILER [FLAG...]" >&2
    exit 2
fi
target=$1
variable=$2
compiler=$3
shift 3
flags=$*
set -f # the compiler's words are split as make's shell splits them, never globbed
# shellcheck disable=SC2086
set -- $compiler "$@"
if [ -z "$compiler" ]; then
    printf '%s\n' "make $target: $variable is empty: no compiler to run" >&2
    exit 2
fi
if ! command -v "$1" >/dev/null 2>&1; then
    printf '%s\n' "make $target: the compiler $variable=$compiler is not a command" >&2
    exit 2
fi
if ! printf '' | "$@" -E -x c - >/dev/null 2>&1; then
    printf '%s\n' "make $target: the compiler $variable=$compiler does not work: it cannot preprocess an empty C file${flags:+ with $flags}" >&2
    exit 2
fi

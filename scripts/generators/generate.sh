#!/usr/bin/env bash
# generate.sh [--into FOLDER] [--program ATTACKBENCH] NAME...: the
# committed files that a program writes, written again (make generate).
# Each NAME is one file and the program that writes it:
#   switch-lookup            src/generated/switch_lookup_cases.h
#                            (scripts/generators/generate-switch-lookup)
#   switch-lookup-opencl     src/generated/switch_lookup_cases.cl
#                            (scripts/generators/generate-switch-lookup --opencl)
#   correlation-magic        src/generated/correlation_magic_factors.h
#                            (scripts/generators/correlation-magic-search.c)
#   spectral-magic           src/generated/spectral_magic_shifts.h
#                            (scripts/generators/spectral-magic-search.c plain)
#   elementary               src/generated/elementary_factors.h
#                            (scripts/generators/elementary-search.c)
#   kindergarten-magic-file  src/generated/kindergarten_magic_file_factors.h
#                            (scripts/generators/kindergarten-magic-file-search.c)
#   binary-neural-network    src/generated/binary_neural_network_weights.h
#                            (scripts/generators/bnn-train.c)
#   positions                data/positions.fen (attackbench genpos)
#   spectral-magic-switched  src/generated/spectral_magic_switched_shifts.h
#                            (scripts/generators/spectral-magic-search.c switched)
#   folding-hash             src/generated/folding_hash_factors.h
#                            (scripts/generators/folding-hash-search.c)
#   magic-seeds              src/generated/magic_seeds.h
#                            (scripts/generators/magic-seeds-search.c)
# or a set of them: "quick", the first five (seconds; make test checks
# them), "fast", the first eight and magic-seeds (make generate, about 40 s
# of CPU; make check checks them), "slow", spectral-magic-switched and
# folding-hash (about a minute and about ten minutes of CPU: make
# spectral-magic-switched, make folding-hash-search).  Every generator is
# deterministic: a rerun writes the same bytes.
# Each file is written under FOLDER (default: the repository; the tests
# give a temporary one and compare), through a temporary file moved into
# place when its generator succeeds.  The C generators are compiled with
# ${CC:-cc} into a temporary folder; ATTACKBENCH (default ./attackbench)
# is the program genpos runs from.
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
into=$top
program=${ATTACKBENCH:-$top/attackbench}
fail() { echo "generate.sh: $*" >&2; exit 2; }
usage() { fail "usage: scripts/generators/generate.sh [--into FOLDER] [--program ATTACKBENCH] quick|fast|slow|NAME..."; }

names=()
while [ $# -gt 0 ]; do
    case "$1" in
    --into) [ $# -ge 2 ] || usage; into=$2; shift ;;
    --program) [ $# -ge 2 ] || usage; program=$2; shift ;;
    quick) names+=(switch-lookup switch-lookup-opencl correlation-magic spectral-magic elementary) ;;
    fast) names+=(switch-lookup switch-lookup-opencl correlation-magic spectral-magic elementary kindergarten-magic-file
        binary-neural-network positions magic-seeds) ;;
    slow) names+=(spectral-magic-switched folding-hash) ;;
    switch-lookup | switch-lookup-opencl | correlation-magic | spectral-magic | elementary | positions | kindergarten-magic-file | binary-neural-network | \
        spectral-magic-switched | folding-hash | magic-seeds) names+=("$1") ;;
    *) usage ;;
    esac
    shift
done
[ ${#names[@]} -gt 0 ] || usage
[ -d "$into" ] || fail "--into $into: no such folder"
into=$(cd "$into" && pwd)
case "$program" in /*) ;; *) program=$PWD/$program ;; esac
work=$(mktemp -d "${TMPDIR:-/tmp}/attackbench-generate.XXXXXX")
# The file being written (FILE.tmp) goes too when the run stops: a Ctrl-C
# left an empty one beside the file.
writing=
trap 'rm -rf "$work" ${writing:+"$writing"}' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# compile NAME: scripts/generators/NAME.c into $work/NAME.
compile() {
    "${CC:-cc}" -O2 -std=c17 -Wall -Wextra -I"$top/src" -I"$top/include" -o "$work/$1" "$top/scripts/generators/$1.c" -lm ||
        fail "scripts/generators/$1.c does not compile"
}
# write FILE COMMAND...: the command's standard output into FOLDER/FILE.
write() {
    local file=$1
    shift
    mkdir -p "$(dirname "$into/$file")"
    writing=$into/$file.tmp
    "$@" >"$writing" || { rm -f "$writing"; fail "$file: $* failed"; }
    mv "$writing" "$into/$file"
    writing=
}

for name in "${names[@]}"; do
    echo "generate.sh: $name" >&2
    case "$name" in
    switch-lookup)
        write src/generated/switch_lookup_cases.h python3 "$top/scripts/generators/generate-switch-lookup" - ;;
    switch-lookup-opencl)
        write src/generated/switch_lookup_cases.cl python3 "$top/scripts/generators/generate-switch-lookup" --opencl - ;;
    correlation-magic)
        compile correlation-magic-search
        write src/generated/correlation_magic_factors.h "$work/correlation-magic-search" ;;
    spectral-magic)
        compile spectral-magic-search
        write src/generated/spectral_magic_shifts.h "$work/spectral-magic-search" plain - ;;
    elementary)
        compile elementary-search
        write src/generated/elementary_factors.h "$work/elementary-search" ;;
    spectral-magic-switched)
        compile spectral-magic-search
        write src/generated/spectral_magic_switched_shifts.h "$work/spectral-magic-search" switched - ;;
    kindergarten-magic-file)
        compile kindergarten-magic-file-search
        write src/generated/kindergarten_magic_file_factors.h "$work/kindergarten-magic-file-search" ;;
    binary-neural-network)
        compile bnn-train
        write src/generated/binary_neural_network_weights.h "$work/bnn-train" ;;
    magic-seeds)
        compile magic-seeds-search
        write src/generated/magic_seeds.h "$work/magic-seeds-search" ;;
    folding-hash)
        compile folding-hash-search
        write src/generated/folding_hash_factors.h "$work/folding-hash-search" ;;
    positions)
        [ -x "$program" ] || fail "no attackbench at $program (run make, or give --program)"
        mkdir -p "$into/data"
        (cd "$into" && "$program" genpos --seed=1 --games=1540 --out=data/positions.fen) ||
            fail "data/positions.fen: genpos failed" ;;
    esac
done

#!/bin/sh
# Writes the OpenCL C sources of src/device/kernels/ and src/generated/
# (each named by its file name without .cl) as one C file of
# strings (src/device/kernel_sources.h declares them), so that make opencl's
# program carries its kernels and runs from any folder.
#   sh scripts/generators/embed-kernels.sh OUTPUT.c KERNEL.cl...
set -eu
case "${1:-}" in
'' | -*)
    echo "embed-kernels.sh: usage: sh scripts/generators/embed-kernels.sh OUTPUT.c KERNEL.cl... (an OUTPUT starting with '-' as ./OUTPUT)" >&2
    exit 2
    ;;
esac
output=$1
shift
temporary=$output.tmp
{
    echo '/* Written by scripts/generators/embed-kernels.sh from src/device/kernels/ and src/generated/; not edited by hand. */'
    echo '#include "device/kernel_sources.h"'
    echo
    echo 'const struct kernel_source kernel_sources[] = {'
    for file in "$@"; do
        name=$(basename "$file" .cl)
        printf '    {"%s",\n' "$name"
        sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/^/     "/' -e 's/$/\\n"/' "$file"
        printf '    },\n'
    done
    echo '};'
    echo
    echo "const int kernel_source_count = $#;"
} >"$temporary"
mv -- "$temporary" "$output"

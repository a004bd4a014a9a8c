#!/bin/sh
# variant-object.sh OBJECT SUFFIX: turns a backend object compiled for one
# x86-64 level into one that links beside the baseline build: its
# descriptors (ID_backend) are renamed ID_backend__SUFFIX and every other
# global it defines becomes local, so that its tables and helpers are its
# own while the functions it only calls resolve to the baseline's.  Used by
# the Makefile for make PORTABLE=1.
set -eu
object=$1
suffix=$2
${NM:-nm} --defined-only -g "$object" | awk -v suffix="$suffix" '
    NF == 3 && $3 ~ /_backend$/ { printf "--redefine-sym=%s=%s__%s\n", $3, $3, suffix; next }
    NF == 3 { printf "--localize-symbol=%s\n", $3 }' >"$object.symbols"
# shellcheck disable=SC2046
${OBJCOPY:-objcopy} $(cat "$object.symbols") "$object"
rm -f "$object.symbols"

#!/bin/sh
# variant-object.sh OBJECT SUFFIX: turns a backend object compiled for one
# x86-64 level into one that links beside the baseline build: its
# descriptors (ID_backend) are renamed ID_backend__SUFFIX and every other
# global it defines becomes local, so that its tables and helpers are its
# own while the functions it only calls resolve to the baseline's.  Used by
# the Makefile for make PORTABLE=1.
set -eu
fail() { printf '%s\n' "variant-object.sh: $*" >&2; exit 2; }
[ $# -eq 2 ] || fail "usage: scripts/platforms/variant-object.sh OBJECT SUFFIX"
object=$1
suffix=$2
nm=${NM:-nm}
objcopy=${OBJCOPY:-objcopy}
[ -f "$object" ] || fail "$object: no such object"
for tool in "$nm" "$objcopy"; do
    command -v "$tool" >/dev/null 2>&1 || fail "no '$tool' (binutils: apt-get install binutils; or set NM, OBJCOPY)"
done
# nm's status is checked apart from awk's: a pipe would hide its failure.
"$nm" --defined-only -g "$object" >"$object.names" || fail "$nm failed on $object"
awk -v suffix="$suffix" '
    NF == 3 && $3 ~ /_backend$/ { printf "--redefine-sym=%s=%s__%s\n", $3, $3, suffix; next }
    NF == 3 { printf "--localize-symbol=%s\n", $3 }' "$object.names" >"$object.symbols"
# shellcheck disable=SC2046
"$objcopy" $(cat "$object.symbols") "$object" || fail "$objcopy failed on $object"
rm -f "$object.names" "$object.symbols"

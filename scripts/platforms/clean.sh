#!/bin/sh
# make clean: removes the build folders and programs named, each only
# where removing it is safe, for rm -rf takes whatever it is given (a
# BUILD=$HOME would take a home folder).  A path is removed when it is
#   - inside the tree, but not the tree itself nor in one of its source
#     folders (src, docs, ...: the second argument), nor a file or folder
#     holding files git tracks there, nor a file of the top folder other
#     than a program (ELF) or a log, or
#   - outside the tree, a folder holding the commit-stamp every attackbench
#     build writes, a program (an ELF file that names attackbench), or a
#     log (FILE.log) in or beside such a build folder.  A text that merely
#     names the project (notes, another clone's README) is no build.
# Anything else (/, the tree, a folder above it, a source folder, a
# foreign folder or file) is refused in one line, before anything is
# removed; a path that does not exist is passed over.
# Usage: scripts/platforms/clean.sh TREE "SOURCE FOLDERS" PATH...
set -u
tree=$(realpath -m -- "$1") || exit 2
folders=$2
shift 2
# An attackbench program, or the log of a build in or beside its folder.
build_file() {
    case "$1" in
    *.log) [ -f "$(dirname -- "$1")/commit-stamp" ] || [ -f "${1%.log}/commit-stamp" ] ;;
    *) [ "$(head -c 4 -- "$1" | tail -c 3)" = ELF ] && grep -qa attackbench "$1" ;;
    esac
}
refuse() {
    printf '%s\n' "make clean: $1: $2: nothing removed" >&2
    exit 2
}
for path in "$@"; do
    real=$(realpath -m -- "$path") || exit 2
    case "$tree/" in "${real%/}/"*) refuse "$path" "this tree or a folder above it" ;; esac
    case "$real/" in
    "$tree"/*)
        for folder in $folders; do
            case "$real/" in "$tree/$folder/"*) refuse "$path" "in the tree's $folder folder" ;; esac
        done
        if [ -e "$real" ] && git -C "$tree" rev-parse --is-inside-work-tree >/dev/null 2>&1 &&
            [ -n "$(git -C "$tree" ls-files -- "$real" 2>/dev/null | head -n 1)" ]; then
            refuse "$path" "it holds files of the tree's own (git ls-files)"
        fi
        if [ -f "$real" ] && [ "$(dirname -- "$real")" = "$tree" ] && [ "${real%.log}" = "$real" ] &&
            [ "$(head -c 4 -- "$real" | tail -c 3)" != ELF ]; then
            refuse "$path" "a file of the tree's top folder that is no program nor log"
        fi
        ;;
    *)
        if [ -d "$real" ] && [ ! -f "$real/commit-stamp" ]; then
            refuse "$path" "a folder outside the tree that holds no attackbench build (no commit-stamp)"
        elif [ -e "$real" ] && [ ! -d "$real" ] && ! build_file "$real"; then
            refuse "$path" "a file outside the tree that is no attackbench program"
        fi
        ;;
    esac
done
rm -rf -- "$@"

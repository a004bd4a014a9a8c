#!/bin/sh
# install.sh install | uninstall: what `make install` and `make uninstall`
# run.  The paths come from the environment, never split or re-read by a
# shell, so a PREFIX may hold spaces:
#   INSTALL_PREFIX     absolute folder to install under (make's PREFIX)
#   INSTALL_DESTDIR    staging folder put before it (make's DESTDIR), or empty
#   INSTALL_PROGRAM    the program to install as bin/attackbench
#   INSTALL_VALGRIND_PROGRAM  the build valgrind can run (make
#                      instructions-build), installed as bin/attackbench-valgrind
# install writes a manifest, share/attackbench/install-manifest, naming
# every file it wrote and every folder it created, and each folder of the
# prefix it wrote through that is a symbolic link (/usr/local/share ->
# elsewhere) with the link's target, and how many folders it created to
# make the root ($DESTDIR$PREFIX and those above it: "root N"); uninstall
# removes exactly those files and folders (a folder only when it is
# empty), through the same links, nothing else.  An install that fails
# or is interrupted removes the files and folders it created, and leaves
# an earlier install's manifest as it was.
set -eu
name=install.sh
fail() { printf '%s\n' "$name: $*" >&2; exit 2; }
[ $# -eq 1 ] || fail "usage: $name install|uninstall (paths in INSTALL_PREFIX, INSTALL_DESTDIR, ...)"
action=$1
case $action in install | uninstall) ;; *) fail "unknown action '$action' (install or uninstall)" ;; esac

prefix=${INSTALL_PREFIX-}
destdir=${INSTALL_DESTDIR-}
newline='
'
case $prefix in
'') fail "PREFIX is empty: give an absolute folder (PREFIX=/usr/local)" ;;
/*) ;;
*) fail "PREFIX=$prefix is relative: give an absolute folder (PREFIX=/usr/local)" ;;
esac
case $destdir in '' | /*) ;; *) fail "DESTDIR=$destdir is relative: give an absolute folder" ;; esac
case $prefix$destdir in *"$newline"*) fail "PREFIX or DESTDIR holds a newline" ;; esac
root=$destdir$prefix
# The root without a trailing slash, for walking up from it.
root_folder=$root
while :; do case $root_folder in ?*/) root_folder=${root_folder%/} ;; *) break ;; esac; done
manifest_name=share/attackbench/install-manifest
manifest=$root/$manifest_name

# Relative program paths are the caller's (make's: the source tree's top);
# the script then runs from the source tree's top.
absolute() { case $1 in '' | /*) printf '%s\n' "$1" ;; *) printf '%s\n' "$(pwd)/$1" ;; esac; }
INSTALL_PROGRAM=$(absolute "${INSTALL_PROGRAM-}")
INSTALL_VALGRIND_PROGRAM=$(absolute "${INSTALL_VALGRIND_PROGRAM-}")
cd "$(dirname "$0")/../.."

# The helpers below set variables rather than print, and take folder
# names apart with the shell's own expansions: an install runs them for
# each of some 60 files, and a $(...) or a dirname or readlink is a
# process each time (hundreds of starts in the tests' installs).

# linked_folders PATH: links set to the folders on the way from $root to
# PATH (relative) that are symbolic links, one a line, relative to $root.
linked_folders() {
    rest=$1 walked= links=
    while :; do
        case $rest in */*) ;; *) return 0 ;; esac
        walked=${walked:+$walked/}${rest%%/*}
        rest=${rest#*/}
        if [ -L "$root/$walked" ]; then links=${links:+$links$newline}$walked; fi
    done
}

# link_target FOLDER: target set to where the symbolic link $root/FOLDER
# leads, read once for each link in turn (the paths under one link come
# together).
read_link= read_target=
link_target() {
    if [ "$1" != "$read_link" ]; then
        read_target=$(readlink -- "$root/$1") || return 1
        read_link=$1
    fi
    target=$read_target
}

# parent_folder PATH: parent set to PATH's folder, as dirname says it.
parent_folder() {
    case $1 in */*) parent=${1%/*} ;; *) parent=. ;; esac
}

# recorded_target FOLDER: the target the manifest records for the link
# FOLDER ("link FOLDER -> TARGET"), or nothing.
recorded_target() {
    while IFS= read -r recorded; do
        case $recorded in "link $1 -> "*) printf '%s\n' "${recorded#"link $1 -> "}"; return 0 ;; esac
    done <"$manifest"
}

# check_manifest: every line is "file PATH", "dir PATH" or "link PATH ->
# TARGET", PATH relative and without "..", and every folder on a path's
# way that is a symbolic link one that install wrote through, still to
# the same target (any other link leads to files install did not write),
# before anything is removed or written.
check_manifest() {
    case $action in install) nothing="nothing written" ;; *) nothing="nothing removed" ;; esac
    while IFS= read -r line; do
        case $line in
        "file "* | "dir "*) path=${line#* } ;;
        "link "?*" -> "?*) path=${line#link } path=${path%% -> *} ;;
        "root "[1-9] | "root "[1-9][0-9]) continue ;;
        *) fail "$manifest: not a manifest line: '$line'; $nothing" ;;
        esac
        case /$path/ in //* | */../* | */./* | //) fail "$manifest: '$path' is not a plain relative path; $nothing" ;; esac
        case $line in "link "*) continue ;; esac
        linked_folders "$path"
        old_ifs=$IFS IFS=$newline
        for link in $links; do
            expected=$(recorded_target "$link")
            [ -n "$expected" ] ||
                fail "$root/$link is a symbolic link: $path would be removed outside $root; $nothing"
            link_target "$link" && [ "$target" = "$expected" ] ||
                fail "$root/$link is a symbolic link to $(readlink -- "$root/$link"), not to $expected as when make install wrote through it: $path would be removed outside $root; $nothing"
        done
        IFS=$old_ifs
    done <"$manifest"
}

# remove_root_folders N: the root and the folders above it, N in all,
# that install created, each while it is empty.
remove_root_folders() {
    folder=$root_folder levels=${1:-0}
    while [ "$levels" -gt 0 ] && rmdir -- "$folder" 2>/dev/null; do
        folder=${folder%/*} levels=$((levels - 1))
    done
}

if [ "$action" = uninstall ]; then
    [ -f "$manifest" ] || fail "no $manifest: nothing installed there by make install (or by an attackbench without a manifest)"
    check_manifest
    # Files first, then the folders, deepest first; a folder holding
    # something install did not write stays, and is named.  One rm and one
    # rmdir for them all (a process a file was most of uninstall's time).
    set --
    while IFS= read -r line; do
        case $line in "file "*) set -- "$@" "$root/${line#file }" ;; esac
    done <"$manifest"
    rm -f -- "$@" || fail "cannot remove every file the manifest names (above)"
    folders=$(sed -n 's/^dir //p' "$manifest" | sort -r)
    root_levels=$(sed -n 's/^root //p' "$manifest")
    rm -f -- "$manifest" || fail "cannot remove $manifest"
    old_ifs=$IFS IFS=$newline
    set --
    for folder in $folders; do
        [ -d "$root/$folder" ] && set -- "$@" "$root/$folder"
    done
    IFS=$old_ifs
    # rmdir goes on past a folder it cannot remove; those left are named.
    [ $# -eq 0 ] || rmdir -- "$@" 2>/dev/null || :
    for folder in "$@"; do
        if [ -d "$folder" ]; then printf '%s\n' "$name: kept $folder: it holds files make install did not write"; fi
    done
    remove_root_folders "$root_levels"
    printf '%s\n' "removed what make install wrote under $root"
    exit 0
fi

program=${INSTALL_PROGRAM-}
valgrind_program=${INSTALL_VALGRIND_PROGRAM-}
[ -x "$program" ] || fail "INSTALL_PROGRAM=$program: no such program (make builds it)"
[ -x "$valgrind_program" ] || fail "INSTALL_VALGRIND_PROGRAM=$valgrind_program: no such program (make instructions-build)"
command -v python3 >/dev/null 2>&1 || fail "needs python3 to list the linked docs (apt-get install python3)"
pages=$(python3 scripts/platforms/linked-files README.md docs/*.md) || fail "the docs have a broken link (scripts/platforms/linked-files README.md docs/*.md)"

# What a previous install wrote stays in the new manifest, so that
# uninstall removes it too.
# created: what this install creates, for undoing it if it fails.
usage= created= installed=
entries=$(mktemp) || fail "cannot create a temporary file"
trap 'undo_unfinished; rm -f -- "$entries" ${created:+"$created"} ${usage:+"$usage"}' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
created=$(mktemp) || fail "cannot create a temporary file"
root_levels=0
undo_unfinished() {
    [ -z "$installed" ] && [ -n "$created" ] && [ -f "$created" ] || return 0
    sed -n 's/^file //p' "$created" | while IFS= read -r path; do rm -f -- "$root/$path"; done
    sed -n 's/^dir //p' "$created" | sort -r | while IFS= read -r path; do rmdir -- "$root/$path" 2>/dev/null || :; done
    remove_root_folders "$root_levels"
}
if [ -f "$manifest" ]; then
    check_manifest
    cat "$manifest" >>"$entries"
fi

# make_folder RELATIVE: create it (and its parents), each one created recorded.
make_folder() {
    [ -d "$root/$1" ] && return 0
    parent_folder "$1"
    [ "$parent" = . ] || make_folder "$parent"
    [ -d "$root/$1" ] && return 0
    # mkdir's own message would be a second line; its reason is kept.
    error=$(mkdir -- "$root/$1" 2>&1) || fail "cannot create $root/$1: ${error##*: }"
    printf '%s\n' "dir $1" >>"$entries"
    printf '%s\n' "dir $1" >>"$created"
}
# put MODE SOURCE RELATIVE: install one file, recorded.
put() {
    parent_folder "$3"
    make_folder "$parent"
    [ -e "$root/$3" ] || printf '%s\n' "file $3" >>"$created"
    install -m "$1" -- "$2" "$root/$3" || fail "cannot write $root/$3"
    printf '%s\n' "file $3" >>"$entries"
}
# put_together MODE FOLDER FILE...: install the FILEs into FOLDER (relative
# to $root), each under its own name, in one install, each recorded.
put_together() {
    mode=$1 folder=$2
    shift 2
    make_folder "$folder"
    for file in "$@"; do [ -e "$root/$folder/${file##*/}" ] || printf '%s\n' "file $folder/${file##*/}" >>"$created"; done
    install -m "$mode" -- "$@" "$root/$folder/" || fail "cannot write into $root/$folder"
    for file in "$@"; do printf '%s\n' "file $folder/${file##*/}" >>"$entries"; done
}
# put_pages MODE FOLDER PATH...: install each PATH (relative to the top) at
# FOLDER/PATH, the paths of one folder together in one install.
put_pages() {
    pages_mode=$1 pages_folder=$2 batch= batch_folder=
    shift 2
    old_ifs=$IFS IFS=$newline
    for page in "$@" ''; do
        parent_folder "$page"
        page_folder=$parent
        if [ -n "$batch" ] && { [ -z "$page" ] || [ "$page_folder" != "$batch_folder" ]; }; then
            case $batch_folder in
            .) put_together "$pages_mode" "$pages_folder" $batch ;;
            *) put_together "$pages_mode" "$pages_folder/$batch_folder" $batch ;;
            esac
            batch=
        fi
        batch=${batch:+$batch$newline}$page batch_folder=$page_folder
    done
    IFS=$old_ifs
}

if [ ! -d "$root" ]; then
    # The folders mkdir -p creates: the root and those above it missing.
    folder=$root_folder
    while [ -n "$folder" ] && [ ! -d "$folder" ]; do
        root_levels=$((root_levels + 1)) folder=${folder%/*}
    done
    mkdir -p -- "$root" || fail "cannot create $root"
    printf '%s\n' "root $root_levels" >>"$entries"
fi
put 755 "$program" bin/attackbench
put 755 "$valgrind_program" bin/attackbench-valgrind
put 644 include/attackbench_plugin.h include/attackbench_plugin.h
put 644 include/attackbench_plugin_loops.h include/attackbench_plugin_loops.h
# The data files, where the installed program looks when the current
# folder has no data/ (src/cli/data_files.h).
put 644 data/perft.epd share/attackbench/perft.epd
put 644 data/positions.fen share/attackbench/positions.fen
docs=share/doc/attackbench
usage=$(mktemp) || fail "cannot create a temporary file"
"$program" --help >"$usage" || fail "$program --help failed"
put 644 "$usage" $docs/usage.txt
rm -f -- "$usage"
usage=
# The pages keep the source tree's layout, so their links hold.
old_ifs=$IFS IFS=$newline
# shellcheck disable=SC2086 # one page a line
set -- $pages
IFS=$old_ifs
put_pages 644 "$docs" "$@"
put_together 644 $docs/examples/plugin examples/plugin/Makefile examples/plugin/*.c examples/plugin/*.cpp examples/plugin/*.yml
put 755 examples/plugin/compare-builds.sh $docs/examples/plugin/compare-builds.sh

parent_folder "$manifest_name"
make_folder "$parent"
# Each folder written through that is a symbolic link, with its target:
# uninstall removes through it only while it still leads there.
paths=$(sed -n -e 's/^file //p' -e 's/^dir //p' "$entries")
old_ifs=$IFS IFS=$newline
for path in $paths; do
    linked_folders "$path"
    for link in $links; do
        link_target "$link" || fail "cannot read the symbolic link $root/$link"
        case $target in *"$newline"* | '') fail "the symbolic link $root/$link has an empty target or one with a newline" ;; esac
        printf '%s\n' "link $link -> $target" >>"$entries"
    done
done
IFS=$old_ifs
sort -u "$entries" >"$manifest.new" && mv -- "$manifest.new" "$manifest" || {
    rm -f -- "$manifest.new"
    fail "cannot write $manifest"
}
installed=1
# The hint names the command that removes this install, with its DESTDIR
# when one was given, each path quoted as a shell needs it (single quotes,
# each quote within written '\'').
shell_word() {
    case $1 in
    *[!A-Za-z0-9_./+:,@%=-]*) printf "'%s'\n" "$(printf '%s\n' "$1" | sed "s/'/'\\\\''/g")" ;;
    *) printf '%s\n' "$1" ;;
    esac
}
command="make uninstall"
[ -z "$destdir" ] || command="$command DESTDIR=$(shell_word "$destdir")"
command="$command PREFIX=$(shell_word "$prefix")"
printf '%s\n' "installed under $root; $command removes what is listed in $manifest"

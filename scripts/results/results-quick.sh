#!/usr/bin/env bash
# The short results form behind `make results-quick` (issue 50, item 1):
# every backend, built with gcc and, when installed, clang, on the
# workloads that rank the techniques (queens, batched, on random
# occupancies and on the pieces of data/positions.fen) and a short perft
# (data/perft.epd to depth 4, every usable CPU as a thread, gcc), with the
# machine's identity, in a few minutes on a 2-core machine.  It writes one
# folder, named by the CPUID brand string, family and model the program
# records (the CSV's cpu, cpu_family and cpu_model columns) and the date:
#   <RESULTS>/<machine>-<date>/<machine>-<date>-<compiler>.csv
#   <RESULTS>/<machine>-<date>/<machine>-<date>-perft-threads-gcc.csv
#   <RESULTS>/<machine>-<date>/<machine>-<date>-manifest.json  (the identity,
#       the CPU count, each method's needs: what scripts/results/results-merge reads)
#   <RESULTS>/<machine>-<date>/plots/...  the charts, when gnuplot is installed
# with the CSV columns of `make results`, so that every script reads it.
# A folder of that name that another CPU wrote is never replaced: the run
# stops with an error instead.  Into results/ (the default, however it is
# spelled: the resolved paths are compared), it then rewrites
# results/README.md's results section (scripts/results/results-merge).
# Every setting is checked before anything is measured: the values (and
# that POSITIONS is a file, not empty) before anything is built;
# QUICK_METHODS and what POSITIONS holds with the first program there is
# (QUICK_PROGRAM, or the first build, before any other is built).  The
# new run is written into a dot folder beside its target and swapped in
# whole when complete (and, into results/, merged); a failure or an
# interrupt at any step leaves the earlier folder, README and page as
# they were.
#
# Environment: RESULTS (default results), POSITIONS (default
# data/positions.fen), QUICK_METHODS (a --method list, default every
# backend: the tests give a few), QUICK_PROGRAM (one attackbench already
# built, measured alone, instead of the builds), QUICK_REPS (default 11), QUICK_CALLS
# (lookups per repetition, default 500000), QUICK_PERFT_DEPTH (default 4),
# COMPILERS (default "gcc clang": those installed are used).
set -euo pipefail

say() { echo "results-quick: $*" >&2; }
die() { echo "results-quick: $*" >&2; exit 2; }
# Every setting comes from the environment: an argument (--help too) is
# refused before anything is built or measured.
[ $# -eq 0 ] || die "usage: scripts/results/results-quick.sh (no arguments; settings in the environment: see its header)"

top=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
# A relative RESULTS, POSITIONS or QUICK_PROGRAM given is the caller's: the
# folder `make -C ... results-quick` was started in (the Makefile passes
# it), or this script's; the defaults are the tree's.
caller=${RESULTS_CALLER_DIR:-$PWD}
callers_path() { case $1 in '' | /*) echo "$1" ;; *) echo "$caller/$1" ;; esac; }
RESULTS=$(callers_path "${RESULTS:-}")
POSITIONS=$(callers_path "${POSITIONS:-}")
QUICK_PROGRAM=$(callers_path "${QUICK_PROGRAM:-}")
cd "$top"

results=${RESULTS:-results}
positions=${POSITIONS:-data/positions.fen}
methods=${QUICK_METHODS:-all}
reps=${QUICK_REPS:-11}
calls=${QUICK_CALLS:-500000}
depth=${QUICK_PERFT_DEPTH:-4}
[ -f "$positions" ] || die "$positions: no such file (the positions of the pieces workload)"
[ -s "$positions" ] || die "POSITIONS=$positions: an empty file (no positions for the pieces workload)"
command -v python3 >/dev/null 2>&1 || die "python3 is needed (apt-get install python3)"

# check_count NAME VALUE MAXIMUM: VALUE a whole number from 1 to MAXIMUM
# (attackbench's own limits), or one line and exit 2.
check_count() {
    [[ "$2" =~ ^[1-9][0-9]{0,14}$ ]] && [ "$2" -le "$3" ] ||
        die "$1=$2: expected a whole number from 1 to $3"
}
check_count QUICK_REPS "$reps" 100000
check_count QUICK_CALLS "$calls" 1099511627776
check_count QUICK_PERFT_DEPTH "$depth" 12
compilers=${COMPILERS:-gcc clang}
[ -z "${QUICK_PROGRAM:-}" ] || compilers=""
named=" "
for compiler in $compilers; do
    case $compiler in
        gcc | clang) ;;
        *) die "COMPILERS: '$compiler': gcc or clang" ;;
    esac
    # Named twice, it was measured twice and then failed on a bare mv.
    case $named in *" $compiler "*) die "COMPILERS: '$compiler' named twice" ;; esac
    named="$named$compiler "
done

# What the run has staged and set aside, for cleanup (below).
work=$(mktemp -d)
staging="" aside="" swapped=0 committed=0 created_results=0 interrupted=0
trap cleanup EXIT
trap 'exit 130' INT TERM
started=$(date +%s)

# cleanup: on success, the replaced folder's copy set aside is removed; on
# a failure or an interrupt, the staged run is removed (or taken out again
# when it was swapped in) and the earlier folder put back as it was.
cleanup() {
    rm -rf "$work"
    if [ "$committed" = 1 ]; then
        [ -z "$aside" ] || rm -rf "$aside"
        return 0
    fi
    if [ -n "$staging" ] && [ -e "$staging" ]; then rm -rf "$staging"; fi
    [ "$swapped" = 0 ] || rm -rf "$folder"
    if [ -n "$aside" ] && [ -e "$aside" ]; then mv "$aside" "$folder"; fi
    [ "$created_results" = 0 ] || rmdir "$results" 2>/dev/null || true
}

# check_with PROGRAM: QUICK_METHODS checked in one tiny run, and an
# emulator found; perft's methods and the content of POSITIONS checked as
# briefly; each a line and exit 2.  Run once, with the first program there
# is, before any other is built.
checked=0
check_with() {
    [ "$checked" = 0 ] || return 0
    checked=1
    "$1" -m "$methods" -w random -p rook -r 1 -c 1000 --queries=64 -f csv >"$work/check.csv" 2>"$work/check.err" ||
        die "QUICK_METHODS=$methods: $(tail -1 "$work/check.err")"
    # perft takes the same list (null, say, it refuses).
    "$1" perft --method="$methods" --depth=1 --reps=1 --threads=1 >/dev/null 2>"$work/check-perft.err" ||
        die "QUICK_METHODS=$methods: $(tail -1 "$work/check-perft.err")"
    if grep -q 'emulator' "$work/check.csv"; then
        die "this machine is an emulator (qemu-user): its timings say nothing about any CPU; run it on real hardware"
    fi
    "$1" -q -m null -w pieces -p rook -r 1 -c 1000 --timer=clock -f csv "$positions" >/dev/null 2>"$work/check-positions.err" ||
        die "POSITIONS=$positions: $(tail -1 "$work/check-positions.err")"
}

# Builds: "compiler program" pairs, gcc first (its CSV names the machine).
# QUICK_PROGRAM: one attackbench already built, measured alone (the tests).
builds=()
if [ -n "${QUICK_PROGRAM:-}" ]; then
    version=$("$QUICK_PROGRAM" --version 2>/dev/null) && [[ "$version" == "attackbench "* ]] ||
        die "QUICK_PROGRAM=$QUICK_PROGRAM: not an attackbench program (its --version does not say 'attackbench')"
    compiler=$(sed -n '1s/^[^(]*(\([a-z]*\) .*/\1/p' <<<"$version")
    [ -n "$compiler" ] || die "QUICK_PROGRAM=$QUICK_PROGRAM: no compiler in '$(head -1 <<<"$version")'"
    builds+=("$compiler $QUICK_PROGRAM")
    check_with "$QUICK_PROGRAM"
fi
for compiler in $compilers; do
    case $compiler in
        gcc) program=./attackbench make_options=(CC=gcc) ;;
        clang) program=build/attackbench-clang make_options=(CC=clang BUILD=build/clang PROGRAM=build/attackbench-clang) ;;
    esac
    if ! command -v "$compiler" >/dev/null 2>&1; then
        say "$compiler is not installed: no $compiler run (apt-get install $compiler)"
        continue
    fi
    say "building with $compiler"
    make -s -j"$(nproc)" "${make_options[@]}" "$program" >/dev/null || die "the $compiler build failed (make ${make_options[*]})"
    builds+=("$compiler $program")
    check_with "$program"
done
[ "${#builds[@]}" -gt 0 ] || die "no compiler to build with (COMPILERS=${COMPILERS:-gcc clang})"
first=${builds[0]#* }

# Every backend (or those of QUICK_METHODS) on random and pieces queens,
# batched: the ranking.
measured="every method"
[ -z "${QUICK_METHODS:-}" ] || measured="the methods $methods"
for build in "${builds[@]}"; do
    compiler=${build%% *} program=${build#* }
    say "$program: $measured, queens on random occupancies and on $positions, batched"
    "$program" --quiet --method="$methods" --workload=random,pieces --piece=queen --dispatch=batch \
        --reps="$reps" --calls="$calls" --csv="$work/$compiler.csv" "$positions" >/dev/null \
        || die "failed: $program --method=$methods --workload=random,pieces --piece=queen --dispatch=batch $positions"
done

first_compiler=${builds[0]%% *}
identity=$(scripts/results/results-tool machine "$work/$first_compiler.csv") || die "cannot identify the CPU"
machine_slug=$(sed -n 1p <<<"$identity")
machine=$(sed -n 2p <<<"$identity")
date=$(date -u +%F)
stem="$machine_slug-$date"
folder="$results/$stem"
manifest="$folder/$stem-manifest.json"

# Never replace what another CPU wrote: a folder of this name holds this
# machine's earlier run of the day, or nothing.
if [ -e "$folder" ]; then
    [ -f "$manifest" ] || die "$folder exists without $stem-manifest.json: not this machine's run; move it away first"
    written_by=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1])).get("machine", ""))' "$manifest") \
        || die "$manifest: unreadable"
    [ "$written_by" = "$machine" ] \
        || die "$folder holds a run of '$written_by', not of this CPU ('$machine'): nothing written"
    say "replacing this CPU's earlier run of $date in $folder"
fi
[ -d "$results" ] || { mkdir -p "$results" && created_results=1; } || die "$results: cannot create the folder"
# The run is written here, a dot folder beside its target (the globs
# that find manifests pass it by), and swapped in when complete.
staging="$results/.$stem.new.$$"
mkdir "$staging" || die "$results: cannot write into it"
staged_manifest="$staging/$stem-manifest.json"
say "machine: $machine; folder $folder"

manifest_files=()
for build in "${builds[@]}"; do
    compiler=${build%% *}
    mv "$work/$compiler.csv" "$staging/$stem-$compiler.csv"
    manifest_files+=("bench=$staging/$stem-$compiler.csv")
done

# A short perft (gcc, or the first compiler) with every usable CPU as a
# thread: the engine's view.
usable_cpus=$(nproc)
perft_csv="$staging/$stem-perft-threads-$first_compiler.csv"
say "$first perft --threads=$usable_cpus --depth=$depth (data/perft.epd)"
"$first" perft --method="$methods" --threads="$usable_cpus" --depth="$depth" --reps=3 --csv="$perft_csv" \
    >/dev/null 2>"$work/perft.log" || { cat "$work/perft.log" >&2; die "$first perft failed"; }
manifest_files+=("perft=$perft_csv")

"$first" --list >"$work/list.txt" || die "$first --list failed"
scripts/results/results-tool manifest "$staged_manifest" machine="$machine" slug="$machine_slug" date="$date" \
    form=quick cpus="$(getconf _NPROCESSORS_ONLN)" list="$work/list.txt" "${manifest_files[@]}" \
    || die "cannot write $manifest"

if command -v gnuplot >/dev/null 2>&1; then
    scripts/results/plot -o "$staging/plots" "$staged_manifest" >/dev/null || die "scripts/results/plot failed"
    charts_said="the charts"
else
    say "gnuplot is not installed: no charts (apt-get install gnuplot-nox)"
    charts_said="no charts"
fi

# The swap: the earlier folder set aside (removed once all is done, put
# back on a failure), the staged run renamed into its place, then the
# merge.  An interrupt waits until they are done, so that cleanup finds
# the folders and the page as one step or the other left them.
trap 'interrupted=1' INT TERM
if [ -e "$folder" ]; then
    aside="$results/.$stem.replaced.$$"
    mv "$folder" "$aside" || die "$folder: cannot set it aside"
fi
mv "$staging" "$folder" || die "$folder: cannot rename the new run into place"
swapped=1
say "wrote $manifest and $charts_said"
# Into results/, however RESULTS spells it: the merge rewrites the README
# and the page (and puts them back when it fails).
if [ "$results" -ef results ]; then
    scripts/results/results-merge "$folder" || die "scripts/results/results-merge failed"
fi
committed=1
say "done in $(($(date +%s) - started)) s: $folder"
[ "$interrupted" = 0 ] || exit 130

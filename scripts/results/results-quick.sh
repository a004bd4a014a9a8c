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
# stops with an error instead.  Into results/ (the default), it then
# rewrites results/README.md's results section (scripts/results/results-merge).
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

top=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$top"

results=${RESULTS:-results}
positions=${POSITIONS:-data/positions.fen}
methods=${QUICK_METHODS:-all}
reps=${QUICK_REPS:-11}
calls=${QUICK_CALLS:-500000}
depth=${QUICK_PERFT_DEPTH:-4}
[ -f "$positions" ] || die "$positions: no such file (the positions of the pieces workload)"
command -v python3 >/dev/null 2>&1 || die "python3 is needed (apt-get install python3)"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
started=$(date +%s)

# Builds: "compiler program" pairs, gcc first (its CSV names the machine).
# QUICK_PROGRAM: one attackbench already built, measured alone (the tests).
builds=()
if [ -n "${QUICK_PROGRAM:-}" ]; then
    version=$("$QUICK_PROGRAM" --version) || die "QUICK_PROGRAM=$QUICK_PROGRAM: cannot run it"
    compiler=$(sed -n 's/^[^(]*(\([a-z]*\) .*/\1/p' <<<"$version")
    [ -n "$compiler" ] || die "QUICK_PROGRAM=$QUICK_PROGRAM: no compiler in '$version'"
    builds+=("$compiler $QUICK_PROGRAM")
fi
compilers=${COMPILERS:-gcc clang}
[ -z "${QUICK_PROGRAM:-}" ] || compilers=""
for compiler in $compilers; do
    case $compiler in
        gcc) program=./attackbench make_options=(CC=gcc) ;;
        clang) program=build/attackbench-clang make_options=(CC=clang BUILD=build/clang PROGRAM=build/attackbench-clang) ;;
        *) die "COMPILERS: '$compiler': gcc or clang" ;;
    esac
    if ! command -v "$compiler" >/dev/null 2>&1; then
        say "$compiler is not installed: no $compiler run (apt-get install $compiler)"
        continue
    fi
    say "building with $compiler"
    make -s -j"$(nproc)" "${make_options[@]}" "$program" >/dev/null || die "the $compiler build failed (make ${make_options[*]})"
    builds+=("$compiler $program")
done
[ "${#builds[@]}" -gt 0 ] || die "no compiler to build with (COMPILERS=${COMPILERS:-gcc clang})"
first=${builds[0]#* }
if "$first" -m null -w random -p rook -r 1 -c 1000 --queries=64 -f csv 2>/dev/null | grep -q 'emulator'; then
    die "this machine is an emulator (qemu-user): its timings say nothing about any CPU; run it on real hardware"
fi

# Every backend on random and pieces queens, batched: the ranking.
for build in "${builds[@]}"; do
    compiler=${build%% *} program=${build#* }
    say "$program: every method, queens on random occupancies and on $positions, batched"
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
mkdir -p "$folder"
say "machine: $machine; folder $folder"

manifest_files=()
for build in "${builds[@]}"; do
    compiler=${build%% *}
    mv "$work/$compiler.csv" "$folder/$stem-$compiler.csv"
    manifest_files+=("bench=$folder/$stem-$compiler.csv")
done

# A short perft (gcc, or the first compiler) with every usable CPU as a
# thread: the engine's view.
usable_cpus=$(nproc)
perft_csv="$folder/$stem-perft-threads-$first_compiler.csv"
say "$first perft --threads=$usable_cpus --depth=$depth (data/perft.epd)"
"$first" perft --method="$methods" --threads="$usable_cpus" --depth="$depth" --reps=3 --csv="$perft_csv" \
    >/dev/null 2>"$work/perft.log" || { cat "$work/perft.log" >&2; die "$first perft failed"; }
manifest_files+=("perft=$perft_csv")

"$first" --list >"$work/list.txt" || die "$first --list failed"
scripts/results/results-tool manifest "$manifest" machine="$machine" slug="$machine_slug" date="$date" \
    form=quick cpus="$(getconf _NPROCESSORS_ONLN)" list="$work/list.txt" "${manifest_files[@]}" \
    || die "cannot write $manifest"
say "wrote $manifest"

if command -v gnuplot >/dev/null 2>&1; then
    scripts/results/plot -o "$folder/plots" "$manifest" >/dev/null || die "scripts/results/plot failed"
    say "wrote the charts into $folder/plots"
else
    say "gnuplot is not installed: no charts (apt-get install gnuplot-nox)"
fi

say "done in $(($(date +%s) - started)) s: $folder"
if [ "$results" = results ]; then
    scripts/results/results-merge "$folder" || die "scripts/results/results-merge failed"
fi

#!/usr/bin/env bash
# The full benchmark behind `make results`: builds attackbench with gcc and,
# when installed, clang; runs every method over data/positions.fen and the
# random workload in both dispatch modes, and on the side-wise workloads
# (sets: a side's attack map; sides: each slider's own set), also by game
# phase; writes into results/, named by one
# CPU identification (brand string, family and model: <machine>):
#   <machine>-<date>-<compiler>.csv        one CSV per compiler
#   <machine>-<date>-perft-<compiler>.csv  perft to depth 3, per method
#   <machine>-<date>-perft-threads-gcc.csv  the same with every usable CPU
#                                          as a thread (--threads)
#   <machine>-<date>-perft-pressure-gcc.csv  the same, one thread, with a
#                                          64 MB hash probed per node
#   <machine>-<date>-probes-gcc.csv        the memory ladder and the fastest
#                                          method on a short stream
#   <machine>-<date>-sides-by-count-gcc.csv  the sides workload per number of
#                                          sliders a side has (scripts/comparisons/sides-by-count)
#   <machine>-<date>.md                    the report (scripts/results/report), with
#                                          this machine's row-hash hit rates
#   <machine>-<date>-manifest.json         what this run wrote, the machine's
#                                          identity, each method's needs and
#                                          native side-wise paths (--list)
#   plots/<machine>-<date>-*.svg/.png      charts (scripts/results/plot, gnuplot)
#   <machine>-<date>-hyperfine.md/.json    whole-process timings (hyperfine)
# and rewrites the README's results section from every manifest in results/.
# The run is written into a dot folder in RESULTS and moved into place only
# when complete: a failure or an interrupt (Ctrl-C) at any step leaves the
# earlier run's files, the findings page and the README as they were.  A
# same-day re-run on one machine replaces the earlier run's files of that
# name (<machine>-<date>.md, <machine>-<date>-*, plots/<machine>-<date>-*)
# as a whole: nothing of the run it replaces is left beside it.
# gnuplot and hyperfine are installed with apt-get when missing and this
# runs as root; otherwise their steps are skipped with the package named.
# Takes several minutes on a 2-core machine with 25 methods.
#
# Environment: POSITIONS (default data/positions.fen), RESULTS (default
# results), BENCH_OPTIONS (extra attackbench options for every run, e.g.
# "--reps=3 --calls=100000" for a quick trial), README (default results/README.md),
# FINDINGS (default docs/findings.md: the engine-view paragraph of this machine).
set -euo pipefail

say() { echo "results: $*" >&2; }
die() { echo "results: $*" >&2; exit 2; }
# Every setting comes from the environment: an argument (--help too) is
# refused before anything is built, installed or rewritten.
[ $# -eq 0 ] || die "usage: scripts/results/results.sh (no arguments; settings in the environment: see its header)"

top=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
# Relative POSITIONS, RESULTS, README, FINDINGS and PLUGINS paths given
# are the caller's: the folder `make -C ... results` was started in (the
# Makefile passes it), or this script's, as for results-quick.sh; the
# defaults are the tree's.
caller=${RESULTS_CALLER_DIR:-$PWD}
callers_path() { case $1 in '' | /*) printf '%s\n' "$1" ;; *) printf '%s\n' "$caller/$1" ;; esac; }
POSITIONS=$(callers_path "${POSITIONS:-}")
RESULTS=$(callers_path "${RESULTS:-}")
README=$(callers_path "${README:-}")
FINDINGS=$(callers_path "${FINDINGS:-}")
cd "$top"

positions=${POSITIONS:-data/positions.fen}
results=${RESULTS:-results}
readme=${README:-results/README.md}
# PLUGINS="a.so b.so": backends of your own, in every run (docs/plugins.md).
# They are split at spaces, so a path holding one cannot be given here.
plugin_options=""
for plugin in ${PLUGINS:-}; do
    case $plugin in /*) path=$plugin ;; *) path=$caller/$plugin ;; esac
    [ -f "$path" ] || die "PLUGINS: $path: no such file (a relative path is taken from $caller; PLUGINS is split at spaces)"
    case $path in *[[:space:]]*) die "PLUGINS: '$path' holds a space: give the plugin at a path without one" ;; esac
    plugin_options="$plugin_options --plugin=$path"
done
extra_options="$plugin_options ${BENCH_OPTIONS:-}"

[ -f "$positions" ] || die "$positions: no such file (the positions of the pieces workload)"
# RESULTS is made only when the run is complete: a folder that cannot be
# made or written is refused now, not after the measurements.
probe=$results
while [ ! -e "$probe" ] && [ ! -L "$probe" ]; do probe=$(dirname "$probe"); done
{ [ -d "$probe" ] && [ -w "$probe" ]; } || die "RESULTS=$results: $probe is not a folder this run can write into"
command -v python3 >/dev/null 2>&1 || die "python3 is needed for scripts/results/report (apt-get install python3)"

# have TOOL PACKAGE: whether TOOL is on PATH, after installing PACKAGE with
# apt-get when this runs as root on a Debian-like system.
have() {
    command -v "$1" >/dev/null 2>&1 && return 0
    if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
        say "installing $2 (for $1)"
        { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$2"; } >/dev/null 2>&1 || true
    fi
    command -v "$1" >/dev/null 2>&1
}

findings=${FINDINGS:-docs/findings.md}

# What the run has staged, set aside and moved, for cleanup (below).
work=$(mktemp -d)
staging="" aside="" committed=0 created_results=0 created_plots=0 interrupted=0
findings_installed=0
moved=() replaced=()
trap cleanup EXIT
trap 'exit 130' INT TERM

# cleanup: on success, the earlier run's files set aside are removed; on a
# failure or an interrupt, the staged run is removed (or taken out again
# when it was moved in) and the earlier files and findings page put back
# as they were (readme-results, the last step, keeps the old README when
# it fails).
cleanup() {
    local file
    if [ "$committed" = 1 ]; then
        rm -rf "$work"
        [ -z "$aside" ] || rm -rf "$aside"
        return 0
    fi
    if [ "$findings_installed" = 1 ]; then
        if [ -e "$work/findings.kept" ]; then
            put_in_place "$work/findings.kept" "$findings" || say "$findings: cannot put back its earlier text"
        else
            rm -f "$findings"
        fi
    fi
    for file in ${moved[@]+"${moved[@]}"}; do rm -f "$results/$file"; done
    if [ -n "$staging" ] && [ -e "$staging" ]; then rm -rf "$staging"; fi
    for file in ${replaced[@]+"${replaced[@]}"}; do mv -f "$aside/$file" "$results/$file"; done
    if [ -n "$aside" ] && [ -e "$aside" ]; then rmdir "$aside/plots" "$aside" 2>/dev/null || true; fi
    [ "$created_plots" = 0 ] || rmdir "$results/plots" 2>/dev/null || true
    [ "$created_results" = 0 ] || rmdir "$results" 2>/dev/null || true
    rm -rf "$work"
}

# put_in_place FILE TARGET: a copy of FILE renamed over TARGET (never a
# TARGET half-written).
put_in_place() {
    if cp "$1" "$2.new.$$" && mv -f "$2.new.$$" "$2"; then return 0; fi
    rm -f "$2.new.$$"
    return 1
}

# Builds: "compiler-name program" pairs.
builds=()
say "building with gcc"
make -s CC=gcc >/dev/null || die "the gcc build failed (make CC=gcc)"
builds+=("gcc ./attackbench")
# An emulator's timings describe no CPU: no results table from one.
if ./attackbench -m null -w random -p rook -r 1 -c 1000 --queries=64 -f csv 2>/dev/null | grep -q 'emulator'; then
    die "this machine is an emulator (qemu-user): its timings say nothing about any CPU; run make results on real hardware"
fi
if command -v clang >/dev/null 2>&1; then
    say "building with clang"
    make -s CC=clang BUILD=build/clang PROGRAM=build/attackbench-clang >/dev/null \
        || die "the clang build failed (make CC=clang BUILD=build/clang PROGRAM=build/attackbench-clang)"
    builds+=("clang build/attackbench-clang")
else
    say "clang is not installed: no compiler comparison (apt-get install clang)"
fi

# The runs of one build, each "options|description": every method and piece
# over the positions and the random stream in both dispatch modes, then the
# queen alone by game phase, on two threads, in latency mode and under cache
# pressure, then every method on the side-wise workloads in both dispatch
# modes and, batched, by game phase (its phase "all" repeats the run before
# and is left out).  Their repetitions and calls keep the two side-wise runs
# under a minute of CPU time per build on a 2-core Zen 5 guest (time(1)).
runs=(
    "--workload=pieces,random --dispatch=call,batch --reps=15 --calls=2000000|pieces and random workloads, both dispatch modes"
    "--workload=pieces --phase --piece=queen --dispatch=batch --reps=15 --calls=1000000|queen by game phase"
    "--workload=random --threads=2 --piece=queen --dispatch=batch --reps=15 --calls=1000000|queen on 2 threads"
    "--workload=pieces,random --chain --piece=queen --dispatch=batch --reps=15 --calls=500000|queen, latency mode"
    "--workload=random --pressure=64M --piece=queen --dispatch=batch --reps=9 --calls=200000|queen under 64 MB cache pressure"
    "--workload=sets,sides --dispatch=call,batch --reps=15 --calls=1000000|side-wise workloads (sets, sides), both dispatch modes"
    "--workload=sets,sides --phase --dispatch=batch --reps=9 --calls=500000|side-wise workloads by game phase"
)

# measure PROGRAM CSV DESCRIPTION OPTIONS...: one attackbench run into CSV.
measure() {
    local program=$1 csv=$2 description=$3
    shift 3
    say "$program: $description"
    # shellcheck disable=SC2086
    "$program" --quiet "$@" $extra_options --csv="$csv" "$positions" >/dev/null \
        || die "failed: $program $* $extra_options $positions"
}

# Every run of one program, merged into one CSV (each configuration once:
# phase "all" of the phase run repeats the first run's and is left out).
run_benchmark() {
    local program=$1 csv=$2 number=0 run parts=()
    for run in "${runs[@]}"; do
        number=$((number + 1))
        # shellcheck disable=SC2086
        measure "$program" "$work/part-$number.csv" "${run#*|}" ${run%%|*}
        parts+=("$work/part-$number.csv")
    done
    scripts/results/results-tool merge "$csv" "${parts[@]}" \
        || die "cannot merge the runs into $csv (scripts/results/results-tool merge)"
}

# The machine-dependent probes, with gcc: the null backend reading one
# random line of a buffer of each size per query (the memory ladder), and
# the fastest method of CSV on a stream short enough to stay in L1.
run_probes() {
    local csv=$1 output=$2 fastest size pressure parts=()
    for size in none 16K 256K 1M 4M 64M; do
        pressure=()
        [ "$size" = none ] || pressure=(--pressure="$size")
        measure ./attackbench "$work/ladder-$size.csv" "memory ladder, buffer $size" \
            --method=null --workload=random --piece=rook --dispatch=batch --reps=31 "${pressure[@]}"
        parts+=("$work/ladder-$size.csv")
    done
    fastest=$(scripts/results/results-tool fastest "$csv") || die "no fastest method in $csv"
    measure ./attackbench "$work/short.csv" "$fastest on a 64-query stream" \
        --method="$fastest",null --workload=random --piece=queen --dispatch=batch --queries=64 --reps=31
    parts+=("$work/short.csv")
    scripts/results/results-tool merge "$output" "${parts[@]}" || die "cannot merge the probes into $output"
}

for build in "${builds[@]}"; do
    run_benchmark "${build#* }" "$work/${build%% *}.csv"
done
identity=$(scripts/results/results-tool machine "$work/gcc.csv") || die "cannot identify the CPU"
machine_slug=$(sed -n 1p <<<"$identity")
machine=$(sed -n 2p <<<"$identity")
stem="$machine_slug-$(date -u +%F)"
say "machine: $machine; files $results/$stem-*"

# The run is written here, a dot folder in RESULTS (the globs that find
# manifests pass it by), under its files' final names, and moved into
# RESULTS when complete (below).
[ -d "$results" ] || { mkdir -p "$results" && created_results=1; } || die "$results: cannot create the folder"
staging="$results/.$stem.new.$$"
mkdir "$staging" || die "$results: cannot write into it"
# The findings page is rewritten in a copy, put in place with the run.
if [ -e "$findings" ]; then
    cp "$findings" "$work/findings.md" || die "$findings: cannot read it"
fi

csvs=() perft_csvs=() manifest_files=()
for build in "${builds[@]}"; do
    compiler=${build%% *} program=${build#* }
    mv "$work/$compiler.csv" "$staging/$stem-$compiler.csv"
    csvs+=("$staging/$stem-$compiler.csv")
    manifest_files+=("bench=$staging/$stem-$compiler.csv")
    perft_csv="$staging/$stem-perft-$compiler.csv"
    say "$program perft"
    "$program" perft $plugin_options --depth=3 --csv="$perft_csv" "$positions" >/dev/null 2>"$work/perft.log" \
        || { cat "$work/perft.log" >&2; die "$program perft failed"; }
    perft_csvs+=("$perft_csv")
    manifest_files+=("perft=$perft_csv")
done

# The engine's view (gcc): perft with every usable CPU as a thread, and with
# a hash table probed at every node; the report ranks each against the
# isolated ranking (docs/perft.md).
usable_cpus=$(nproc)
for setting in "threads --threads=$usable_cpus" "pressure --pressure=64M"; do
    perft_csv="$staging/$stem-perft-${setting%% *}-gcc.csv"
    say "./attackbench perft ${setting#* }"
    # shellcheck disable=SC2086
    ./attackbench perft $plugin_options ${setting#* } --depth=3 --csv="$perft_csv" "$positions" >/dev/null \
        2>"$work/perft.log" || { cat "$work/perft.log" >&2; die "./attackbench perft ${setting#* } failed"; }
    perft_csvs+=("$perft_csv")
    manifest_files+=("perft=$perft_csv")
done

probes="$staging/$stem-probes-gcc.csv"
run_probes "$staging/$stem-gcc.csv" "$probes"
./attackbench $plugin_options --list >"$work/list.txt"

report="$staging/$stem.md"
scripts/results/report --title "attackbench results: $machine, $(date -u +%F)" --machine "$machine" --probes "$probes" \
    --list "$work/list.txt" --findings "$work/findings.md" -o "$report" "${csvs[@]}" "${perft_csvs[@]}" \
    || die "scripts/results/report failed"
say "row-hash hit rates by phase"
# shellcheck disable=SC2016 # the backquotes are markdown
{
    printf '\n## Row-hash hit rates: %s\n\n' "$machine"
    printf 'From `scripts/comparisons/hash-hit-rates.sh` (gcc), the default table:\n\n'
    scripts/comparisons/hash-hit-rates.sh "$positions"
    printf '\nand a small table (`scripts/comparisons/hash-hit-rates.sh %s 12`):\n\n' "$positions"
    scripts/comparisons/hash-hit-rates.sh "$positions" 12
} >>"$report" || die "scripts/comparisons/hash-hit-rates.sh failed"

# The sides workload by the number of sliders a side has (gcc): pext, the
# fastest composed lookup on random occupancies, against every available
# multi-square kernel, from the list just written.
kernels=$(awk '$2 == "available" && / native [a-z,]*sides/ {printf ",%s", $1}' "$work/list.txt")
if [ -n "$kernels" ]; then
    say "sides by slider count: pext$kernels"
    # shellcheck disable=SC2016 # the backquotes are markdown
    {
        printf '\n## Sides by slider count: %s\n\n' "$machine"
        printf 'From `scripts/comparisons/sides-by-count --methods=pext%s %s -- --reps=15` (gcc): each row a group of\n' \
            "$kernels" "$positions"
        printf 'positions whose two sides have that many sliders each, measured on its own; "mixed" is\n'
        printf 'the whole file. Ratios: per round, to pext (below 1: faster than pext).\n\n'
        # shellcheck disable=SC2086
        scripts/comparisons/sides-by-count --methods="pext$kernels" --csv="$staging/$stem-sides-by-count-gcc.csv" "$positions" \
            -- --reps=15 $extra_options
    } >>"$report" || die "scripts/comparisons/sides-by-count failed"
    manifest_files+=("sides_by_count=$staging/$stem-sides-by-count-gcc.csv")
fi

manifest="$staging/$stem-manifest.json"
scripts/results/results-tool manifest "$manifest" machine="$machine" slug="$machine_slug" date="$(date -u +%F)" \
    cpus="$(getconf _NPROCESSORS_ONLN)" list="$work/list.txt" report="$report" probes="$probes" \
    "${manifest_files[@]}" || die "cannot write $results/$stem-manifest.json"

chart="" sets_chart=""
if have gnuplot gnuplot-nox; then
    scripts/results/plot -o "$staging/plots" "$manifest" >/dev/null || die "scripts/results/plot failed"
    chart="$results/plots/$stem-gcc-ranked-random.png"
    sets_chart="$results/plots/$stem-gcc-ranked-sets.png"
    [ -f "$staging/plots/${sets_chart##*/}" ] || sets_chart=""
    charts_said="the charts into $results/plots"
else
    say "gnuplot is not installed: no charts (apt-get install gnuplot-nox)"
    charts_said="no charts"
fi

hyperfine_said=""
if have hyperfine hyperfine; then
    say "hyperfine: every method as a whole process"
    ATTACKBENCH=./attackbench scripts/comparisons/hyperfine.sh "$staging" "$stem-hyperfine" >/dev/null \
        || die "scripts/comparisons/hyperfine.sh failed"
    hyperfine_said=", $results/$stem-hyperfine.md and .json"
else
    say "hyperfine is not installed: no whole-process timings (apt-get install hyperfine)"
fi

# The swap: the earlier run's files of this machine and date (<stem>.md,
# <stem>-*, plots/<stem>-*) set aside (removed once all is done, put back
# on a failure), the staged ones renamed into their place, the findings
# page put in place, then the README rewritten.  An interrupt waits until
# they are done, so that cleanup finds the files as one step or the other
# left them.
trap 'interrupted=1' INT TERM
aside="$results/.$stem.replaced.$$"
mkdir -p "$aside/plots" || die "$results: cannot set the earlier run aside"
for file in "$results/$stem.md" "$results/$stem"-* "$results/plots/$stem"-*; do
    [ -f "$file" ] || [ -L "$file" ] || continue
    file=${file#"$results/"}
    mv "$results/$file" "$aside/$file" || die "$results/$file: cannot set it aside"
    replaced+=("$file")
done
if [ -d "$staging/plots" ] && [ ! -d "$results/plots" ]; then
    mkdir "$results/plots" || die "$results/plots: cannot create the folder"
    created_plots=1
fi
for file in "$staging"/* "$staging"/plots/*; do
    [ -f "$file" ] || continue
    file=${file#"$staging/"}
    mv "$staging/$file" "$results/$file" || die "$results/$file: cannot move the new run's file into place"
    moved+=("$file")
done
if [ -e "$work/findings.md" ]; then
    [ ! -e "$findings" ] || cp "$findings" "$work/findings.kept" || die "$findings: cannot keep a copy"
    put_in_place "$work/findings.md" "$findings" || die "$findings: cannot write it"
    findings_installed=1
fi
say "wrote $results/$stem.md, $results/$stem-manifest.json$hyperfine_said and $charts_said"

# The results page (results/README.md), from every machine's newest run
# (it keeps the old README when it fails).
scripts/results/readme-results --readme "$readme" --chart "$chart" --sets-chart "$sets_chart" "$results"/*-manifest.json \
    || die "scripts/results/readme-results failed"
committed=1
rm -rf "$staging"
say "updated the results section of $readme"
[ "$interrupted" = 0 ] || exit 130

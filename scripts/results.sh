#!/usr/bin/env bash
# The full benchmark behind `make results`: builds attackbench with gcc and,
# when installed, clang; runs every method over data/positions.fen and the
# random workload in both dispatch modes; writes into results/:
#   <cpu>-<date>-<compiler>.csv   one CSV per compiler (attackbench --csv)
#   <cpu>-<date>-perft-<compiler>.csv  perft speed per method, if available
#   <cpu>-<date>.md               the markdown report (scripts/report)
#   plots/<cpu>-<date>-<compiler>-*.svg/.png  charts (scripts/plot, gnuplot)
#   <cpu>-<date>-hyperfine.md/.json  whole-process timings (hyperfine)
# Charts and hyperfine are skipped, with a message, when their tool is not
# installed.  Takes about 10 minutes on a 2-core machine.
#
# Environment: POSITIONS (default data/positions.fen), RESULTS (default
# results), BENCH_OPTIONS (extra attackbench options for every run).
set -euo pipefail

say() { echo "results: $*" >&2; }
die() { echo "results: $*" >&2; exit 2; }

top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$top"

positions=${POSITIONS:-data/positions.fen}
results=${RESULTS:-results}
# Repetitions and lookups per repetition: enough for a stable median, small
# enough for the whole run to stay within about ten minutes.
bench_options=${BENCH_OPTIONS:---reps=15 --calls=262144}

[ -f "$positions" ] || die "$positions: no such file (the positions of the pieces workload)"
command -v python3 >/dev/null 2>&1 || die "python3 is needed for scripts/report (apt-get install python3)"

date=$(date -u +%F)
cpu=$(sed -n 's/^model name[[:space:]]*:[[:space:]]*//p' /proc/cpuinfo 2>/dev/null | head -n 1)
[ -n "$cpu" ] || cpu=$(uname -m)
cpu_slug=$(printf '%s' "$cpu" | tr '[:upper:]' '[:lower:]' | sed 's/([^)]*)//g; s/[^a-z0-9]\{1,\}/-/g; s/^-//; s/-$//')
stem="$cpu_slug-$date"
mkdir -p "$results"

# Builds: "compiler-name program" pairs.
builds=()
say "building with gcc"
make -s CC=gcc >/dev/null || die "the gcc build failed (make CC=gcc)"
builds+=("gcc ./attackbench")
if command -v clang >/dev/null 2>&1; then
    say "building with clang"
    make -s CC=clang BUILD=build/clang PROGRAM=build/attackbench-clang >/dev/null \
        || die "the clang build failed (make CC=clang BUILD=build/clang PROGRAM=build/attackbench-clang)"
    builds+=("clang build/attackbench-clang")
else
    say "clang is not installed: no compiler comparison (apt-get install clang)"
fi

# One benchmark run into a CSV: every method, both dispatch modes, the
# pieces workload over the positions and the random workload.
run_benchmark() {
    local program=$1 csv=$2 part
    local parts=()
    local temporary
    temporary=$(mktemp -d)
    local workload dispatch
    for workload in pieces random; do
        for dispatch in batch call; do
            part="$temporary/$workload-$dispatch.csv"
            say "$program: $workload workload, $dispatch dispatch"
            local input=()
            [ "$workload" = pieces ] && input=("$positions")
            # shellcheck disable=SC2086
            if ! "$program" --method=all --workload="$workload" --dispatch="$dispatch" \
                    $bench_options --csv="$part" "${input[@]}" >/dev/null; then
                rm -rf "$temporary"
                die "$program --workload=$workload --dispatch=$dispatch failed"
            fi
            parts+=("$part")
        done
    done
    # One header, then every part's rows.
    { head -n 1 "${parts[0]}"; for part in "${parts[@]}"; do tail -n +2 "$part"; done; } >"$csv.tmp"
    mv "$csv.tmp" "$csv"
    rm -rf "$temporary"
}

csvs=()
perft_csvs=()
for build in "${builds[@]}"; do
    compiler=${build%% *}
    program=${build#* }
    csv="$results/$stem-$compiler.csv"
    run_benchmark "$program" "$csv"
    csvs+=("$csv")
    say "wrote $csv"
    if "$program" perft --help >/dev/null 2>&1; then
        perft_csv="$results/$stem-perft-$compiler.csv"
        say "$program perft"
        "$program" perft --csv="$perft_csv" >/dev/null || die "$program perft failed"
        perft_csvs+=("$perft_csv")
        say "wrote $perft_csv"
    fi
done

report="$results/$stem.md"
scripts/report --title "attackbench results: $cpu, $date" -o "$report" "${csvs[@]}" "${perft_csvs[@]}" \
    || die "scripts/report failed"
say "wrote $report"

if command -v gnuplot >/dev/null 2>&1; then
    scripts/plot -o "$results/plots" "${csvs[@]}" >/dev/null || die "scripts/plot failed"
    say "wrote the charts into $results/plots"
else
    say "gnuplot is not installed: no charts (apt-get install gnuplot-nox)"
fi

if command -v hyperfine >/dev/null 2>&1; then
    say "hyperfine over every method"
    ATTACKBENCH=./attackbench scripts/hyperfine.sh "$results" "$stem-hyperfine" >/dev/null \
        || die "scripts/hyperfine.sh failed"
    say "wrote $results/$stem-hyperfine.md and .json"
else
    say "hyperfine is not installed: no whole-process timings (apt-get install hyperfine)"
fi

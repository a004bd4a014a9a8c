#!/usr/bin/env bash
# The full benchmark behind `make results`: builds attackbench with gcc and,
# when installed, clang; runs every method over data/positions.fen and the
# random workload in both dispatch modes; writes into results/:
#   <cpu>-<date>-<compiler>.csv   one CSV per compiler (attackbench --csv)
#   <cpu>-<date>-perft-<compiler>.csv  perft to depth 3 of the positions,
#                                 per method, when the driver has perft
#   <cpu>-<date>.md               the markdown report (scripts/report)
#   plots/<cpu>-<date>-<compiler>-*.svg/.png  charts (scripts/plot, gnuplot)
#   <cpu>-<date>-hyperfine.md/.json  whole-process timings (hyperfine)
# Charts and hyperfine are skipped, with a message, when their tool is not
# installed.  Takes about 6 minutes on a 2-core machine with 25 methods.
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
# Extra attackbench options for every run (e.g. --timer=clock).
extra_options=${BENCH_OPTIONS:-}

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

# The runs of one build, each "workload-options|description": every method
# and piece over the positions and the random stream in both dispatch
# modes, then the queen alone by game phase, on two threads, in latency
# mode and under cache pressure.
runs=(
    "--workload=pieces,random --dispatch=call,batch --reps=15 --calls=2000000|pieces and random workloads, both dispatch modes"
    "--workload=pieces --phase --piece=queen --dispatch=batch --reps=15 --calls=1000000|queen by game phase"
    "--workload=random --threads=2 --piece=queen --dispatch=batch --reps=15 --calls=1000000|queen on 2 threads"
    "--workload=pieces,random --chain --piece=queen --dispatch=batch --reps=15 --calls=500000|queen, latency mode"
    "--workload=random --pressure=64M --piece=queen --dispatch=batch --reps=9 --calls=200000|queen under 64 MB cache pressure"
)

# Every run of one program into one CSV (one header; a configuration that
# two runs both measured, such as phase "all", is kept from the first).
run_benchmark() {
    local program=$1 csv=$2 temporary number=0 run options description
    temporary=$(mktemp -d)
    local parts=()
    for run in "${runs[@]}"; do
        options=${run%%|*}
        description=${run#*|}
        number=$((number + 1))
        say "$program: $description"
        # shellcheck disable=SC2086
        if ! "$program" --quiet $options $extra_options --csv="$temporary/$number.csv" \
                "$positions" >/dev/null; then
            rm -rf "$temporary"
            die "failed: $program $options $extra_options $positions"
        fi
        parts+=("$temporary/$number.csv")
    done
    python3 - "$csv" "${parts[@]}" <<'PYTHON' || { rm -rf "$temporary"; die "cannot merge the CSVs into $csv"; }
import csv, sys
key_columns = ("method", "piece", "workload", "dispatch", "mode",
               "pressure_bytes", "phase", "threads")
output, parts = sys.argv[1], sys.argv[2:]
seen, header, rows = set(), None, []
for part in parts:
    with open(part, newline="") as handle:
        reader = csv.reader(handle)
        part_header = next(reader)
        if header is None:
            header = part_header
        elif part_header != header:
            sys.exit(f"{part}: another CSV header than the first run's")
        index = [header.index(name) for name in key_columns]
        for row in reader:
            key = tuple(row[i] for i in index)
            if key not in seen:
                seen.add(key)
                rows.append(row)
with open(output + ".tmp", "w", newline="") as handle:
    writer = csv.writer(handle, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(rows)
PYTHON
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
    # A driver with the perft command: its speed inside a move generator.
    perft_help=$("$program" perft --help 2>/dev/null || true)
    if grep -q '^usage: attackbench perft' <<<"$perft_help"; then
        perft_csv="$results/$stem-perft-$compiler.csv"
        say "$program perft"
        perft_log=$(mktemp)
        if ! "$program" perft --depth=3 --csv="$perft_csv" "$positions" >/dev/null 2>"$perft_log"; then
            cat "$perft_log" >&2
            rm -f "$perft_log"
            die "$program perft failed"
        fi
        rm -f "$perft_log"
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
    say "hyperfine: every method as a whole process"
    ATTACKBENCH=./attackbench scripts/hyperfine.sh "$results" "$stem-hyperfine" >/dev/null \
        || die "scripts/hyperfine.sh failed"
    say "wrote $results/$stem-hyperfine.md and .json"
else
    say "hyperfine is not installed: no whole-process timings (apt-get install hyperfine)"
fi

# The README's results section, from the gcc CSV and its chart.
gcc_csv="$results/$stem-gcc.csv"
chart="$results/plots/$stem-gcc-ns-per-query-random.png"
[ -f "$chart" ] || chart=""
scripts/readme-results "$gcc_csv" "$chart" README.md || die "scripts/readme-results failed"
say "updated the results section of README.md"

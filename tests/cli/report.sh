#!/usr/bin/env bash
# shellcheck shell=bash disable=SC2154,SC2016
# Tests of scripts/results/report, scripts/results/plot and scripts/comparisons/hyperfine.sh.
source "$(dirname "$0")/../lib/tap.bash"

report_top=$(cd "$here/.." && pwd)
# The interpreter itself (not a wrapper such as a pyenv shim), so that it
# still starts when PATH is emptied below.
report_python=$(python3 -c "import sys; print(sys.executable)" 2>/dev/null || true)
# Started with -S, as tests/run.sh starts every python3: the scripts use the
# standard library alone, and the site module's .pth files cost up to 0.1 s
# of CPU a start on some machines (some thirty starts here).
report_py=("$report_python" -S)
# report_err_read FILE: FILE's lines into report_err_lines, and their
# number (as wc -l counts them: newlines) into report_err_count;
# report_err_has TEXT: whether one of those lines holds TEXT (as grep -qF).
# Bash itself, no wc or grep started: the loops below check dozens of runs.
report_err_read() {
    mapfile report_err_lines <"$1"
    report_err_count=${#report_err_lines[@]}
    [ "$report_err_count" -gt 0 ] && [[ ${report_err_lines[report_err_count - 1]} != *$'\n' ]] &&
        report_err_count=$((report_err_count - 1))
}
report_err_has() {
    local line
    for line in "${report_err_lines[@]}"; do
        [[ $line == *"$1"* ]] && return 0
    done
    return 1
}

if [ -z "$report_python" ]; then
    skip "report tests: python3 is not installed (apt-get install python3)"
else
    report_tmp=$(mktemp -d)

    # The markdown for hand-made benchmark and perft CSVs, byte for byte.
    if run_to "$report_tmp/out.md" "$report_tmp/err" "${report_py[@]}" "$report_top/scripts/results/report" "$here/data/report-input.csv" \
            "$here/data/report-perft.csv" \
            && diff -u "$here/data/report-expected.md" "$report_tmp/out.md" >"$report_tmp/diff"; then
        pass "report: tables for tests/data/report-input.csv and report-perft.csv"
    else
        cat "$report_tmp/err" "$report_tmp/diff"
        fail "report: tables for tests/data/report-input.csv and report-perft.csv"
    fi

    # -o FILE writes the same bytes.
    if run_to "$report_tmp/stdout" "$report_tmp/stdout" "${report_py[@]}" "$report_top/scripts/results/report" -o "$report_tmp/o.md" \
            "$here/data/report-input.csv" "$here/data/report-perft.csv" \
            && [ ! -s "$report_tmp/stdout" ] \
            && cmp -s "$here/data/report-expected.md" "$report_tmp/o.md"; then
        pass "report: -o FILE"
    else
        fail "report: -o FILE"
    fi

    # A missing file: exit status 2, the file named.
    run_to "$report_tmp/out" "$report_tmp/err" "${report_py[@]}" "$report_top/scripts/results/report" "$report_tmp/absent.csv"
    report_status=$?
    if [ "$report_status" -eq 2 ] && [ ! -s "$report_tmp/out" ] \
            && grep -q "absent.csv: no such file" "$report_tmp/err"; then
        pass "report: missing file gives exit status 2"
    else
        fail "report: missing file gives exit status 2 (status $report_status: $(cat "$report_tmp/err"))"
    fi

    # A CSV without ns_per_query_median: exit status 2, file and column named.
    sed 's/ns_per_query_median/ns_median/' "$here/data/report-input.csv" >"$report_tmp/renamed.csv"
    run_to "$report_tmp/out" "$report_tmp/err" "${report_py[@]}" "$report_top/scripts/results/report" "$report_tmp/renamed.csv"
    report_status=$?
    if [ "$report_status" -eq 2 ] && [ ! -s "$report_tmp/out" ] \
            && grep -q "renamed.csv: .*missing column(s) ns_per_query_median" "$report_tmp/err"; then
        pass "report: CSV without a needed column gives exit status 2"
    else
        fail "report: CSV without a needed column gives exit status 2 (status $report_status: $(cat "$report_tmp/err"))"
    fi

    # A field that is not a number: exit status 2, file and line named.
    sed '3s/,1\.50,/,fast,/' "$here/data/report-input.csv" >"$report_tmp/text.csv"
    run_to "$report_tmp/out" "$report_tmp/err" "${report_py[@]}" "$report_top/scripts/results/report" "$report_tmp/text.csv"
    report_status=$?
    if [ "$report_status" -eq 2 ] && grep -q "text.csv: line 3: .*not a number: 'fast'" "$report_tmp/err"; then
        pass "report: a field that is not a number gives exit status 2"
    else
        fail "report: a field that is not a number gives exit status 2 (status $report_status: $(cat "$report_tmp/err"))"
    fi

    # Two runs of one machine and compiler (another file, a later start) are
    # kept apart, labelled by file and start time, and no row is replaced.
    sed 's/13:05:00Z/15:00:00Z/' "$here/data/report-input.csv" >"$report_tmp/second.csv"
    if run_to "$report_tmp/out" "$report_tmp/err" "${report_py[@]}" "$report_top/scripts/results/report" "$here/data/report-input.csv" \
            "$report_tmp/second.csv" \
            && [ ! -s "$report_tmp/err" ] \
            && grep -q '^## gcc 12.2.0 (report-input, 2026-11-21T13:05:00Z)$' "$report_tmp/out" \
            && grep -q '^## gcc 12.2.0 (second, 2026-11-21T15:00:00Z)$' "$report_tmp/out" \
            && [ "$(grep -c '^| 1 | pext | 1.10 |' "$report_tmp/out")" -eq 2 ]; then
        pass "report: two runs of one machine and compiler are kept apart"
    else
        fail "report: two runs of one machine and compiler are kept apart ($(head -c 300 "$report_tmp/err"))"
    fi

    # Flags are part of a run's identity: -O1 and -O2 rows are not merged.
    sed 's/-O2 -march=native/-O1 -march=native/' "$here/data/report-input.csv" >"$report_tmp/o1.csv"
    if run_to "$report_tmp/out" "$report_tmp/err" "${report_py[@]}" "$report_top/scripts/results/report" "$here/data/report-input.csv" \
            "$report_tmp/o1.csv" \
            && grep -q '^## gcc 12.2.0, `-O1 -march=native`$' "$report_tmp/out" \
            && grep -q '^## gcc 12.2.0, `-O2 -march=native`$' "$report_tmp/out"; then
        pass "report: compiler flags tell runs apart"
    else
        fail "report: compiler flags tell runs apart ($(head -c 300 "$report_tmp/err"))"
    fi

    # A run appended to a file at a later time is a run of its own.
    { cat "$here/data/report-input.csv"; sed -n '2,5s/13:05:00Z/16:00:00Z/p' "$here/data/report-input.csv"; } \
        >"$report_tmp/appended.csv"
    if run_to "$report_tmp/out" "$report_tmp/out" "${report_py[@]}" "$report_top/scripts/results/report" "$report_tmp/appended.csv" \
            && grep -q '^## gcc 12.2.0 (appended, 2026-11-21T16:00:00Z)$' "$report_tmp/out"; then
        pass "report: a run appended to a file is kept apart by its start time"
    else
        fail "report: a run appended to a file is kept apart by its start time"
    fi

    # The same configuration twice at the same start: an error naming both lines.
    { cat "$here/data/report-input.csv"; sed -n 3p "$here/data/report-input.csv"; } >"$report_tmp/twice.csv"
    report_last=$(wc -l <"$report_tmp/twice.csv")
    run_to "$report_tmp/out" "$report_tmp/err" "${report_py[@]}" "$report_top/scripts/results/report" "$report_tmp/twice.csv"
    report_status=$?
    if [ "$report_status" -eq 2 ] \
            && grep -q "twice.csv: line $report_last: a second row for null in the configuration of .*twice.csv: line 3" "$report_tmp/err"; then
        pass "report: a configuration measured twice in one run is an error"
    else
        fail "report: a configuration measured twice in one run is an error (status $report_status: $(cat "$report_tmp/err"))"
    fi

    # Malformed CSVs: every reader names the file and the line, no traceback.
    sed '4s/,0x00000000deadbeef,$/,/' "$here/data/report-input.csv" >"$report_tmp/short.csv"
    printf 'timestamp,method,piece,workload,dispatch,mode,ns_per_query_median\nx,"pext,queen\n' \
        >"$report_tmp/quote.csv"
    for report_script in report readme-results plot; do
        for report_case in "short.csv: line 4: 36 fields, the header has 37" \
                "quote.csv: line 2: unexpected end of data"; do
            report_file=${report_case%%:*}
            # readme-results is pointed away from the project's README.
            report_extra=()
            [ "$report_script" = readme-results ] && report_extra=(--readme="$report_tmp/README.md")
            run_to "$report_tmp/out" "$report_tmp/err" "${report_py[@]}" "$report_top/scripts/results/$report_script" "${report_extra[@]}" \
                "$report_tmp/$report_file"
            report_status=$?
            report_err_read "$report_tmp/err"
            if [ "$report_status" -eq 2 ] && report_err_has "$report_case" \
                    && ! report_err_has Traceback; then
                pass "$report_script: malformed $report_file named with its line"
            else
                fail "$report_script: malformed $report_file named with its line (status $report_status: $(head -c 300 "$report_tmp/err"))"
            fi
        done
    done

    # One file given twice (by its name or by a link) is refused in one
    # line: its runs were listed twice, their sections repeated.
    ln -s "$here/data/report-input.csv" "$report_tmp/link.csv"
    for report_case in "$here/data/report-input.csv|given twice" "$report_tmp/link.csv|the same file as $here/data/report-input.csv"; do
        expect_one_line "report: a CSV ${report_case#*|} is refused in one line" \
            "${report_case%%|*}: ${report_case#*|}: each run is reported once" \
            "${report_py[@]}" "$report_top/scripts/results/report" "$here/data/report-input.csv" "${report_case%%|*}"
    done

    # Not a CSV at all: /dev/zero and an endless line are refused at once,
    # in bounded memory (the limit makes a reader that holds the line fail).
    head -c 4500000 /dev/zero | tr '\0' 'x' >"$report_tmp/endless.csv"
    for report_script in report readme-results plot; do
        for report_case in "/dev/zero: line 1: a NUL byte: not a CSV file" \
                "endless.csv: line 1: longer than 4194304 characters"; do
            report_file=${report_case%%:*}
            [ "$report_file" = endless.csv ] && report_file="$report_tmp/endless.csv"
            report_extra=()
            [ "$report_script" = readme-results ] && report_extra=(--readme="$report_tmp/README.md")
            (ulimit -v 2000000 && exec timeout 20 "${report_py[@]}" "$report_top/scripts/results/$report_script" \
                "${report_extra[@]}" "$report_file") >"$report_tmp/out" 2>"$report_tmp/err"
            report_status=$?
            report_err_read "$report_tmp/err"
            if [ "$report_status" -eq 2 ] && report_err_has "$report_case" &&
                [ "$report_err_count" -eq 1 ]; then
                pass "$report_script: ${report_case%%:*} refused in one line"
            else
                fail "$report_script: ${report_case%%:*} refused in one line (status $report_status: $(head -c 300 "$report_tmp/err"))"
            fi
        done
    done

    # The scripts group rows as attackbench's table output does: one run
    # writes both, and each table of the output is one configuration of the
    # CSV with the same methods.
    # (WebAssembly runs one thread.)
    report_threads=2
    [ "$wasm_build" = 1 ] && report_threads=1
    for report_options in "--workload=pieces,random --piece=queen,rook --dispatch=call,batch --phase" \
            "--workload=random --piece=bishop --pressure=64K --threads=$report_threads --chain"; do
        # shellcheck disable=SC2086
        "$program" --method=pext,kogge-stone,null $report_options --reps=1 --calls=2000 \
            --queries=1000 --timer=clock -q --csv="$report_tmp/groups.csv" data/positions.fen \
            >"$report_tmp/table.txt" 2>/dev/null
        awk -f "$here/data/table-groups.awk" "$report_tmp/table.txt" | sort >"$report_tmp/from-table"
        run_to "$report_tmp/from-csv" "$report_tmp/from-csv" "${report_py[@]}" "$report_top/scripts/results/results-tool" groups "$report_tmp/groups.csv"
        if [ -s "$report_tmp/from-table" ] && diff "$report_tmp/from-table" "$report_tmp/from-csv" \
                >"$report_tmp/diff"; then
            pass "scripts group CSV rows as the table output does ($report_options)"
        else
            cat "$report_tmp/diff"
            fail "scripts group CSV rows as the table output does ($report_options)"
        fi
    done

    # scripts/results/readme-results: one column per machine, each figure the best
    # over the compilers with the compiler named; the compilers compared.
    printf 'before\n<!-- results:begin -->\nold\n<!-- results:end -->\nafter\n' >"$report_tmp/README.md"
    sed 's/AMD EPYC 9654 96-Core Processor/Other CPU/' "$here/data/report-input.csv" >"$report_tmp/other.csv"
    if "${report_py[@]}" "$report_top/scripts/results/readme-results" --readme "$report_tmp/README.md" \
            "$here/data/report-input.csv" "$report_tmp/other.csv" 2>"$report_tmp/err" \
            && grep -q '^| method | AMD EPYC 9654 96-Core Processor: ns (compiler, vs fastest) | Other CPU: ns (compiler, vs fastest) |$' \
                "$report_tmp/README.md" \
            && grep -q '^| `kogge-stone` | 2.00 clang (1.67x) | 2.00 clang (1.67x) |$' "$report_tmp/README.md" \
            && grep -q '^| `pext` | 1.20 gcc (1.00x) | 1.20 gcc (1.00x) |$' "$report_tmp/README.md" \
            && grep -q '^| `kogge-stone` | 11.00 | 2.00 | clang | 5.50x | clang computes' "$report_tmp/README.md" \
            && [ "$(sed -n 1p "$report_tmp/README.md")" = before ] && [ "$(tail -n 1 "$report_tmp/README.md")" = after ] \
            && ! grep -q '^old$' "$report_tmp/README.md"; then
        pass "readme-results: each technique across machines, best compiler named"
    else
        fail "readme-results: each technique across machines, best compiler named ($(head -c 300 "$report_tmp/err"))"
    fi
    # A page with CRLF line ends keeps them, outside the section byte for
    # byte, and the section gets them too (every line was made LF).
    printf 'before\r\n<!-- results:begin -->\r\nold\r\n<!-- results:end -->\r\nafter \r\n' >"$report_tmp/crlf.md"
    if "${report_py[@]}" "$report_top/scripts/results/readme-results" --readme "$report_tmp/crlf.md" \
            "$here/data/report-input.csv" 2>"$report_tmp/err" &&
        [ "$(head -c 9 "$report_tmp/crlf.md" | od -An -c)" = "$(printf 'before\r\n<' | od -An -c)" ] &&
        [ "$(tail -c 11 "$report_tmp/crlf.md" | od -An -c)" = "$(printf '>\r\nafter \r\n' | od -An -c)" ] &&
        [ "$(grep -c $'\r$' "$report_tmp/crlf.md")" -eq "$(wc -l <"$report_tmp/crlf.md")" ]; then
        pass "readme-results: a page with CRLF line ends keeps them"
    else
        fail "readme-results: a page with CRLF line ends keeps them ($(head -c 300 "$report_tmp/err"))"
    fi

    # The side-wise workloads, from a CSV the tool wrote (report-sidewise.csv:
    # pext, kogge-stone, dumb7fill, hyperbola, obstruction-lanes and null,
    # --reps=3): each table ranked by median with the path --list gives each
    # method and its ratio to pext, the claim section ranking the fills as
    # the sets table does (tests/sidewise_report.py recomputes it all).
    # The recorded data are x86-64 runs: another architecture's build reads
    # them with an x86-64 --list (tests/data/list-x86-64.txt, recorded on an
    # AMD EPYC Zen 4 with AVX-512).
    if [ "$x86_build" = 1 ]; then cat "$scratch/list"; else cat "$here/data/list-x86-64.txt"; fi >"$report_tmp/list-native.txt"
    if run_to "$report_tmp/sidewise.md" "$report_tmp/err" "${report_py[@]}" "$report_top/scripts/results/report" --list "$report_tmp/list-native.txt" \
            "$here/data/report-sidewise.csv" \
            && "${report_py[@]}" "$here/sidewise_report.py" "$here/data/report-sidewise.csv" \
                "$report_tmp/sidewise.md" "$report_tmp/list-native.txt" >"$report_tmp/check" \
            && grep -q '^| `kogge-stone` | 1 | 0.22x | 3 | 1.95x | 3 | 1.76x |$' "$report_tmp/sidewise.md" \
            && grep -q "^The fills' median rank: 1.5 of 5 (sets); 3.5 of 5 (random queen); 3.5 of 5 (pieces queen). On this run the claim holds" \
                "$report_tmp/sidewise.md" \
            && grep -q '^On `sides` (batched, one thread) the fastest multi-square kernel, `obstruction-lanes`, ranks 1 of 5 and delivers 2.85x pext' \
                "$report_tmp/sidewise.md"; then
        pass "report: sets and sides ranked, paths from --list, the fills' ranks set-wise and one square at a time"
    else
        cat "$report_tmp/check"
        fail "report: sets and sides ranked, paths from --list, the fills' ranks set-wise and one square at a time ($(head -c 300 "$report_tmp/err"))"
    fi
    # The checker fails on a report ranked otherwise than its CSV.
    sed 's/^| 1 | kogge-stone |/| 1 | dumb7fill |/' "$report_tmp/sidewise.md" >"$report_tmp/swapped.md"
    if ! "${report_py[@]}" "$here/sidewise_report.py" "$here/data/report-sidewise.csv" \
            "$report_tmp/swapped.md" "$report_tmp/list-native.txt" >"$report_tmp/check"; then
        pass "report: the side-wise check fails on a wrong ranking"
    else
        fail "report: the side-wise check fails on a wrong ranking"
    fi
    # Without --list the paths are unknown, and the claim says what is missing;
    # a --list output without native paths is refused.
    sed 's/  native [a-z,]*  /  /' "$report_tmp/list-native.txt" >"$report_tmp/list-old.txt"
    run_to "$report_tmp/out" "$report_tmp/err" "${report_py[@]}" "$report_top/scripts/results/report" --list "$report_tmp/list-old.txt" \
        "$here/data/report-sidewise.csv"
    report_status=$?
    if "${report_py[@]}" "$report_top/scripts/results/report" "$here/data/report-sidewise.csv" >"$report_tmp/no-list.md" \
            && grep -q '^| 1 | kogge-stone | ? | ' "$report_tmp/no-list.md" \
            && grep -q 'give scripts/results/report the output of `attackbench --list`' "$report_tmp/no-list.md" \
            && [ "$report_status" -eq 2 ] && grep -q 'list-old.txt: not the output of `attackbench --list` with native paths' \
                "$report_tmp/err"; then
        pass "report: without native paths the side-wise tables say so"
    else
        fail "report: without native paths the side-wise tables say so (status $report_status: $(head -c 300 "$report_tmp/err"))"
    fi
    # A fresh run of the tool, both dispatch modes, ranked as its CSV says.
    "$program" --method=kogge-stone,dumb7fill,hyperbola,magic-fancy,null --workload=sets,sides --dispatch=batch,call \
        --reps=3 --calls=20000 -q --csv="$report_tmp/fresh.csv" data/positions.fen >/dev/null 2>&1
    if run_to "$report_tmp/fresh.md" "$report_tmp/err" "${report_py[@]}" "$report_top/scripts/results/report" --list "$report_tmp/list-native.txt" \
            "$report_tmp/fresh.csv" \
            && "${report_py[@]}" "$here/sidewise_report.py" "$report_tmp/fresh.csv" "$report_tmp/fresh.md" \
                "$report_tmp/list-native.txt" >"$report_tmp/check" \
            && [ "$(grep -c '^### sliders, s[a-z]* workload, [a-z]* dispatch' "$report_tmp/fresh.md")" -eq 4 ]; then
        pass "report: a fresh sets and sides run, both dispatch modes, ranked as its CSV"
    else
        cat "$report_tmp/check"
        fail "report: a fresh sets and sides run, both dispatch modes, ranked as its CSV ($(head -c 300 "$report_tmp/err"))"
    fi

    # scripts/results/readme-results: the side-wise headline from a manifest that has
    # the workloads and native paths; a manifest from before them (no
    # native field, no side-wise rows) renders without it.
    "${report_py[@]}" "$report_top/scripts/results/results-tool" manifest "$report_tmp/s-manifest.json" \
        machine="Side CPU (AMD family 26 model 2)" list="$report_tmp/list-native.txt" \
        bench="$here/data/report-sidewise.csv" cpus=2
    "${report_py[@]}" "$report_top/scripts/results/results-tool" manifest "$report_tmp/o-manifest.json" \
        machine="Old CPU (AMD family 25 model 17)" bench="$here/data/report-input.csv" cpus=2
    printf 'before\n<!-- results:begin -->\nold\n<!-- results:end -->\nafter\n' >"$report_tmp/README-side.md"
    cp "$report_tmp/README-side.md" "$report_tmp/README-old.md"
    # readme-results links only a chart that is there.
    mkdir -p "$report_tmp/plots" && printf 'png\n' >"$report_tmp/plots/side-ranked-sets.png"
    if "${report_py[@]}" "$report_top/scripts/results/readme-results" --readme "$report_tmp/README-side.md" \
            --sets-chart "$report_tmp/plots/side-ranked-sets.png" "$report_tmp/o-manifest.json" "$report_tmp/s-manifest.json" \
            2>"$report_tmp/err" \
            && grep -qF "![ns per position-side, a side's attack map, batched](plots/side-ranked-sets.png)" \
                "$report_tmp/README-side.md" \
            && "${report_py[@]}" "$report_top/scripts/results/readme-results" --readme "$report_tmp/README-old.md" \
                "$report_tmp/o-manifest.json" 2>>"$report_tmp/err" \
            && grep -q '^| method | path | Side CPU (AMD family 26 model 2): ns (compiler, vs fastest) |$' "$report_tmp/README-side.md" \
            && grep -q '^| `kogge-stone` | set-wise entry | 2.52 gcc (1.00x) |$' "$report_tmp/README-side.md" \
            && grep -q '^| `obstruction-lanes` | multi-square kernel | 1.84 gcc (1.00x) |$' "$report_tmp/README-side.md" \
            && grep -q "^Seed 002's \"works set-wise\" on Side CPU (AMD family 26 model 2) (gcc): the fastest fill, \`kogge-stone\`, ranks 1 of 5 on sets" \
                "$report_tmp/README-side.md" \
            && grep -q '^| `pext` | 1.20 gcc (1.00x) |$' "$report_tmp/README-old.md" \
            && ! grep -q "set-wise\|^| method | path" "$report_tmp/README-old.md"; then
        pass "readme-results: the side-wise headline where measured, none for older runs"
    else
        fail "readme-results: the side-wise headline where measured, none for older runs ($(head -c 300 "$report_tmp/err"))"
    fi

    # scripts/results/plot: every chart of a manifest's runs; on the size charts every
    # label is anchored at its own point; methods needing CPU features (from
    # --list) are marked.
    if command -v gnuplot >/dev/null 2>&1; then
        if [ "$x86_build" = 1 ]; then cat "$scratch/list"; else cat "$here/data/list-x86-64.txt"; fi >"$report_tmp/list.txt"
        "${report_py[@]}" "$report_top/scripts/results/results-tool" manifest "$report_tmp/m-manifest.json" \
            machine="Test CPU (AMD family 25 model 17)" list="$report_tmp/list.txt" \
            bench="$here/data/report-input.csv" perft="$here/data/report-perft.csv" cpus=2
        if run_to "$report_tmp/out" "$report_tmp/err" "${report_py[@]}" "$report_top/scripts/results/plot" -o "$report_tmp/plots" --keep-scripts "$report_tmp/gp" \
                "$report_tmp/m-manifest.json"; then
            report_missing=""
            for report_chart in report-input-gcc-12-2-0-ranked-random report-input-gcc-12-2-0-size-pieces \
                    report-input-gcc-12-2-0-threads-random report-input-gcc-12-2-0-phases-pieces \
                    report-input-clang-14-0-6-ranked-random report-perft-nodes-per-second; do
                [ -s "$report_tmp/plots/$report_chart.png" ] && [ -s "$report_tmp/plots/$report_chart.svg" ] \
                    || report_missing="$report_missing $report_chart"
            done
            if [ -z "$report_missing" ]; then
                pass "plot: every chart of a manifest"
            else
                fail "plot: every chart of a manifest (missing:$report_missing)"
            fi
            report_bad=0
            for report_script in "$report_tmp"/gp/*-size-*.gp; do
                awk -f "$here/data/check-labels.awk" "${report_script%.gp}.dat" "$report_script" || report_bad=1
            done
            if [ "$report_bad" -eq 0 ]; then
                pass "plot: every label anchored at its own point"
            else
                fail "plot: every label anchored at its own point"
            fi
            report_found=0 report_unmarked=""
            while read -r report_method report_needs; do
                grep -q "^[0-9]* \"$report_method" "$report_tmp/gp/report-input-gcc-12-2-0-ranked-random.dat" \
                    || continue
                report_found=$((report_found + 1))
                grep -qF "\"$report_method [$report_needs]\"" \
                    "$report_tmp/gp/report-input-gcc-12-2-0-ranked-random.dat" \
                    || report_unmarked="$report_unmarked $report_method"
            done < <(awk '$2 ~ /available/ {
                    needs = ""
                    for (i = 1; i < NF; i++) if ($i == "needs")
                        for (j = i + 1; j <= NF && $j != "native" && $j != "source:"; j++)
                            needs = needs (needs == "" ? "" : "+") $j
                    if (needs != "" && needs != "none") print $1, needs
                }' "$report_tmp/list.txt")
            if [ "$report_found" -gt 0 ] && [ -z "$report_unmarked" ]; then
                pass "plot: methods that need CPU features are marked"
            else
                fail "plot: methods that need CPU features are marked ($report_found found; unmarked:$report_unmarked)"
            fi
            if grep -q "Test CPU (AMD family 25 model 17), gcc 12.2.0" \
                    "$report_tmp/gp/report-input-gcc-12-2-0-ranked-random.gp"; then
                pass "plot: titles name the CPU"
            else
                fail "plot: titles name the CPU"
            fi
        else
            fail "plot: every chart of a manifest ($(head -c 300 "$report_tmp/err"))"
        fi
        # The side-wise charts: ranked by median, in ns per position-side and
        # per slider, the native methods drawn apart and named with their path
        # (every row of report-sidewise.csv carries cpu-contention: each is
        # marked disturbed).
        if run_to "$report_tmp/out" "$report_tmp/err" "${report_py[@]}" "$report_top/scripts/results/plot" -o "$report_tmp/plots" --keep-scripts "$report_tmp/gp" \
                "$report_tmp/s-manifest.json" \
                && [ -s "$report_tmp/plots/report-sidewise-ranked-sets.svg" ] \
                && [ -s "$report_tmp/plots/report-sidewise-ranked-sides.png" ] \
                && grep -q "set xlabel 'ns per position-side" "$report_tmp/gp/report-sidewise-ranked-sets.gp" \
                && grep -q "set xlabel 'ns per slider" "$report_tmp/gp/report-sidewise-ranked-sides.gp" \
                && grep -q '^[0-9]* "kogge-stone (disturbed) (set-wise entry)" .* 1$' "$report_tmp/gp/report-sidewise-ranked-sets.dat" \
                && grep -q '^[0-9]* "pext \[bmi2\] (disturbed)" .* 0$' "$report_tmp/gp/report-sidewise-ranked-sets.dat" \
                && grep -q '^[0-9]* "obstruction-lanes \[avx512+avx512cd\] (disturbed) (multi-square kernel)" .* 1$' \
                    "$report_tmp/gp/report-sidewise-ranked-sides.dat" \
                && awk 'NR > 1 && $(NF - 3) + 0 < last { bad = 1 } { last = $(NF - 3) + 0 } END { exit bad }' \
                    "$report_tmp/gp/report-sidewise-ranked-sets.dat" \
                && awk -f "$here/data/check-labels.awk" "$report_tmp/gp/report-sidewise-size-sets.dat" \
                    "$report_tmp/gp/report-sidewise-size-sets.gp"; then
            pass "plot: side-wise charts ranked, per position-side and per slider, native paths marked"
        else
            fail "plot: side-wise charts ranked, per position-side and per slider, native paths marked ($(head -c 300 "$report_tmp/err"))"
        fi
    else
        skip "plot tests: gnuplot is not installed (apt-get install gnuplot-nox)"
    fi

    # make plots reads the manifests of make results, never a stray CSV.
    if have_tool gnuplot; then
        report_plots=$(make -s -n -C "$report_top" plots 2>&1)
        if grep -q -- '-manifest\.json' <<<"$report_plots" && ! grep -q '\.csv' <<<"$report_plots"; then
            pass "make plots reads only the runs make results wrote"
        else
            fail "make plots reads only the runs make results wrote ($report_plots)"
        fi
    else
        skip "make plots reads only the runs make results wrote: gnuplot is not installed (apt-get install gnuplot-nox)"
    fi

    # scripts/results/plot with no gnuplot on PATH: the package named, exit status 2.
    # The interpreter is given by its full path so PATH can be empty.
    mkdir "$report_tmp/empty-path"
    PATH="$report_tmp/empty-path" "${report_py[@]}" "$report_top/scripts/results/plot" \
        -o "$report_tmp/no-plots" "$here/data/report-input.csv" >"$report_tmp/out" 2>"$report_tmp/err"
    report_status=$?
    if [ "$report_status" -eq 2 ] && grep -q "apt-get install gnuplot-nox" "$report_tmp/err" \
            && [ ! -e "$report_tmp/no-plots" ]; then
        pass "plot: without gnuplot names the package"
    else
        fail "plot: without gnuplot names the package (status $report_status: $(cat "$report_tmp/err"))"
    fi

    rm -rf "$report_tmp"
    unset report_tmp report_status
fi

# scripts/comparisons/hyperfine.sh with no hyperfine on PATH: the package named, exit 2.
report_bash=$(command -v bash)
report_tmp=$(mktemp -d)
mkdir "$report_tmp/empty-path"
PATH="$report_tmp/empty-path" "$report_bash" "$report_top/scripts/comparisons/hyperfine.sh" \
    "$report_tmp/out-dir" >"$report_tmp/out" 2>"$report_tmp/err"
report_status=$?
if [ "$report_status" -eq 2 ] && grep -q "apt-get install hyperfine" "$report_tmp/err" \
        && [ ! -e "$report_tmp/out-dir" ]; then
    pass "hyperfine.sh: without hyperfine names the package"
else
    fail "hyperfine.sh: without hyperfine names the package (status $report_status: $(cat "$report_tmp/err"))"
fi
rm -rf "$report_tmp"
unset report_top report_python report_py report_bash report_tmp report_status

# hyperfine.sh exports to temporary files, renamed on success: a run
# interrupted while hyperfine writes (a fake hyperfine that writes part of
# its exports, then interrupts the script) keeps the previous results and
# leaves no temporary file; a complete run replaces them.  A fake program
# lists two methods, so the checks cost nothing.
hyperfine_tmp=$(mktemp -d)
mkdir "$hyperfine_tmp/bin" "$hyperfine_tmp/dir"
cat >"$hyperfine_tmp/bin/hyperfine" <<'FAKE'
#!/usr/bin/env bash
while [ "$#" -gt 0 ]; do
    case $1 in
    --export-markdown) markdown=$2; shift ;;
    --export-json) json=$2; shift ;;
    --command-name | --warmup | --runs | --style) shift ;;
    -*) ;;
    *) commands+=("$1") ;;
    esac
    shift
done
echo "| partial" >"$markdown"
echo "{" >"$json"
[ -n "${FAKE_HYPERFINE_COMMANDS:-}" ] && printf '%s\n' "${commands[@]}" >"$FAKE_HYPERFINE_COMMANDS"
[ -n "${FAKE_HYPERFINE_COMPLETE:-}" ] && { echo "| complete" >"$markdown"; echo "{}" >"$json"; exit 0; }
kill -INT "$PPID"
exit 130
FAKE
cat >"$hyperfine_tmp/fake-attackbench" <<'FAKE'
#!/bin/sh
[ "$1" = --list ] && printf '%s\n' "first available" "second available"
exit 0
FAKE
chmod +x "$hyperfine_tmp/bin/hyperfine" "$hyperfine_tmp/fake-attackbench"
echo PREVIOUS >"$hyperfine_tmp/dir/hyperfine.md"
echo PREVIOUS >"$hyperfine_tmp/dir/hyperfine.json"
hyperfine_run() {
    PATH="$hyperfine_tmp/bin:$PATH" ATTACKBENCH="$hyperfine_tmp/fake-attackbench" \
        bash "$here/../scripts/comparisons/hyperfine.sh" "$@" >"$hyperfine_tmp/out" 2>"$hyperfine_tmp/err"
}
hyperfine_run "$hyperfine_tmp/dir"
hyperfine_status=$?
[ "$hyperfine_status" -ne 0 ] && [ "$(cat "$hyperfine_tmp/dir/hyperfine.md" "$hyperfine_tmp/dir/hyperfine.json")" = "PREVIOUS
PREVIOUS" ] && [ "$(ls -A "$hyperfine_tmp/dir" | wc -l)" -eq 2 ] &&
    pass "hyperfine.sh: an interrupted run keeps the previous results, no temporary file left" ||
    fail "hyperfine.sh: an interrupted run keeps the previous results (exit $hyperfine_status: $(ls -A "$hyperfine_tmp/dir" | tr '\n' ' '); $(head -c 60 "$hyperfine_tmp/dir/hyperfine.md"))"
FAKE_HYPERFINE_COMPLETE=1 hyperfine_run "$hyperfine_tmp/dir" &&
    grep -q complete "$hyperfine_tmp/dir/hyperfine.md" && [ "$(ls -A "$hyperfine_tmp/dir" | wc -l)" -eq 2 ] &&
    pass "hyperfine.sh: a complete run replaces the results" ||
    fail "hyperfine.sh: a complete run replaces the results ($(head -c 200 "$hyperfine_tmp/err"))"
# hyperfine -N splits each command into words as a shell would: a program
# in a folder whose name has a space and a quote is one word.
mkdir "$hyperfine_tmp/it's a folder"
cp "$hyperfine_tmp/fake-attackbench" "$hyperfine_tmp/it's a folder/"
FAKE_HYPERFINE_COMPLETE=1 FAKE_HYPERFINE_COMMANDS="$hyperfine_tmp/commands" PATH="$hyperfine_tmp/bin:$PATH" \
    ATTACKBENCH="$hyperfine_tmp/it's a folder/fake-attackbench" \
    bash "$here/../scripts/comparisons/hyperfine.sh" "$hyperfine_tmp/dir" >"$hyperfine_tmp/out" 2>"$hyperfine_tmp/err"
first_word=$(head -n 1 "$hyperfine_tmp/commands" 2>/dev/null | python3 -c 'import shlex, sys; print(shlex.split(sys.stdin.read())[0])')
[ "$first_word" = "$hyperfine_tmp/it's a folder/fake-attackbench" ] &&
    pass "hyperfine.sh: a program path with a space and a quote is one word of the command" ||
    fail "hyperfine.sh: a program path with a space and a quote is one word ($first_word; $(head -c 200 "$hyperfine_tmp/err"))"
hyperfine_run "$hyperfine_tmp/dir" name extra
hyperfine_status=$?
[ "$hyperfine_status" -eq 2 ] && [ "$(wc -l <"$hyperfine_tmp/err")" -eq 1 ] && grep -q "usage" "$hyperfine_tmp/err" &&
    pass "hyperfine.sh: a third argument is refused in one line" ||
    fail "hyperfine.sh: a third argument is refused in one line (exit $hyperfine_status: $(head -c 200 "$hyperfine_tmp/err"))"
rm -rf "$hyperfine_tmp"
unset hyperfine_tmp hyperfine_status

# Ctrl-C in the results scripts: exit status 130, one line at most and no
# traceback; plot keeps the earlier charts whole.  Each script is
# interrupted at a point it is sure to have reached: plot by a fake gnuplot
# that writes part of a chart and interrupts it, sides-by-count by a fake
# program that does the same, report and readme-results while they wait
# to read a FIFO the test has opened.
source "$here/lib/signals.bash"
interrupt_tmp=$(mktemp -d)
mkdir "$interrupt_tmp/bin"
cat >"$interrupt_tmp/bin/gnuplot" <<'FAKE'
#!/usr/bin/env bash
# The scripts named: plot runs all of a run's charts in one gnuplot, with
# "-e COMMAND" between them.
scripts=()
while [ $# -gt 0 ]; do
    if [ "$1" = -e ]; then shift 2; else scripts+=("$1"); shift; fi
done
[ ${#scripts[@]} -gt 0 ] || exit 0
mapfile -t outputs < <(sed -n "s/^set output '\(.*\)'$/\1/p" "${scripts[@]}")
if [ -n "${FAKE_INTERRUPT:-}" ]; then
    printf 'PARTIAL' >"${outputs[0]}"
    kill -INT "$PPID"
    exec sleep 5
fi
for output in "${outputs[@]}"; do printf 'COMPLETE' >"$output"; done
FAKE
cat >"$interrupt_tmp/interrupting-program" <<'FAKE'
#!/usr/bin/env bash
kill -INT "$PPID"
exec sleep 5
FAKE
chmod +x "$interrupt_tmp/bin/gnuplot" "$interrupt_tmp/interrupting-program"
# interrupted NAME: exit 130, at most one line on stderr, no traceback.
interrupted() {
    report_err_read "$interrupt_tmp/err"
    [ "$interrupt_status" -eq 130 ] && [ "$report_err_count" -le 1 ] &&
        ! report_err_has Traceback &&
        pass "$1: Ctrl-C gives exit 130 and no traceback" ||
        fail "$1: Ctrl-C gives exit 130 and no traceback (exit $interrupt_status: $(head -c 300 "$interrupt_tmp/err"))"
}
PATH="$interrupt_tmp/bin:$PATH" python3 "$top/scripts/results/plot" -o "$interrupt_tmp/plots" \
    "$here/data/report-input.csv" >/dev/null 2>&1
(cd "$interrupt_tmp/plots" && find . -type f -exec md5sum {} + | sort) >"$interrupt_tmp/plots.sums"
PATH="$interrupt_tmp/bin:$PATH" FAKE_INTERRUPT=1 "${with_sigint[@]}" python3 "$top/scripts/results/plot" \
    -o "$interrupt_tmp/plots" "$here/data/report-input.csv" >/dev/null 2>"$interrupt_tmp/err"
interrupt_status=$?
interrupted "plot"
(cd "$interrupt_tmp/plots" && find . -type f -exec md5sum {} + | sort) | cmp -s - "$interrupt_tmp/plots.sums" &&
    [ "$(wc -l <"$interrupt_tmp/plots.sums")" -gt 1 ] &&
    pass "plot: an interrupted run leaves the earlier charts whole, no partial file" ||
    fail "plot: an interrupted run leaves the earlier charts whole ($(ls -A "$interrupt_tmp/plots" | head -5 | tr '\n' ' '))"
"${with_sigint[@]}" python3 "$top/scripts/comparisons/sides-by-count" \
    --program="$interrupt_tmp/interrupting-program" "$here/data/boards.fen" >/dev/null 2>"$interrupt_tmp/err"
interrupt_status=$?
interrupted "sides-by-count"
# interrupt_reading NAME COMMAND...: COMMAND reads the FIFO $interrupt_tmp/fifo;
# SIGINT once it has opened it, then end of file, so that a read that
# began after the signal returns and Python acts on it (killed after 10 s).
interrupt_reading() {
    local name=$1 pid
    shift
    rm -f "$interrupt_tmp/fifo" && mkfifo "$interrupt_tmp/fifo"
    "${with_sigint[@]}" "$@" >/dev/null 2>"$interrupt_tmp/err" &
    pid=$!
    exec 3>"$interrupt_tmp/fifo"  # returns once the script has opened it
    kill -INT "$pid"
    exec 3>&-
    poll 10 ended "$pid" || kill -KILL "$pid"
    wait "$pid"
    interrupt_status=$?
    interrupted "$name"
}
interrupt_reading report python3 "$top/scripts/results/report" "$interrupt_tmp/fifo"
printf '# Results\n\n<!-- results:begin -->\n<!-- results:end -->\n' >"$interrupt_tmp/README.md"
interrupt_reading readme-results python3 "$top/scripts/results/readme-results" \
    --readme "$interrupt_tmp/README.md" "$interrupt_tmp/fifo"
rm -rf "$interrupt_tmp"
unset interrupt_tmp interrupt_status

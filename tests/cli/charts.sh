#!/usr/bin/env bash
# The charts of scripts/results/plot with every method at once (issue 33, item 11):
# no two texts of the SVG overlap (the size chart's legend stands outside
# the plot area, its crowded labels kept apart), plugins' methods and
# rows a run flagged as disturbed are marked, and every text of every kind
# of chart lies inside its canvas (issue 45, item A.4: the ranked charts'
# key ran past the right edge).
source "$(dirname "$0")/../lib/tap.bash"

if ! have_tool gnuplot; then
    skip "charts with every method: gnuplot is not installed (apt-get install gnuplot-nox)"
else
    charts_dir="$scratch/charts"
    mkdir -p "$charts_dir"
    # Every method this build lists (an x86-64 list elsewhere), and one a
    # plugin brought.
    if [ "$x86_build" = 1 ]; then cat "$scratch/list"; else cat "$here/data/list-x86-64.txt"; fi >"$charts_dir/list.txt"
    echo "my-engine                   available  table 107520 bytes  init 0.50 ms  needs none  native none  source: plugin /tmp/my_engine.so: my engine  idea: a plugin's own attack code" \
        >>"$charts_dir/list.txt"
    run_python "$here/chart_every_method.py" "$charts_dir/list.txt" "$charts_dir/every.csv" &&
        python3 "$here/../scripts/results/results-tool" manifest "$charts_dir/every-manifest.json" \
            machine="Test CPU (AMD family 25 model 1)" list="$charts_dir/list.txt" bench="$charts_dir/every.csv" \
            bench="$here/data/report-input.csv" bench="$here/data/report-sidewise.csv" \
            perft="$here/data/report-perft.csv" cpus=2 &&
        python3 "$here/../scripts/results/plot" -o "$charts_dir/plots" --keep-scripts "$charts_dir/gp" \
            "$charts_dir/every-manifest.json" >"$scratch/out" 2>"$scratch/err"
    status=$?
    size_svg="$charts_dir/plots/every-size-random.svg" ranked_svg="$charts_dir/plots/every-ranked-random.svg"
    if [ "$status" -eq 0 ] && [ -s "$size_svg" ] && [ -s "$ranked_svg" ]; then
        methods=$(($(wc -l <"$charts_dir/every.csv") - 1))
        run_python "$here/svg_text_overlaps.py" "$size_svg" >"$scratch/overlaps" &&
            run_python "$here/svg_text_overlaps.py" "$ranked_svg" >>"$scratch/overlaps" &&
            pass "charts: $methods methods, no two texts of the size or ranked chart overlap" ||
            fail "charts: $methods methods, no two texts of the size or ranked chart overlap ($(head -c 400 "$scratch/overlaps"))"
        # Every kind of chart scripts/results/plot draws, each checked.
        kinds=0
        for kind in ranked-random size-random phases-pieces threads-random ranked-sets ranked-sides nodes-per-second; do
            ls "$charts_dir/plots/"*"-$kind.svg" >/dev/null 2>&1 && kinds=$((kinds + 1))
        done
        run_python "$here/svg_text_inside.py" "$charts_dir/plots/"*.svg >"$scratch/outside" && [ "$kinds" -eq 7 ] &&
            pass "charts: every text of every chart ($kinds kinds) lies inside its canvas" ||
            fail "charts: every text of every chart ($kinds of 7 kinds) lies inside its canvas ($(head -c 400 "$scratch/outside"))"
        awk -f "$here/data/check-labels.awk" "$charts_dir/gp/every-size-random.dat" "$charts_dir/gp/every-size-random.gp" \
            >"$scratch/out" && pass "charts: every label of the crowded size chart anchored at its own point" ||
            fail "charts: every label of the crowded size chart anchored at its own point ($(head -c 300 "$scratch/out"))"
        grep -qF '"my-engine (plugin)' "$charts_dir/gp/every-ranked-random.dat" &&
            grep -qF '"my-engine (plugin)' "$charts_dir/gp/every-size-random.dat" &&
            [ "$(grep -c ' (disturbed)' "$charts_dir/gp/every-ranked-random.dat")" -eq $((methods / 5)) ] &&
            pass "charts: plugins and disturbed rows are marked" ||
            fail "charts: plugins and disturbed rows are marked"
    else
        fail "charts with every method: scripts/results/plot (exit $status: $(head -c 300 "$scratch/err"))"
    fi
fi

# A CPU named with backquotes in a CSV (one merged from another machine)
# is text in the charts' titles: gnuplot runs the text between backquotes
# of a command line as a shell command, double-quoted strings included,
# and a title of `touch FILE` made FILE.
if have_tool gnuplot; then
    backquoted="$scratch/backquoted cpu"
    mkdir -p "$backquoted"
    sed "s|AMD EPYC 9654 96-Core Processor|AMD \`touch '$backquoted/ran'\` EPYC|" "$here/data/report-input.csv" \
        >"$backquoted/run.csv"
    python3 "$here/../scripts/results/plot" -o "$backquoted/plots" "$backquoted/run.csv" >"$scratch/out" 2>"$scratch/err"
    status=$?
    [ "$status" -eq 0 ] && [ ! -e "$backquoted/ran" ] &&
        grep -qF "AMD \`touch '$backquoted/ran'\` EPYC" "$backquoted/plots/"*-ranked-pieces.svg &&
        pass "charts: a CPU named with backquotes is text in the title, never a command" ||
        fail "charts: a CPU named with backquotes is text in the title (exit $status; ran: $([ -e "$backquoted/ran" ] && echo yes || echo no); $(head -c 300 "$scratch/err"))"
else
    skip "charts: a CPU named with backquotes: gnuplot is not installed"
fi

#!/usr/bin/env bash
# The columns and number formats of the CSV, JSON and table outputs stay
# as recorded in tests/data/output-shape.txt (measured values and machine
# details are reduced to their kind by tests/output_shape.py).
source "$(dirname "$0")/../lib/tap.bash"

# (WebAssembly has no cycle counter: its rows have no tick columns, the
# shape of a native --timer=clock run's.)
# shape_run FORMAT: the run whose shape is recorded, with the time-stamp
# counter.  On a loaded guest the hypervisor can trap the TSC during the
# probe, and the run then times with clock_gettime and has no tick
# columns (a measured condition, said on stderr): such a run is taken
# again, up to three times.
shape_run() {
    local attempt
    for attempt in 1 2 3; do
        "$program" --method=reference,$lookup --workload=random,pieces --piece=rook,queen --reps=2 --calls=100 \
            --queries=100 --seed=1 -q --format="$1" "$here/data/boards.fen" >"$scratch/shape.$1" 2>"$scratch/shape.err" ||
            return 1
        grep -qF "using clock_gettime" "$scratch/shape.err" || return 0
    done
    return 2
}
if on_native "output columns and formats" "no cycle counter, so no tick columns"; then
    trapped=0
    for format in csv json table; do
        shape_run "$format"
        case $? in
        0) python3 "$here/output_shape.py" "$format" "$scratch/shape.$format" ;;
        2) trapped=1 ;;
        esac
    done >"$scratch/shape.txt"
    # Another architecture's build times magic-black where x86-64 times pext:
    # the same kinds of fields, named and so sorted otherwise.
    if [ "$lookup" != pext ]; then
        sed "s/$lookup/pext/g" "$scratch/shape.txt" | sort >"$scratch/shape.sorted"
        sort "$here/data/output-shape.txt" >"$scratch/shape.expected"
    else
        cp "$scratch/shape.txt" "$scratch/shape.sorted"
        cp "$here/data/output-shape.txt" "$scratch/shape.expected"
    fi
    if [ "$trapped" = 1 ]; then
        skip "output columns and formats: the hypervisor trapped the TSC in three runs running, so they timed with clock_gettime ($(head -c 200 "$scratch/shape.err"))"
    elif diff "$scratch/shape.expected" "$scratch/shape.sorted" >"$scratch/shape.diff"; then
        pass "output columns and formats unchanged"
    else
        fail "output columns and formats unchanged: $(head -c 400 "$scratch/shape.diff")"
    fi
fi

# A group's heading says one query, call or repetition in the singular
# ("1 queries, 1 calls x 1 reps" before).
"$program" --method=null --workload=random --queries=1 --calls=1 --reps=1 --piece=rook --dispatch=batch -q \
    >"$scratch/singular.out" 2>"$scratch/singular.err"
grep -qF '(1 query, 1 call x 1 rep; checksum' "$scratch/singular.out" &&
    pass "table heading: one query, call and repetition in the singular" ||
    fail "table heading: one query, call and repetition in the singular ($(grep -o '([0-9].*; checksum' "$scratch/singular.out"; head -c 200 "$scratch/singular.err"))"

# A plugin that prints on standard output as it loads and in its init:
# its lines go to standard error, and what attackbench writes on standard
# output (a CSV, a dump, generated positions) holds none of them.
if [ "$plugin_build" = 1 ]; then
    if ${CC:-cc} -std=c99 -Og -shared -fPIC -fvisibility=hidden -Wall -Wextra -Werror -I"$here/../include" \
        -I"$here/plugins" "$here/plugins/prints.c" -o "$scratch/prints.so" 2>"$scratch/prints.log"; then
        while IFS='|' read -r what first_line_pattern arguments; do
            # shellcheck disable=SC2086
            "$program" --plugin="$scratch/prints.so" $arguments >"$scratch/prints.out" 2>"$scratch/prints.err"
            status=$?
            first_line=$(head -n 1 "$scratch/prints.out")
            # shellcheck disable=SC2053
            if [ "$status" -eq 0 ] && [[ "$first_line" == $first_line_pattern ]] &&
                ! grep -q '^prints: ' "$scratch/prints.out" &&
                grep -qx 'prints: banner from a constructor' "$scratch/prints.err" &&
                grep -qx 'prints: left in the buffer' "$scratch/prints.err"; then
                pass "a plugin printing as it loads: $what on standard output untouched, its lines on standard error"
            else
                fail "a plugin printing as it loads: $what (exit $status; $(head -c 200 "$scratch/prints.out"))"
            fi
        done <<EOF_CASES
the CSV|timestamp,host,*|-q -m prints -w random -p rook --dispatch=batch -r 2 -c 100 --queries=100 -f csv
the dump|position,square,piece,attacks|--dump -m prints $here/data/boards.fen
the positions|# attackbench genpos *|genpos --method=prints --seed=1 --games=1
EOF_CASES
    else
        fail "the printing plugin builds ($(head -c 300 "$scratch/prints.log"))"
    fi
else
    skip "a plugin printing as it loads: this attackbench is linked statically and cannot load plugins"
fi

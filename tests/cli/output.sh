#!/usr/bin/env bash
# The columns and number formats of the CSV, JSON and table outputs stay
# as recorded in tests/data/output-shape.txt (measured values and machine
# details are reduced to their kind by tests/output_shape.py).
source "$(dirname "$0")/../lib/tap.bash"

for format in csv json table; do
    "$program" --method=reference,$lookup --workload=random,pieces --piece=rook,queen --reps=2 --calls=100 \
        --queries=100 --seed=1 -q --format="$format" "$here/data/boards.fen" >"$scratch/shape.$format" 2>/dev/null &&
        python3 "$here/output_shape.py" "$format" "$scratch/shape.$format"
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
if diff "$scratch/shape.expected" "$scratch/shape.sorted" >"$scratch/shape.diff"; then
    pass "output columns and formats unchanged"
else
    fail "output columns and formats unchanged: $(head -c 400 "$scratch/shape.diff")"
fi

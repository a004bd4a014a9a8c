#!/usr/bin/env bash
# Runs that cannot measure anything, or not in this machine's memory,
# stop at once with exit 2 and say why; an existing --csv file is left as
# it was.
source "$(dirname "$0")/../lib/tap.bash"

printf '4k3/8/8/8/8/8/8/4K3 w - - 0 1\n4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1\n' >"$scratch/kings.fen"
printf 'kept\n' >"$scratch/existing.csv"
expect_error "boards without sliders measure nothing" "nothing to measure: no rook, bishop or queen on the boards" \
    "$program" --method=reference --reps=1 --calls=10 --csv="$scratch/existing.csv" "$scratch/kings.fen"
[ "$(cat "$scratch/existing.csv")" = kept ] && [ ! -s "$scratch/out" ] && pass "nothing measured leaves --csv alone" ||
    fail "nothing measured leaves --csv alone"
printf '4k3/8/8/8/8/2b5/8/4K1B1 w - - 0 1\n' >"$scratch/bishops.fen"
expect_error "--piece=rook on boards without rooks" "nothing to measure: no rook on the boards" \
    "$program" --method=reference --piece=rook --reps=1 --calls=10 "$scratch/bishops.fen"

# The documented maximum stream, refused up front under a 2 GB address
# space (AddressSanitizer reserves more than that, so not under it), with
# the size of the rook stream alone.
if [ -z "${ASAN_OPTIONS:-}" ] &&
    on_native "a stream larger than memory" "4 GiB of memory whatever the machine, and node needs more than ulimit -v 2000000 allows"; then
    (
        ulimit -v 2000000
        exec "$program" --workload=random --piece=rook --queries=268435456 --method=reference --reps=1 -q
    ) >"$scratch/out" 2>"$scratch/err"
    status=$?
    if [ "$status" -eq 2 ] && grep -q "the random stream would need 3489660928 bytes" "$scratch/err"; then
        pass "a stream larger than memory is refused up front"
    else
        fail "a stream larger than memory is refused up front (exit $status: $(head -c 200 "$scratch/err"))"
    fi
fi
pressure_limit="256G"
[ "$wasm_build" = 1 ] && pressure_limit="1G under WebAssembly"
expect_error "--pressure beyond the largest buffer" "from 4K to $pressure_limit" "$program" --pressure=512G --workload=random

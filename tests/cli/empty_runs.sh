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
# A workload asked for that measured nothing beside one that did: a
# warning even under -q (it drops context lines only).
"$program" -q --method=reference --piece=rook --reps=1 --calls=10 --queries=5000 -w pieces,random "$scratch/kings.fen" \
    >"$scratch/out" 2>"$scratch/err"
status=$?
if [ "$status" -eq 0 ] && [ "$(cat "$scratch/err")" = "attackbench: warning: no queries in the pieces workload: skipped" ]; then
    pass "-q keeps the warning of a workload that measured nothing"
else
    fail "-q keeps the warning of a workload that measured nothing (exit $status: $(head -c 300 "$scratch/err"))"
fi
# --dump of the same boards: refused as the benchmark refuses them, not a
# header alone; --workload=sets still gives each side's (empty) map.
expect_one_line "--dump of boards without sliders dumps nothing" \
    "nothing to dump: no rook, bishop or queen on the boards of $scratch/kings.fen" \
    "$program" --dump "$scratch/kings.fen"
[ ! -s "$scratch/out" ] && pass "--dump of boards without sliders writes no header" ||
    fail "--dump of boards without sliders writes no header ($(head -c 100 "$scratch/out"))"
"$program" --dump --workload=sets "$scratch/kings.fen" >"$scratch/out" 2>"$scratch/err"
[ $? -eq 0 ] && [ "$(grep -c ',0x0000000000000000$' "$scratch/out")" -eq 4 ] &&
    pass "--dump --workload=sets gives empty maps" || fail "--dump --workload=sets gives empty maps"
printf '4k3/8/8/8/8/2b5/8/4K1B1 w - - 0 1\n' >"$scratch/bishops.fen"
expect_error "--piece=rook on boards without rooks" "nothing to measure: no rook on the boards" \
    "$program" --method=reference --piece=rook --reps=1 --calls=10 "$scratch/bishops.fen"
expect_one_line "--dump --piece=rook on boards without rooks" "nothing to dump: no rook on the boards" \
    "$program" --dump --piece=rook "$scratch/bishops.fen"
# Said before anything else, as --dump says it: --verify verified every
# backend first (a line each, seconds), and a plain run calibrated.
expect_one_line "--verify on boards without sliders: one line, before the checks" \
    "attackbench: nothing to measure: no rook, bishop or queen on the boards of $scratch/kings.fen" \
    "$program" --verify --method=reference,classical --verify-boards=1000 --reps=1 --calls=10 "$scratch/kings.fen"
expect_one_line "--piece=rook on boards without rooks: one line" "nothing to measure: no rook on the boards" \
    "$program" --method=reference --piece=rook --reps=1 --calls=10 "$scratch/bishops.fen"
# --piece=both is asked of the queens' squares: it names the queen (it
# said "no both"), once beside the queen itself.
expect_one_line "--piece=both on boards without queens names the queen" \
    "attackbench: nothing to measure: no queen (whose squares --piece=both asks) on the boards of $scratch/bishops.fen" \
    "$program" --method=reference --piece=both --reps=1 --calls=10 "$scratch/bishops.fen"
expect_one_line "--piece=rook,queen,both on boards without them: the queen once" \
    "attackbench: nothing to measure: no rook or queen on the boards of $scratch/bishops.fen" \
    "$program" --method=reference --piece=rook,queen,both --reps=1 --calls=10 "$scratch/bishops.fen"

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

# A control group's memory limit (a container's, a CI job's), read from a
# fake /proc and /sys tree (ATTACKBENCH_SYSTEM_ROOT): what does not fit
# under it is refused in one line, not killed by the kernel without a word.
# cgroup v2: the job's group has no limit of its own, its parent's binds.
short_run=(--method=reference --workload=random --reps=1 --calls=10 -q)
printf 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n' >"$scratch/start.fen"
if on_native "a control group's memory limit" "no control groups: its memory is 4 GiB whatever the machine"; then
    groups="$scratch/groups"
    mkdir -p "$groups/v2/proc/self" "$groups/v2/sys/fs/cgroup/job/step" "$groups/v1/proc/self" \
        "$groups/v1/sys/fs/cgroup/memory/job"
    printf '0::/job/step\n' >"$groups/v2/proc/self/cgroup"
    echo max >"$groups/v2/sys/fs/cgroup/job/step/memory.max"
    echo 67108864 >"$groups/v2/sys/fs/cgroup/job/memory.max"
    printf '5:memory:/job\n4:cpu,cpuacct:/\n0::/\n' >"$groups/v1/proc/self/cgroup"
    echo 67108864 >"$groups/v1/sys/fs/cgroup/memory/job/memory.limit_in_bytes"
    echo 9223372036854771712 >"$groups/v1/sys/fs/cgroup/memory/memory.limit_in_bytes" # v1's "no limit"
    for version in v2 v1; do
        expect_one_line "a random stream beyond the control group's limit ($version) is refused" \
            "--queries=4194304: the random stream would need 163577856 bytes, more than the 67108864 bytes of memory available" \
            env ATTACKBENCH_SYSTEM_ROOT="$groups/$version" "$program" "${short_run[@]}" --queries=4194304
    done
    expect_one_line "--positions beyond the control group's limit is refused" \
        "--positions=2000000: the random stream would need 120000000 bytes, more than the 67108864 bytes" \
        env ATTACKBENCH_SYSTEM_ROOT="$groups/v2" "$program" "${short_run[@]}" --layout=positions --positions=2000000
    expect_one_line "--pressure beyond the control group's limit is refused" \
        "attackbench: --pressure=128M: the buffer would need 134217728 bytes, more than the 67108864 bytes of memory available" \
        env ATTACKBENCH_SYSTEM_ROOT="$groups/v1" "$program" "${short_run[@]}" --queries=100 --pressure=128M \
        --csv="$scratch/existing.csv"
    [ "$(cat "$scratch/existing.csv")" = kept ] && pass "a --pressure refused leaves --csv alone" ||
        fail "a --pressure refused leaves --csv alone"
    expect_one_line "perft --pressure beyond the control group's limit is refused" \
        "attackbench: perft: --pressure=128M: the hash table would need 134217728 bytes, more than the 67108864 bytes of memory available" \
        env ATTACKBENCH_SYSTEM_ROOT="$groups/v2" "$program" perft --method=reference --depth=1 --pressure=128M \
        "$scratch/start.fen"
    expect_status "--pressure within the control group's limit runs" 0 \
        env ATTACKBENCH_SYSTEM_ROOT="$groups/v2" "$program" "${short_run[@]}" --queries=100 --pressure=64K
fi

# --pressure beyond this machine's memory, where the largest size (256G) is:
# refused before anything is allocated.
memory_kb=$(awk '/^MemTotal:/ { print $2 }' /proc/meminfo 2>/dev/null)
if [ "$wasm_build" = 0 ] && [ -n "$memory_kb" ] && [ "$memory_kb" -lt $((256 * 1024 * 1024)) ]; then
    expect_one_line "--pressure beyond the machine's memory is refused" \
        "attackbench: --pressure=256G: the buffer would need 274877906944 bytes, more than the" \
        "$program" "${short_run[@]}" --queries=100 --pressure=256G
    expect_one_line "perft --pressure beyond the machine's memory is refused" \
        "attackbench: perft: --pressure=256G: the hash table would need 274877906944 bytes, more than the" \
        "$program" perft --method=reference --depth=1 --pressure=256G "$scratch/start.fen"
else
    skip "--pressure beyond the machine's memory: not a native build on a machine with less than 256 GiB"
fi

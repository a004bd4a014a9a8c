#!/usr/bin/env bash
# perft: move counts of data/perft.epd with every backend, the CSV, the
# refusal of illegal positions, zero counts, streaming, repetitions,
# interrupts and write errors.
source "$(dirname "$0")/../lib/tap.bash"
# shellcheck source=../lib/signals.bash
source "$here/lib/signals.bash"
perft_data="$here/../data/perft.epd"
perft_scratch=$(mktemp -d)
# The run's metadata columns, then perft's own.
perft_csv_columns='method,positions,depth,nodes,seconds,nodes_per_second,relative,table_bytes,init_ms,reps,seconds_min,seconds_max,seconds_mad,samples_seconds,threads,processes,pressure_bytes,eval_bytes,seconds_one_worker,scaling'
perft_csv_header_ok() {
    local header
    header=$(head -1 "$1")
    [[ "$header" == timestamp,host,*",$perft_csv_columns" ]]
}

# Every available backend to depth 3; all rows ok and the methods agree.
if perft_output=$("$program" perft --method=all --depth=3 --reps=1 --csv="$perft_scratch/methods.csv" "$perft_data" \
        2>"$perft_scratch/all.err"); then
    rows=$(tail -n +2 <<<"$perft_output" | grep -c ',ok$')
    total=$(tail -n +2 <<<"$perft_output" | grep -c .)
    if [ "$rows" -eq 7 ] && [ "$total" -eq 7 ] && [ "$(head -1 <<<"$perft_output")" = "position,depth,nodes,expected,status" ]; then
        pass "perft all methods depth 3"
    else
        fail "perft all methods depth 3: $rows of $total rows ok"
    fi
else
    fail "perft all methods depth 3 exited non-zero: $(head -3 "$perft_scratch/all.err")"
fi

# The comparison CSV: the header, then one row per method.
methods=$(awk '$2 == "available" && $1 != "null" { n++ } END { print n + 0 }' "$scratch/list")
if [ -f "$perft_scratch/methods.csv" ] &&
    perft_csv_header_ok "$perft_scratch/methods.csv" &&
    [ "$(tail -n +2 "$perft_scratch/methods.csv" | grep -c ',7,3,')" -eq "$methods" ] &&
    [ ! -e "$perft_scratch/methods.csv.tmp" ]; then
    pass "perft --csv writes the method table"
else
    fail "perft --csv writes the method table ($methods methods)"
fi

# Depth 4 with one backend: a pass of a tenth of a second or more, too
# long for the warning about short passes.
if perft_output=$("$program" perft --method=reference --depth=4 --reps=1 "$perft_data" 2>"$perft_scratch/depth4.err") &&
    [ "$(tail -n +2 <<<"$perft_output" | grep -c ',ok$')" -eq 7 ] && ! grep -q 'warning' "$perft_scratch/depth4.err"; then
    pass "perft reference depth 4, no warning"
else
    fail "perft reference depth 4, no warning ($(head -c 300 "$perft_scratch/depth4.err"))"
fi

# A pass of a few microseconds (one position to depth 2) is flagged as
# too short, with one method and with several, as with workers.  The
# warning goes by the shortest pass, so five of them keep it from a pass
# that a loaded machine (or qemu translating the code on the first)
# stretched past 20 ms.
for methods in reference reference,classical; do
    echo 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -' |
        "$program" perft --method=$methods --depth=2 --reps=5 - >/dev/null 2>"$perft_scratch/short.err"
    status=$?
    if [ "$status" -eq 0 ] &&
        grep -qE "^attackbench: perft: warning: a block's pass lasts [0-9.]+ ms \(under 20 ms\): .*give more positions or a greater --depth$" \
            "$perft_scratch/short.err"; then
        pass "perft -m $methods: a short pass is flagged"
    else
        fail "perft -m $methods: a short pass is flagged (exit $status: $(head -c 300 "$perft_scratch/short.err"))"
    fi
done

# --divide: the start position's 20 moves, 400 nodes below them at depth 2.
start_position='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - ;D2 400'
divide_output=$(echo "$start_position" | "$program" perft --method=reference --depth=2 --divide - 2>/dev/null)
if [ "$(grep -c '^[a-h][1-8][a-h][1-8]: 20$' <<<"$divide_output")" -eq 20 ] && grep -q '^1,2,400,400,ok$' <<<"$divide_output"; then
    pass "perft --divide"
else
    fail "perft --divide"
fi

# A wrong count is a mismatch: exit 1, the line naming the file and line
# (the block is finished after the file is read: the name must outlive
# the reader's copy).  Under AddressSanitizer (make sanitize) a use of
# the reader's stack after it returned is caught here at every run (the
# whole suite cannot run so: the sanitizer's stand-in frames are 32-byte
# aligned, and gcc's AVX-512 code stores 64 bytes aligned into them).
echo '4k3/8/8/8/8/8/8/4K3 w - - ;D1 6' >"$perft_scratch/wrong.epd"
ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_stack_use_after_return=1" \
    "$program" perft --method=reference --depth=1 "$perft_scratch/wrong.epd" >"$perft_scratch/wrong.out" 2>"$perft_scratch/wrong.err"
if [ $? -eq 1 ] && grep -q '^1,1,5,6,mismatch$' "$perft_scratch/wrong.out" &&
    grep -qxF "attackbench: $perft_scratch/wrong.epd:1: perft 1 gives 5, the EPD says 6" "$perft_scratch/wrong.err"; then
    pass "perft reports a mismatch with exit 1, naming the file and line"
else
    fail "perft reports a mismatch with exit 1"
fi

# Without --depth, a line whose counts are all above 1,000,000 (a suite of
# one deep count a line) runs its shallowest count, checked; a count of
# depth 3 or less however large (a false one) runs and fails; past
# 100,000,000 nodes, depth 3 unchecked with one note for the run (the
# eighth hostile trial: depth 3, unchecked, silently, for all three).
printf '%s\n' '3k4/3p4/8/K1P4r/8/8/8/8 b - - ;D6 1134888' >"$perft_scratch/deep.epd"
if "$program" perft --method=reference --reps=1 "$perft_scratch/deep.epd" >"$perft_scratch/deep.out" 2>/dev/null &&
    grep -qx '1,6,1134888,1134888,ok' "$perft_scratch/deep.out"; then
    pass "perft without --depth checks a line's one count above 1,000,000"
else
    fail "perft without --depth checks a line's one count above 1,000,000 ($(head -c 200 "$perft_scratch/deep.out"))"
fi
echo 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - ;D1 18446744073709551615' >"$perft_scratch/false.epd"
"$program" perft --method=reference --reps=1 "$perft_scratch/false.epd" >"$perft_scratch/false.out" 2>/dev/null
[ $? -eq 1 ] && grep -qx '1,1,20,18446744073709551615,mismatch' "$perft_scratch/false.out" &&
    pass "perft without --depth checks a shallow count however large" ||
    fail "perft without --depth checks a shallow count however large ($(head -c 200 "$perft_scratch/false.out"))"
printf '%s\n' 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - ;D7 3195901860' \
    'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - ;D5 193690690' >"$perft_scratch/huge.epd"
"$program" perft --method=reference --reps=1 "$perft_scratch/huge.epd" >"$perft_scratch/huge.out" 2>"$perft_scratch/huge.err"
[ $? -eq 0 ] && [ "$(grep -c ',3,.*,,unknown$' "$perft_scratch/huge.out")" -eq 2 ] &&
    [ "$(grep -c 'note:' "$perft_scratch/huge.err")" -eq 1 ] &&
    grep -qF "attackbench: note: $perft_scratch/huge.epd:1: every ;Dn count of the line is above 100,000,000 nodes: counted at depth 3, unchecked" "$perft_scratch/huge.err" &&
    pass "perft without --depth notes once that lines of counts over 100,000,000 ran unchecked" ||
    fail "perft without --depth notes once that lines of counts over 100,000,000 ran unchecked ($(head -c 300 "$perft_scratch/huge.err"))"

# Illegal positions: refused with FILE:LINE and exit 2.
perft_refuses() {
    local name=$1 position=$2
    printf '# an illegal position\n%s\n' "$position" >"$perft_scratch/illegal.epd"
    "$program" perft --method=reference --depth=1 "$perft_scratch/illegal.epd" >/dev/null 2>"$perft_scratch/illegal.err"
    local status=$?
    if [ "$status" -eq 2 ] && grep -q "illegal.epd:2:" "$perft_scratch/illegal.err"; then
        pass "perft refuses $name"
    else
        fail "perft refuses $name (exit $status: $(head -1 "$perft_scratch/illegal.err"))"
    fi
}
perft_refuses "two white kings" '4k3/8/8/8/8/8/8/K3K3 w - -'
perft_refuses "a pawn on rank 8" 'P3k3/8/8/8/8/8/8/4K3 w - -'
perft_refuses "the side not to move in check" '4k3/8/8/8/8/8/8/4K2r b - -'
perft_refuses "a missing black king" '8/8/8/8/8/8/8/4K3 w - -'
# Several illegal positions: one line names the first and counts the
# others (it printed a line for each, thousands for a wrong file).
printf '%s\n' '# three illegal positions' '8/8/8/8/8/8/8/Q7 w - - 0 1' '8/8/8/8/8/8/8/R7 w - - 0 1' \
    '8/8/8/8/8/8/8/B7 w - - 0 1' >"$perft_scratch/illegal-three.epd"
expect_one_line "perft names the first of several illegal positions in one line" \
    "illegal-three.epd:2: illegal position: white must have exactly one king (and 2 more illegal positions)" \
    "$program" perft --method=reference --depth=1 "$perft_scratch/illegal-three.epd"

# ";Dn 0" is a count: a stalemate has no moves, and a wrong zero is a mismatch.
echo '7k/5Q2/6K1/8/8/8/8/8 b - - ;D1 0' >"$perft_scratch/stalemate.epd"
"$program" perft --method=reference --depth=1 "$perft_scratch/stalemate.epd" >"$perft_scratch/stalemate.out" 2>/dev/null
status=$?
if [ "$status" -eq 0 ] && grep -qx '1,1,0,0,ok' "$perft_scratch/stalemate.out"; then
    pass "perft: a stalemate's ;D1 0 is a count that matches"
else
    fail "perft: a stalemate's ;D1 0 is a count that matches (exit $status: $(tail -1 "$perft_scratch/stalemate.out"))"
fi
echo 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - ;D2 0' >"$perft_scratch/zero.epd"
"$program" perft --method=reference --depth=2 "$perft_scratch/zero.epd" >"$perft_scratch/zero.out" 2>/dev/null
status=$?
if [ "$status" -eq 1 ] && grep -qx '1,2,400,0,mismatch' "$perft_scratch/zero.out"; then
    pass "perft: a wrong ;D2 0 is a mismatch with exit 1"
else
    fail "perft: a wrong ;D2 0 is a mismatch with exit 1 (exit $status: $(tail -1 "$perft_scratch/zero.out"))"
fi

# Positions stream: rows come out while standard input is still open, so
# memory does not grow with the input.
mkfifo "$perft_scratch/positions.fifo"
"$program" perft --method=reference --depth=1 - <"$perft_scratch/positions.fifo" \
    >"$perft_scratch/stream.out" 2>/dev/null &
reader=$!
exec {writer}>"$perft_scratch/positions.fifo"
grep -v '^#' "$here/../data/positions.fen" | head -n 5000 >&"$writer"
for _ in $(seq 200); do
    [ "$(wc -l <"$perft_scratch/stream.out")" -gt 1000 ] && break
    sleep 0.05
done
rows_before_end=$(wc -l <"$perft_scratch/stream.out")
exec {writer}>&-
wait "$reader"
status=$?
if [ "$rows_before_end" -gt 1000 ] && [ "$status" -eq 0 ] && [ "$(grep -c ',unknown$' "$perft_scratch/stream.out")" -eq 5000 ]; then
    pass "perft streams positions"
else
    fail "perft streams positions ($rows_before_end rows before the end of input, exit $status)"
fi

# An illegal line of standard input, found after a block was counted, stops
# the run as a signal does: the finished block's rows, summary and CSV,
# then exit 2 (once the summary and the CSV were lost).  So it goes after a
# named file: that file's positions are reported.
{
    grep -v '^#' "$here/../data/positions.fen" | head -n 1030
    echo "8/8/8/8/8/8/8/8 w - - 0 1"
} >"$perft_scratch/bad-tail.epd"
"$program" perft --method=reference --depth=1 --reps=1 --csv="$perft_scratch/bad-tail.csv" - \
    <"$perft_scratch/bad-tail.epd" >"$perft_scratch/bad-tail.out" 2>"$perft_scratch/bad-tail.err"
status=$?
if [ "$status" -eq 2 ] && grep -q '^attackbench: <stdin>:1031: illegal position' "$perft_scratch/bad-tail.err" &&
    grep -q '^perft: .*: 1024 positions' "$perft_scratch/bad-tail.err" &&
    [ "$(grep -c ',unknown$' "$perft_scratch/bad-tail.out")" -eq 1024 ] &&
    [ "$(grep -c ',reference,1024,1,' "$perft_scratch/bad-tail.csv")" -eq 1 ]; then
    pass "perft: an illegal line of standard input keeps the finished block's summary and CSV"
else
    fail "perft: an illegal line of standard input keeps the finished block's summary and CSV (exit $status: $(head -c 300 "$perft_scratch/bad-tail.err"))"
fi
echo "8/8/8/8/8/8/8/8 w - - 0 1" | "$program" perft --method=reference --depth=1 --reps=1 \
    --csv="$perft_scratch/bad-stdin.csv" "$perft_data" - >/dev/null 2>"$perft_scratch/bad-stdin.err"
status=$?
if [ "$status" -eq 2 ] && grep -q '^attackbench: <stdin>:1: illegal position' "$perft_scratch/bad-stdin.err" &&
    grep -q '^perft: .*: 7 positions' "$perft_scratch/bad-stdin.err" && [ -s "$perft_scratch/bad-stdin.csv" ]; then
    pass "perft: a named file's positions are reported when standard input after it holds an illegal line"
else
    fail "perft: a named file's positions are reported when standard input after it holds an illegal line (exit $status: $(head -c 300 "$perft_scratch/bad-stdin.err"))"
fi

# An illegal first line of standard input is the only line: no "skipping"
# notes of the methods this CPU cannot run after it (as for a named file).
echo "8/8/8/8/8/8/8/8 w - - 0 1" >"$perft_scratch/bad-first.epd"
expect_one_line "an illegal first line of standard input is perft's only line" \
    "<stdin>:1: illegal position: white must have exactly one king" \
    "$program" perft --depth=1 - <"$perft_scratch/bad-first.epd"

# Repetitions: the median, spread and samples of each method in the CSV.
"$program" perft --method=reference,classical --depth=2 --reps=3 --csv="$perft_scratch/reps.csv" "$perft_data" \
    >/dev/null 2>"$perft_scratch/reps.err"
status=$?
# Rows with 3 repetitions, 3 samples, min <= median <= max.  Columns are
# counted from the end: the metadata before them may hold quoted commas
# (the flags of a sanitizer build).
reps_rows=$(awk -F, 'NR > 1 && $(NF - 10) == 3 && split($(NF - 6), samples, " ") == 3 &&
    $(NF - 9) <= $(NF - 15) && $(NF - 15) <= $(NF - 8) && $(NF - 7) >= 0 { n++ } END { print n + 0 }' \
    "$perft_scratch/reps.csv" 2>/dev/null)
if [ "$status" -eq 0 ] && perft_csv_header_ok "$perft_scratch/reps.csv" && [ "$reps_rows" -eq 2 ] &&
    grep -q 'MAD' "$perft_scratch/reps.err"; then
    pass "perft --reps: median, MAD and samples per method"
else
    fail "perft --reps: median, MAD and samples per method (exit $status: $(head -2 "$perft_scratch/reps.err"))"
fi
expect_error "perft --reps=0 is refused" "--reps must be" "$program" perft --reps=0 "$perft_data"
# A perft count written wrong is an error, not an opcode passed over; so
# is a second count for one depth.
for operations in ";D-1 5|bad perft operation 'D-1 5'" ";D 20|bad perft operation 'D 20'" \
    ";D1 20 ;D1 21|perft operation 'D1 21': a second count for depth 1" \
    ";D1 18446744073709551616|bad perft operation 'D1 18446744073709551616': count too large (at most 18446744073709551615)"; do
    echo "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - ${operations%%|*}" >"$perft_scratch/counts.epd"
    expect_error "perft: '${operations%%|*}' is refused" "counts.epd:1: ${operations#*|}" \
        "$program" perft -m reference --depth=1 --reps=1 "$perft_scratch/counts.epd"
done
# An output that cannot be written is refused before the count, not after it.
expect_error "perft --csv into a missing folder is refused" "cannot create" \
    "$program" perft --csv="$perft_scratch/missing/out.csv" "$perft_data"
[ ! -s "$scratch/out" ] && pass "perft refuses an unwritable --csv before counting anything" ||
    fail "perft refuses an unwritable --csv before counting anything ($(head -c 200 "$scratch/out"))"
# --csv naming the EPD file it counts would replace the positions.
cp "$perft_data" "$perft_scratch/input.epd"
expect_error "perft --csv naming an input file is refused" "input.epd: --csv names an input file; it would be replaced" \
    "$program" perft -m reference --depth=1 --csv="$perft_scratch/input.epd" "$perft_scratch/input.epd"
cmp -s "$perft_data" "$perft_scratch/input.epd" && pass "perft: the input named by --csv is untouched" ||
    fail "perft: the input named by --csv is untouched"

# SIGINT and SIGTERM stop a long count within about a second.
perft_stop_once() {
    local signal=$1 want=$2
    echo 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -' |
        "${with_sighup[@]}" "$program" perft --method=reference --depth=9 - >"$perft_scratch/stopped.out" 2>"$perft_scratch/stopped.err" &
    local runner=$!
    if ! wait_for_handler "$runner" "$(kill -l "$signal")"; then
        kill -KILL "$runner" 2>/dev/null
        wait "$runner"
        stop_status="no handler installed"
        return 1
    fi
    sleep 0.3
    stop_and_time "$runner" "$signal"
    [ "$stop_status" -eq "$want" ] && grep -q 'interrupted' "$perft_scratch/stopped.err"
}
perft_stops() {
    if stops_within 1.5 perft_stop_once "$@"; then
        pass "perft stops on SIG$1 within a second"
    else
        fail "perft stops on SIG$1 within a second (exit $stop_status after ${stop_times:-$stop_seconds s})"
    fi
}
if on_native "perft stops on SIGINT, SIGTERM, SIGHUP and SIGQUIT" "no signals"; then
    perft_stops INT 130
    perft_stops TERM 143
    perft_stops HUP 129
    perft_stops QUIT 131
fi

# An interrupted run keeps what it finished: the rows of whole blocks on
# stdout, and a CSV that counts the same positions.
if on_native "perft interrupted keeps the finished blocks" "no signals"; then
"$program" perft --method=reference --depth=3 --reps=1 --csv="$perft_scratch/partial.csv" \
    "$here/../data/positions.fen" >"$perft_scratch/partial.out" 2>"$perft_scratch/partial.err" &
runner=$!
for _ in $(seq 400); do
    [ "$(wc -l <"$perft_scratch/partial.out")" -gt 1 ] && break
    sleep 0.05
done
stop_and_time "$runner" INT
finished=$(($(wc -l <"$perft_scratch/partial.out") - 1))
csv_positions=$(awk -F, 'NR > 1 { print $(NF - 18) }' "$perft_scratch/partial.csv" 2>/dev/null)
if [ "$stop_status" -eq 130 ] && [ "$finished" -gt 0 ] && [ $((finished % 1024)) -eq 0 ] &&
    [ "$csv_positions" = "$finished" ] && [ -z "$(find "$perft_scratch" -name 'partial.csv?*')" ]; then
    pass "perft interrupted keeps the finished blocks"
else
    fail "perft interrupted keeps the finished blocks (exit $stop_status, $finished rows, CSV: $csv_positions)"
fi
fi

# Write errors on standard output: exit 2 with a message.
if [ -w /dev/full ]; then
    "$program" perft --method=reference --depth=1 "$perft_data" >/dev/full 2>"$perft_scratch/full.err"
    status=$?
    if [ "$status" -eq 2 ] && grep -q 'cannot write' "$perft_scratch/full.err"; then
        pass "perft into /dev/full exits 2"
    else
        fail "perft into /dev/full exits 2 (exit $status)"
    fi
    "$program" perft --help >/dev/full 2>"$perft_scratch/full.err"
    status=$?
    if [ "$status" -eq 2 ] && grep -q 'cannot write' "$perft_scratch/full.err"; then
        pass "perft --help into /dev/full exits 2"
    else
        fail "perft --help into /dev/full exits 2 (exit $status)"
    fi
fi
grep -v '^#' "$here/../data/positions.fen" | head -n 5000 >"$perft_scratch/many.fen"
"$program" perft --method=reference --depth=1 "$perft_scratch/many.fen" 2>"$perft_scratch/pipe.err" | head -c 1 >/dev/null
status=${PIPESTATUS[0]}
if [ "$status" -eq 2 ] && grep -q 'cannot write' "$perft_scratch/pipe.err"; then
    pass "perft into a closed pipe exits 2"
else
    fail "perft into a closed pipe exits 2 (exit $status)"
fi

rm -rf "$perft_scratch"

# docs/perft.md lists the --csv columns as the file has them (five
# metadata columns were missing, so the listed positions were wrong).
"$program" perft -m reference --depth=1 --reps=1 --csv="$scratch/columns.csv" "$here/../data/perft.epd" >/dev/null 2>&1
documented=$(grep -o '^`timestamp,host,[a-z_,]*`' "$here/../docs/perft.md" | tr -d '`')
[ -n "$documented" ] && [ "$documented" = "$(head -n 1 "$scratch/columns.csv")" ] &&
    pass "docs/perft.md lists perft's CSV columns as the file has them" ||
    fail "docs/perft.md lists perft's CSV columns as the file has them (docs: $documented; file: $(head -n 1 "$scratch/columns.csv"))"
# EPD strings escape a quote or a backslash with a backslash, as PGN's do:
# a \" ended the string, and a comment's ";D1 5" was read as a count (a
# mismatch, exit 1), or a valid id "a\"b" refused.
start_epd='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -'
printf '%s\n' "$start_epd c0 \"a \\\" ;D1 5 ;\\\"\"; D1 20;" "$start_epd id \"a\\\"b\"; D1 20;" \
    "$start_epd id \"a\\\\\"; D1 20;" >"$scratch/escaped.epd"
"$program" perft -m reference --reps=1 "$scratch/escaped.epd" >"$scratch/out" 2>"$scratch/err"
status=$?
[ $status -eq 0 ] && [ "$(grep -c ',1,20,20,ok$' "$scratch/out")" -eq 3 ] &&
    pass "perft: EPD strings with escaped quotes and backslashes are one operand" ||
    fail "perft: EPD strings with escaped quotes and backslashes (exit $status; $(head -c 300 "$scratch/out") $(head -c 300 "$scratch/err"))"

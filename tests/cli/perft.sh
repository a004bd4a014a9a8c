# perft: move counts of data/perft.epd with every backend, the CSV, and the
# refusal of illegal positions.  Sourced by tests/run.sh (pass, fail,
# $program, $here).
perft_data="$here/../data/perft.epd"
perft_scratch=$(mktemp -d)

# Every available backend to depth 3; all rows ok and the methods agree.
if perft_output=$("$program" perft --method=all --depth=3 --csv="$perft_scratch/methods.csv" "$perft_data" \
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
methods=$("$program" --list | awk '$2 == "available" && $1 != "null" { n++ } END { print n + 0 }')
if [ -f "$perft_scratch/methods.csv" ] &&
    head -1 "$perft_scratch/methods.csv" | grep -q '^timestamp,host,version,commit,cpu,cpu_vendor,cpu_family,cpu_model,compiler,flags,method,positions,depth,nodes,seconds,nodes_per_second,relative,table_bytes,init_ms$' &&
    [ "$(tail -n +2 "$perft_scratch/methods.csv" | grep -c ',7,3,')" -eq "$methods" ] &&
    [ ! -e "$perft_scratch/methods.csv.tmp" ]; then
    pass "perft --csv writes the method table"
else
    fail "perft --csv writes the method table ($methods methods)"
fi

# Depth 4 with one backend.
if perft_output=$("$program" perft --method=reference --depth=4 "$perft_data" 2>/dev/null) &&
    [ "$(tail -n +2 <<<"$perft_output" | grep -c ',ok$')" -eq 7 ]; then
    pass "perft reference depth 4"
else
    fail "perft reference depth 4"
fi

# --divide: the start position's 20 moves, 400 nodes below them at depth 2.
start_position='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - ;D2 400'
divide_output=$(echo "$start_position" | "$program" perft --method=reference --depth=2 --divide - 2>/dev/null)
if [ "$(grep -c '^[a-h][1-8][a-h][1-8]: 20$' <<<"$divide_output")" -eq 20 ] && grep -q '^1,2,400,400,ok$' <<<"$divide_output"; then
    pass "perft --divide"
else
    fail "perft --divide"
fi

# A wrong count is a mismatch: exit 1.
echo '4k3/8/8/8/8/8/8/4K3 w - - ;D1 6' >"$perft_scratch/wrong.epd"
"$program" perft --method=reference --depth=1 "$perft_scratch/wrong.epd" >"$perft_scratch/wrong.out" 2>/dev/null
if [ $? -eq 1 ] && grep -q '^1,1,5,6,mismatch$' "$perft_scratch/wrong.out"; then
    pass "perft reports a mismatch with exit 1"
else
    fail "perft reports a mismatch with exit 1"
fi

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

rm -rf "$perft_scratch"

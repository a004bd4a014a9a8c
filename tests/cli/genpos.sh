# genpos: the same seed gives the same legal positions.  Sourced by
# tests/run.sh (pass, fail, $program, $here).
genpos_scratch=$(mktemp -d)
if "$program" genpos --seed=7 --games=20 --out="$genpos_scratch/a.fen" 2>/dev/null &&
    "$program" genpos --seed=7 --games=20 2>/dev/null >"$genpos_scratch/b.fen" &&
    cmp -s <(tail -n +2 "$genpos_scratch/a.fen") <(tail -n +2 "$genpos_scratch/b.fen") &&
    head -1 "$genpos_scratch/a.fen" | grep -q '^# attackbench genpos --seed=7 --games=20' &&
    [ "$(grep -vc '^#' "$genpos_scratch/a.fen")" -ge 100 ] && [ ! -e "$genpos_scratch/a.fen.tmp" ]; then
    pass "genpos is deterministic"
else
    fail "genpos is deterministic"
fi
# Every line is a six-field FEN of a legal position (perft refuses others).
if [ "$(awk '!/^#/ && NF != 6' "$genpos_scratch/a.fen" | wc -l)" -eq 0 ] &&
    "$program" perft --method=reference --depth=1 "$genpos_scratch/a.fen" >/dev/null 2>&1; then
    pass "genpos writes legal six-field FENs"
else
    fail "genpos writes legal six-field FENs"
fi
if "$program" genpos --games=5 >/dev/null 2>&1; [ $? -eq 2 ]; then
    pass "genpos requires --seed"
else
    fail "genpos requires --seed"
fi
rm -rf "$genpos_scratch"

#!/usr/bin/env bash
# Both at once (--piece=both): rows for every method in both dispatch
# modes, one checksum for all of them and not the queen's, `all` leaves
# them out, the native both entries verify exhaustively, and a plugin's
# both is composed from its rook and bishop.  A both entry that is wrong
# while its union is right is caught by the verifier and the checksums
# (tests/test_both.c).
source "$(dirname "$0")/../lib/tap.bash"

quick=(--workload=random,pieces --reps=1 --calls=1000 --queries=4096 --pin=none -q)

"$program" "${quick[@]}" --method=stockfish,magic-fancy,reference,null --piece=queen,both --dispatch=batch,call \
    --csv="$scratch/both.csv" data/positions.fen >/dev/null 2>"$scratch/err"
python3 - "$scratch/both.csv" <<'PYTHON' && pass "both rows: every method, workload and dispatch, one checksum, not the queen's" ||
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
both = [r for r in rows if r["piece"] == "both"]
keys = {(r["method"], r["workload"], r["dispatch"]) for r in both}
wanted = {(m, w, d) for m in ("stockfish", "magic-fancy", "reference", "null") for w in ("random", "pieces")
          for d in ("batch", "call")}
assert keys == wanted, sorted(wanted - keys)
for workload in ("random", "pieces"):
    sums = {r["checksum"] for r in both if r["workload"] == workload and r["method"] != "null"}
    queen = {r["checksum"] for r in rows if r["piece"] == "queen" and r["workload"] == workload
             and r["method"] != "null"}
    assert len(sums) == 1 and len(queen) == 1 and sums != queen, (sums, queen)
    # The same queries as the queen rows: the queens of the file, or the random stream.
    assert {r["queries"] for r in both if r["workload"] == workload} == \
        {r["queries"] for r in rows if r["piece"] == "queen" and r["workload"] == workload}
PYTHON
    fail "both rows: every method, workload and dispatch, one checksum, not the queen's ($(head -c 300 "$scratch/err"))"

"$program" "${quick[@]}" --method=magic-fancy --piece=all --dispatch=batch -f csv data/positions.fen 2>/dev/null |
    csv_column piece | sort -u | tr '\n' ' ' >"$scratch/pieces"
[ "$(cat "$scratch/pieces")" = "bishop queen rook " ] &&
    pass "--piece=all is rook, bishop and queen: both is asked for by name" ||
    fail "--piece=all is rook, bishop and queen: both is asked for by name (got $(cat "$scratch/pieces"))"

# all is a word of the list like the others (PIECE[,PIECE]): all,both is
# every kind, all,rook and all,all are all.  They were refused with the
# message that lists all among the words to combine.
for case in "all,both:bishop both queen rook " "all,rook:bishop queen rook " "all,all:bishop queen rook "; do
    pieces=${case%%:*}
    "$program" "${quick[@]}" -w random --method=magic-fancy --piece="$pieces" --dispatch=batch -f csv 2>"$scratch/err" |
        csv_column piece | sort -u | tr '\n' ' ' >"$scratch/pieces"
    [ "$(cat "$scratch/pieces")" = "${case#*:}" ] && pass "--piece=$pieces times ${case#*:}" ||
        fail "--piece=$pieces times ${case#*:}(got $(cat "$scratch/pieces"); $(head -c 300 "$scratch/err"))"
done
expect_error "--piece=bogus names both among the choices" \
    "--piece=bogus: expected rook, bishop, queen, both or all (comma-separated)" "$program" --piece=bogus

# The native both entries (and every other backend's composed one, in
# tests/cli/verify.sh), exhaustively.
if [ "$x86_build" = 1 ]; then
    for method in stockfish hyperbola-avx2 cfish-avx2 cfish-avx512; do
        if quiet_grep -E "^$method +available" "$scratch/list"; then
            expect_status "$method: its native both verifies exhaustively" 0 \
                "$program" --verify-only --method="$method" --piece=both data/positions.fen
        else
            skip "$method: its native both verifies exhaustively: not available on this CPU"
        fi
    done
else
    skip "the native both entries: x86-64 only"
fi

# A plugin has no both entry (ABI 2.0): attackbench composes its rook and
# bishop, in either dispatch, to the reference's checksum.
# (The example as plugins.sh builds it: one build a run serves both.)
if [ "$plugin_build" = 1 ] &&
    build_test_plugin "$scratch/my_engine.so" "$scratch/cc.log" "$here/../examples/plugin/my_engine.c" -O2; then
    "$program" --plugin="$scratch/my_engine.so" -m my-engine,reference -w random --piece=both --dispatch=batch,call \
        --reps=1 --calls=1000 --queries=4096 --pin=none -q --csv="$scratch/plugin.csv" >/dev/null 2>"$scratch/err"
    python3 - "$scratch/plugin.csv" <<'PYTHON' && pass "a plugin's both rows: composed, the reference's checksum" ||
import csv, sys
rows = [r for r in csv.DictReader(open(sys.argv[1])) if r["piece"] == "both" and r["method"] != "null"]
assert {(r["method"], r["dispatch"]) for r in rows} == {(m, d) for m in ("my-engine", "reference")
                                                        for d in ("batch", "call")}, rows
assert len({r["checksum"] for r in rows}) == 1, rows
PYTHON
        fail "a plugin's both rows: composed, the reference's checksum ($(head -c 300 "$scratch/err"))"
else
    skip "a plugin's both rows: plugins cannot be built or loaded here"
fi

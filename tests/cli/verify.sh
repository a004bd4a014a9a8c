#!/usr/bin/env bash
# Every available backend against the reference, exhaustively (every
# subset of every relevant mask, random boards and sides: --verify-only),
# and on every position of data/positions.fen one square, one side's
# sliders and one side's attack map at a time; two backends at a time.  The null backend computes no attacks; the reference is
# checked by the unit tests.  Backends this CPU cannot run are reported,
# with the reason, as skipped.
source "$(dirname "$0")/../lib/tap.bash"

# Every formulation too ("kogge-stone:scalar  formulation of kogge-stone
# available"), forced by its name.
awk '($2 == "available" && $1 != "null" && $1 != "reference") || ($2 == "formulation" && $5 == "available") { print $1 }' \
    "$scratch/list" >"$scratch/methods"
[ -s "$scratch/methods" ] || fail "--list names backends to verify"
# Each backend's verdict into a file of its own, then one result each in
# the order of --list.
export program scratch
xargs -P 2 -I{} sh -c '"$program" --verify-only --method="$1" --piece=rook,bishop,queen,both --workload=pieces,sets,sides data/positions.fen >/dev/null 2>"$scratch/verify-$1.log"; echo $? >"$scratch/verify-$1.status"' \
    verify {} <"$scratch/methods"
while read -r method; do
    if [ "$(cat "$scratch/verify-$method.status" 2>/dev/null)" = 0 ]; then
        pass "verify $method"
    else
        fail "verify $method: $(head -c 600 "$scratch/verify-$method.log")"
    fi
done <"$scratch/methods"

while read -r method reason; do
    skip "verify $method: $reason"
done < <(awk '$2 == "unavailable" || ($2 == "formulation" && $5 == "unavailable") { name = $1; sub(/^[^(]*\(/, ""); sub(/\).*$/, ""); print name, $0 }' "$scratch/list")

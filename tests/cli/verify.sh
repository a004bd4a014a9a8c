#!/usr/bin/env bash
# Every available backend against the reference, exhaustively (every
# subset of every relevant mask, random boards and sides: --verify-only),
# and on the positions of data/positions.fen one square, one side's
# sliders and one side's attack map at a time; two runs at a time.  The
# null backend computes no attacks; the reference is checked by the unit
# tests.  Backends this CPU cannot run are reported, with the reason, as
# skipped.  make test checks 30,000 random boards and the file's first
# 2,000 positions; make check (tests/check/verify_default.sh) the
# default million and every position (ATTACKBENCH_VERIFY_BOARDS and
# ATTACKBENCH_VERIFY_POSITIONS, 0 for all).
source "$(dirname "$0")/../lib/tap.bash"

# Every formulation too ("kogge-stone:scalar  formulation of kogge-stone
# available"), forced by its name.
awk '($2 == "available" && $1 != "null" && $1 != "reference") || ($2 == "formulation" && $5 == "available") { print $1 }' \
    "$scratch/list" >"$scratch/methods"
[ -s "$scratch/methods" ] || fail "--list names backends to verify"
# One run for a technique and its formulations
# ("--method=kogge-stone,kogge-stone:lanes,kogge-stone:scalar"): it checks
# each of them once exhaustively, and each on every query of the file.
awk '$2 == "available" && $1 != "null" && $1 != "reference" { order[++n] = $1; group[$1] = $1; next }
    $2 == "formulation" && $5 == "available" {
        if ($4 in group) group[$4] = group[$4] "," $1; else { order[++n] = $1; group[$1] = $1 }
    }
    END { for (i = 1; i <= n; i++) print group[order[i]] }' "$scratch/list" >"$scratch/groups"
# One run checks every backend and formulation (the reference's answers
# are computed once and replayed for each, 1.7 s of CPU against 11 s for a
# run each).  Where it fails, each technique with its formulations runs on
# its own, and a group that fails one backend at a time, so that each
# result is that backend's own.
verify_boards=${ATTACKBENCH_VERIFY_BOARDS:-30000}
verify_positions=${ATTACKBENCH_VERIFY_POSITIONS:-2000}
if [ "$verify_positions" = 0 ]; then
    verify_file=data/positions.fen
else
    verify_file=$scratch/positions.fen
    grep -v '^#' data/positions.fen | head -n "$verify_positions" >"$verify_file"
fi
# verify NAME METHODS: one run, its stderr and exit status in files
# named NAME.
verify() {
    "$program" --verify-only --verify-boards="$verify_boards" --method="$2" --piece=rook,bishop,queen,both \
        --workload=pieces,sets,sides "$verify_file" >/dev/null 2>"$scratch/verify-$1.log"
    echo $? >"$scratch/verify-$1.status"
}
# passed_in NAME METHODS: each method the run NAME passed and said it
# verified is marked passed (read in the shell: a command for each of a
# hundred methods cost a second of CPU); the others get that run's log.
passed_in() {
    local method log
    log=$'\n'$(<"$scratch/verify-$1.log")
    for method in ${2//,/ }; do
        if [[ "$log" == *$'\n'"attackbench: verified $method: "* ]]; then
            echo 0 >"$scratch/verify-$method.status"
        elif [ "$method" != "$1" ]; then
            cp "$scratch/verify-$1.log" "$scratch/verify-$method.log"
        fi
    done
}
# status_of NAME: `status`, the exit status run NAME recorded (empty if
# none).
status_of() {
    status=
    [ -f "$scratch/verify-$1.status" ] && read -r status <"$scratch/verify-$1.status"
}
# 30,000 random boards each (and so 1,000 random sides): the subsets
# already cover every square with random squares outside the mask, and
# 2,000 positions are checked side-wise too (make check: above).
every_method=$(paste -sd, "$scratch/methods")
verify "every method" "$every_method"
status_of "every method"
if [ "$status" = 0 ]; then
    passed_in "every method" "$every_method"
else
    while read -r group; do
        verify "$group" "$group"
        status_of "$group"
        if [ "$status" = 0 ]; then
            passed_in "$group" "$group"
        elif [[ "$group" == *,* ]]; then
            for method in ${group//,/ }; do verify "$method" "$method"; done
        fi
    done <"$scratch/groups"
fi
while read -r method; do
    status_of "$method"
    if [ "$status" = 0 ]; then
        pass "verify $method"
    else
        fail "verify $method: $(head -c 600 "$scratch/verify-$method.log")"
    fi
done <"$scratch/methods"

while read -r method reason; do
    skip "verify $method: $reason"
done < <(awk '$2 == "unavailable" || ($2 == "formulation" && $5 == "unavailable") { name = $1; sub(/^[^(]*\(/, ""); sub(/\).*$/, ""); print name, $0 }' "$scratch/list")

# The number of random boards: a million by default, --verify-boards=N
# otherwise, said in the verdict; a bad count is one line and exit 2.
"$program" --verify-only --method=classical --workload=random >/dev/null 2>"$scratch/boards-default.err" &&
    grep -q '^attackbench: verified classical: .*, 1000000 random boards, 30000 random sides$' "$scratch/boards-default.err" &&
    pass "verify: a million random boards and 30,000 random sides by default" ||
    fail "verify: a million random boards and 30,000 random sides by default ($(head -c 300 "$scratch/boards-default.err"))"
"$program" --verify-only --verify-boards=7 --method=classical --workload=random >/dev/null 2>"$scratch/boards-seven.err" &&
    grep -q '^attackbench: verified classical: .*, 7 random boards, 1000 random sides$' "$scratch/boards-seven.err" &&
    pass "verify: --verify-boards=7 checks 7 random boards and the fewest random sides, 1,000" ||
    fail "verify: --verify-boards=7 checks 7 random boards and the fewest random sides ($(head -c 300 "$scratch/boards-seven.err"))"
"$program" --verify-only --verify-boards=1 --method=classical --workload=random >/dev/null 2>"$scratch/boards-one.err" &&
    grep -q '^attackbench: verified classical: .*, 1 random board, 1000 random sides$' "$scratch/boards-one.err" &&
    pass "verify: --verify-boards=1 says one random board in the singular" ||
    fail "verify: --verify-boards=1 says one random board in the singular ($(head -c 300 "$scratch/boards-one.err"))"
"$program" --verify-only --verify-boards=200000 --method=classical --workload=random >/dev/null 2>"$scratch/boards-share.err" &&
    grep -q '^attackbench: verified classical: .*, 200000 random boards, 6000 random sides$' "$scratch/boards-share.err" &&
    pass "verify: random sides are 3% of the random boards" ||
    fail "verify: random sides are 3% of the random boards ($(head -c 300 "$scratch/boards-share.err"))"
for bad in 0 -3 abc 1000000001; do
    "$program" --verify-only --verify-boards="$bad" --method=classical >/dev/null 2>"$scratch/boards-bad.err"
    status=$?
    [ "$status" -eq 2 ] && [ "$(wc -l <"$scratch/boards-bad.err")" -eq 1 ] &&
        grep -q -- "--verify-boards=$bad: expected a number" "$scratch/boards-bad.err" &&
        pass "verify: --verify-boards=$bad is refused in one line" ||
        fail "verify: --verify-boards=$bad is refused in one line (exit $status: $(head -c 300 "$scratch/boards-bad.err"))"
done

# null, the harness, computes no attack sets: verifying or dumping it would
# claim a check that never ran, or print its mixed occupancies as attacks.
expect_error "verify: --verify-only refuses null by name" "null computes no attack sets" \
    "$program" --verify-only --verify-boards=7 --method=null "$here/data/boards.fen"
[ ! -s "$scratch/out" ] && ! grep -q "verified" "$scratch/err" && pass "verify: nothing is said verified for null" ||
    fail "verify: nothing is said verified for null ($(head -c 300 "$scratch/err"))"
expect_error "--dump refuses null" "null computes no attack sets" "$program" --dump --method=null "$here/data/boards.fen"
[ ! -s "$scratch/out" ] && pass "--dump of null prints no rows" || fail "--dump of null prints no rows"

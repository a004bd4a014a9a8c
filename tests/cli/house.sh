# The source tree keeps the dependency rule of docs/architecture.md
# (tests/layers.sh), and the check does fail on a breach.  Sourced by
# tests/run.sh.

if layer_output=$(sh "$here/layers.sh" "$here/.." 2>&1); then
    pass "every include follows the dependency rule"
else
    fail "every include follows the dependency rule: $layer_output"
fi

# A mock tree with one breach of each kind the rule names.
mock="$scratch/house"
mkdir -p "$mock/src/base" "$mock/src/chess" "$mock/src/cli" "$mock/include/attackbench"
printf '#include "chess/board.h"\n' >"$mock/src/base/bits.h"
printf '#include "cli/options.h"\n' >"$mock/src/chess/board.h"
printf '#include "chess/board.h"\n' >"$mock/src/cli/options.h"
printf '#include "b.h"\n' >"$mock/src/cli/a.h"
printf '#include "a.h"\n' >"$mock/src/cli/b.h"
printf 'int x;\n' >"$mock/src/loose.c"
mock_output=$(sh "$here/layers.sh" "$mock" 2>&1)
mock_status=$?
[ "$mock_status" -eq 1 ] && pass "the rule check fails on a breach" || fail "the rule check fails on a breach (exit $mock_status)"
for breach in "src/base/bits.h:1: base/ may not include chess/" "src/chess/board.h:1: chess/ may not include cli/" \
    "include loop: src/cli/(a -> src/cli/b -> src/cli/a|b -> src/cli/a -> src/cli/b)" "src/loose.c: in no folder of the rule"; do
    grep -qE "$breach" <<<"$mock_output" && pass "the rule check names: $breach" ||
        fail "the rule check names: $breach (it said: $mock_output)"
done

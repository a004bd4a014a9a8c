/* Null: does no lookup at all, returning occupied ^ square, so that its
 * figure is the cost of the harness itself (loads, loop, accumulation and,
 * in the per-call mode, the indirect call).  Its results are not attack
 * sets, so it is exempt from verification and from the checksum check. */
#include "attackbench/loops.h"

static inline bitboard null_lookup(int square, bitboard occupied)
{
    return occupied ^ (bitboard)square;
}

static uint64_t null_loop(const struct attackbench_run *run)
{
    return attackbench_lookup_loop(null_lookup, run);
}

SIDE_PASSES(null, null_lookup, null_lookup, null_lookup)

const struct backend null_backend = {
    .name = "null",
    .description = "no lookup (returns occupied ^ square): the harness's own cost",
    .source = "attackbench",
    .features = 0,
    .baseline = 1,
    .rook = null_lookup,
    .bishop = null_lookup,
    .queen = null_lookup,
    .rook_loop = null_loop,
    .bishop_loop = null_loop,
    .queen_loop = null_loop,
    .sets_loop = null_sets_loop,
    .sides_loop = null_sides_loop,
};

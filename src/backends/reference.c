/* Reference: walk each ray square by square until the edge or the first
 * occupied square, which is included (the walk is in ray_walk.h, where
 * the table builders of other backends find it too).  No tables; obviously
 * correct, and the yardstick every other backend is verified against.
 * Source: the definition of sliding-piece attacks. */
#include "attackbench/loops.h"
#include "base/ray_walk.h"

static inline bitboard reference_rook(int square, bitboard occupied)
{
    return ray_walk_rook(square, occupied);
}

static inline bitboard reference_bishop(int square, bitboard occupied)
{
    return ray_walk_bishop(square, occupied);
}

static inline bitboard reference_queen(int square, bitboard occupied)
{
    return reference_rook(square, occupied) | reference_bishop(square, occupied);
}

static size_t reference_init(void)
{
    return 0;
}

static uint64_t reference_rook_loop(const struct run *run)
{
    return run_lookup_loop(reference_rook, run);
}

static uint64_t reference_bishop_loop(const struct run *run)
{
    return run_lookup_loop(reference_bishop, run);
}

static uint64_t reference_queen_loop(const struct run *run)
{
    return run_lookup_loop(reference_queen, run);
}

SIDE_PASSES(reference, reference_rook, reference_bishop, reference_queen)

const struct backend reference_backend = {
    .name = "reference",
    .description = "ray-by-ray loop to the first blocker; the yardstick for verification",
    .source = "definition of sliding attacks",
    .features = 0,
    .init = reference_init,
    .rook = reference_rook,
    .bishop = reference_bishop,
    .queen = reference_queen,
    .rook_loop = reference_rook_loop,
    .bishop_loop = reference_bishop_loop,
    .queen_loop = reference_queen_loop,
    .sets_loop = reference_sets_loop,
    .sides_loop = reference_sides_loop,
};

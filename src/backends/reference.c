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

QUEEN_FROM_ROOK_AND_BISHOP(reference)

BACKEND(reference, "reference", "ray-by-ray loop to the first blocker; the yardstick for verification",
        "definition of sliding attacks")

/* Kogge-Stone: the occluded fill as a parallel prefix.  Steps of 1, 2 and
 * 4 squares, each followed by squaring the propagator (empty squares whose
 * whole stretch back is empty), cover seven squares in three steps; a
 * final single step gives the attacks.  Eight directions, no tables.
 * Source: seed 002_0262fda5460adf24.txt ("Comparison with Kogge-Stone");
 * Chessprogramming wiki "Kogge-Stone Algorithm" (Steffan Westcott). */
#include "backend.h"

/* After masking the propagator once with the landing squares, a square in
 * the doubled propagator has an unwrapped empty stretch behind it, so the
 * 2- and 4-square steps cannot wrap either. */
static inline __attribute__((always_inline)) bitboard direction_attacks(bitboard generator, bitboard empty, int delta)
{
    const bitboard landing = landing_squares(delta);
    bitboard propagator = empty & landing;
    generator |= propagator & shift_by(generator, delta);
    propagator &= shift_by(propagator, delta);
    generator |= propagator & shift_by(generator, 2 * delta);
    propagator &= shift_by(propagator, 2 * delta);
    generator |= propagator & shift_by(generator, 4 * delta);
    return shift_by(generator, delta) & landing;
}

static inline __attribute__((always_inline)) bitboard kogge_stone_rook(int square, bitboard occupied)
{
    bitboard slider = square_bit(square), empty = ~occupied;
    return direction_attacks(slider, empty, 8) | direction_attacks(slider, empty, -8) |
           direction_attacks(slider, empty, 1) | direction_attacks(slider, empty, -1);
}

static inline __attribute__((always_inline)) bitboard kogge_stone_bishop(int square, bitboard occupied)
{
    bitboard slider = square_bit(square), empty = ~occupied;
    return direction_attacks(slider, empty, 9) | direction_attacks(slider, empty, 7) |
           direction_attacks(slider, empty, -7) | direction_attacks(slider, empty, -9);
}

static inline __attribute__((always_inline)) bitboard kogge_stone_queen(int square, bitboard occupied)
{
    return kogge_stone_rook(square, occupied) | kogge_stone_bishop(square, occupied);
}

static size_t kogge_stone_init(void)
{
    return 0;
}

static uint64_t kogge_stone_rook_loop(const struct run *run)
{
    return run_lookup_loop(kogge_stone_rook, run);
}

static uint64_t kogge_stone_bishop_loop(const struct run *run)
{
    return run_lookup_loop(kogge_stone_bishop, run);
}

static uint64_t kogge_stone_queen_loop(const struct run *run)
{
    return run_lookup_loop(kogge_stone_queen, run);
}

/* Set-wise, as the seed describes the fill: the whole set is the
 * generator, so one fill per direction serves every slider of a side. */
static inline __attribute__((always_inline)) bitboard kogge_stone_set(bitboard rook_sliders, bitboard bishop_sliders,
                                                                      bitboard occupied)
{
    bitboard empty = ~occupied;
    return direction_attacks(rook_sliders, empty, 8) | direction_attacks(rook_sliders, empty, -8) |
           direction_attacks(rook_sliders, empty, 1) | direction_attacks(rook_sliders, empty, -1) |
           direction_attacks(bishop_sliders, empty, 9) | direction_attacks(bishop_sliders, empty, 7) |
           direction_attacks(bishop_sliders, empty, -7) | direction_attacks(bishop_sliders, empty, -9);
}

SIDE_PASSES_WITH_SET(kogge_stone, kogge_stone_rook, kogge_stone_bishop, kogge_stone_queen, kogge_stone_set)

const struct backend kogge_stone_backend = {
    .name = "kogge-stone",
    .description = "parallel-prefix occluded fill (steps 1, 2, 4) in eight directions, no tables",
    .source = "seed 002 (CPW Dumb7Fill vs Kogge-Stone); CPW Kogge-Stone Algorithm",
    .features = 0,
    .init = kogge_stone_init,
    .rook = kogge_stone_rook,
    .bishop = kogge_stone_bishop,
    .queen = kogge_stone_queen,
    .rook_loop = kogge_stone_rook_loop,
    .bishop_loop = kogge_stone_bishop_loop,
    .queen_loop = kogge_stone_queen_loop,
    .sets_loop = kogge_stone_sets_loop,
    .sides_loop = kogge_stone_sides_loop,
    .set_attacks = kogge_stone_set,
};

/* Dumb7Fill, loop version: an explicit flood accumulator, and a fill loop
 * per direction that ends as soon as the flood stops (at a blocker or the
 * edge) instead of always running seven cycles.  No tables.
 * Source: seed 002_0262fda5460adf24.txt, Chessprogramming wiki "Dumb7Fill",
 * section "Fill Loop". */
#include "attackbench/loops.h"

/* The occluded fill: the slider and the empty squares it floods. */
static inline __attribute__((always_inline)) bitboard occluded_fill(bitboard generator, bitboard propagator, int delta)
{
    bitboard flood = 0;
    while (generator != 0) {
        flood |= generator;
        generator = shift_by(generator, delta) & propagator;
    }
    return flood;
}

/* One more step turns the fill into attacks: the slider drops out, the
 * blocker comes in. */
static inline __attribute__((always_inline)) bitboard direction_attacks(bitboard slider, bitboard empty, int delta)
{
    const bitboard landing = landing_squares(delta);
    return shift_by(occluded_fill(slider, empty & landing, delta), delta) & landing;
}

static inline __attribute__((always_inline)) bitboard dumb7fill_loop_rook(int square, bitboard occupied)
{
    bitboard slider = square_bit(square), empty = ~occupied;
    return direction_attacks(slider, empty, 8) | direction_attacks(slider, empty, -8) |
           direction_attacks(slider, empty, 1) | direction_attacks(slider, empty, -1);
}

static inline __attribute__((always_inline)) bitboard dumb7fill_loop_bishop(int square, bitboard occupied)
{
    bitboard slider = square_bit(square), empty = ~occupied;
    return direction_attacks(slider, empty, 9) | direction_attacks(slider, empty, 7) |
           direction_attacks(slider, empty, -7) | direction_attacks(slider, empty, -9);
}

static inline __attribute__((always_inline)) bitboard dumb7fill_loop_queen(int square, bitboard occupied)
{
    return dumb7fill_loop_rook(square, occupied) | dumb7fill_loop_bishop(square, occupied);
}

/* Set-wise, as the seed describes the fill: the whole set is the
 * generator, so one fill per direction serves every slider of a side. */
static inline __attribute__((always_inline)) bitboard dumb7fill_loop_set(bitboard rook_sliders, bitboard bishop_sliders,
                                                                         bitboard occupied)
{
    bitboard empty = ~occupied;
    return direction_attacks(rook_sliders, empty, 8) | direction_attacks(rook_sliders, empty, -8) |
           direction_attacks(rook_sliders, empty, 1) | direction_attacks(rook_sliders, empty, -1) |
           direction_attacks(bishop_sliders, empty, 9) | direction_attacks(bishop_sliders, empty, 7) |
           direction_attacks(bishop_sliders, empty, -7) | direction_attacks(bishop_sliders, empty, -9);
}

BACKEND(dumb7fill_loop, "dumb7fill-loop",
        "flood fill per direction that loops only while the flood advances, no tables",
        "seed 002 (CPW Dumb7Fill, fill loop)", .set_attacks = dumb7fill_loop_set)

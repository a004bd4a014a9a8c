/* Dumb7Fill: flood one step at a time from the slider through the empty
 * squares, unrolled, one fill per direction; a last step from the flood
 * gives the attacks (blocker included, slider excluded).  Wraps are cut by
 * masking the propagator with the squares a step can land on.  No tables.
 * Source: seed 002_0262fda5460adf24.txt, Chessprogramming wiki "Dumb7Fill". */
#include "attackbench/loops.h"
#include "building_blocks/fill_directions.h"

/* The unrolled fill, in the seed's seven-fill-cycles form: each cycle adds
 * the empty squares one step beyond the flood.  Six cycles reach every
 * square up to six away (a blocker on the seventh, the edge, changes
 * nothing), and the final step turns the occluded fill into attacks.  The
 * eight directions run side by side in vector lanes, each a rotation
 * masked by its landing squares (building_blocks/lanes.h), as the seed's page advises
 * ("at its best processing several directions in parallel"): written out
 * for one direction per register, gcc 12 kept it scalar while clang paired
 * directions in 128-bit registers by itself. */
static inline __attribute__((always_inline)) bitboard fill_attacks(bitboard straight, bitboard diagonal,
                                                                   bitboard occupied, const lanes8 *direction_steps,
                                                                   const lanes8 *direction_landing)
{
    const lanes8 steps = *direction_steps, landing = *direction_landing;
    const lanes8 empty = ((lanes8){0} + ~occupied) & landing;
    lanes8 flood = fill_generators(straight, diagonal);
    flood |= rotate_lanes8(flood, steps) & empty;
    flood |= rotate_lanes8(flood, steps) & empty;
    flood |= rotate_lanes8(flood, steps) & empty;
    flood |= rotate_lanes8(flood, steps) & empty;
    flood |= rotate_lanes8(flood, steps) & empty;
    flood |= rotate_lanes8(flood, steps) & empty;
    return or_lanes8(rotate_lanes8(flood, steps) & landing);
}

static inline __attribute__((always_inline)) bitboard dumb7fill_rook(int square, bitboard occupied)
{
    return fill_attacks(square_bit(square), square_bit(square), occupied, &ROOK_STEPS, &ROOK_LANDING);
}

static inline __attribute__((always_inline)) bitboard dumb7fill_bishop(int square, bitboard occupied)
{
    return fill_attacks(square_bit(square), square_bit(square), occupied, &BISHOP_STEPS, &BISHOP_LANDING);
}

static inline __attribute__((always_inline)) bitboard dumb7fill_queen(int square, bitboard occupied)
{
    return fill_attacks(square_bit(square), square_bit(square), occupied, &QUEEN_STEPS, &QUEEN_LANDING);
}

/* Set-wise, as the seed describes the fill: the whole set is the
 * generator, the rook-wise set in the rook directions' lanes and the
 * bishop-wise set in the bishop directions' lanes, so one fill of eight
 * lanes serves every slider of a side (a fill from a union of squares is
 * the union of their fills: every step distributes over OR). */
static inline __attribute__((always_inline)) bitboard dumb7fill_set(bitboard rook_sliders, bitboard bishop_sliders,
                                                                    bitboard occupied)
{
    return fill_attacks(rook_sliders, bishop_sliders, occupied, &QUEEN_STEPS, &QUEEN_LANDING);
}

BACKEND(dumb7fill, "dumb7fill",
        "unrolled one-step flood fill through empty squares, eight directions in vector lanes, no tables",
        "seed 002 (CPW Dumb7Fill)", .set_attacks = dumb7fill_set)

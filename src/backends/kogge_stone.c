/* Kogge-Stone: the occluded fill as a parallel prefix.  Steps of 1, 2 and
 * 4 squares, each followed by squaring the propagator (empty squares whose
 * whole stretch back is empty), cover seven squares in three steps; a
 * final single step gives the attacks.  No tables.  Two formulations:
 * the eight directions side by side in vector lanes (kogge-stone:lanes,
 * the default) or one at a time in general registers
 * (kogge-stone:scalar).
 * Source: seed 002_0262fda5460adf24.txt ("Comparison with Kogge-Stone");
 * Chessprogramming wiki "Kogge-Stone Algorithm" (Steffan Westcott). */
#include "attackbench/loops.h"
#include "building_blocks/fill_directions.h"

/* After masking the propagator once with the landing squares, a square in
 * the doubled propagator has an unwrapped empty stretch behind it, so the
 * 2- and 4-square steps cannot wrap either (steps of 2 and 4 times the
 * amount, modulo 64, are the same rotations). */
static inline __attribute__((always_inline)) bitboard fill_attacks(bitboard straight, bitboard diagonal,
                                                                   bitboard occupied, const lanes8 *direction_steps,
                                                                   const lanes8 *direction_landing)
{
    const lanes8 steps = *direction_steps, landing = *direction_landing;
    const lanes8 double_steps = (steps * 2) & 63, quadruple_steps = (steps * 4) & 63;
    lanes8 generator = fill_generators(straight, diagonal);
    lanes8 propagator = ((lanes8){0} + ~occupied) & landing;
    generator |= propagator & rotate_lanes8(generator, steps);
    propagator &= rotate_lanes8(propagator, steps);
    generator |= propagator & rotate_lanes8(generator, double_steps);
    propagator &= rotate_lanes8(propagator, double_steps);
    generator |= propagator & rotate_lanes8(generator, quadruple_steps);
    return or_lanes8(rotate_lanes8(generator, steps) & landing);
}

static inline __attribute__((always_inline)) bitboard kogge_stone_rook(int square, bitboard occupied)
{
    return fill_attacks(square_bit(square), square_bit(square), occupied, &ROOK_STEPS, &ROOK_LANDING);
}

static inline __attribute__((always_inline)) bitboard kogge_stone_bishop(int square, bitboard occupied)
{
    return fill_attacks(square_bit(square), square_bit(square), occupied, &BISHOP_STEPS, &BISHOP_LANDING);
}

static inline __attribute__((always_inline)) bitboard kogge_stone_queen(int square, bitboard occupied)
{
    return fill_attacks(square_bit(square), square_bit(square), occupied, &QUEEN_STEPS, &QUEEN_LANDING);
}

/* Set-wise, as the seed describes the fill: the whole set is the
 * generator, the rook-wise set in the rook directions' lanes and the
 * bishop-wise set in the bishop directions' lanes, so one fill of eight
 * lanes serves every slider of a side (a fill from a union of squares is
 * the union of their fills: every step distributes over OR). */
static inline __attribute__((always_inline)) bitboard kogge_stone_set(bitboard rook_sliders, bitboard bishop_sliders,
                                                                      bitboard occupied)
{
    return fill_attacks(rook_sliders, bishop_sliders, occupied, &QUEEN_STEPS, &QUEEN_LANDING);
}

/* ---- The formulations.  On a CPU whose vector units are as wide as the
 * eight lanes the form above is the faster; where AVX2 runs on 128-bit
 * units (AMD Zen 1) the peer's one-direction-at-a-time code was: the
 * registry runs the faster here (src/measure/formulation_choice.c). */

/* One direction in a general register: the same steps as a lane above. */
static inline __attribute__((always_inline)) bitboard one_direction(bitboard generator, bitboard occupied, int step,
                                                                    bitboard landing)
{
    bitboard propagator = ~occupied & landing;
    generator |= propagator & rotate_squares(generator, step);
    propagator &= rotate_squares(propagator, step);
    generator |= propagator & rotate_squares(generator, (2 * step) & 63);
    propagator &= rotate_squares(propagator, (2 * step) & 63);
    generator |= propagator & rotate_squares(generator, (4 * step) & 63);
    return rotate_squares(generator, step) & landing;
}

FILL_ONE_DIRECTION_LOOKUPS(kogge_stone_scalar, one_direction)

/* The lanes form above under its formulation's name. */
static inline LOOKUP_INLINE bitboard kogge_stone_in_lanes_rook(int square, bitboard occupied)
{
    return kogge_stone_rook(square, occupied);
}

static inline LOOKUP_INLINE bitboard kogge_stone_in_lanes_bishop(int square, bitboard occupied)
{
    return kogge_stone_bishop(square, occupied);
}

static inline LOOKUP_INLINE bitboard kogge_stone_in_lanes_queen(int square, bitboard occupied)
{
    return kogge_stone_queen(square, occupied);
}

#define KOGGE_STONE_SOURCE "seed 002 (CPW Dumb7Fill vs Kogge-Stone); CPW Kogge-Stone Algorithm"

BACKEND(kogge_stone_in_lanes, "kogge-stone:lanes", "the eight directions side by side in vector lanes",
        KOGGE_STONE_SOURCE, .set_attacks = kogge_stone_set)
BACKEND(kogge_stone_scalar, "kogge-stone:scalar",
        "one direction at a time in general registers, eight rotations with landing masks", KOGGE_STONE_SOURCE,
        .set_attacks = kogge_stone_scalar_set)

/* Lanes first: --formulation=fixed runs it, as before formulations. */
static const struct backend *const kogge_stone_formulations[] = {&kogge_stone_in_lanes_backend,
                                                                 &kogge_stone_scalar_backend, NULL};

BACKEND(kogge_stone, "kogge-stone",
        "parallel-prefix occluded fill (steps 1, 2, 4), the eight directions in vector lanes, no tables",
        KOGGE_STONE_SOURCE, .set_attacks = kogge_stone_set, .formulations = kogge_stone_formulations)

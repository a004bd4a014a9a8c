/* Dumb7Fill: flood one step at a time from the slider through the empty
 * squares, unrolled, one fill per direction; a last step from the flood
 * gives the attacks (blocker included, slider excluded).  Wraps are cut by
 * masking the propagator with the squares a step can land on.  No tables.
 * Two formulations: the directions in vector lanes (dumb7fill:lanes, the
 * default) or one at a time (dumb7fill:scalar).
 * Source: seed 002_0262fda5460adf24.txt, Chessprogramming wiki "Dumb7Fill". */
#include "building_blocks/gcc_schedule.h" /* first: gcc schedules the whole file */
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

/* ---- The formulations: the lanes above, or one direction at a time in
 * general registers, as the seed's page first writes it; the registry
 * runs the faster here (src/measure/formulation_choice.c). */

/* One direction: six flood steps through the empty squares, then one
 * onto the blocker. */
static inline __attribute__((always_inline)) bitboard one_direction(bitboard flood, bitboard occupied, int step,
                                                                    bitboard landing)
{
    const bitboard empty = ~occupied & landing;
    flood |= rotate_squares(flood, step) & empty;
    flood |= rotate_squares(flood, step) & empty;
    flood |= rotate_squares(flood, step) & empty;
    flood |= rotate_squares(flood, step) & empty;
    flood |= rotate_squares(flood, step) & empty;
    flood |= rotate_squares(flood, step) & empty;
    return rotate_squares(flood, step) & landing;
}

FILL_ONE_DIRECTION_LOOKUPS(dumb7fill_scalar, one_direction)

/* The lanes form above under its formulation's name. */
static inline LOOKUP_INLINE bitboard dumb7fill_in_lanes_rook(int square, bitboard occupied)
{
    return dumb7fill_rook(square, occupied);
}

static inline LOOKUP_INLINE bitboard dumb7fill_in_lanes_bishop(int square, bitboard occupied)
{
    return dumb7fill_bishop(square, occupied);
}

static inline LOOKUP_INLINE bitboard dumb7fill_in_lanes_queen(int square, bitboard occupied)
{
    return dumb7fill_queen(square, occupied);
}

BACKEND(dumb7fill_in_lanes, "dumb7fill:lanes", "the eight directions side by side in vector lanes",
        "seed 002 (CPW Dumb7Fill)", .set_attacks = dumb7fill_set)
BACKEND(dumb7fill_scalar, "dumb7fill:scalar",
        "one direction at a time in general registers, seven rotations each with landing masks",
        "seed 002 (CPW Dumb7Fill)", .set_attacks = dumb7fill_scalar_set)

/* Lanes first: --formulation=fixed runs it, as before formulations. */
static const struct backend *const dumb7fill_formulations[] = {&dumb7fill_in_lanes_backend, &dumb7fill_scalar_backend,
                                                               NULL};

BACKEND(dumb7fill, "dumb7fill",
        "unrolled one-step flood fill through empty squares, eight directions in vector lanes, no tables",
        "seed 002 (CPW Dumb7Fill)", .set_attacks = dumb7fill_set, .formulations = dumb7fill_formulations)

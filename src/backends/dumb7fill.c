/* Dumb7Fill: flood one step at a time from the slider through the empty
 * squares, unrolled, one fill per direction; a last step from the flood
 * gives the attacks (blocker included, slider excluded).  File wraps are
 * cut by masking the propagator with not-A or not-H.  No tables.
 * Source: seed 002_0262fda5460adf24.txt, Chessprogramming wiki "Dumb7Fill". */
#include "backend.h"

/* The unrolled fill, in the seed's seven-fill-cycles form: each cycle adds
 * the empty squares one step beyond the flood.  Six cycles reach every
 * square up to six away (a blocker on the seventh, the edge, changes
 * nothing), and the final step turns the occluded fill into attacks.
 * (The seed's variant with a separate generator is the same work, but gcc
 * factors its masks out of the OR chain and spills; this form it keeps in
 * registers.) */
static inline __attribute__((always_inline)) bitboard direction_attacks(bitboard slider, bitboard empty, int delta)
{
    const bitboard landing = landing_squares(delta);
    bitboard flood = slider;
    empty &= landing;
    flood |= shift_by(flood, delta) & empty;
    flood |= shift_by(flood, delta) & empty;
    flood |= shift_by(flood, delta) & empty;
    flood |= shift_by(flood, delta) & empty;
    flood |= shift_by(flood, delta) & empty;
    flood |= shift_by(flood, delta) & empty;
    return shift_by(flood, delta) & landing;
}

static inline bitboard north_attacks(bitboard slider, bitboard empty)
{
    return direction_attacks(slider, empty, 8);
}

static inline bitboard south_attacks(bitboard slider, bitboard empty)
{
    return direction_attacks(slider, empty, -8);
}

static inline bitboard east_attacks(bitboard slider, bitboard empty)
{
    return direction_attacks(slider, empty, 1);
}

static inline bitboard west_attacks(bitboard slider, bitboard empty)
{
    return direction_attacks(slider, empty, -1);
}

static inline bitboard north_east_attacks(bitboard slider, bitboard empty)
{
    return direction_attacks(slider, empty, 9);
}

static inline bitboard north_west_attacks(bitboard slider, bitboard empty)
{
    return direction_attacks(slider, empty, 7);
}

static inline bitboard south_east_attacks(bitboard slider, bitboard empty)
{
    return direction_attacks(slider, empty, -7);
}

static inline bitboard south_west_attacks(bitboard slider, bitboard empty)
{
    return direction_attacks(slider, empty, -9);
}

static inline __attribute__((always_inline)) bitboard dumb7fill_rook(int square, bitboard occupied)
{
    bitboard slider = square_bit(square), empty = ~occupied;
    return north_attacks(slider, empty) | south_attacks(slider, empty) | east_attacks(slider, empty) |
           west_attacks(slider, empty);
}

static inline __attribute__((always_inline)) bitboard dumb7fill_bishop(int square, bitboard occupied)
{
    bitboard slider = square_bit(square), empty = ~occupied;
    return north_east_attacks(slider, empty) | north_west_attacks(slider, empty) |
           south_east_attacks(slider, empty) | south_west_attacks(slider, empty);
}

static inline __attribute__((always_inline)) bitboard dumb7fill_queen(int square, bitboard occupied)
{
    return dumb7fill_rook(square, occupied) | dumb7fill_bishop(square, occupied);
}

static size_t dumb7fill_init(void)
{
    return 0;
}

static uint64_t dumb7fill_rook_loop(const struct run *run)
{
    return run_lookup_loop(dumb7fill_rook, run);
}

static uint64_t dumb7fill_bishop_loop(const struct run *run)
{
    return run_lookup_loop(dumb7fill_bishop, run);
}

static uint64_t dumb7fill_queen_loop(const struct run *run)
{
    return run_lookup_loop(dumb7fill_queen, run);
}

/* Set-wise, as the seed describes the fill: the whole set is the
 * generator, so one fill per direction serves every slider of a side. */
static inline __attribute__((always_inline)) bitboard dumb7fill_set(bitboard rook_sliders, bitboard bishop_sliders,
                                                                    bitboard occupied)
{
    bitboard empty = ~occupied;
    return north_attacks(rook_sliders, empty) | south_attacks(rook_sliders, empty) | east_attacks(rook_sliders, empty) |
           west_attacks(rook_sliders, empty) | north_east_attacks(bishop_sliders, empty) |
           north_west_attacks(bishop_sliders, empty) | south_east_attacks(bishop_sliders, empty) |
           south_west_attacks(bishop_sliders, empty);
}

SIDE_PASSES_WITH_SET(dumb7fill, dumb7fill_rook, dumb7fill_bishop, dumb7fill_queen, dumb7fill_set)

const struct backend dumb7fill_backend = {
    .name = "dumb7fill",
    .description = "unrolled one-step flood fill through empty squares, eight directions, no tables",
    .source = "seed 002 (CPW Dumb7Fill)",
    .features = 0,
    .init = dumb7fill_init,
    .rook = dumb7fill_rook,
    .bishop = dumb7fill_bishop,
    .queen = dumb7fill_queen,
    .rook_loop = dumb7fill_rook_loop,
    .bishop_loop = dumb7fill_bishop_loop,
    .queen_loop = dumb7fill_queen_loop,
    .sets_loop = dumb7fill_sets_loop,
    .sides_loop = dumb7fill_sides_loop,
    .set_attacks = dumb7fill_set,
};

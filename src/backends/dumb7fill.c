/* Dumb7Fill: flood one step at a time from the slider through the empty
 * squares, unrolled, one fill per direction; a last step from the flood
 * gives the attacks (blocker included, slider excluded).  File wraps are
 * cut by masking the propagator with not-A or not-H.  No tables.
 * Source: seed 002_0262fda5460adf24.txt, Chessprogramming wiki "Dumb7Fill". */
#include "backend.h"

/* One step towards a compass direction: delta is +8 north, +1 east, +9
 * north-east and so on; positive deltas shift left, negative right.
 * Always called with a constant delta, so this folds to one shift. */
static inline bitboard step(bitboard board, int delta)
{
    return delta > 0 ? board << delta : board >> -delta;
}

/* Squares a step in the direction can land on without wrapping round from
 * one edge file to the other: not file A going east, not file H going
 * west, anywhere going straight north or south. */
static inline bitboard landing_squares(int delta)
{
    switch (delta) {
    case 1: case 9: case -7:
        return ~FILE_A;
    case -1: case -9: case 7:
        return ~FILE_H;
    default:
        return ~(bitboard)0;
    }
}

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
    flood |= step(flood, delta) & empty;
    flood |= step(flood, delta) & empty;
    flood |= step(flood, delta) & empty;
    flood |= step(flood, delta) & empty;
    flood |= step(flood, delta) & empty;
    flood |= step(flood, delta) & empty;
    return step(flood, delta) & landing;
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
};

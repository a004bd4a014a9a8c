/* Dumb7Fill with generalized rays: one unrolled fill routine takes the
 * direction as a parameter and steps by rotating left by a looked-up
 * amount (a rotate by 64 - n is a right shift by n), then masks with the
 * direction's avoid-wrap set, which also drops the bits the rotate brought
 * round.  Source: seed 002_0262fda5460adf24.txt, Chessprogramming wiki
 * "Dumb7Fill", section "Generalized Rays" (unrolled attacks). */
#include "attackbench/loops.h"

/* Directions in the seed's order: north-east, east, south-east, south,
 * south-west, west, north-west, north.  Even ones are diagonal. */
enum { DIRECTION_COUNT = 8 };

static const int file_steps[DIRECTION_COUNT] = {1, 1, 1, 0, -1, -1, -1, 0};
static const int rank_steps[DIRECTION_COUNT] = {1, 0, -1, -1, -1, 0, 1, 1};

/* Built by init: the left-rotate amount of one step (9, 1, 57, 56, ...)
 * and the squares a step can land on without wrapping round the board. */
static unsigned char rotate_amounts[DIRECTION_COUNT];
static bitboard avoid_wrap[DIRECTION_COUNT];

#if !defined(__AVX512F__)
static inline bitboard rotate_left(bitboard board, unsigned amount)
{
    return (board << (amount & 63)) | (board >> (-amount & 63));
}

/* The seed's generalized unrolled attack getter: six fill cycles through
 * the empty squares the direction can land on (in the seven-fill-cycles
 * form, which gcc keeps in registers), then one step from the flood. */
static inline __attribute__((always_inline)) bitboard sliding_attacks(bitboard slider, bitboard empty, int direction)
{
    const unsigned amount = rotate_amounts[direction];
    const bitboard landing = avoid_wrap[direction];
    bitboard flood = slider;
    empty &= landing;
    flood |= rotate_left(flood, amount) & empty;
    flood |= rotate_left(flood, amount) & empty;
    flood |= rotate_left(flood, amount) & empty;
    flood |= rotate_left(flood, amount) & empty;
    flood |= rotate_left(flood, amount) & empty;
    flood |= rotate_left(flood, amount) & empty;
    return rotate_left(flood, amount) & landing;
}

#endif

#if defined(__AVX512F__)
/* Where the build has AVX-512, the same routine runs for the eight
 * directions at once, one per 64-bit lane of a zmm register, each lane
 * with its own rotate amount (VPROLVQ) and landing set: clang found this
 * form by itself from the scalar code, gcc 12 did not (scalar rotates,
 * each needing its count in CL), so it is written out.  Lanes whose
 * landing set `selected` clears contribute nothing. */
#include "building_blocks/lanes.h"

static lanes8 rotate_lanes, landing_lanes;

static inline __attribute__((always_inline)) bitboard fill_lanes(lanes8 flood, bitboard empty, lanes8 selected)
{
    const lanes8 landing = landing_lanes & selected;
    const lanes8 open = ((lanes8){0} + empty) & landing;
    flood |= rotate_lanes8(flood, rotate_lanes) & open;
    flood |= rotate_lanes8(flood, rotate_lanes) & open;
    flood |= rotate_lanes8(flood, rotate_lanes) & open;
    flood |= rotate_lanes8(flood, rotate_lanes) & open;
    flood |= rotate_lanes8(flood, rotate_lanes) & open;
    flood |= rotate_lanes8(flood, rotate_lanes) & open;
    return or_lanes8(rotate_lanes8(flood, rotate_lanes) & landing);
}

#define ALL_LANES (~(bitboard)0)
static const lanes8 orthogonal_lanes = {0, ALL_LANES, 0, ALL_LANES, 0, ALL_LANES, 0, ALL_LANES};
static const lanes8 diagonal_lanes = {ALL_LANES, 0, ALL_LANES, 0, ALL_LANES, 0, ALL_LANES, 0};

static inline __attribute__((always_inline)) bitboard rook_rays(bitboard slider, bitboard empty)
{
    return fill_lanes((lanes8){0} + slider, empty, orthogonal_lanes);
}

static inline __attribute__((always_inline)) bitboard bishop_rays(bitboard slider, bitboard empty)
{
    return fill_lanes((lanes8){0} + slider, empty, diagonal_lanes);
}

static inline __attribute__((always_inline)) bitboard both_rays(bitboard rook_slider, bitboard bishop_slider,
                                                                bitboard empty)
{
    lanes8 flood = ((lanes8){0} + rook_slider) & orthogonal_lanes;
    flood |= ((lanes8){0} + bishop_slider) & diagonal_lanes;
    return fill_lanes(flood, empty, (lanes8){0} + ALL_LANES);
}

static size_t dumb7fill_rotate_init_lanes(void)
{
    for (int direction = 0; direction < DIRECTION_COUNT; direction++) {
        rotate_lanes[direction] = rotate_amounts[direction];
        landing_lanes[direction] = avoid_wrap[direction];
    }
    return sizeof rotate_lanes + sizeof landing_lanes;
}
#else
/* Orthogonal directions are the odd ones, diagonal the even ones. */
static inline __attribute__((always_inline)) bitboard rook_rays(bitboard slider, bitboard empty)
{
    return sliding_attacks(slider, empty, 1) | sliding_attacks(slider, empty, 3) | sliding_attacks(slider, empty, 5) |
           sliding_attacks(slider, empty, 7);
}

static inline __attribute__((always_inline)) bitboard bishop_rays(bitboard slider, bitboard empty)
{
    return sliding_attacks(slider, empty, 0) | sliding_attacks(slider, empty, 2) | sliding_attacks(slider, empty, 4) |
           sliding_attacks(slider, empty, 6);
}

static inline __attribute__((always_inline)) bitboard both_rays(bitboard rook_slider, bitboard bishop_slider,
                                                                bitboard empty)
{
    return rook_rays(rook_slider, empty) | bishop_rays(bishop_slider, empty);
}

static size_t dumb7fill_rotate_init_lanes(void)
{
    return 0;
}
#endif

static inline __attribute__((always_inline)) bitboard dumb7fill_rotate_rook(int square, bitboard occupied)
{
    return rook_rays(square_bit(square), ~occupied);
}

static inline __attribute__((always_inline)) bitboard dumb7fill_rotate_bishop(int square, bitboard occupied)
{
    return bishop_rays(square_bit(square), ~occupied);
}

static inline __attribute__((always_inline)) bitboard dumb7fill_rotate_queen(int square, bitboard occupied)
{
    return both_rays(square_bit(square), square_bit(square), ~occupied);
}

static size_t dumb7fill_rotate_init(void)
{
    for (int direction = 0; direction < DIRECTION_COUNT; direction++) {
        int file_step = file_steps[direction], rank_step = rank_steps[direction];
        rotate_amounts[direction] = (unsigned char)((8 * rank_step + file_step) & 63);
        avoid_wrap[direction] = 0;
        for (int from = 0; from < SQUARE_COUNT; from++) {
            int file = square_file(from) + file_step, rank = square_rank(from) + rank_step;
            if (file >= 0 && file < 8 && rank >= 0 && rank < 8)
                avoid_wrap[direction] |= square_bit(make_square(file, rank));
        }
    }
    return sizeof rotate_amounts + sizeof avoid_wrap + dumb7fill_rotate_init_lanes();
}

/* Set-wise, as the seed describes the fill: the whole set is the
 * generator, so one fill per direction serves every slider of a side. */
static inline __attribute__((always_inline)) bitboard dumb7fill_rotate_set(bitboard rook_sliders,
                                                                           bitboard bishop_sliders, bitboard occupied)
{
    return both_rays(rook_sliders, bishop_sliders, ~occupied);
}

BACKEND(dumb7fill_rotate, "dumb7fill-rotate",
        "one unrolled fill routine for all directions: rotate amount and avoid-wrap mask looked up",
        "seed 002 (CPW Dumb7Fill, generalized rays)", .set_attacks = dumb7fill_rotate_set,
        .init = dumb7fill_rotate_init)

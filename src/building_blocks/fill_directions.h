/* The eight sliding directions as lanes of one vector, for the fills
 * (kogge-stone, dumb7fill) that run a query's directions side by side. */
#ifndef ATTACKBENCH_FILL_DIRECTIONS_H
#define ATTACKBENCH_FILL_DIRECTIONS_H

#include "lanes.h"

/* The eight directions of one query side by side, one per 64-bit lane
 * (one zmm with AVX-512), each a left rotation: north 8, east 1,
 * north-east 9, north-west 7, and south, west, south-west, south-east as
 * rotations by 64 minus their step.  A rotation brings round the bits a
 * shift would drop; they land on the rank or file a step cannot reach
 * without wrapping, so the landing masks, which leave out those squares,
 * remove them as they remove file wraps. */
static const lanes8 QUEEN_STEPS = {8, 1, 9, 7, 56, 63, 55, 57};
static const lanes8 QUEEN_LANDING = {~RANK_1, ~FILE_A, ~(FILE_A | RANK_1), ~(FILE_H | RANK_1),
                                     ~RANK_8, ~FILE_H, ~(FILE_H | RANK_8), ~(FILE_A | RANK_8)};
/* A rook or a bishop fills its four directions twice over, in the same
 * eight lanes: on a CPU with 512-bit registers that costs nothing more. */
static const lanes8 ROOK_STEPS = {8, 1, 56, 63, 8, 1, 56, 63};
static const lanes8 ROOK_LANDING = {~RANK_1, ~FILE_A, ~RANK_8, ~FILE_H, ~RANK_1, ~FILE_A, ~RANK_8, ~FILE_H};
static const lanes8 BISHOP_STEPS = {9, 7, 55, 57, 9, 7, 55, 57};
static const lanes8 BISHOP_LANDING = {~(FILE_A | RANK_1), ~(FILE_H | RANK_1), ~(FILE_H | RANK_8), ~(FILE_A | RANK_8),
                                      ~(FILE_A | RANK_1), ~(FILE_H | RANK_1), ~(FILE_H | RANK_8), ~(FILE_A | RANK_8)};

/* The generators of a fill in the lanes of QUEEN_STEPS: the straight
 * sliders in the rank and file lanes (0, 1, 4, 5), the diagonal ones in
 * the diagonal lanes.  A single square passes itself as both; with
 * ROOK_STEPS or BISHOP_STEPS every lane then starts from it. */
static inline lanes8 fill_generators(bitboard straight, bitboard diagonal)
{
    return (lanes8){straight, straight, diagonal, diagonal, straight, straight, diagonal, diagonal};
}

/* ---- One direction at a time, in general registers (the fills'
 * scalar formulations). */

/* A rotation by a constant number of squares: one instruction. */
static inline __attribute__((always_inline)) bitboard rotate_squares(bitboard board, int amount)
{
    return (board << amount) | (board >> ((64 - amount) & 63));
}

/* The attacks of one direction from `generator`: a left rotation by
 * `step`, wraps cut by `landing` (a lane of QUEEN_STEPS and QUEEN_LANDING). */
typedef bitboard direction_fill(bitboard generator, bitboard occupied, int step, bitboard landing);

/* The eight directions one after the other with `fill`: the straight
 * ones from `straight`, the diagonal ones from `diagonal` (a zero
 * generator folds away once inlined, so a rook computes four). */
static inline __attribute__((always_inline)) bitboard
fill_one_direction_at_a_time(bitboard straight, bitboard diagonal, bitboard occupied, direction_fill *fill)
{
    return fill(straight, occupied, 8, ~RANK_1) | fill(straight, occupied, 1, ~FILE_A) |
           fill(straight, occupied, 56, ~RANK_8) | fill(straight, occupied, 63, ~FILE_H) |
           fill(diagonal, occupied, 9, ~(FILE_A | RANK_1)) | fill(diagonal, occupied, 7, ~(FILE_H | RANK_1)) |
           fill(diagonal, occupied, 55, ~(FILE_H | RANK_8)) | fill(diagonal, occupied, 57, ~(FILE_A | RANK_8));
}

/* PREFIX_rook, _bishop, _queen and _set of a one-direction-at-a-time
 * formulation whose single-direction fill is FILL. */
#define FILL_ONE_DIRECTION_LOOKUPS(prefix, fill) \
    static inline __attribute__((always_inline)) bitboard prefix##_rook(int square, bitboard occupied) \
    { \
        return fill_one_direction_at_a_time(square_bit(square), 0, occupied, fill); \
    } \
    static inline __attribute__((always_inline)) bitboard prefix##_bishop(int square, bitboard occupied) \
    { \
        return fill_one_direction_at_a_time(0, square_bit(square), occupied, fill); \
    } \
    static inline __attribute__((always_inline)) bitboard prefix##_queen(int square, bitboard occupied) \
    { \
        return fill_one_direction_at_a_time(square_bit(square), square_bit(square), occupied, fill); \
    } \
    static inline __attribute__((always_inline)) \
    bitboard prefix##_set(bitboard rook_sliders, bitboard bishop_sliders, bitboard occupied) \
    { \
        return fill_one_direction_at_a_time(rook_sliders, bishop_sliders, occupied, fill); \
    }

#endif

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

#endif

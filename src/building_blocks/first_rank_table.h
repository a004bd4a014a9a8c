/* The first-rank table of the line techniques that read a rank through
 * its occupancy byte (hyperbola, hyperbola-avx2, hyperbola-simd128,
 * bitray): the attacks along the first rank of a rook on each file for
 * each occupancy of b1..g1 (512 bytes), and the lookup that takes any rank
 * there and back.  Each technique keeps its own table, static in its file,
 * and passes it in; the lookup inlines into the technique's. */
#ifndef ATTACKBENCH_FIRST_RANK_TABLE_H
#define ATTACKBENCH_FIRST_RANK_TABLE_H

#include <stdint.h>

#include "attackbench/bitboard.h"
#include "base/ray_walk.h"

/* table[inner][file]: the attacks along the first rank of a rook on
 * `file` when b1..g1 hold the six bits of `inner`. */
static inline void first_rank_table_build(uint8_t table[64][8])
{
    for (unsigned inner = 0; inner < 64; inner++)
        for (int file = 0; file < 8; file++)
            table[inner][file] = (uint8_t)ray_walk_first_rank(file, inner << 1);
}

/* A rook's attacks along its rank: the rank's six inner bits index the
 * table, whose byte goes back up to the rank. */
static inline bitboard first_rank_table_rank_attacks(uint8_t table[64][8], int square, bitboard occupied)
{
    int rank_shift = square & 56;
    unsigned inner = (unsigned)(occupied >> (rank_shift + 1)) & 63;
    return (bitboard)table[inner][square_file(square)] << rank_shift;
}

#endif

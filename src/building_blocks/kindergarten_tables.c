/* Table builders shared by the kindergarten backends; see
 * kindergarten_tables.h. */
#include "kindergarten_tables.h"

#include "base/ray_walk.h"

uint8_t kindergarten_first_rank_attacks(int file, unsigned occupied)
{
    return (uint8_t)ray_walk_first_rank(file, occupied);
}

bitboard kindergarten_byte_to_file_a(unsigned byte)
{
    bitboard file = 0;
    for (int rank = 0; rank < 8; rank++)
        if (byte & (1u << rank))
            file |= square_bit(make_square(0, rank));
    return file;
}

void kindergarten_build_first_rank(uint8_t first_rank[8][64])
{
    for (int file = 0; file < 8; file++)
        for (unsigned inner = 0; inner < 64; inner++) {
            bitboard rank_occupancy = (bitboard)inner << 1;
            unsigned index = kindergarten_inner_index(rank_occupancy);
            first_rank[file][index] = kindergarten_first_rank_attacks(file, inner << 1);
        }
}

void kindergarten_build_fill_up(bitboard fill_up[8][64])
{
    for (int file = 0; file < 8; file++)
        for (unsigned inner = 0; inner < 64; inner++) {
            /* The first rank with b..g set from `inner`, indexed exactly
             * as the lookup will index it. */
            bitboard rank_occupancy = (bitboard)inner << 1;
            unsigned index = kindergarten_inner_index(rank_occupancy);
            fill_up[file][index] = FILE_A * kindergarten_first_rank_attacks(file, inner << 1);
        }
}

void kindergarten_build_file_a(bitboard file_a[8][64])
{
    for (int rank = 0; rank < 8; rank++)
        for (unsigned inner = 0; inner < 64; inner++) {
            bitboard file_a_occupancy = kindergarten_byte_to_file_a(inner << 1);
            unsigned index = kindergarten_file_a_index(file_a_occupancy);
            file_a[rank][index] = kindergarten_byte_to_file_a(kindergarten_first_rank_attacks(rank, inner << 1));
        }
}

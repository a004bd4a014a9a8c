/* Bitray: the rays but the rank as lowest-set-bit masks, as in
 * kernels/genetic_8_ray.cl (up the board (o ^ (o - 1)) & ray; down it the
 * same on the bit-reversed board, reversed back once); the rank from a
 * first-rank table indexed by the six inner squares of the rank and the
 * file.  Table: the eight rays of genetic-8-ray a square, then the
 * first-rank attacks, one word (a rank-1 byte) for each of 64 inner
 * patterns times 8 files.  Source: Daniel Infuehr, Chess_Movegen_GPU,
 * cu_Bitray.h (2023). */
#define FIRST_RANK (8 * 64)

inline ulong up_to_first(ulong occupied, ulong ray)
{
    ulong blockers = occupied & ray;
    return (blockers ^ (blockers - 1)) & ray;
}

inline ulong rank_attacks(uint square, ulong occupied, TABLE_SPACE const ulong *table)
{
    uint rank_shift = square & 56;
    uint inner = (uint)(occupied >> (rank_shift + 1)) & 63;
    return table[FIRST_RANK + 8 * inner + (square & 7)] << rank_shift;
}

inline ulong rook_attacks(uint square, ulong occupied, TABLE_SPACE const ulong *table)
{
    TABLE_SPACE const ulong *rays = table + 8 * square;
    return up_to_first(occupied, rays[0]) | bit_reverse(up_to_first(bit_reverse(occupied), rays[4])) |
           rank_attacks(square, occupied, table);
}

inline ulong bishop_attacks(uint square, ulong occupied, TABLE_SPACE const ulong *table)
{
    TABLE_SPACE const ulong *rays = table + 8 * square;
    ulong reversed = bit_reverse(occupied);
    ulong down = up_to_first(reversed, rays[6]) | up_to_first(reversed, rays[7]);
    return up_to_first(occupied, rays[2]) | up_to_first(occupied, rays[3]) | bit_reverse(down);
}

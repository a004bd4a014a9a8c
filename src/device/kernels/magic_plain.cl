/* Plain magic bitboards: fixed slices of 4096 (rook) and 512 (bishop)
 * entries a square, index ((occupied & mask) * factor) >> 52 or >> 55.
 * Table: two words a square (mask, factor), rooks then bishops, then the
 * rook slices and the bishop slices.  Source: Chessprogramming wiki,
 * "Magic Bitboards", plain. */
inline ulong rook_attacks(uint square, ulong occupied, TABLE_SPACE const ulong *table)
{
    TABLE_SPACE const ulong *magic = table + 2 * square;
    return table[256 + 4096 * square + (((occupied & magic[0]) * magic[1]) >> 52)];
}

inline ulong bishop_attacks(uint square, ulong occupied, TABLE_SPACE const ulong *table)
{
    TABLE_SPACE const ulong *magic = table + 2 * (64 + square);
    return table[256 + 4096 * 64 + 512 * square + (((occupied & magic[0]) * magic[1]) >> 55)];
}

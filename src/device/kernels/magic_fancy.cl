/* Fancy magic bitboards: ((occupied & mask) * factor) >> shift indexes
 * the square's own slice of one dense table.  Table: for rook squares
 * 0-63 then bishop squares, three words (mask, factor, slice offset << 6 |
 * shift), then the slices; the factors are the CPU's magic-fancy's (the
 * same seeded search).  Source: Chessprogramming wiki, "Magic Bitboards"
 * (Pradu Kannan); Stockfish bitboard.cpp. */
inline ulong fancy_lookup(uint entry, ulong occupied, TABLE_SPACE const ulong *table)
{
    TABLE_SPACE const ulong *magic = table + 3 * entry;
    ulong packed = magic[2];
    return table[(packed >> 6) + (((occupied & magic[0]) * magic[1]) >> (packed & 63))];
}

inline ulong rook_attacks(uint square, ulong occupied, TABLE_SPACE const ulong *table)
{
    return fancy_lookup(square, occupied, table);
}

inline ulong bishop_attacks(uint square, ulong occupied, TABLE_SPACE const ulong *table)
{
    return fancy_lookup(64 + square, occupied, table);
}

/* Black magic bitboards: ((occupied | ~mask) * factor) >> shift with a
 * fixed 12-bit rook and 9-bit bishop index; ORing in the complement moves
 * each square's indices into a narrow band, so the slices overlap in one
 * shared table where overlapping entries agree.  Table: three words a
 * rook square then a bishop square (~mask, factor, the slice's start),
 * then the shared table.  Source: Volker Annuss, talkchess, "Black magic
 * bitboards" (published factors and offsets, src/backends/magic_black.h). */
inline ulong black_lookup(uint entry, ulong occupied, uint shift, TABLE_SPACE const ulong *table)
{
    TABLE_SPACE const ulong *magic = table + 3 * entry;
    return table[magic[2] + (((occupied | magic[0]) * magic[1]) >> shift)];
}

inline ulong rook_attacks(uint square, ulong occupied, TABLE_SPACE const ulong *table)
{
    return black_lookup(square, occupied, 52, table);
}

inline ulong bishop_attacks(uint square, ulong occupied, TABLE_SPACE const ulong *table)
{
    return black_lookup(64 + square, occupied, 55, table);
}

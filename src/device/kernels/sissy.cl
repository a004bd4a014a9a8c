/* SISSY bitboards (split index super set yielding): each row's byte of
 * the raw occupancy indexes, per square, the queen attacks that blockers
 * on that row alone leave (a superset); the AND of the eight row
 * supersets is the queen's attack set, and a rook's or bishop's is that
 * within its lines.  Table: the supersets at (square * 256 + byte) * 8 +
 * row, then the 64 rook lines and the 64 bishop lines.  Source:
 * Chessprogramming wiki, "SISSY Bitboards" (Michael Sherwin, CCC 2020). */
#define SISSY_LINES (64 * 256 * 8)

inline ulong queen_superset_and(uint square, ulong occupied, TABLE_SPACE const ulong *table)
{
    TABLE_SPACE const ulong *supersets = table + square * 256 * 8;
    ulong attacks = ~0UL;
#pragma unroll
    for (uint row = 0; row < 8; row++)
        attacks &= supersets[((occupied >> (8 * row)) & 255) * 8 + row];
    return attacks;
}

inline ulong rook_attacks(uint square, ulong occupied, TABLE_SPACE const ulong *table)
{
    return queen_superset_and(square, occupied, table) & table[SISSY_LINES + square];
}

inline ulong bishop_attacks(uint square, ulong occupied, TABLE_SPACE const ulong *table)
{
    return queen_superset_and(square, occupied, table) & table[SISSY_LINES + 64 + square];
}

#define TECHNIQUE_QUEEN
inline ulong queen_attacks(uint square, ulong occupied, TABLE_SPACE const ulong *table)
{
    return queen_superset_and(square, occupied, table);
}

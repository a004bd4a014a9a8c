/* Classical approach: each ray from a table, cut behind its first
 * blocker by the same ray from the blocker.  Table: eight rays a square,
 * N, E, NE, NW (towards higher squares), then S, W, SW, SE.  The scans
 * stop at h8 or a1 when a ray is empty, whose rays that way are empty.
 * Source: Chessprogramming wiki, "Classical Approach". */
inline ulong ray_up(uint square, ulong occupied, uint direction, TABLE_SPACE const ulong *table)
{
    ulong ray = table[8 * square + direction];
    uint blocker = lowest_square((ray & occupied) | 0x8000000000000000UL);
    return ray ^ table[8 * blocker + direction];
}

inline ulong ray_down(uint square, ulong occupied, uint direction, TABLE_SPACE const ulong *table)
{
    ulong ray = table[8 * square + direction];
    uint blocker = highest_square((ray & occupied) | 1UL);
    return ray ^ table[8 * blocker + direction];
}

inline ulong rook_attacks(uint square, ulong occupied, TABLE_SPACE const ulong *table)
{
    return ray_up(square, occupied, 0, table) | ray_up(square, occupied, 1, table) |
           ray_down(square, occupied, 4, table) | ray_down(square, occupied, 5, table);
}

inline ulong bishop_attacks(uint square, ulong occupied, TABLE_SPACE const ulong *table)
{
    return ray_up(square, occupied, 2, table) | ray_up(square, occupied, 3, table) |
           ray_down(square, occupied, 6, table) | ray_down(square, occupied, 7, table);
}

/* PEXT-indexed tables with the extract in software (a GPU has no PEXT):
 * the occupancy's bits under the mask packed to the low end, one mask bit
 * a step, index a dense slice.  Table: two words a square (mask, slice
 * offset), rooks then bishops, then the slices.  Source: Chessprogramming
 * wiki, "BMI2", PEXT bitboards. */
inline ulong extract_bits(ulong value, ulong mask)
{
    ulong result = 0;
    for (ulong bit = 1; mask != 0; bit <<= 1) {
        if (value & mask & (0 - mask))
            result |= bit;
        mask &= mask - 1;
    }
    return result;
}

inline ulong pext_lookup(uint entry, ulong occupied, TABLE_SPACE const ulong *table)
{
    TABLE_SPACE const ulong *slice = table + 2 * entry;
    return table[slice[1] + extract_bits(occupied, slice[0])];
}

inline ulong rook_attacks(uint square, ulong occupied, TABLE_SPACE const ulong *table)
{
    return pext_lookup(square, occupied, table);
}

inline ulong bishop_attacks(uint square, ulong occupied, TABLE_SPACE const ulong *table)
{
    return pext_lookup(64 + square, occupied, table);
}

/* Genetic obstruction difference: obstruction difference as a program
 * search over its syntax tree rewrote it.  Per line, the highest blocker
 * below the slider (bit 0 when there is none) is subtracted from the
 * blockers above it: the borrow runs from that blocker up to the lowest
 * blocker above, and the XOR with the blockers above keeps that run.
 * Table: the four lines of kernels/hyperbola.cl.  Source: Daniel Infuehr,
 * GeneticObstructionDiff (2022, Gigantua's Chess_Movegen), after Michael
 * Hoffmann's Obstruction Difference (Chessprogramming wiki). */
inline ulong genetic_line(ulong occupied, ulong line, ulong below, ulong above)
{
    ulong upper = occupied & line & above;
    ulong highest_lower = 0x8000000000000000UL >> clz((occupied & line & below) | 1UL);
    return line & (upper ^ (upper - highest_lower));
}

inline ulong rook_attacks(uint square, ulong occupied, TABLE_SPACE const ulong *table)
{
    ulong slider = square_bit(square), below = slider - 1, above = ~below ^ slider;
    return genetic_line(occupied, table[4 * square], below, above) |
           genetic_line(occupied, table[4 * square + 1], below, above);
}

inline ulong bishop_attacks(uint square, ulong occupied, TABLE_SPACE const ulong *table)
{
    ulong slider = square_bit(square), below = slider - 1, above = ~below ^ slider;
    return genetic_line(occupied, table[4 * square + 2], below, above) |
           genetic_line(occupied, table[4 * square + 3], below, above);
}

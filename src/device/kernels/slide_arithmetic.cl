/* Slide arithmetic: on each line through the square, BLSMSK of the
 * blockers above sets every bit up to the nearest of them, a mask shifted
 * by the highest blocker below starts at the nearest one there; the
 * attacks are their overlap within the line (slide_line_attacks(),
 * kernels/prelude.cl).  Table: the four lines of kernels/hyperbola.cl.
 * Source: Daniel Infuehr, Slide Arithmetic (2022, Gigantua's
 * Chess_Movegen). */
inline ulong rook_attacks(uint square, ulong occupied, TABLE_SPACE const ulong *table)
{
    ulong above = occupied_above(square, occupied), below = occupied_below(square, occupied);
    return slide_line_attacks(above, below, table[4 * square]) |
           slide_line_attacks(above, below, table[4 * square + 1]);
}

inline ulong bishop_attacks(uint square, ulong occupied, TABLE_SPACE const ulong *table)
{
    ulong above = occupied_above(square, occupied), below = occupied_below(square, occupied);
    return slide_line_attacks(above, below, table[4 * square + 2]) |
           slide_line_attacks(above, below, table[4 * square + 3]);
}

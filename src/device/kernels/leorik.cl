/* Leorik's line scans: the scans of slide-arithmetic (slide_line_attacks(),
 * kernels/prelude.cl), with the file and the rank as constants shifted to
 * the square and only the two diagonals read from the table.  Table: the
 * four lines of kernels/hyperbola.cl, of which the diagonals are read.
 * Source: Thomas Jahn, Leorik chess engine (2022), Slider/Classic.cs. */
inline ulong rook_attacks(uint square, ulong occupied, TABLE_SPACE const ulong *table)
{
    ulong above = occupied_above(square, occupied), below = occupied_below(square, occupied);
    ulong file = (FILE_A << (square & 7)) ^ square_bit(square);
    ulong rank = (RANK_1 << (square & 56)) ^ square_bit(square);
    return slide_line_attacks(above, below, file) | slide_line_attacks(above, below, rank);
}

inline ulong bishop_attacks(uint square, ulong occupied, TABLE_SPACE const ulong *table)
{
    ulong above = occupied_above(square, occupied), below = occupied_below(square, occupied);
    return slide_line_attacks(above, below, table[4 * square + 2]) |
           slide_line_attacks(above, below, table[4 * square + 3]);
}

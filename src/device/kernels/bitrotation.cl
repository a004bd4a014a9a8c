/* Bit rotation, "subtracting a rook from a blocking piece" on all four
 * lines: o - 2s borrows from the nearest blocker above down to the
 * slider, the same on the bit-reversed board does the squares below, and
 * the XOR of the two within the line is its attacks.  The lines are
 * computed from the square: no table.  Source: Chessprogramming wiki,
 * "Subtracting a Rook from a Blocking Piece" (Gerd Isenberg, Aleks
 * Peshkov); "Bitrotation" in Gigantua's Chess_Movegen. */
#define DIAGONAL_H1_A8 0x0102040810204080UL

/* A line constant moved up (positive) or down by whole ranks. */
inline ulong shift_ranks(ulong line, int ranks)
{
    return ranks >= 0 ? line << (8 * ranks) : line >> (-8 * ranks);
}

inline ulong rotated_line(ulong occupied, ulong line, ulong slider, ulong slider_reversed)
{
    ulong pieces = occupied & line;
    ulong up = pieces - 2 * slider;
    ulong down = bit_reverse(bit_reverse(pieces) - 2 * slider_reversed);
    return (up ^ down) & line;
}

inline ulong rook_attacks(uint square, ulong occupied, TABLE_SPACE const ulong *table)
{
    ulong slider = square_bit(square), reversed = square_bit(63 - square);
    return rotated_line(occupied, (FILE_A << (square & 7)) ^ slider, slider, reversed) |
           rotated_line(occupied, (RANK_1 << (square & 56)) ^ slider, slider, reversed);
}

inline ulong bishop_attacks(uint square, ulong occupied, TABLE_SPACE const ulong *table)
{
    ulong slider = square_bit(square), reversed = square_bit(63 - square);
    int file = square & 7, rank = square >> 3;
    return rotated_line(occupied, shift_ranks(DIAGONAL_A1_H8, rank - file) ^ slider, slider, reversed) |
           rotated_line(occupied, shift_ranks(DIAGONAL_H1_A8, rank + file - 7) ^ slider, slider, reversed);
}

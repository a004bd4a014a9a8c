/* SBAMG, subtraction based attack mask generation: on a rank or file
 * o ^ (o - 3 cbn), cbn the closest blocker below the slider (one
 * leading-zero count), the line's outer squares and a1 set as virtual
 * blockers; the diagonals by hyperbola quintessence with a byte swap.
 * Table: eight words a square: the squares below it (with a1), the rank
 * without it, the rank's outer squares with a1, the file, the file's
 * outer squares with a1, the diagonal, the anti-diagonal, the square's
 * bit on the byte-swapped board.  Source: Syed Fahad, "SBAMG - Completing
 * Hyperbola Quintessence" (talkchess, 2016; Chessprogramming wiki, SBAMG). */
inline ulong subtraction_line(ulong occupied, ulong line, ulong outer, ulong lower)
{
    ulong blockers = (occupied & line) | outer;
    ulong minus_three_closest_below = (0UL - 3) << highest_square(blockers & lower);
    return (blockers ^ (blockers + minus_three_closest_below)) & line;
}

inline ulong swapped_line(ulong occupied, ulong line, ulong slider, ulong flipped_slider)
{
    ulong forward = occupied & line;
    ulong reverse = flip_vertical(forward);
    forward -= slider;
    reverse -= flipped_slider;
    return (forward ^ flip_vertical(reverse)) & line;
}

inline ulong rook_attacks(uint square, ulong occupied, TABLE_SPACE const ulong *table)
{
    TABLE_SPACE const ulong *masks = table + 8 * square;
    return subtraction_line(occupied, masks[1], masks[2], masks[0]) |
           subtraction_line(occupied, masks[3], masks[4], masks[0]);
}

inline ulong bishop_attacks(uint square, ulong occupied, TABLE_SPACE const ulong *table)
{
    TABLE_SPACE const ulong *masks = table + 8 * square;
    ulong slider = square_bit(square);
    return swapped_line(occupied, masks[5], slider, masks[7]) | swapped_line(occupied, masks[6], slider, masks[7]);
}

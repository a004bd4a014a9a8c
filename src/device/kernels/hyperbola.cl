/* Hyperbola quintessence: o ^ (o - 2r) on each line through the square,
 * the opposite ray from the bit-reversed image.  A full 64-bit reversal
 * reverses ranks too, so the four lines need no first-rank table.
 * Table: four masks a square, the square left out: file, rank, diagonal,
 * anti-diagonal.  Source: Chessprogramming wiki, "Hyperbola Quintessence"
 * (Gerd Isenberg, Aleks Peshkov). */
inline ulong line_attacks(ulong occupied, ulong mask, ulong slider)
{
    ulong forward = occupied & mask;
    ulong reverse = bit_reverse(forward);
    forward -= slider;
    reverse -= bit_reverse(slider);
    return (forward ^ bit_reverse(reverse)) & mask;
}

inline ulong rook_attacks(uint square, ulong occupied, TABLE_SPACE const ulong *table)
{
    ulong slider = square_bit(square);
    return line_attacks(occupied, table[4 * square], slider) | line_attacks(occupied, table[4 * square + 1], slider);
}

inline ulong bishop_attacks(uint square, ulong occupied, TABLE_SPACE const ulong *table)
{
    ulong slider = square_bit(square);
    return line_attacks(occupied, table[4 * square + 2], slider) |
           line_attacks(occupied, table[4 * square + 3], slider);
}

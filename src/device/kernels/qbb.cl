/* QBBEngine's slider attacks: in each direction of a line the nearest
 * piece is found by one bit scan, the board's edge standing in as a piece
 * so that a scan always finds one; a constant line shifted back from each
 * of the two pieces covers the squares up to it, and the two overlap on
 * the squares between them.  No tables.  Source: Fabio Gobbato,
 * QBBEngine (2015, as measured in Gigantua's Chess_Movegen). */

/* a1, then every seventh square: h1-a8's squares between a1 and h8. */
#define SEVEN_STEP_LINE 0x8102040810204081UL

/* One line as two directions: `upward` starts at a1 (one step up the line
 * a square), `downward` ends at h8; the edges are the sentinels. */
inline ulong qbb_line(uint square, ulong occupied, ulong upward, ulong downward, ulong far_edge, ulong near_edge)
{
    uint above = lowest_square((upward << square) & (occupied | far_edge));
    uint below = highest_square((downward >> (63 - square)) & (occupied | near_edge));
    return (downward >> (63 - above)) & (upward << below);
}

inline ulong rook_attacks(uint square, ulong occupied, TABLE_SPACE const ulong *table)
{
    ulong slider = square_bit(square);
    occupied &= ~slider;
    return (qbb_line(square, occupied, FILE_A, FILE_H, RANK_8, RANK_1) |
            qbb_line(square, occupied, RANK_1, RANK_8, FILE_H, FILE_A)) ^ slider;
}

inline ulong bishop_attacks(uint square, ulong occupied, TABLE_SPACE const ulong *table)
{
    ulong slider = square_bit(square);
    occupied &= ~slider;
    return (qbb_line(square, occupied, DIAGONAL_A1_H8, DIAGONAL_A1_H8, RANK_8 | FILE_H, RANK_1 | FILE_A) |
            qbb_line(square, occupied, SEVEN_STEP_LINE, SEVEN_STEP_LINE, RANK_8 | FILE_A, RANK_1 | FILE_H)) ^ slider;
}

/* Obstruction difference: on each line, the difference between twice the
 * nearest blocker above and the most significant bit of the blockers
 * below spans exactly the attacked squares.  Table: the rays of
 * kernels/classical.cl (N, E, NE, NW, S, W, SW, SE).  Source:
 * Chessprogramming wiki, "Obstruction Difference" (Michael Hoffmann). */
inline ulong line_attacks(ulong occupied, ulong lower_ray, ulong upper_ray)
{
    ulong lower = lower_ray & occupied, upper = upper_ray & occupied;
    ulong below = ~0UL << highest_square(lower | 1UL);
    ulong above = upper & (0 - upper);
    return (lower_ray | upper_ray) & (2 * above + below);
}

inline ulong rook_attacks(uint square, ulong occupied, TABLE_SPACE const ulong *table)
{
    TABLE_SPACE const ulong *rays = table + 8 * square;
    return line_attacks(occupied, rays[4], rays[0]) | line_attacks(occupied, rays[5], rays[1]);
}

inline ulong bishop_attacks(uint square, ulong occupied, TABLE_SPACE const ulong *table)
{
    TABLE_SPACE const ulong *rays = table + 8 * square;
    return line_attacks(occupied, rays[6], rays[2]) | line_attacks(occupied, rays[7], rays[3]);
}

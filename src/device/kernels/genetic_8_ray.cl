/* Genetic 8 ray: each of the eight rays as a lowest-set-bit mask.  On a ray running up the
 * board, with o = occupied & ray, (o ^ (o - 1)) & ray is the ray up to its
 * first blocker (all of it when o is empty); a ray running down is the
 * same on the bit-reversed board with the ray's reversed mask, the down
 * rays joined before one reversal back.  Table: eight words a square: N,
 * E, NE, NW, then S, W, SW, SE bit-reversed (the first half is read by
 * kernels/bitray.cl too).  Source: Daniel Infuehr, Genetic 8 Ray (2022,
 * Gigantua's Chess_Movegen and Chess_Movegen_GPU). */
inline ulong up_to_first(ulong occupied, ulong ray)
{
    ulong blockers = occupied & ray;
    return (blockers ^ (blockers - 1)) & ray;
}

inline ulong rays_attacks(ulong occupied, TABLE_SPACE const ulong *rays, uint first, uint second)
{
    ulong reversed = bit_reverse(occupied);
    ulong down = up_to_first(reversed, rays[first + 4]) | up_to_first(reversed, rays[second + 4]);
    return up_to_first(occupied, rays[first]) | up_to_first(occupied, rays[second]) | bit_reverse(down);
}

inline ulong rook_attacks(uint square, ulong occupied, TABLE_SPACE const ulong *table)
{
    return rays_attacks(occupied, table + 8 * square, 0, 1);
}

inline ulong bishop_attacks(uint square, ulong occupied, TABLE_SPACE const ulong *table)
{
    return rays_attacks(occupied, table + 8 * square, 2, 3);
}

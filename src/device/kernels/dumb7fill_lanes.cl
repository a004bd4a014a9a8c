/* Dumb7Fill with the directions side by side, dumb7fill-avx2's fill in one
 * work item: four directions in the lanes of a ulong4, each lane shifted
 * by its own count (OpenCL C shifts a vector lane by lane, as vpsllvq and
 * vpsrlvq do), six steps through the empty landing squares and one to the
 * attacks, with no branch and no stop condition.  The queen's eight
 * directions are two vectors, north, north-east, north-west and east
 * shifting left and their opposites right, as dumb7fill-avx2's queen.
 * Its rook puts left and right shifts in one register with a count of 64
 * zeroing the unused one; OpenCL C takes a count modulo 64, so here the
 * rook and the bishop run the queen's fill with the other piece's lanes
 * masked off.  Source: Chessprogramming wiki, "Dumb7Fill" (several
 * directions in parallel); Chess_Movegen_GPU's "AVX Branchless Shift"
 * (Daniel Infuehr, 2022), the scalar form of the same idea. */
#define TECHNIQUE_QUEEN

/* Lane by lane: the count, the squares a step may land on going left
 * (north, north-east, north-west, east), going right (south, south-west,
 * south-east, west), and the lanes of each piece. */
#define LANE_COUNTS ((ulong4)(8, 9, 7, 1))
#define LEFT_LANDING ((ulong4)(~0UL, NOT_FILE_A, NOT_FILE_H, NOT_FILE_A))
#define RIGHT_LANDING ((ulong4)(~0UL, NOT_FILE_H, NOT_FILE_A, NOT_FILE_H))
#define ROOK_LANES ((ulong4)(~0UL, 0, 0, ~0UL))
#define BISHOP_LANES ((ulong4)(0, ~0UL, ~0UL, 0))

inline ulong4 fill_left(ulong4 slider, ulong4 empty, ulong4 landing)
{
    ulong4 flood = slider;
    empty &= landing;
#pragma unroll
    for (int i = 0; i < 6; i++) {
        slider = (slider << LANE_COUNTS) & empty;
        flood |= slider;
    }
    return (flood << LANE_COUNTS) & landing;
}

inline ulong4 fill_right(ulong4 slider, ulong4 empty, ulong4 landing)
{
    ulong4 flood = slider;
    empty &= landing;
#pragma unroll
    for (int i = 0; i < 6; i++) {
        slider = (slider >> LANE_COUNTS) & empty;
        flood |= slider;
    }
    return (flood >> LANE_COUNTS) & landing;
}

/* The attacks of the lanes `lanes` keeps, ORed across the lanes. */
inline ulong lane_attacks(uint square, ulong occupied, ulong4 lanes)
{
    ulong4 slider = (ulong4)(square_bit(square)), empty = (ulong4)(~occupied);
    ulong4 attacks = fill_left(slider, empty, LEFT_LANDING & lanes) | fill_right(slider, empty, RIGHT_LANDING & lanes);
    ulong2 halves = attacks.lo | attacks.hi;
    return halves.lo | halves.hi;
}

inline ulong rook_attacks(uint square, ulong occupied, TABLE_SPACE const ulong *table)
{
    return lane_attacks(square, occupied, ROOK_LANES);
}

inline ulong bishop_attacks(uint square, ulong occupied, TABLE_SPACE const ulong *table)
{
    return lane_attacks(square, occupied, BISHOP_LANES);
}

inline ulong queen_attacks(uint square, ulong occupied, TABLE_SPACE const ulong *table)
{
    return lane_attacks(square, occupied, (ulong4)(~0UL));
}

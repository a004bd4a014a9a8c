/* Classical approach: a precomputed ray per square and direction; the
 * first blocker on a ray is found with one bit scan (forward on rays that
 * run towards h8, reverse on those towards a1) and the ray from the blocker
 * onwards is removed: the rays beyond the blockers, ORed, are XORed once
 * with the lines through the square.  Branchless: a stop square at the end
 * of the board stands in for "no blocker".  Source: Chessprogramming wiki,
 * "Classical Approach"; the single XOR of a queen's lines as in the
 * "Classical Bob-Mike" queen of Gigantua's Chess_Movegen. */
#include "attackbench/loops.h"
#include "base/ray_walk.h"

/* Positive directions first: their squares lie above the slider. */
enum direction {
    NORTH,      /* +8 */
    EAST,       /* +1 */
    NORTH_EAST, /* +9 */
    NORTH_WEST, /* +7 */
    SOUTH,      /* -8 */
    WEST,       /* -1 */
    SOUTH_WEST, /* -9 */
    SOUTH_EAST, /* -7 */
    DIRECTION_COUNT
};

static const int file_steps[DIRECTION_COUNT] = {0, 1, 1, -1, 0, -1, -1, 1};
static const int rank_steps[DIRECTION_COUNT] = {1, 0, 1, 1, -1, 0, -1, -1};

/* rays[direction][index]: the squares from a square to the edge, without
 * the square.  Positive rays are indexed by the square; negative rays by
 * 63 - square, which is what a leading-zero count of the blocker returns,
 * so both scans index the table without further arithmetic. */

/* The same rays plus the stop square of their direction (h8 for positive
 * rays, a1 for negative ones), to be intersected with an occupancy that has
 * both stop squares set: the scan then finds the stop when the ray holds no
 * blocker, and the stop's own ray is empty.  The stops are set once per
 * query, so each ray costs one and before its scan. */

static const bitboard STOP_SQUARES = 0x8000000000000001ULL;

/* lines[piece][square]: the union of the piece's rays from the square
 * (rook, bishop, queen).  The rays of different directions are disjoint
 * and each ray beyond a blocker lies inside the ray through it, so the
 * union of the per-ray differences (ray ^ ray beyond the blocker) is the
 * lines XORed once with the union of the rays beyond: one table read per
 * lookup instead of one per direction (17 reads a queen, not 24). */
enum { LINES_ROOK, LINES_BISHOP, LINES_QUEEN, LINES_COUNT };

/* The three in one struct, so that a lookup addresses them from one base
 * register: with a base per table, gcc ran short of registers in the
 * positions layout's loop. */
static struct classical_tables {
    bitboard rays[DIRECTION_COUNT][SQUARE_COUNT];
    bitboard scan_rays[DIRECTION_COUNT][SQUARE_COUNT];
    bitboard lines[LINES_COUNT][SQUARE_COUNT];
} tables;

static size_t classical_init(void)
{
    for (int direction = 0; direction < DIRECTION_COUNT; direction++)
        for (int square = 0; square < SQUARE_COUNT; square++) {
            int index = direction < SOUTH ? square : 63 - square;
            bitboard ray = ray_walk(square, 0, file_steps[direction], rank_steps[direction]);
            tables.rays[direction][index] = ray;
            tables.scan_rays[direction][index] = ray | square_bit(direction < SOUTH ? 63 : 0);
            int rook_wise = file_steps[direction] == 0 || rank_steps[direction] == 0;
            tables.lines[rook_wise ? LINES_ROOK : LINES_BISHOP][square] |= ray;
            tables.lines[LINES_QUEEN][square] |= ray;
        }
    return sizeof tables;
}

/* The squares beyond the first blocker on a ray towards h8: the blocker
 * is the lowest bit, h8 (whose positive rays are empty) when the ray is
 * empty.  `stopped` is the occupancy with the stop squares set. */
static inline bitboard positive_ray_beyond(enum direction direction, int square, bitboard stopped)
{
    return tables.rays[direction][lowest_square(stopped & tables.scan_rays[direction][square])];
}

/* The same towards a1: the first blocker is the highest bit, and its
 * leading zero count is 63 - blocker, the negative rays' index; a1 (count
 * 63, with empty negative rays) when the ray is empty. */
static inline bitboard negative_ray_beyond(enum direction direction, int mirrored_square, bitboard stopped)
{
    return tables.rays[direction][__builtin_clzll(stopped & tables.scan_rays[direction][mirrored_square])];
}

static inline bitboard rook_beyond(int square, int mirrored_square, bitboard stopped)
{
    return positive_ray_beyond(NORTH, square, stopped) | positive_ray_beyond(EAST, square, stopped) |
           negative_ray_beyond(SOUTH, mirrored_square, stopped) | negative_ray_beyond(WEST, mirrored_square, stopped);
}

static inline bitboard bishop_beyond(int square, int mirrored_square, bitboard stopped)
{
    return positive_ray_beyond(NORTH_EAST, square, stopped) | positive_ray_beyond(NORTH_WEST, square, stopped) |
           negative_ray_beyond(SOUTH_WEST, mirrored_square, stopped) |
           negative_ray_beyond(SOUTH_EAST, mirrored_square, stopped);
}

static inline bitboard classical_rook(int square, bitboard occupied)
{
    return tables.lines[LINES_ROOK][square] ^ rook_beyond(square, square ^ 63, occupied | STOP_SQUARES);
}

static inline bitboard classical_bishop(int square, bitboard occupied)
{
    return tables.lines[LINES_BISHOP][square] ^ bishop_beyond(square, square ^ 63, occupied | STOP_SQUARES);
}

static inline bitboard classical_queen(int square, bitboard occupied)
{
    bitboard stopped = occupied | STOP_SQUARES;
    int mirrored_square = square ^ 63; /* 63 - square, in one instruction */
    return tables.lines[LINES_QUEEN][square] ^
           (rook_beyond(square, mirrored_square, stopped) | bishop_beyond(square, mirrored_square, stopped));
}

BACKEND(classical, "classical",
        "ray masks per direction, one bit scan per ray (tzcnt up, lzcnt down); lines ^ the rays beyond the blockers",
        "Chessprogramming wiki, Classical Approach", .init = classical_init)

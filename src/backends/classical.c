/* Classical approach: a precomputed ray per square and direction; the
 * first blocker on a ray is found with one bit scan (forward on rays that
 * run towards h8, reverse on those towards a1) and the ray from the blocker
 * onwards is removed with an xor.  Branchless: a stop square at the end
 * of the board stands in for "no blocker".  Source: Chessprogramming wiki, "Classical Approach". */
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
static bitboard rays[DIRECTION_COUNT][SQUARE_COUNT];

/* The same rays plus the stop square of their direction (h8 for positive
 * rays, a1 for negative ones), to be intersected with an occupancy that has
 * both stop squares set: the scan then finds the stop when the ray holds no
 * blocker, and the stop's own ray is empty.  The stops are set once per
 * query, so each ray costs one and before its scan. */
static bitboard scan_rays[DIRECTION_COUNT][SQUARE_COUNT];

static const bitboard STOP_SQUARES = 0x8000000000000001ULL;

static size_t classical_init(void)
{
    for (int direction = 0; direction < DIRECTION_COUNT; direction++)
        for (int square = 0; square < SQUARE_COUNT; square++) {
            int index = direction < SOUTH ? square : 63 - square;
            rays[direction][index] = ray_walk(square, 0, file_steps[direction], rank_steps[direction]);
            scan_rays[direction][index] = rays[direction][index] | square_bit(direction < SOUTH ? 63 : 0);
        }
    return sizeof rays + sizeof scan_rays;
}

/* A ray towards h8: the first blocker is the lowest bit, h8 (whose
 * positive rays are empty) when the ray is empty.  `stopped` is the
 * occupancy with the stop squares set. */
static inline bitboard positive_ray_attacks(enum direction direction, int square, bitboard stopped)
{
    int blocker = lowest_square(stopped & scan_rays[direction][square]);
    return rays[direction][square] ^ rays[direction][blocker];
}

/* A ray towards a1: the first blocker is the highest bit, and its leading
 * zero count is 63 - blocker, the negative rays' index; a1 (count 63, with
 * empty negative rays) when the ray is empty. */
static inline bitboard negative_ray_attacks(enum direction direction, int mirrored_square, bitboard stopped)
{
    int mirrored_blocker = __builtin_clzll(stopped & scan_rays[direction][mirrored_square]);
    return rays[direction][mirrored_square] ^ rays[direction][mirrored_blocker];
}

static inline bitboard classical_rook(int square, bitboard occupied)
{
    int mirrored_square = 63 - square;
    bitboard stopped = occupied | STOP_SQUARES;
    return positive_ray_attacks(NORTH, square, stopped) | positive_ray_attacks(EAST, square, stopped) |
           negative_ray_attacks(SOUTH, mirrored_square, stopped) | negative_ray_attacks(WEST, mirrored_square, stopped);
}

static inline bitboard classical_bishop(int square, bitboard occupied)
{
    int mirrored_square = 63 - square;
    bitboard stopped = occupied | STOP_SQUARES;
    return positive_ray_attacks(NORTH_EAST, square, stopped) | positive_ray_attacks(NORTH_WEST, square, stopped) |
           negative_ray_attacks(SOUTH_WEST, mirrored_square, stopped) |
           negative_ray_attacks(SOUTH_EAST, mirrored_square, stopped);
}

QUEEN_FROM_ROOK_AND_BISHOP(classical)

BACKEND(classical, "classical",
        "ray masks per direction, one bit scan per ray (tzcnt up, lzcnt down), ray ^ ray from blocker",
        "Chessprogramming wiki, Classical Approach", .init = classical_init)

/* Classical approach: a precomputed ray per square and direction; the
 * first blocker on a ray is found with one bit scan (forward on rays that
 * run towards h8, reverse on those towards a1) and the ray from the blocker
 * onwards is removed with an xor.  Branchless: a stop bit stands in for
 * "no blocker".  Source: Chessprogramming wiki, "Classical Approach". */
#include "backend.h"

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

static bitboard walk_ray(int square, int direction)
{
    bitboard ray = 0;
    int file = square_file(square) + file_steps[direction];
    int rank = square_rank(square) + rank_steps[direction];
    while (file >= 0 && file < 8 && rank >= 0 && rank < 8) {
        ray |= square_bit(make_square(file, rank));
        file += file_steps[direction];
        rank += rank_steps[direction];
    }
    return ray;
}

static size_t classical_init(void)
{
    for (int direction = 0; direction < DIRECTION_COUNT; direction++)
        for (int square = 0; square < SQUARE_COUNT; square++) {
            int index = direction < SOUTH ? square : 63 - square;
            rays[direction][index] = walk_ray(square, direction);
        }
    return sizeof rays;
}

/* A ray towards h8: the first blocker is the lowest bit.  Bit 63 is set as
 * a stop, so an empty ray scans to h8, whose positive rays are empty. */
static inline bitboard positive_ray_attacks(enum direction direction, int square, bitboard occupied)
{
    bitboard ray = rays[direction][square];
    int blocker = lowest_square((ray & occupied) | square_bit(63));
    return ray ^ rays[direction][blocker];
}

/* A ray towards a1: the first blocker is the highest bit, and its leading
 * zero count is 63 - blocker, the negative rays' index.  Bit 0 is the stop
 * (count 63, a1, whose negative rays are empty). */
static inline bitboard negative_ray_attacks(enum direction direction, int mirrored_square, bitboard occupied)
{
    bitboard ray = rays[direction][mirrored_square];
    int mirrored_blocker = __builtin_clzll((ray & occupied) | 1);
    return ray ^ rays[direction][mirrored_blocker];
}

static inline bitboard classical_rook(int square, bitboard occupied)
{
    int mirrored_square = 63 - square;
    return positive_ray_attacks(NORTH, square, occupied) | positive_ray_attacks(EAST, square, occupied) |
           negative_ray_attacks(SOUTH, mirrored_square, occupied) |
           negative_ray_attacks(WEST, mirrored_square, occupied);
}

static inline bitboard classical_bishop(int square, bitboard occupied)
{
    int mirrored_square = 63 - square;
    return positive_ray_attacks(NORTH_EAST, square, occupied) | positive_ray_attacks(NORTH_WEST, square, occupied) |
           negative_ray_attacks(SOUTH_WEST, mirrored_square, occupied) |
           negative_ray_attacks(SOUTH_EAST, mirrored_square, occupied);
}

static inline bitboard classical_queen(int square, bitboard occupied)
{
    return classical_rook(square, occupied) | classical_bishop(square, occupied);
}

static uint64_t classical_rook_loop(const struct run *run)
{
    return run_lookup_loop(classical_rook, run);
}

static uint64_t classical_bishop_loop(const struct run *run)
{
    return run_lookup_loop(classical_bishop, run);
}

static uint64_t classical_queen_loop(const struct run *run)
{
    return run_lookup_loop(classical_queen, run);
}

const struct backend classical_backend = {
    .name = "classical",
    .description = "ray masks per direction, one bit scan per ray (tzcnt up, lzcnt down), ray ^ ray from blocker",
    .source = "Chessprogramming wiki, Classical Approach",
    .features = 0,
    .init = classical_init,
    .rook = classical_rook,
    .bishop = classical_bishop,
    .queen = classical_queen,
    .rook_loop = classical_rook_loop,
    .bishop_loop = classical_bishop_loop,
    .queen_loop = classical_queen_loop,
};

/* An example plugin: the attack code of a hypothetical engine written in
 * C, measured by attackbench beside its own techniques.  Each lookup walks
 * the four rays of a slider from precomputed ray masks and stops at the
 * first blocker with one bit scan per ray (the classical approach).
 *
 *   make                      (or: cc -O2 -shared -fPIC -fvisibility=hidden -I../../include my_engine.c -o my_engine.so)
 *   attackbench --plugin=./my_engine.so --method=my-engine,pext,magic-fancy --workload=random
 */
#include "attackbench_plugin.h"

enum { NORTH, EAST, NORTH_EAST, NORTH_WEST, SOUTH, WEST, SOUTH_WEST, SOUTH_EAST };
static const int steps[8][2] = {{0, 1}, {1, 0}, {1, 1}, {-1, 1}, {0, -1}, {-1, 0}, {-1, -1}, {1, -1}};
static uint64_t rays[8][64];

/* The tables: every square's ray in each direction, to the board's edge. */
static size_t my_engine_init(void)
{
    for (int square = 0; square < 64; square++)
        for (int direction = 0; direction < 8; direction++) {
            uint64_t ray = 0;
            int file = square % 8 + steps[direction][0], rank = square / 8 + steps[direction][1];
            for (; file >= 0 && file < 8 && rank >= 0 && rank < 8; file += steps[direction][0], rank += steps[direction][1])
                ray |= 1ULL << (8 * rank + file);
            rays[direction][square] = ray;
        }
    return sizeof rays;
}

/* Up the board the first blocker is the lowest bit, down it the highest.
 * h8 and a1 stand in as blockers, so a scan always finds one without a
 * branch: the rays beyond them are empty. */
static inline uint64_t ray_up(int direction, int square, uint64_t occupied)
{
    uint64_t ray = rays[direction][square], blockers = (ray & occupied) | (1ULL << 63);
    return ray ^ rays[direction][__builtin_ctzll(blockers)];
}

static inline uint64_t ray_down(int direction, int square, uint64_t occupied)
{
    uint64_t ray = rays[direction][square], blockers = (ray & occupied) | 1;
    return ray ^ rays[direction][63 - __builtin_clzll(blockers)];
}

static uint64_t my_rook(int square, uint64_t occupied)
{
    return ray_up(NORTH, square, occupied) | ray_up(EAST, square, occupied) | ray_down(SOUTH, square, occupied) |
           ray_down(WEST, square, occupied);
}

static uint64_t my_bishop(int square, uint64_t occupied)
{
    return ray_up(NORTH_EAST, square, occupied) | ray_up(NORTH_WEST, square, occupied) |
           ray_down(SOUTH_WEST, square, occupied) | ray_down(SOUTH_EAST, square, occupied);
}

ATTACKBENCH_PLUGIN_WITH("my-engine", "examples/plugin/my_engine.c", "classical rays, one bit scan per ray (an example plugin)",
                        0, my_engine_init, my_rook, my_bishop, NULL, NULL, NULL)

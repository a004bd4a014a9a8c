/* An engine-like attacks.c for examples/plugin/engine_wrapper.c: the
 * lookups are extern functions, as in most engines (their declarations
 * would be in the engine's attacks.h), so that a plugin that includes
 * this file unchanged must be built with -fvisibility=hidden for them to
 * inline (docs/plugins.md).  The
 * technique is the classical one: a ray table per direction, cut at the
 * first blocker found by a bit scan (forward for the rays that go up the
 * board, reverse for those that go down). */
#include <stdint.h>

enum { DIRECTIONS = 8 };

/* North, east, north-east, north-west go up in square number; south,
 * west, south-west, south-east go down. */
static const int file_steps[DIRECTIONS] = {0, 1, 1, -1, 0, -1, -1, 1};
static const int rank_steps[DIRECTIONS] = {1, 0, 1, 1, -1, 0, -1, -1};

uint64_t engine_rays[DIRECTIONS][64];

void engine_init_attacks(void)
{
    for (int direction = 0; direction < DIRECTIONS; direction++)
        for (int square = 0; square < 64; square++) {
            uint64_t ray = 0;
            int file = square % 8 + file_steps[direction], rank = square / 8 + rank_steps[direction];
            for (; file >= 0 && file < 8 && rank >= 0 && rank < 8; file += file_steps[direction], rank += rank_steps[direction])
                ray |= 1ULL << (8 * rank + file);
            engine_rays[direction][square] = ray;
        }
}

/* The ray from `square` in `direction`, up to and including its first
 * blocker. */
static inline uint64_t ray_attacks(int direction, int square, uint64_t occupied)
{
    uint64_t ray = engine_rays[direction][square];
    uint64_t blockers = ray & occupied;
    if (blockers == 0)
        return ray;
    int first = direction < 4 ? __builtin_ctzll(blockers) : 63 - __builtin_clzll(blockers);
    return ray ^ engine_rays[direction][first];
}

uint64_t engine_rook_attacks(int square, uint64_t occupied)
{
    return ray_attacks(0, square, occupied) | ray_attacks(1, square, occupied) | ray_attacks(4, square, occupied) |
           ray_attacks(5, square, occupied);
}

uint64_t engine_bishop_attacks(int square, uint64_t occupied)
{
    return ray_attacks(2, square, occupied) | ray_attacks(3, square, occupied) | ray_attacks(6, square, occupied) |
           ray_attacks(7, square, occupied);
}

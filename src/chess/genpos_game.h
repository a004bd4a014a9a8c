/* The random games of `attackbench genpos`, sampled into FEN lines. */
#ifndef ATTACKBENCH_GENPOS_GAME_H
#define ATTACKBENCH_GENPOS_GAME_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "attackbench/backend.h"

/* A set of 64-bit board hashes, to drop repeated positions. */
struct hash_set {
    uint64_t *slots;
    size_t mask, count;
};

/* What the games share: the move generator's backend, the random state,
 * the positions already written and where they go. */
struct game_sampler {
    const struct backend *backend;
    /* The reference each position's moves and attacks are checked
     * against (NULL when backend is the reference); when they differ,
     * the game stops and differing holds the position's FEN. */
    const struct backend *reference;
    char differing[128];
    uint64_t random;
    struct hash_set seen;
    FILE *out;
    long written;
};

/* Start the random state from a seed (the same seed, the same games). */
void game_sampler_seed(struct game_sampler *sampler, unsigned long long seed);

/* Play one game, writing each new sampled position to sampler->out;
 * returns 0, or -1 when the backend's moves or attacks differed from the
 * reference's in a position (sampler->differing), the game stopped
 * before it. */
int play_game(struct game_sampler *sampler);

void game_sampler_free(struct game_sampler *sampler);

#endif

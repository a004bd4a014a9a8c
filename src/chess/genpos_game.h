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
    uint64_t random;
    struct hash_set seen;
    FILE *out;
    long written;
};

/* Start the random state from a seed (the same seed, the same games). */
void game_sampler_seed(struct game_sampler *sampler, unsigned long long seed);

/* Play one game, writing each new sampled position to sampler->out. */
void play_game(struct game_sampler *sampler);

void game_sampler_free(struct game_sampler *sampler);

#endif

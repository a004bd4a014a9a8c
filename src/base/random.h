/* The project's one pseudo-random generator, shared by the workloads, the
 * verifier, genpos and the tests so that a seed means the same everywhere. */
#ifndef ATTACKBENCH_RANDOM_H
#define ATTACKBENCH_RANDOM_H

#include <stdint.h>

/* xorshift64* (Vigna, "An experimental exploration of Marsaglia's
 * xorshift generators, scrambled"): the state must not be 0. */
uint64_t random_next(uint64_t *state);

#endif

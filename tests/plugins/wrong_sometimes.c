/* A plugin that is right except in a window of calls: its rook on a1 over
 * the start position's occupancy (a query verification does not make, but
 * every perft of the start position does) gains a3 on the calls numbered
 * ATTACKBENCH_TEST_WRONG_FROM to ATTACKBENCH_TEST_WRONG_TO (from 1), so
 * that one repetition of perft counts 21 moves where the others count 20. */
#include <stdlib.h>

#include "attackbench_plugin.h"
#include "reference_rays.h"

static const uint64_t start_occupancy = 0xffff00000000ffffULL;

/* The environment's number NAME, or 0. */
static long window_end(const char *name)
{
    const char *text = getenv(name);
    return text ? atol(text) : 0;
}

static uint64_t sometimes_wrong_rook(int square, uint64_t occupied)
{
    static long calls;
    uint64_t attacks = reference_rook(square, occupied);
    if (square != 0 || occupied != start_occupancy)
        return attacks;
    calls++;
    if (calls >= window_end("ATTACKBENCH_TEST_WRONG_FROM") && calls <= window_end("ATTACKBENCH_TEST_WRONG_TO"))
        return attacks | 1ULL << 16;
    return attacks;
}

ATTACKBENCH_PLUGIN("wrong-sometimes", "tests/plugins/wrong_sometimes.c", sometimes_wrong_rook, reference_bishop)

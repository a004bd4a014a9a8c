/* A plugin that is wrong on one kind of board only, the kind named by
 * ATTACKBENCH_TEST_WRONG_BOARD: "full" (all 64 squares), "all-but-own"
 * (every square but the rook's), "own" (the rook's square alone) or
 * "dense" (60 squares or more, those two aside).  Its rook then misses
 * every attacked square.  The verifier's subsets once added random squares
 * at a quarter of the board alone, so each kind passed every check. */
#include <stdlib.h>
#include <string.h>

#include "attackbench_plugin.h"
#include "reference_rays.h"

static int wrong_here(int square, uint64_t occupied)
{
    static const char *kind;
    if (kind == NULL) {
        kind = getenv("ATTACKBENCH_TEST_WRONG_BOARD");
        if (kind == NULL)
            kind = "";
    }
    uint64_t own = 1ULL << square;
    if (strcmp(kind, "full") == 0)
        return occupied == ~0ULL;
    if (strcmp(kind, "all-but-own") == 0)
        return occupied == ~own;
    if (strcmp(kind, "own") == 0)
        return occupied == own;
    if (strcmp(kind, "dense") == 0)
        return __builtin_popcountll(occupied) >= 60 && occupied != ~0ULL && occupied != ~own;
    return 0;
}

static uint64_t rook_wrong_on_one_kind(int square, uint64_t occupied)
{
    return wrong_here(square, occupied) ? 0 : reference_rook(square, occupied);
}

ATTACKBENCH_PLUGIN("wrong-board", "tests/plugins/wrong_dense.c", rook_wrong_on_one_kind, reference_bishop)

/* A plugin that is wrong on one square: its rook on d4 misses d5. */
#include "attackbench_plugin.h"
#include "reference_rays.h"

static uint64_t wrong_rook(int square, uint64_t occupied)
{
    uint64_t attacks = reference_rook(square, occupied);
    return square == 27 ? attacks & ~(1ULL << 35) : attacks;
}

ATTACKBENCH_PLUGIN("wrong-rook", "tests/plugins/wrong.c", wrong_rook, reference_bishop)

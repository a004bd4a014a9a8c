/* A plugin whose set-wise entry (the sets workload's answer: a side's
 * attack map) is wrong for one kind of side alone, rooks on a1, d1 and h1
 * with no other rook on the first rank: loading verifies it on too few
 * sides to meet one, the benchmark's checksum over data/positions.fen
 * does.  Its rook, bishop and queen are right. */
#include "attackbench_plugin.h"
#include "reference_rays.h"

static uint64_t wrong_set(uint64_t rooks, uint64_t bishops, uint64_t occupied)
{
    uint64_t attacks = 0;
    for (uint64_t left = rooks; left; left &= left - 1)
        attacks |= reference_rook(__builtin_ctzll(left), occupied);
    for (uint64_t left = bishops; left; left &= left - 1)
        attacks |= reference_bishop(__builtin_ctzll(left), occupied);
    if ((rooks & 0xff) == 0x89)
        attacks ^= (uint64_t)1 << 28;
    return attacks;
}

ATTACKBENCH_PLUGIN_WITH("wrong-set", "tests/plugins/wrong_set.c", "a set-wise entry wrong for some sides", 0, 0,
                        reference_rook, reference_bishop, 0, wrong_set, 0)

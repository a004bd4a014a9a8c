/* An attack file that uses a table another file of its engine defines
 * (as Weiss's bitboard.c reads board.c's Distance): built alone it loads
 * with an undefined symbol; linked with other_file.c it is whole. */
#include "attackbench_plugin.h"
#include "reference_rays.h"

extern int engine_distance[64][64];

/* The rays, and a read of the other file's table that cannot fold away:
 * a square's distance to itself is 0, so the attack sets stay right. */
static uint64_t needy_rook(int square, uint64_t occupied)
{
    return reference_rook(square, occupied) | (uint64_t)(engine_distance[square][square] != 0);
}

static uint64_t needy_bishop(int square, uint64_t occupied)
{
    return reference_bishop(square, occupied) | (uint64_t)(engine_distance[square][square] != 0);
}

ATTACKBENCH_PLUGIN("needs-other-file", "tests/plugins/needs_other_file.c", needy_rook, needy_bishop)

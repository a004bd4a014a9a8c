/* A plugin wrong in one query only: the rook on a1 over the start
 * position's occupancy, to which it adds a3.  Load verification never
 * asks that query; every perft of the start position does, at its root.
 * perft with --threads or --processes splits a position on the first
 * method's root moves, so this plugin listed after a right method agreed
 * with it there (hostile trial 17): engine_view.sh checks it is caught. */
#include "attackbench_plugin.h"
#include "reference_rays.h"

enum { A1 = 0 };
#define START_OCCUPANCY 0xffff00000000ffffULL
#define A3 (1ULL << 16)

static uint64_t rook_wrong_at_start(int square, uint64_t occupied)
{
    uint64_t attacks = reference_rook(square, occupied);
    return square == A1 && occupied == START_OCCUPANCY ? attacks | A3 : attacks;
}

ATTACKBENCH_PLUGIN("wrong-at-start", "tests/plugins/wrong_at_start.c", rook_wrong_at_start, reference_bishop)

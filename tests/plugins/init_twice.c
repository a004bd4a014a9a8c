/* A plugin whose init is not safe to run twice, as an engine's may not
 * be: each run flips bit 63 (h8) of a mask its rook XORs in, so its rook
 * is right after one init and wrong after two.  The harness runs a
 * plugin's init once a process (include/attackbench_plugin.h), so every
 * command's answers are the verified ones. */
#include "attackbench_plugin.h"
#include "reference_rays.h"

static uint64_t toggled; /* h8 after an even number of inits */

static size_t toggling_init(void)
{
    toggled ^= 1ULL << 63;
    return sizeof toggled;
}

static uint64_t toggled_rook(int square, uint64_t occupied)
{
    return reference_rook(square, occupied) ^ toggled ^ (1ULL << 63);
}

ATTACKBENCH_PLUGIN_WITH("init-twice", "tests/plugins/init_twice.c", "an init that is wrong when repeated", 0,
                        toggling_init, toggled_rook, reference_bishop, 0, 0, 0)

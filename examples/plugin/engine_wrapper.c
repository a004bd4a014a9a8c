/* A plugin around an engine's own attack code, included unchanged: the
 * engine keeps its file as it is (extern lookups, its own init), and
 * this wrapper is all the plugin adds.  Build it as docs/plugins.md says,
 * with -fvisibility=hidden: without it, -fPIC keeps the extern lookups
 * replaceable at run time and the compiler calls them instead of inlining
 * them into the batched loops, and the engine looks slower than it is. */
#include "attackbench_plugin.h"

#include "attacks.c"

static size_t engine_wrapper_init(void)
{
    engine_init_attacks();
    return sizeof engine_rays;
}

ATTACKBENCH_PLUGIN_WITH("my-engine-wrapped", "examples/plugin/attacks.c, included unchanged",
                        "an engine's attacks.c as it is: classical rays, one bit scan per ray", 0, engine_wrapper_init,
                        engine_rook_attacks, engine_bishop_attacks, NULL, NULL, NULL)

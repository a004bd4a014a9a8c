/* A plugin that goes wrong once it is being timed: its rook batched loop
 * is right over the benchmark's stream (ATTACKBENCH_TEST_STREAM queries
 * a pass) the first time, the warm-up, and from then on every rook result
 * has bit 63 (h8) flipped.  The timed passes are checked by a plain sum,
 * in which an even number of such results cancel: this plugin is caught
 * only by a mixed checksum after the timed rounds.  Load verification's
 * loops, of another length, never set it off. */
#include <stdlib.h>

#include "attackbench_plugin.h"
#include "reference_rays.h"

static uint64_t flip; /* 1 << 63 once the plugin has gone wrong */

static uint64_t flipping_rook(int square, uint64_t occupied)
{
    return reference_rook(square, occupied) ^ flip;
}

/* The macro's entry under another name, kept inside: the plugin's own
 * entry below hands out the same descriptor with a watching rook loop. */
#define attackbench_plugin_entry generated_entry
#undef ATTACKBENCH_PLUGIN_EXPORT
#define ATTACKBENCH_PLUGIN_EXPORT static
ATTACKBENCH_PLUGIN("wrong-later", "tests/plugins/wrong_later.c", flipping_rook, reference_bishop)
#undef ATTACKBENCH_PLUGIN_EXPORT
#define ATTACKBENCH_PLUGIN_EXPORT __attribute__((visibility("default")))
#undef attackbench_plugin_entry

static uint64_t watching_rook_loop(const struct attackbench_run *run)
{
    static int stream_passes;
    const char *stream = getenv("ATTACKBENCH_TEST_STREAM");
    if (stream && run->count == (size_t)atol(stream) && stream_passes++ > 0)
        flip = 1ULL << 63;
    return attackbench_plugin_rook_loop(run);
}

ATTACKBENCH_PLUGIN_EXPORT const struct attackbench_plugin *attackbench_plugin_entry(void)
{
    static struct attackbench_plugin descriptor;
    descriptor = *generated_entry();
    descriptor.rook_loop = watching_rook_loop;
    return &descriptor;
}

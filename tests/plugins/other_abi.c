/* A plugin from another version of the header: -DABI_MAJOR=3 (or 1) stands
 * for an incompatible one, -DABI_MINOR=5 for a newer compatible one, whose
 * descriptor has a field appended, -DABI_1_0_SIZE for one whose descriptor
 * is shorter than the oldest this attackbench loads (ABI 1.0's, without
 * the build record).  The descriptor is the one
 * ATTACKBENCH_PLUGIN makes, copied with the versions and size changed. */
#define attackbench_plugin_entry this_version_entry
#include "attackbench_plugin.h"
#include "reference_rays.h"

ATTACKBENCH_PLUGIN("other-abi", "tests/plugins/other_abi.c", reference_rook, reference_bishop)
#undef attackbench_plugin_entry

struct newer_descriptor {
    struct attackbench_plugin plugin;
    uint64_t appended;
};

static struct newer_descriptor newer;

ATTACKBENCH_PLUGIN_EXPORT const struct attackbench_plugin *attackbench_plugin_entry(void)
{
    newer.plugin = *this_version_entry();
    newer.plugin.abi_major = ABI_MAJOR;
    newer.plugin.abi_minor = ABI_MINOR;
#ifdef ABI_1_0_SIZE /* the descriptor before 1.1 appended the build record */
    newer.plugin.size = offsetof(struct attackbench_plugin, build_flags);
#else
    newer.plugin.size = sizeof newer;
#endif
    return &newer.plugin;
}

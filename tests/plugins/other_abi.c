/* A plugin from another version of the header, the version the name of
 * the file it is loaded from gives (built once, copied to each name):
 * "abi-3.0.so" (or 1.1) stands for an incompatible one, "abi-2.5.so" for
 * a newer compatible one, whose descriptor has a field appended, and
 * "abi-2.0-short.so" for one whose descriptor is shorter than the oldest
 * this attackbench loads (ABI 1.0's, without the build record).  The
 * descriptor is the one ATTACKBENCH_PLUGIN makes, copied with the
 * versions and size changed. */
#define _GNU_SOURCE /* dladdr */
#include <stdio.h>
#include <string.h>

#define attackbench_plugin_entry this_version_entry
#include "attackbench_plugin.h"
#include "own_file_name.h"
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
    newer.plugin.size = sizeof newer;
    const char *base = own_file_name((void *)attackbench_plugin_entry);
    if (base == NULL)
        return &newer.plugin;
    unsigned major, minor;
    char rest[16] = "";
    if (sscanf(base, "abi-%u.%u%15s", &major, &minor, rest) >= 2) {
        newer.plugin.abi_major = (uint16_t)major;
        newer.plugin.abi_minor = (uint16_t)minor;
    }
    if (strcmp(rest, "-short.so") == 0) /* the descriptor before 1.1 appended the build record */
        newer.plugin.size = offsetof(struct attackbench_plugin, build_flags);
    return &newer.plugin;
}

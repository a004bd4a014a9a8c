/* A plugin whose init reports more bytes of tables than any address space
 * holds ((size_t)-1): refused at its initialisation, not reported as a
 * table size. */
#include <stddef.h>

#include "attackbench_plugin.h"
#include "reference_rays.h"

static size_t impossible_size(void)
{
    return (size_t)-1;
}

ATTACKBENCH_PLUGIN_WITH("huge-table", "tests/plugins/huge_table.c", "reports an impossible table size", 0,
                        impossible_size, reference_rook, reference_bishop, 0, 0, 0)

/* A correct plugin that prints on standard output as it loads (a
 * constructor) and in its init, the last line left in the buffer: what
 * it prints must reach standard error, never the CSV, dump or positions
 * attackbench writes on standard output (tests/cli/output.sh). */
#include <stdio.h>

#include "attackbench_plugin.h"
#include "reference_rays.h"

__attribute__((constructor)) static void print_banner(void)
{
    printf("prints: banner from a constructor\n");
    fflush(stdout);
}

static size_t print_init(void)
{
    printf("prints: info string from init\n");
    printf("prints: left in the buffer\n"); /* not flushed: attackbench's next flush would write it */
    return 0;
}

ATTACKBENCH_PLUGIN_WITH("prints", "tests/plugins/prints.c", "prints on standard output as it loads", 0, print_init,
                        reference_rook, reference_bishop, NULL, NULL, NULL)

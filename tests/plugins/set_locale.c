/* A correct plugin that, as it is loaded, switches the whole process to
 * the locale named by ATTACKBENCH_TEST_LOCALE (one with a decimal comma):
 * the tool's CSV, JSON and table must still write '.' in numbers. */
#include <locale.h>
#include <stdlib.h>

#include "attackbench_plugin.h"
#include "reference_rays.h"

__attribute__((constructor)) static void switch_locale(void)
{
    const char *name = getenv("ATTACKBENCH_TEST_LOCALE");
    if (name != NULL)
        setlocale(LC_ALL, name);
}

ATTACKBENCH_PLUGIN("set-locale", "tests/plugins/set_locale.c", reference_rook, reference_bishop)

/* A correct plugin whose name the test chooses (-DPLUGIN_NAME=...): a
 * built-in's name, or one that breaks the naming rules. */
#include "attackbench_plugin.h"
#include "reference_rays.h"

ATTACKBENCH_PLUGIN(PLUGIN_NAME, "tests/plugins/named.c", reference_rook, reference_bishop)

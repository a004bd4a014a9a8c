/* A correct plugin that says it needs AVX-512 (F and VL). */
#include "attackbench_plugin.h"
#include "reference_rays.h"

ATTACKBENCH_PLUGIN_WITH("needs-avx512", "tests/plugins/needs_features.c", "reference rays, declared to need AVX-512",
                        ATTACKBENCH_FEATURE_AVX512, NULL, reference_rook, reference_bishop, NULL, NULL, NULL)

/* A plugin that crashes: its rook on h8 reads through a null pointer. */
#include "attackbench_plugin.h"
#include "reference_rays.h"

static const uint64_t *volatile nowhere;

static uint64_t crash_rook(int square, uint64_t occupied)
{
    return square == 63 ? *nowhere : reference_rook(square, occupied);
}

ATTACKBENCH_PLUGIN("crash-rook", "tests/plugins/crash.c", crash_rook, reference_bishop)

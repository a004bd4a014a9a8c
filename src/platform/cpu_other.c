/* CPU features, name and identity where attackbench has no probe: none. */
#if !defined(__x86_64__) && !defined(__aarch64__) && !defined(__wasi__)
#include <stdio.h>

#include "cpu.h"

unsigned cpu_detected_features(void)
{
    return 0;
}

const struct cpu_identity *cpu_identity(void)
{
    static struct cpu_identity identity = {"unknown", 0, 0};
    return &identity;
}

const char *cpu_model_name(void)
{
    return "unknown CPU";
}

int cpu_is_emulated(void)
{
    return 0;
}

#else
/* ISO C wants a translation unit to declare something. */
typedef int cpu_other_unused;
#endif

/* CPU features, name and identity under WebAssembly: the module sees no
 * CPU.  SIMD128 is its one feature; no x86-64 or aarch64 feature exists
 * for it (their backends list
 * themselves as unavailable, with the instructions they need); the name is
 * the host's, as the runner read it (ATTACKBENCH_HOST_CPU, from node's
 * os.cpus()), followed by the engine, so that a row says what ran it. */
#if defined(__wasi__)
#include <stdio.h>
#include <stdlib.h>

#include "cpu.h"
#include "engine.h"

/* SIMD128: an engine that validated this module (whose SIMD128 kernels
 * use it) has it. */
unsigned cpu_detected_features(void)
{
    return ATTACKBENCH_FEATURE_SIMD128;
}

const struct cpu_identity *cpu_identity(void)
{
    static struct cpu_identity identity = {"wasm32", 0, 0};
    return &identity;
}

const char *cpu_model_name(void)
{
    static char name[256];
    if (name[0] == '\0') {
        const char *host = getenv("ATTACKBENCH_HOST_CPU");
        snprintf(name, sizeof name, "%s (%s)", host && *host ? host : "unknown CPU", platform_engine());
    }
    return name;
}

int cpu_is_emulated(void)
{
    return 0;
}

#else
/* ISO C wants a translation unit to declare something. */
typedef int cpu_wasm_unused;
#endif

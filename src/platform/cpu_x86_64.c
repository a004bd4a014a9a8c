/* CPU features, name and identity on x86-64: CPUID through the compiler's
 * wrappers, and XGETBV for what the operating system has enabled. */
#if defined(__x86_64__)
#include <cpuid.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "cpu.h"
#include "x86_64_levels.h"

/* The register states the operating system saves on a context switch
 * (XCR0), or 0 when it has not enabled XSAVE, in which case no AVX state
 * is saved and AVX instructions fault. */
unsigned long long cpu_saved_register_states(void)
{
    unsigned eax, ebx, ecx, edx;
    if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx) || !(ecx & bit_OSXSAVE))
        return 0;
    unsigned low, high;
    __asm__ volatile("xgetbv" : "=a"(low), "=d"(high) : "c"(0));
    return ((uint64_t)high << 32) | low;
}

/* What CPUID reports, each vector feature only when the OS saves the
 * registers it uses: XMM and YMM state (XCR0 bits 1, 2) for AVX, and the
 * opmask and upper ZMM state (bits 5-7) as well for AVX-512. */
unsigned cpu_detected_features(void)
{
    const uint64_t ymm_states = 0x6, zmm_states = 0xE6;
    uint64_t saved = cpu_saved_register_states();
    int avx_usable = (saved & ymm_states) == ymm_states;
    int avx512_usable = (saved & zmm_states) == zmm_states;
    unsigned features = 0;
    unsigned eax, ebx, ecx, edx;
    if (__get_cpuid(1, &eax, &ebx, &ecx, &edx)) {
        if (ecx & bit_POPCNT)
            features |= ATTACKBENCH_FEATURE_POPCNT;
        avx_usable = avx_usable && (ecx & bit_AVX);
    }
    if (__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx)) {
        const struct {
            unsigned registers, mask, feature;
            int usable;
        } leaf7[] = {
            {ebx, bit_BMI, ATTACKBENCH_FEATURE_BMI1, 1},
            {ebx, bit_BMI2, ATTACKBENCH_FEATURE_BMI2, 1},
            {ebx, bit_AVX2, ATTACKBENCH_FEATURE_AVX2, avx_usable},
            {ebx, bit_AVX512F, ATTACKBENCH_FEATURE_AVX512F, avx512_usable},
            {ebx, bit_AVX512VL, ATTACKBENCH_FEATURE_AVX512VL, avx512_usable},
            {ebx, bit_AVX512BW, ATTACKBENCH_FEATURE_AVX512BW, avx512_usable},
            {ecx, bit_GFNI, ATTACKBENCH_FEATURE_GFNI, 1},
            {ebx, bit_AVX512CD, ATTACKBENCH_FEATURE_AVX512CD, avx512_usable},
            {ebx, bit_AVX512DQ, ATTACKBENCH_FEATURE_AVX512DQ, avx512_usable},
            {ecx, bit_AVX512BITALG, ATTACKBENCH_FEATURE_AVX512BITALG, avx512_usable},
            {ecx, bit_AVX512VBMI, ATTACKBENCH_FEATURE_AVX512VBMI, avx512_usable},
        };
        for (size_t i = 0; i < sizeof leaf7 / sizeof leaf7[0]; i++)
            if ((leaf7[i].registers & leaf7[i].mask) && leaf7[i].usable)
                features |= leaf7[i].feature;
    }
    if (__get_cpuid(0x80000001u, &eax, &ebx, &ecx, &edx) && (ecx & bit_LZCNT))
        features |= ATTACKBENCH_FEATURE_LZCNT;
    return features;
}

const char *cpu_model_name(void)
{
    static char name[49];
    if (name[0])
        return name;
    unsigned registers[12];
    for (unsigned leaf = 0; leaf < 3; leaf++) {
        unsigned *r = registers + 4 * leaf;
        if (!__get_cpuid(0x80000002u + leaf, &r[0], &r[1], &r[2], &r[3])) {
            snprintf(name, sizeof name, "unknown x86-64");
            return name;
        }
    }
    memcpy(name, registers, 48);
    name[48] = '\0';
    /* Brand strings are padded with spaces on both sides. */
    char *start = name;
    while (*start == ' ')
        start++;
    memmove(name, start, strlen(start) + 1);
    for (size_t length = strlen(name); length > 0 && name[length - 1] == ' '; length--)
        name[length - 1] = '\0';
    if (!name[0])
        snprintf(name, sizeof name, "unknown x86-64");
    return name;
}

const struct cpu_identity *cpu_identity(void)
{
    static struct cpu_identity identity;
    if (identity.vendor[0])
        return &identity;
    unsigned eax, ebx, ecx, edx;
    if (!__get_cpuid(0, &eax, &ebx, &ecx, &edx)) {
        snprintf(identity.vendor, sizeof identity.vendor, "unknown");
        return &identity;
    }
    memcpy(identity.vendor, &ebx, 4);
    memcpy(identity.vendor + 4, &edx, 4);
    memcpy(identity.vendor + 8, &ecx, 4);
    if (__get_cpuid(1, &eax, &ebx, &ecx, &edx)) {
        /* Intel SDM vol. 2A, CPUID leaf 1: the extended family counts only
         * when the family is 15, the extended model when it is 6 or 15. */
        unsigned family = (eax >> 8) & 0xF, model = (eax >> 4) & 0xF;
        if (family == 0xF)
            family += (eax >> 20) & 0xFF;
        if (family == 0x6 || family >= 0xF)
            model += ((eax >> 16) & 0xF) << 4;
        identity.family = family;
        identity.model = model;
    }
    return &identity;
}

int cpu_is_emulated(void)
{
    return 0;
}

#else
/* ISO C wants a translation unit to declare something. */
typedef int cpu_x86_64_unused;
#endif

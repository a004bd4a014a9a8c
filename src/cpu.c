/* Run-time CPU feature detection through the compiler's cpuid wrappers. */
#include "cpu.h"

#include <cpuid.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

unsigned cpu_features(void)
{
    static unsigned cached;
    static int known;
    if (known)
        return cached;
    unsigned features = 0;
    __builtin_cpu_init();
    if (__builtin_cpu_supports("popcnt"))
        features |= CPU_FEATURE_POPCNT;
    if (__builtin_cpu_supports("bmi"))
        features |= CPU_FEATURE_BMI1;
    if (__builtin_cpu_supports("bmi2"))
        features |= CPU_FEATURE_BMI2;
    if (__builtin_cpu_supports("avx2"))
        features |= CPU_FEATURE_AVX2;
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl"))
        features |= CPU_FEATURE_AVX512;
    if (__builtin_cpu_supports("avx512cd"))
        features |= CPU_FEATURE_AVX512CD;
    if (__builtin_cpu_supports("avx512bw"))
        features |= CPU_FEATURE_AVX512BW;
    if (__builtin_cpu_supports("gfni"))
        features |= CPU_FEATURE_GFNI;
    unsigned eax, ebx, ecx, edx;
    if (__get_cpuid(0x80000001u, &eax, &ebx, &ecx, &edx) && (ecx & (1u << 5)))
        features |= CPU_FEATURE_LZCNT;
    /* ATTACKBENCH_HIDE_FEATURES="bmi2 avx2" makes the tool behave as on a
     * CPU without them, to test how backends that need them are skipped. */
    const char *hidden = getenv("ATTACKBENCH_HIDE_FEATURES");
    if (hidden) {
        char names[128];
        for (unsigned bit = 1; bit <= CPU_FEATURE_GFNI; bit <<= 1) {
            cpu_feature_names(bit, names, sizeof names);
            if (strstr(hidden, names))
                features &= ~bit;
        }
    }
    cached = features;
    known = 1;
    return features;
}

const char *cpu_feature_names(unsigned features, char *buffer, size_t size)
{
    static const struct {
        unsigned bit;
        const char *name;
    } names[] = {
        {CPU_FEATURE_POPCNT, "popcnt"}, {CPU_FEATURE_BMI1, "bmi1"}, {CPU_FEATURE_BMI2, "bmi2"},
        {CPU_FEATURE_LZCNT, "lzcnt"},   {CPU_FEATURE_AVX2, "avx2"}, {CPU_FEATURE_AVX512, "avx512"},
        {CPU_FEATURE_AVX512CD, "avx512cd"}, {CPU_FEATURE_AVX512BW, "avx512bw"}, {CPU_FEATURE_GFNI, "gfni"},
    };
    size_t used = 0;
    buffer[0] = '\0';
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        if (!(features & names[i].bit))
            continue;
        int written = snprintf(buffer + used, size - used, "%s%s", used ? " " : "", names[i].name);
        if (written < 0 || (size_t)written >= size - used)
            break;
        used += (size_t)written;
    }
    if (used == 0)
        snprintf(buffer, size, "none");
    return buffer;
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

int cpu_pext_is_microcoded(void)
{
    unsigned eax, ebx, ecx, edx;
    if (!__get_cpuid(0, &eax, &ebx, &ecx, &edx))
        return 0;
    /* "AuthenticAMD" */
    if (ebx != 0x68747541u || edx != 0x69746e65u || ecx != 0x444d4163u)
        return 0;
    if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx))
        return 0;
    unsigned family = (eax >> 8) & 0xF;
    if (family == 0xF)
        family += (eax >> 20) & 0xFF;
    return family == 0x17;
}

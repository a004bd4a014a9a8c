/* Run-time CPU features, portable part: the names, ATTACKBENCH_HIDE_FEATURES
 * and the cache.  What the CPU reports, its name and identity come from
 * the architecture's file: cpu_x86_64.c, cpu_aarch64.c or cpu_other.c. */
#include "cpu.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Every feature with its name, as ATTACKBENCH_HIDE_FEATURES and --list
 * spell it, and the features that cannot exist without it (hiding one
 * hides them too, as no real CPU has AVX-512 without AVX2). */
static const struct {
    unsigned bit;
    const char *name;
    unsigned dependents;
} feature_table[] = {
    {ATTACKBENCH_FEATURE_POPCNT, "popcnt", 0},
    {ATTACKBENCH_FEATURE_BMI1, "bmi1", 0},
    {ATTACKBENCH_FEATURE_BMI2, "bmi2", 0},
    {ATTACKBENCH_FEATURE_LZCNT, "lzcnt", 0},
    {ATTACKBENCH_FEATURE_AVX2, "avx2",
     ATTACKBENCH_FEATURE_AVX512 | ATTACKBENCH_FEATURE_AVX512F | ATTACKBENCH_FEATURE_AVX512VL |
         ATTACKBENCH_FEATURE_AVX512BW | ATTACKBENCH_FEATURE_AVX512CD | ATTACKBENCH_FEATURE_AVX512DQ |
         ATTACKBENCH_FEATURE_AVX512BITALG | ATTACKBENCH_FEATURE_AVX512VBMI},
    {ATTACKBENCH_FEATURE_AVX512, "avx512",
     ATTACKBENCH_FEATURE_AVX512F | ATTACKBENCH_FEATURE_AVX512VL | ATTACKBENCH_FEATURE_AVX512BW |
         ATTACKBENCH_FEATURE_AVX512CD | ATTACKBENCH_FEATURE_AVX512DQ | ATTACKBENCH_FEATURE_AVX512BITALG |
         ATTACKBENCH_FEATURE_AVX512VBMI},
    {ATTACKBENCH_FEATURE_AVX512F, "avx512f",
     ATTACKBENCH_FEATURE_AVX512 | ATTACKBENCH_FEATURE_AVX512VL | ATTACKBENCH_FEATURE_AVX512BW |
         ATTACKBENCH_FEATURE_AVX512CD | ATTACKBENCH_FEATURE_AVX512DQ | ATTACKBENCH_FEATURE_AVX512BITALG |
         ATTACKBENCH_FEATURE_AVX512VBMI},
    {ATTACKBENCH_FEATURE_AVX512VL, "avx512vl", ATTACKBENCH_FEATURE_AVX512},
    {ATTACKBENCH_FEATURE_AVX512BW, "avx512bw", 0},
    {ATTACKBENCH_FEATURE_GFNI, "gfni", 0},
    {ATTACKBENCH_FEATURE_AVX512CD, "avx512cd", 0},
    {ATTACKBENCH_FEATURE_AVX512DQ, "avx512dq", 0},
    {ATTACKBENCH_FEATURE_SVE2, "sve2", ATTACKBENCH_FEATURE_SVE2_BITPERM},
    {ATTACKBENCH_FEATURE_SVE2_BITPERM, "sve2-bitperm", 0},
    {ATTACKBENCH_FEATURE_SIMD128, "simd128", 0},
    {ATTACKBENCH_FEATURE_AVX512BITALG, "avx512bitalg", 0},
    {ATTACKBENCH_FEATURE_AVX512VBMI, "avx512vbmi", 0},
};

enum { FEATURE_COUNT = sizeof feature_table / sizeof feature_table[0] };

/* ATTACKBENCH_HIDE_FEATURES="bmi2 avx2" makes the tool behave as on a CPU
 * without them, to test how backends that need them are skipped: the
 * names (space- or comma-separated) are matched whole. */
static const char hidden_separators[] = " ,";

/* The table's entry of a name `length` bytes long, or -1. */
static int feature_index(const char *name, size_t length)
{
    for (size_t i = 0; i < FEATURE_COUNT; i++)
        if (strlen(feature_table[i].name) == length && strncmp(feature_table[i].name, name, length) == 0)
            return (int)i;
    return -1;
}

static unsigned hide_features(unsigned features, const char *hidden)
{
    size_t at = strspn(hidden, hidden_separators);
    while (hidden[at]) {
        size_t length = strcspn(hidden + at, hidden_separators);
        int i = feature_index(hidden + at, length);
        if (i >= 0)
            features &= ~(feature_table[i].bit | feature_table[i].dependents);
        at += length;
        at += strspn(hidden + at, hidden_separators);
    }
    return features;
}

int cpu_check_hidden_features(char *message, size_t size)
{
    const char *hidden = getenv("ATTACKBENCH_HIDE_FEATURES");
    size_t at = hidden ? strspn(hidden, hidden_separators) : 0;
    while (hidden && hidden[at]) {
        size_t length = strcspn(hidden + at, hidden_separators);
        if (feature_index(hidden + at, length) < 0) {
            char known[512];
            snprintf(message, size, "ATTACKBENCH_HIDE_FEATURES: no feature named '%.*s' (known: %s)",
                     (int)(length > 64 ? 64 : length), hidden + at,
                     cpu_feature_names(cpu_known_features(), known, sizeof known));
            return -1;
        }
        at += length;
        at += strspn(hidden + at, hidden_separators);
    }
    return 0;
}

unsigned cpu_features(void)
{
    static unsigned cached;
    static int known;
    if (known)
        return cached;
    unsigned features = cpu_detected_features();
    /* The combined bit that the AVX-512 backends test. */
    if ((features & ATTACKBENCH_FEATURE_AVX512F) && (features & ATTACKBENCH_FEATURE_AVX512VL))
        features |= ATTACKBENCH_FEATURE_AVX512;
    const char *hidden = getenv("ATTACKBENCH_HIDE_FEATURES");
    if (hidden)
        features = hide_features(features, hidden);
    cached = features;
    known = 1;
    return features;
}

/* Append one name, whole or not at all; -1 when it does not fit. */
static int append_name(char *buffer, size_t size, size_t *used, const char *name)
{
    int written = snprintf(buffer + *used, size - *used, "%s%s", *used ? " " : "", name);
    if (written < 0 || (size_t)written >= size - *used) {
        buffer[*used] = '\0';
        return -1;
    }
    *used += (size_t)written;
    return 0;
}

unsigned cpu_known_features(void)
{
    unsigned known = 0;
    for (size_t i = 0; i < FEATURE_COUNT; i++)
        known |= feature_table[i].bit;
    return known;
}

const char *cpu_feature_names(unsigned features, char *buffer, size_t size)
{
    size_t used = 0;
    buffer[0] = '\0';
    for (size_t i = 0; i < FEATURE_COUNT; i++)
        if ((features & feature_table[i].bit) && append_name(buffer, size, &used, feature_table[i].name) != 0)
            return buffer;
    for (int bit = 0; bit < 32; bit++) {
        char name[24];
        snprintf(name, sizeof name, "unknown-bit-%d", bit);
        if ((features & ~cpu_known_features() & (1u << bit)) && append_name(buffer, size, &used, name) != 0)
            return buffer;
    }
    if (used == 0)
        snprintf(buffer, size, "none");
    return buffer;
}

/* One name of a target attribute string: gcc's spelling, which is the
 * table's but for BMI1 ("bmi"); WebAssembly's "simd128" needs no check
 * at run time (a module that uses it does not load without it). */
static int feature_of_target_name(const char *name, size_t length, unsigned *bit)
{
    if (length == 3 && strncmp(name, "bmi", 3) == 0) {
        *bit = ATTACKBENCH_FEATURE_BMI1;
        return 0;
    }
    if (length == 7 && strncmp(name, "simd128", 7) == 0) {
        *bit = 0;
        return 0;
    }
    for (size_t i = 0; i < FEATURE_COUNT; i++)
        if (strlen(feature_table[i].name) == length && strncmp(feature_table[i].name, name, length) == 0) {
            *bit = feature_table[i].bit;
            return 0;
        }
    return -1;
}

int cpu_features_of_target(const char *target, unsigned *features)
{
    unsigned bits = 0;
    int status = 0;
    for (size_t at = 0; target != NULL && target[at];) {
        size_t length = strcspn(target + at, ",");
        unsigned bit;
        if (feature_of_target_name(target + at, length, &bit) == 0)
            bits |= bit;
        else
            status = -1;
        at += length + (target[at + length] == ',');
    }
    /* AVX-512F with VL is the combined bit the backends have always named. */
    const unsigned foundation = ATTACKBENCH_FEATURE_AVX512F | ATTACKBENCH_FEATURE_AVX512VL;
    if ((bits & foundation) == foundation)
        bits = (bits & ~foundation) | ATTACKBENCH_FEATURE_AVX512;
    *features = bits;
    return status;
}

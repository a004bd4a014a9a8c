/* The x86-64 psABI levels this CPU has, every feature of the table in
 * x86_64_levels.h checked, and the portable build's refusal of a CPU
 * below its baseline.  A portable build compiles this file for the first
 * level (-march=x86-64), so that the refusal runs, before main, on any
 * x86-64 CPU. */
#if defined(__x86_64__)
#include <cpuid.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "x86_64_levels.h"

enum cpuid_register { EAX, EBX, ECX, EDX };

struct level_feature {
    int level;
    const char *name;
    unsigned leaf;
    enum cpuid_register register_index;
    int bit;
    unsigned hideable; /* the ATTACKBENCH_FEATURE_ bit, or 0 */
};

#define LEVEL_FEATURE(LEVEL, NAME, CPUINFO, LEAF, REGISTER, BIT, FEATURE) {LEVEL, NAME, LEAF, REGISTER, BIT, FEATURE},
static const struct level_feature level_features[] = {X86_64_LEVEL_FEATURES(LEVEL_FEATURE)};
enum { LEVEL_FEATURE_COUNT = sizeof level_features / sizeof level_features[0] };

/* Each leaf the table names is asked once: a CPUID in a virtual machine
 * exits to the hypervisor (13 us for __get_cpuid_count's two on a 2-vCPU
 * Zen 5 guest), and the levels ask about 70 times, 1 ms a start. */
static int cpuid_has(const struct level_feature *feature)
{
    static struct {
        unsigned leaf;
        int answered;
        unsigned registers[4];
    } asked[4];
    size_t slot = 0;
    while (slot < sizeof asked / sizeof asked[0] && asked[slot].answered != 0 && asked[slot].leaf != feature->leaf)
        slot++;
    if (slot == sizeof asked / sizeof asked[0]) {
        unsigned registers[4];
        return __get_cpuid_count(feature->leaf, 0, &registers[EAX], &registers[EBX], &registers[ECX],
                                 &registers[EDX]) &&
               ((registers[feature->register_index] >> feature->bit) & 1);
    }
    if (asked[slot].answered == 0) {
        unsigned *registers = asked[slot].registers;
        asked[slot].leaf = feature->leaf;
        asked[slot].answered =
            __get_cpuid_count(feature->leaf, 0, &registers[EAX], &registers[EBX], &registers[ECX], &registers[EDX])
                ? 1
                : -1;
    }
    return asked[slot].answered > 0 && ((asked[slot].registers[feature->register_index] >> feature->bit) & 1);
}

/* The register states level 3 (XMM, YMM) and level 4 (also the opmask
 * and ZMM states) need the operating system to save: XCR0's bits. */
static int states_saved(int level)
{
    const unsigned long long needed = level >= 4 ? 0xE6 : level == 3 ? 0x6 : 0;
    return needed == 0 || (cpu_saved_register_states() & needed) == needed;
}

/* Writes the names of the features of levels 1 to LEVEL this CPU lacks
 * (or FEATURES hides) into BUFFER; returns how many. */
static int lacking(int level, unsigned features, char *buffer, size_t size)
{
    int count = 0;
    buffer[0] = '\0';
    for (int i = 0; i < LEVEL_FEATURE_COUNT; i++) {
        const struct level_feature *feature = &level_features[i];
        if (feature->level > level)
            continue;
        if (cpuid_has(feature) && (feature->hideable & ~features) == 0)
            continue;
        size_t used = strlen(buffer);
        snprintf(buffer + used, size - used, "%s%s", count ? " " : "", feature->name);
        count++;
    }
    return count;
}

int x86_64_level(unsigned features)
{
    char names[256];
    int level = 0;
    while (level < 4 && lacking(level + 1, features, names, sizeof names) == 0 && states_saved(level + 1))
        level++;
    return level;
}

#ifdef ATTACKBENCH_BASELINE_GUARD
/* Before main and before any code built for the baseline: one line and
 * exit 2 on a CPU below it, instead of SIGILL somewhere later.  Levels 1
 * and 2 need no saved register state, so XGETBV is not reached. */
__attribute__((constructor(101))) static void refuse_cpu_below_baseline(void)
{
    char names[256];
    if (lacking(X86_64_BASELINE_LEVEL, ~0u, names, sizeof names) == 0)
        return;
    fprintf(stderr, "attackbench: this CPU lacks %s of x86-64-v%d, the level this portable build needs\n", names,
            X86_64_BASELINE_LEVEL);
    _exit(2);
}
#endif

#else
#include "x86_64_levels.h"

int x86_64_level(unsigned features)
{
    (void)features;
    return 0;
}
#endif

/* What the processor offers: instruction-set features checked at run time
 * (so a backend built for BMI2 or AVX-512 is skipped, never run, on a CPU
 * without them) and a description of the CPU for the CSV.  A vector
 * feature counts only when the operating system also saves its registers
 * (XGETBV), as a kernel or hypervisor may leave AVX or AVX-512 off. */
#ifndef ATTACKBENCH_CPU_H
#define ATTACKBENCH_CPU_H

#include <stddef.h>

enum cpu_feature {
    CPU_FEATURE_POPCNT = 1u << 0,
    CPU_FEATURE_BMI1 = 1u << 1,
    CPU_FEATURE_BMI2 = 1u << 2,
    CPU_FEATURE_LZCNT = 1u << 3,
    CPU_FEATURE_AVX2 = 1u << 4,
    /* AVX-512 Foundation plus the VL extension (256-bit forms). */
    CPU_FEATURE_AVX512 = 1u << 5,
    CPU_FEATURE_AVX512F = 1u << 6,
    /* EVEX encodings of 128- and 256-bit instructions. */
    CPU_FEATURE_AVX512VL = 1u << 7,
    /* Byte and word instructions (EVEX vpshufb). */
    CPU_FEATURE_AVX512BW = 1u << 8,
    /* Galois-field instructions, GF2P8AFFINEQB among them. */
    CPU_FEATURE_GFNI = 1u << 9,
    /* Conflict detection, for VPLZCNTQ. */
    CPU_FEATURE_AVX512CD = 1u << 10,
    /* Doubleword and quadword instructions, VPMULLQ among them. */
    CPU_FEATURE_AVX512DQ = 1u << 11,
};

/* The features this CPU has (CPU_FEATURE_* bits), less those named in
 * the environment variable ATTACKBENCH_HIDE_FEATURES (see cpu.c). */
unsigned cpu_features(void);

/* Space-separated names of the given feature bits, "none" for zero. */
const char *cpu_feature_names(unsigned features, char *buffer, size_t size);

/* The processor's brand string, e.g. "AMD EPYC 9654 96-Core Processor". */
const char *cpu_model_name(void);

/* The vendor string ("AuthenticAMD", "GenuineIntel") and the family and
 * model numbers as the vendors print them (extended fields added in). */
struct cpu_identity {
    char vendor[13];
    unsigned family, model;
};
const struct cpu_identity *cpu_identity(void);

/* Non-zero on CPUs that implement PEXT/PDEP in microcode (AMD family
 * 17h, Zen 1 and Zen 2), where they take tens to hundreds of cycles. */
int cpu_pext_is_microcoded(void);

#endif

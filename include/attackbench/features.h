/* The instruction-set features a backend may need, as bits of
 * `struct backend`'s `features`: the driver checks them at run time and
 * skips a backend whose features this CPU lacks, saying which.  Part of the
 * public contract; self-contained. */
#ifndef ATTACKBENCH_FEATURES_H
#define ATTACKBENCH_FEATURES_H

#include "attackbench_plugin.h"

enum cpu_feature {
    CPU_FEATURE_POPCNT = ATTACKBENCH_FEATURE_POPCNT,
    CPU_FEATURE_BMI1 = ATTACKBENCH_FEATURE_BMI1,
    CPU_FEATURE_BMI2 = ATTACKBENCH_FEATURE_BMI2,
    CPU_FEATURE_LZCNT = ATTACKBENCH_FEATURE_LZCNT,
    CPU_FEATURE_AVX2 = ATTACKBENCH_FEATURE_AVX2,
    /* AVX-512 Foundation plus the VL extension (256-bit forms). */
    CPU_FEATURE_AVX512 = ATTACKBENCH_FEATURE_AVX512,
    CPU_FEATURE_AVX512F = ATTACKBENCH_FEATURE_AVX512F,
    /* EVEX encodings of 128- and 256-bit instructions. */
    CPU_FEATURE_AVX512VL = ATTACKBENCH_FEATURE_AVX512VL,
    /* Byte and word instructions (EVEX vpshufb). */
    CPU_FEATURE_AVX512BW = ATTACKBENCH_FEATURE_AVX512BW,
    /* Galois-field instructions, GF2P8AFFINEQB among them. */
    CPU_FEATURE_GFNI = ATTACKBENCH_FEATURE_GFNI,
    /* Conflict detection, for VPLZCNTQ. */
    CPU_FEATURE_AVX512CD = ATTACKBENCH_FEATURE_AVX512CD,
    /* Doubleword and quadword instructions, VPMULLQ among them. */
    CPU_FEATURE_AVX512DQ = ATTACKBENCH_FEATURE_AVX512DQ,
    CPU_FEATURE_SVE2 = ATTACKBENCH_FEATURE_SVE2,
    CPU_FEATURE_SVE2_BITPERM = ATTACKBENCH_FEATURE_SVE2_BITPERM,
};

/* Instructions a lookup relies on that some CPUs implement slowly, as bits
 * of `struct backend`'s `instructions`: on such a CPU, --list and the
 * benchmark's table name them beside the backend (the CPUs and their
 * sources: src/platform/slow_instructions.c). */
enum special_instruction {
    INSTRUCTION_PEXT = 1u << 0,
    INSTRUCTION_PDEP = 1u << 1,
};

#endif

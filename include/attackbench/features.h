/* The instruction-set features a backend may need, as bits of
 * `struct backend`'s `features`: the driver checks them at run time and
 * skips a backend whose features this CPU lacks, saying which.  Part of the
 * public contract; self-contained. */
#ifndef ATTACKBENCH_FEATURES_H
#define ATTACKBENCH_FEATURES_H

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

#endif

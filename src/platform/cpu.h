/* What the processor offers: instruction-set features checked at run time
 * (so a backend built for BMI2 or AVX-512 is skipped, never run, on a CPU
 * without them) and a description of the CPU for the CSV.  A vector
 * feature counts only when the operating system also saves its registers
 * (XGETBV), as a kernel or hypervisor may leave AVX or AVX-512 off. */
#ifndef ATTACKBENCH_CPU_H
#define ATTACKBENCH_CPU_H

#include <stddef.h>

#include "attackbench/features.h"

/* The feature bits (ATTACKBENCH_FEATURE_*) are the public contract's:
 * include/attackbench/features.h. */

/* What the CPU reports, before ATTACKBENCH_HIDE_FEATURES (the
 * architecture's file). */
unsigned cpu_detected_features(void);

/* The features this CPU has (ATTACKBENCH_FEATURE_* bits), less those named in
 * the environment variable ATTACKBENCH_HIDE_FEATURES (see cpu.c). */
unsigned cpu_features(void);

/* Whether every name in ATTACKBENCH_HIDE_FEATURES is a feature of the
 * table: 0, or -1 with one line in message naming the first unknown name
 * and the known ones (a misspelt name would otherwise hide nothing). */
int cpu_check_hidden_features(char *message, size_t size);

/* Every feature bit this attackbench knows. */
unsigned cpu_known_features(void);

/* The features a target attribute string needs ("avx2,gfni", gcc's
 * names, "bmi" for bmi1; AVX-512F with VL as the combined
 * ATTACKBENCH_FEATURE_AVX512): 0, or -1 when a name is not a feature of
 * the table (the bits of the others are still stored).  NULL needs none. */
int cpu_features_of_target(const char *target, unsigned *features);

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

/* Non-zero when the CPU is an emulator's (qemu-user on aarch64), whose
 * timings say nothing about any real CPU. */
int cpu_is_emulated(void);

#endif

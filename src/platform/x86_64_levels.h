/* The x86-64 micro-architecture levels of the x86-64 psABI (section
 * 3.1.1, "Micro-architecture levels"): the CPUID features each level
 * adds to the one below, and the levels a portable build (make
 * PORTABLE=1) compiles its backends for.  The one table of them: the
 * Makefile reads the variant rows (suffix and compiler flags), the
 * registry chooses a backend's copy by them, tests/portable.sh reads the
 * /proc/cpuinfo names, and x86_64_level.c checks every feature. */
#ifndef ATTACKBENCH_X86_64_LEVELS_H
#define ATTACKBENCH_X86_64_LEVELS_H

#include "attackbench/features.h"

/* X(LEVEL, NAME, CPUINFO, LEAF, REGISTER, BIT, FEATURE): NAME as the
 * psABI writes it, CPUINFO as Linux's /proc/cpuinfo flags do ("-" where
 * it does not show it), the CPUID leaf (sub-leaf 0), register and bit,
 * and the ATTACKBENCH_FEATURE_ bit that ATTACKBENCH_HIDE_FEATURES can
 * hide, or 0.  OSFXSR, a baseline bit of a control register, is the
 * kernel's and not read.  AVX and AVX-512 also need the operating system
 * to save their registers (XGETBV), which x86_64_level.c checks. */
#define X86_64_LEVEL_FEATURES(X) \
    X(1, "CMOV", "cmov", 0x1, EDX, 15, 0) \
    X(1, "CX8", "cx8", 0x1, EDX, 8, 0) \
    X(1, "FPU", "fpu", 0x1, EDX, 0, 0) \
    X(1, "FXSR", "fxsr", 0x1, EDX, 24, 0) \
    X(1, "MMX", "mmx", 0x1, EDX, 23, 0) \
    X(1, "SCE", "syscall", 0x80000001, EDX, 11, 0) \
    X(1, "SSE", "sse", 0x1, EDX, 25, 0) \
    X(1, "SSE2", "sse2", 0x1, EDX, 26, 0) \
    X(2, "CMPXCHG16B", "cx16", 0x1, ECX, 13, 0) \
    X(2, "LAHF-SAHF", "lahf_lm", 0x80000001, ECX, 0, 0) \
    X(2, "POPCNT", "popcnt", 0x1, ECX, 23, ATTACKBENCH_FEATURE_POPCNT) \
    X(2, "SSE3", "pni", 0x1, ECX, 0, 0) \
    X(2, "SSE4_1", "sse4_1", 0x1, ECX, 19, 0) \
    X(2, "SSE4_2", "sse4_2", 0x1, ECX, 20, 0) \
    X(2, "SSSE3", "ssse3", 0x1, ECX, 9, 0) \
    X(3, "AVX", "avx", 0x1, ECX, 28, 0) \
    X(3, "AVX2", "avx2", 0x7, EBX, 5, ATTACKBENCH_FEATURE_AVX2) \
    X(3, "BMI1", "bmi1", 0x7, EBX, 3, ATTACKBENCH_FEATURE_BMI1) \
    X(3, "BMI2", "bmi2", 0x7, EBX, 8, ATTACKBENCH_FEATURE_BMI2) \
    X(3, "F16C", "f16c", 0x1, ECX, 29, 0) \
    X(3, "FMA", "fma", 0x1, ECX, 12, 0) \
    X(3, "LZCNT", "abm", 0x80000001, ECX, 5, ATTACKBENCH_FEATURE_LZCNT) \
    X(3, "MOVBE", "movbe", 0x1, ECX, 22, 0) \
    X(3, "OSXSAVE", "-", 0x1, ECX, 27, 0) \
    X(4, "AVX512F", "avx512f", 0x7, EBX, 16, ATTACKBENCH_FEATURE_AVX512F) \
    X(4, "AVX512BW", "avx512bw", 0x7, EBX, 30, ATTACKBENCH_FEATURE_AVX512BW) \
    X(4, "AVX512CD", "avx512cd", 0x7, EBX, 28, ATTACKBENCH_FEATURE_AVX512CD) \
    X(4, "AVX512DQ", "avx512dq", 0x7, EBX, 17, ATTACKBENCH_FEATURE_AVX512DQ) \
    X(4, "AVX512VL", "avx512vl", 0x7, EBX, 31, ATTACKBENCH_FEATURE_AVX512VL)

/* The portable build's baseline: the driver and a copy of every backend
 * are compiled for it, and a CPU below it is refused at start-up. */
#define X86_64_BASELINE_LEVEL 2

/* X(ARGUMENT, SUFFIX, NAME, LEVEL, FLAGS, EXTRA): the other copies of
 * each backend, highest first: the descriptor suffix, the name --list
 * shows, the psABI level, the compiler flags, and the features beyond the
 * level it also needs; ARGUMENT is passed through.  The Makefile reads
 * these rows, one a line. */
#define X86_64_VARIANTS(X, ARGUMENT) \
    X(ARGUMENT, v4gfni, "x86-64-v4 with GFNI", 4, "-march=x86-64-v4 -mgfni", ATTACKBENCH_FEATURE_GFNI) \
    X(ARGUMENT, v4, "x86-64-v4", 4, "-march=x86-64-v4", 0) \
    X(ARGUMENT, v3, "x86-64-v3", 3, "-march=x86-64-v3", 0)

/* The highest psABI level (1 to 4) of which this CPU has every feature,
 * those ATTACKBENCH_HIDE_FEATURES can hide counting only when in
 * FEATURES (cpu_features()); 0 on other architectures. */
int x86_64_level(unsigned features);

/* The register states the operating system saves on a context switch
 * (XCR0), or 0 when it has not enabled XSAVE (cpu_x86_64.c). */
unsigned long long cpu_saved_register_states(void);

#endif

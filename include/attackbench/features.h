/* Instructions a lookup relies on, beside the CPU features it needs
 * (those are the plugin contract's ATTACKBENCH_FEATURE_* bits, in
 * include/attackbench_plugin.h).  Internal, like all of include/attackbench/. */
#ifndef ATTACKBENCH_FEATURES_H
#define ATTACKBENCH_FEATURES_H

#include "attackbench_plugin.h"

/* Instructions a lookup relies on that some CPUs implement slowly, as bits
 * of `struct backend`'s `instructions`: on such a CPU, --list and the
 * benchmark's table name them beside the backend (the CPUs and their
 * sources: src/platform/slow_instructions.c). */
enum special_instruction {
    INSTRUCTION_PEXT = 1u << 0,
    INSTRUCTION_PDEP = 1u << 1,
};

#endif

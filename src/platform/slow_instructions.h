/* Instructions that some CPUs implement slowly (in microcode), so that a
 * backend relying on them ranks differently there: which ones this CPU
 * has, and a sentence naming them with the source of the fact. */
#ifndef ATTACKBENCH_SLOW_INSTRUCTIONS_H
#define ATTACKBENCH_SLOW_INSTRUCTIONS_H

#include <stddef.h>

#include "attackbench/features.h"
#include "cpu.h"

/* The INSTRUCTION_* bits that a CPU of this identity implements slowly. */
unsigned slow_instructions_of(const struct cpu_identity *identity);

/* The same for this CPU; ATTACKBENCH_SLOW_INSTRUCTIONS_CPU="VENDOR FAMILY
 * MODEL" (decimal) answers as for that CPU instead, for tests. */
unsigned cpu_slow_instructions(void);

/* "PEXT and PDEP are microcoded on this CPU (AMD family 23, Zen to Zen 2:
 * ...)" for those of `instructions` that this CPU implements slowly; NULL
 * when there are none. */
const char *slow_instruction_warning(unsigned instructions, char *buffer, size_t size);

#endif

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

/* Whether ATTACKBENCH_SLOW_INSTRUCTIONS_CPU, where set and not empty,
 * reads as "VENDOR FAMILY MODEL" (a vendor of 1 to 12 characters, two
 * decimal numbers): 0, or -1 with one line in message (a malformed value
 * would pretend nothing, and the warnings asked for would not appear). */
int slow_instructions_check_environment(char *message, size_t size);

/* "PEXT and PDEP are microcoded on this CPU (AMD family 23, Zen to Zen 2:
 * ...)" for those of `instructions` that this CPU implements slowly; NULL
 * when there are none. */
const char *slow_instruction_warning(unsigned instructions, char *buffer, size_t size);

#endif

/* --count=instructions: instructions per lookup of every backend, counted
 * under valgrind's callgrind (the processes: measure/callgrind.h). */
#ifndef ATTACKBENCH_INSTRUCTION_COUNT_H
#define ATTACKBENCH_INSTRUCTION_COUNT_H

#include "attackbench/backend.h"
#include "options.h"

/* Under callgrind: count one pass of every selected backend over every
 * selected workload, piece and dispatch, and write rows whose metric is
 * "instructions" to the chosen outputs; returns the exit status. */
int count_command(const struct options *options, const struct backend **selected, int count);

#endif

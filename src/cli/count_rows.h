/* The counting process of --count=instructions (src/cli/count_rows.c;
 * the processes: src/measure/callgrind.c). */
#ifndef ATTACKBENCH_COUNT_ROWS_H
#define ATTACKBENCH_COUNT_ROWS_H

#include "attackbench/backend.h"
#include "measure/callgrind.h"
#include "options.h"

/* Under callgrind, whose dumps are named OUTPUT.1, OUTPUT.2, ...: count
 * every selected backend and write the rows, naming HOST's CPU (when
 * known) beside the one valgrind emulates; returns the exit status. */
int count_rows(const struct options *options, const struct backend **selected, int count, const char *output,
               const struct host_cpu *host);

#endif

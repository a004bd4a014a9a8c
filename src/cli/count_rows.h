/* The counting process of --count=instructions (src/cli/count_rows.c). */
#ifndef ATTACKBENCH_COUNT_ROWS_H
#define ATTACKBENCH_COUNT_ROWS_H

#include "attackbench/backend.h"
#include "options.h"

/* The CPU the count was started on, as the parent process saw it: under
 * valgrind, CPUID describes valgrind's emulated CPU instead. */
struct host_cpu {
    char name[64];
    char vendor[16];
    char family[12];
    char model[12];
};

/* Under callgrind, whose dumps are named OUTPUT.1, OUTPUT.2, ...: count
 * every selected backend and write the rows, naming HOST's CPU (when
 * known) beside the one valgrind emulates; returns the exit status. */
int count_rows(const struct options *options, const struct backend **selected, int count, const char *output,
               const struct host_cpu *host);

#endif

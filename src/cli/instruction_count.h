/* --count=instructions: instructions per lookup of every backend, counted
 * by valgrind's callgrind, which gives the same count for the same binary
 * and input however busy the machine is. */
#ifndef ATTACKBENCH_INSTRUCTION_COUNT_H
#define ATTACKBENCH_INSTRUCTION_COUNT_H

#include "attackbench/backend.h"
#include "options.h"

/* Keep main's argc and argv (before --plugin is taken out of them): the
 * arguments the counted process is started with. */
void remember_command_line(int argc, char **argv);

/* Whether this process is the one valgrind runs for --count=instructions. */
int counting_under_callgrind(void);

/* Run this same command under callgrind and return its exit status (2
 * when valgrind is missing or cannot run this binary). */
int count_under_callgrind(void);

/* Under callgrind: count one pass of every selected backend over every
 * selected workload, piece and dispatch, and write rows whose metric is
 * "instructions" to the chosen outputs; returns the exit status. */
int count_command(const struct options *options, const struct backend **selected, int count);

#endif

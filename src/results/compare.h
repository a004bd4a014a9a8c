/* `attackbench compare BASE NEW`: two result files, row by row, as a
 * markdown table with a verdict per row and an exit status for CI. */
#ifndef ATTACKBENCH_COMPARE_H
#define ATTACKBENCH_COMPARE_H

#include <stdio.h>

#include "result_file.h"

/* Exit statuses beside 0 (no regression), 1 and 2 (bad usage or input). */
enum { EXIT_REGRESSION = 3 };

int compare_command(int argc, char **argv);

/* --normalize=METHOD: replace every row's samples by its ratio to METHOD's
 * row of the same configuration in the same file, round by round when both
 * have as many samples (the rounds were interleaved), else against METHOD's
 * median.  METHOD's own rows, and rows without a METHOD row, are dropped;
 * the latter are listed on `notes`.  Returns -1 when the file has no
 * METHOD row at all. */
int normalize_records(struct result_file *file, const char *method, FILE *notes);

#endif

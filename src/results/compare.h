/* Two result files compared row by row, as a markdown table with a
 * verdict per row and an exit status for CI (`attackbench compare BASE
 * NEW`, whose command line is cli/compare_command.c). */
#ifndef ATTACKBENCH_COMPARE_H
#define ATTACKBENCH_COMPARE_H

#include <stdio.h>

#include "result_file.h"

/* Exit statuses beside 0 (no regression), 1 and 2 (bad usage or input). */
enum { EXIT_REGRESSION = 3 };

/* What compare judges, and how. */
enum { COMPARE_FILTER_METHOD, COMPARE_FILTER_PIECE, COMPARE_FILTER_WORKLOAD, COMPARE_FILTER_COUNT };
struct compare_settings {
    double threshold;                          /* fraction, e.g. 0.05; < 0: each metric's default */
    int absolute;                              /* no group shift taken out */
    int strict;                                /* disturbed rows judged all the same */
    const char *normalize;                     /* a method, or NULL */
    const char *filters[COMPARE_FILTER_COUNT]; /* comma-separated shell patterns; NULL: every row */
    const char *paths[2];                      /* BASE, NEW */
    int bmf;                                   /* --format=bmf: Bencher's JSON, not the table */
};

/* Reads both files and prints the comparison on standard output, the
 * problems on standard error.  Returns the exit status: 0, 2 (a file
 * unreadable or malformed, runs of different machines or builds without
 * normalize) or EXIT_REGRESSION. */
int compare_result_files(const struct compare_settings *settings);

/* --normalize=METHOD: replace every row's samples by its ratio to METHOD's
 * row of the same configuration in the same file, round by round when both
 * have as many samples (the rounds were interleaved), else against METHOD's
 * median.  METHOD's own rows, and rows without a METHOD row, are dropped;
 * the latter are listed on `notes`.  Returns -1 when the file has no
 * METHOD row at all. */
int normalize_records(struct result_file *file, const char *method, FILE *notes);

#endif

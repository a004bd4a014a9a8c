/* The benchmark's last stage: writing the result set (--csv, then the
 * table, CSV or JSON on standard output) and the lines that close a run. */
#ifndef ATTACKBENCH_BENCHMARK_REPORT_H
#define ATTACKBENCH_BENCHMARK_REPORT_H

#include "options.h"
#include "results.h"
#include "session.h"

/* A run that measured nothing is an error: says which pieces the boards
 * lack and returns exit status 2 (no file is written). */
int report_nothing_measured(const struct options *options, unsigned empty_pieces);

/* --csv (replaced atomically), then standard output in the chosen format.
 * Returns 0, or 2 after printing a write error. */
int write_outputs(const struct session *session, const struct result_set *results);

/* One line: how many rows are too spread or disturbed to trust. */
void print_spread_summary(const struct result_set *results);

/* Per workload and piece, the fastest method in batch mode (standard error). */
void print_fastest_summary(const struct result_set *results);

#endif

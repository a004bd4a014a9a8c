/* The lines that close a benchmark run on standard error (the result set
 * itself is written by result_outputs.h). */
#ifndef ATTACKBENCH_BENCHMARK_REPORT_H
#define ATTACKBENCH_BENCHMARK_REPORT_H

#include "options.h"
#include "results/results.h"
#include "session.h"

/* A run that measured nothing (what: "measure"), or a dump that wrote no
 * row ("dump"), is an error: says which pieces the boards lack and
 * returns exit status 2 (no file is written). */
int report_nothing_to(const char *what, const struct options *options, unsigned empty_pieces);

/* One line: how many rows are too spread or disturbed to trust. */
void print_spread_summary(const struct result_set *results);

/* Per workload and piece, the fastest method in batch mode (standard error). */
void print_fastest_summary(const struct result_set *results);

#endif

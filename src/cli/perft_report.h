/* What `attackbench perft` prints of a finished run: the summary on
 * stderr, the per-method CSV and Bencher's JSON, from the figures of
 * engine_view/perft_figures.h. */
#ifndef ATTACKBENCH_PERFT_REPORT_H
#define ATTACKBENCH_PERFT_REPORT_H

#include <stdio.h>

#include "engine_view/perft_state.h"

/* The summary on stderr: one line, or a table of the methods. */
void perft_report_summary(const struct perft_run *run);

/* One CSV row per method, with the run's metadata; for write_file_atomically. */
void perft_write_method_csv(FILE *out, void *run);
/* --format=bmf: one benchmark per method, "perft/METHOD/depth D/SETTING",
 * the measure "throughput" (nodes per second, Bencher's own) with the
 * slowest and fastest repetitions as bounds. */
void perft_write_method_bmf(FILE *out, const struct perft_run *run);

#endif

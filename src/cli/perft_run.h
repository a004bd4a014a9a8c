/* The inside of `attackbench perft`: the settings from the command line,
 * the chosen methods with their timings, and the run that streams the
 * positions through them in blocks.  perft_command.c parses and orders the
 * stages, perft_run.c counts and times, perft_report.c summarises. */
#ifndef ATTACKBENCH_PERFT_RUN_H
#define ATTACKBENCH_PERFT_RUN_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "perft_state.h"

/* Read every position of the files, in blocks: check legality, count and
 * time every block with every method, and print its rows.  Returns 0, or
 * -1 when it stopped early (a signal, or run->failed set after an error
 * was reported); what was finished stays in the totals. */
int perft_count_files(struct perft_run *run);

/* Read the named files (not standard input) and report every illegal
 * position or malformed line, before anything is counted.  Returns 0 or
 * -1 (after reporting, or on a signal). */
int perft_check_files(const struct perft_run *run);

/* The summary on stderr: one line, or a table of the methods. */
void perft_report_summary(const struct perft_run *run);

/* One CSV row per method, with the run's metadata; for write_file_atomically. */
void perft_write_method_csv(FILE *out, void *run);
/* --format=bmf: one benchmark per method, "perft/METHOD/depth D/SETTING",
 * the measure "throughput" (nodes per second, Bencher's own) with the
 * slowest and fastest repetitions as bounds. */
void perft_write_method_bmf(FILE *out, const struct perft_run *run);

#endif

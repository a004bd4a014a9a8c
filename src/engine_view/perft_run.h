/* The inside of `attackbench perft`: the run that streams the positions
 * through the chosen methods in blocks, counting and timing them.
 * cli/perft_command.c parses and orders the stages, perft_run.c opens,
 * counts, times and closes, perft_figures.c reduces the timings,
 * cli/perft_report.c prints them. */
#ifndef ATTACKBENCH_PERFT_RUN_H
#define ATTACKBENCH_PERFT_RUN_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "perft_state.h"

/* The run of SETTINGS with the COUNT methods CHOSEN: its buffers, the
 * workers (processes before the methods' tables are built, threads
 * after), each method's tables, the calling thread's engine memory.
 * Returns 0, or -1 after printing why not; perft_run_close() frees what
 * was opened either way. */
int perft_run_open(struct perft_run *run, const struct perft_settings *settings, const struct backend **chosen,
                   int count);

/* Stop the workers and free everything perft_run_open() took. */
void perft_run_close(struct perft_run *run);

/* Read every position of the files, in blocks: check legality, count and
 * time every block with every method, and print its rows.  Returns 0, or
 * -1 when it stopped early (a signal, or run->failed set after an error
 * was reported); what was finished stays in the totals. */
int perft_count_files(struct perft_run *run);

/* Read the named files (not standard input) and report every illegal
 * position or malformed line, before anything is counted.  Returns 0 or
 * -1 (after reporting, or on a signal). */
int perft_check_files(const struct perft_run *run);

#endif

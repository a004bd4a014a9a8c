/* perft's figures: each method's repetitions reduced to median and spread
 * (MAD, as the benchmark reports them), its nodes per second, the fastest
 * median and the setting in words, for cli/perft_report.c to print. */
#ifndef ATTACKBENCH_PERFT_FIGURES_H
#define ATTACKBENCH_PERFT_FIGURES_H

#include <stddef.h>

#include "measure/statistics.h"
#include "perft_state.h"

/* Median, extremes and MAD of a method's repetitions. */
struct statistics perft_method_summary(const struct perft_run *run, const struct perft_method *method);

/* The median with one worker, or 0 without workers. */
double perft_solo_median(const struct perft_run *run, const struct perft_method *method);

/* The method's nodes per second in SECONDS (0 for no time). */
double perft_nodes_per_second(const struct perft_method *method, double seconds);

/* The MAD as a percentage of the median (0 for a zero median). */
double perft_mad_percent(struct statistics summary);

/* The fastest median, which `relative` divides by. */
double perft_fastest_median(const struct perft_run *run);

/* The shortest median pass of any method (a block of 1024 positions, or
 * all of them where there are fewer; with all workers where there are
 * workers). */
double perft_shortest_pass(const struct perft_run *run);

/* The depth of every position, or "mixed". */
void perft_format_depth(const struct perft_run *run, char *text, size_t size);

/* "2 threads, hash probe in 65536 KB, 2048 network bytes read per node":
 * the setting, "1 thread" for the plain run. */
void perft_describe_setting(const struct perft_run *run, char *text, size_t size);

#endif

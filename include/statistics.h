/* Statistics of the measurements: a sample's median, spread and range,
 * and the figures derived across a group of rows. */
#ifndef ATTACKBENCH_STATISTICS_H
#define ATTACKBENCH_STATISTICS_H

struct statistics {
    double median, min, max, mad; /* mad: median absolute deviation */
};

/* Median, min, max and MAD of `count` samples (zeros when count <= 0). */
struct statistics summarize(const double *samples, int count);

struct result_set;

/* For every row: its median relative to the fastest non-baseline median
 * of its group, and the baseline's (null) median of its group as the
 * harness cost (< 0 when the group has none). */
void derive_group_figures(struct result_set *set);

#endif

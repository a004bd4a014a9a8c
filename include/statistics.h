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

/* For every row: its time relative to the fastest method of its group,
 * as the median of the per-round ratios (each round times every method
 * once, so a slowdown of a whole round cancels) with their MAD; the
 * baseline's (null) median as the harness cost (< 0 when the group has
 * none); and the canary's drift (canary_drift()) of its group. */
void derive_group_figures(struct result_set *set);

struct measurement;

/* How far the baseline's time moved between the first and the last third
 * of the rounds, as a share of its median: the baseline does the same
 * fixed work every round, so a drift says the machine changed speed
 * during the measurement. */
double canary_drift(const struct measurement *baseline);

/* The same over plain samples (rounds in order): 0 unless the first and
 * the last third of the rounds do not overlap. */
double canary_drift_of(const double *samples, int rounds);

#endif

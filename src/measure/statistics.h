/* Statistics of one sample set: its median, spread and range, and its
 * drift from the first rounds to the last. */
#ifndef ATTACKBENCH_STATISTICS_H
#define ATTACKBENCH_STATISTICS_H

struct statistics {
    double median, min, max, mad; /* mad: median absolute deviation */
};

/* Median, min, max and MAD of `count` samples (zeros when count <= 0). */
struct statistics summarize(const double *samples, int count);

/* How far the baseline's time moved between the first and the last third
 * of the rounds, as a share of its median: the baseline does the same
 * fixed work every round, so a drift says the machine changed speed
 * during the measurement.  0 unless the first and the last third of the
 * rounds (samples in order) do not overlap. */
double canary_drift_of(const double *samples, int rounds);

#endif

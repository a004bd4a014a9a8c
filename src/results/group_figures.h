/* The figures derived across a group of rows: each row's time relative to
 * its group's fastest, the harness cost, and the canary's drift. */
#ifndef ATTACKBENCH_GROUP_FIGURES_H
#define ATTACKBENCH_GROUP_FIGURES_H

#include "results.h"

/* For every row: its time relative to the fastest method of its group,
 * as the median of the per-round ratios (each round times every method
 * once, so a slowdown of a whole round cancels) with their MAD; the
 * baseline's (null) median as the harness cost (< 0 when the group has
 * none); and the canary's drift (canary_drift()) of its group. */
void derive_group_figures(struct result_set *set);

/* How far the baseline's time moved between the first and the last third
 * of the rounds, as a share of its median: the baseline does the same
 * fixed work every round, so a drift says the machine changed speed
 * during the measurement. */
double canary_drift(const struct measurement *baseline);

#endif

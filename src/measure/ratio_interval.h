/* The ratio new/base of two sets of repetitions, with a confidence
 * interval that assumes no distribution (see src/measure/ratio_interval.c). */
#ifndef ATTACKBENCH_RATIO_INTERVAL_H
#define ATTACKBENCH_RATIO_INTERVAL_H

#include <stddef.h>
#include <stdint.h>

struct ratio_estimate {
    double ratio;     /* Hodges-Lehmann: the median of all new_j / base_i */
    double low, high; /* the interval; 0 and infinity when unbounded */
    int bounded;      /* 0: too few samples for the confidence asked */
};

/* Estimate new/base from m base and n new positive samples at the given
 * confidence (e.g. 0.95).  Returns 0, or -1 when out of memory. */
int ratio_interval(const double *base, size_t m, const double *changed, size_t n, double confidence,
                   struct ratio_estimate *estimate);

/* The largest k >= 1 with P(U <= k - 1) <= tail under the null
 * hypothesis, for samples of m and n values; the interval runs from the
 * k-th smallest to the k-th largest of the m*n ratios.  0 when even k = 1
 * leaves too large a tail (too few samples). */
uint64_t mann_whitney_rank(size_t m, size_t n, double tail);

/* Whether the whole interval lies above `bound` (the new side slower by
 * more than it): an unbounded estimate never does. */
int ratio_exceeds(const struct ratio_estimate *estimate, double bound);

/* The point rank (1 = best) of each of `count` values among the others
 * that are `included` (nonzero): 1 plus how many included values are
 * better, lower ones when lower_is_better, higher ones otherwise; ties
 * share a rank.  A value not included gets rank 0. */
void point_ranks(const double *values, const int *included, size_t count, int lower_is_better, int *ranks);

/* One set of repetitions: times, lower is better. */
struct sample_set {
    const double *values;
    size_t count;
};

/* The ranks (1 = fastest) that the repetitions allow each of `count` sets:
 * low[i] is 1 plus the sets faster than set i by a ratio whose interval at
 * `confidence` excludes 1, high[i] is count less the sets slower by such a
 * ratio; a set told apart from every other has low[i] == high[i].
 * Returns 0, or -1 when out of memory. */
int rank_intervals(const struct sample_set *sets, size_t count, double confidence, int *low, int *high);

#endif

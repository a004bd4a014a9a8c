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

#endif

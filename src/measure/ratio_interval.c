/* The ratio of two samples' typical values with a distribution-free
 * confidence interval: the Hodges-Lehmann estimate of the shift between
 * log(new) and log(base), i.e. the median of all ratios new_j / base_i,
 * and the interval between two order statistics of those ratios chosen by
 * the Mann-Whitney U distribution (Hollander & Wolfe, "Nonparametric
 * Statistical Methods", section 4.3).  No random numbers: the same files
 * always give the same interval. */
#include "ratio_interval.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Above this many pairs the normal approximation of U is used. */
static const double EXACT_PAIR_LIMIT = 40000;

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The standard normal quantile z with P(Z > z) = tail, by bisection on
 * erfc (the C library has no inverse). */
static double normal_upper_quantile(double tail)
{
    double low = -10, high = 10;
    for (int step = 0; step < 100; step++) {
        double middle = (low + high) / 2;
        if (erfc(middle / sqrt(2)) / 2 > tail)
            low = middle;
        else
            high = middle;
    }
    return (low + high) / 2;
}

/* The number of arrangements of m and n values with U = u, for every u,
 * as the coefficients of the Gaussian binomial coefficient
 * prod_{i=1..m} (1 - q^(n+i)) / (1 - q^i).  Returns P(U <= u) in place. */
static double *u_distribution(size_t m, size_t n)
{
    size_t top = m * n;
    double *count = calloc(top + 1, sizeof *count);
    if (count == NULL)
        return NULL;
    count[0] = 1;
    for (size_t i = 1; i <= m; i++) {
        for (size_t u = top; u >= n + i; u--) /* times (1 - q^(n+i)) */
            count[u] -= count[u - (n + i)];
        for (size_t u = i; u <= top; u++) /* divided by (1 - q^i) */
            count[u] += count[u - i];
    }
    double total = 0;
    for (size_t u = 0; u <= top; u++)
        total += count[u];
    double cumulative = 0;
    for (size_t u = 0; u <= top; u++) {
        cumulative += count[u];
        count[u] = cumulative / total;
    }
    return count;
}

uint64_t mann_whitney_rank(size_t m, size_t n, double tail)
{
    double pairs = (double)m * (double)n;
    if (pairs > EXACT_PAIR_LIMIT) {
        /* U is close to normal: mean mn/2, variance mn(m+n+1)/12. */
        double z = normal_upper_quantile(tail);
        double k = floor(pairs / 2 - z * sqrt(pairs * (double)(m + n + 1) / 12));
        return k < 1 ? 0 : (uint64_t)k;
    }
    double *probability = u_distribution(m, n);
    if (probability == NULL)
        return 0;
    uint64_t k = 0;
    while (k < (uint64_t)m * n && probability[k] <= tail)
        k++;
    free(probability);
    return k;
}

/* How many ratios changed[j] / base[i] are at most t, with both samples
 * sorted ascending: along a row the ratios grow with j, down a column they
 * fall with i, so one walk over both samples counts them (O(m + n)).  The
 * ratios are computed by division exactly as a listing of them would be,
 * and rounding keeps division monotone, so the count is that listing's. */
static uint64_t ratios_at_most(const double *base, size_t m, const double *changed, size_t n, double t)
{
    uint64_t count = 0;
    size_t j = 0;
    for (size_t i = 0; i < m; i++) { /* the row with the largest ratios first */
        while (j < n && changed[j] / base[i] <= t)
            j++;
        count += j;
    }
    return count;
}

static uint64_t double_bits(double value)
{
    uint64_t bits;
    memcpy(&bits, &value, sizeof bits);
    return bits;
}

static double bits_double(uint64_t bits)
{
    double value;
    memcpy(&value, &bits, sizeof value);
    return value;
}

/* The rank-th smallest (from 1) of the m * n ratios, exactly, without
 * listing them: the smallest double t with at least `rank` ratios at most
 * t is that ratio.  Positive doubles order as their bit patterns, so a
 * bisection over the bits takes at most 64 counts. */
static double ratio_of_rank(const double *base, size_t m, const double *changed, size_t n, uint64_t rank)
{
    uint64_t low = 0, high = double_bits(changed[n - 1] / base[0]); /* the largest ratio */
    while (low < high) {
        uint64_t middle = low + (high - low) / 2;
        if (ratios_at_most(base, m, changed, n, bits_double(middle)) >= rank)
            high = middle;
        else
            low = middle + 1;
    }
    return bits_double(low);
}

int ratio_interval(const double *base, size_t m, const double *changed, size_t n, double confidence,
                   struct ratio_estimate *estimate)
{
    double *sorted_base = malloc(m * sizeof *sorted_base), *sorted_changed = malloc(n * sizeof *sorted_changed);
    if (sorted_base == NULL || sorted_changed == NULL) {
        free(sorted_base);
        free(sorted_changed);
        return -1;
    }
    memcpy(sorted_base, base, m * sizeof *base);
    memcpy(sorted_changed, changed, n * sizeof *changed);
    qsort(sorted_base, m, sizeof *sorted_base, compare_doubles);
    qsort(sorted_changed, n, sizeof *sorted_changed, compare_doubles);
    /* 64 bits: 100,000 samples a side are 10^10 pairs, beyond a 32-bit
     * size_t (wasm32). */
    uint64_t pairs = (uint64_t)m * n;
#define RANK(r) ratio_of_rank(sorted_base, m, sorted_changed, n, (r))
    estimate->ratio = pairs % 2 ? RANK(pairs / 2 + 1) : sqrt(RANK(pairs / 2) * RANK(pairs / 2 + 1));
    uint64_t k = mann_whitney_rank(m, n, (1 - confidence) / 2);
    estimate->bounded = k > 0;
    estimate->low = k ? RANK(k) : 0;
    estimate->high = k ? RANK(pairs - k + 1) : INFINITY;
#undef RANK
    free(sorted_base);
    free(sorted_changed);
    return 0;
}

int ratio_exceeds(const struct ratio_estimate *estimate, double bound)
{
    return estimate->bounded && estimate->low > bound;
}

void point_ranks(const double *values, const int *included, size_t count, int lower_is_better, int *ranks)
{
    for (size_t i = 0; i < count; i++) {
        ranks[i] = 0;
        if (!included[i])
            continue;
        ranks[i] = 1;
        for (size_t o = 0; o < count; o++)
            if (o != i && included[o])
                ranks[i] += lower_is_better ? values[o] < values[i] : values[o] > values[i];
    }
}

int rank_intervals(const struct sample_set *sets, size_t count, double confidence, int *low, int *high)
{
    for (size_t i = 0; i < count; i++) {
        low[i] = 1;
        high[i] = (int)count;
    }
    for (size_t i = 0; i < count; i++)
        for (size_t j = i + 1; j < count; j++) {
            struct ratio_estimate estimate; /* j's times over i's */
            if (ratio_interval(sets[i].values, sets[i].count, sets[j].values, sets[j].count, confidence, &estimate) !=
                0)
                return -1;
            if (!estimate.bounded)
                continue;
            if (estimate.low > 1) { /* i is faster beyond the noise */
                low[j]++;
                high[i]--;
            } else if (estimate.high < 1) {
                low[i]++;
                high[j]--;
            }
        }
    return 0;
}

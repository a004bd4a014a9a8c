/* The ratio of two samples' typical values with a distribution-free
 * confidence interval: the Hodges-Lehmann estimate of the shift between
 * log(new) and log(base), i.e. the median of all ratios new_j / base_i,
 * and the interval between two order statistics of those ratios chosen by
 * the Mann-Whitney U distribution (Hollander & Wolfe, "Nonparametric
 * Statistical Methods", section 4.3).  No random numbers: the same files
 * always give the same interval. */
#include "ratio_interval.h"

#include <math.h>
#include <stdlib.h>

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

size_t mann_whitney_rank(size_t m, size_t n, double tail)
{
    double pairs = (double)m * (double)n;
    if (pairs > EXACT_PAIR_LIMIT) {
        /* U is close to normal: mean mn/2, variance mn(m+n+1)/12. */
        double z = normal_upper_quantile(tail);
        double k = floor(pairs / 2 - z * sqrt(pairs * (double)(m + n + 1) / 12));
        return k < 1 ? 0 : (size_t)k;
    }
    double *probability = u_distribution(m, n);
    if (probability == NULL)
        return 0;
    size_t k = 0;
    while (k < m * n && probability[k] <= tail)
        k++;
    free(probability);
    return k;
}

int ratio_interval(const double *base, size_t m, const double *changed, size_t n, double confidence,
                   struct ratio_estimate *estimate)
{
    size_t pairs = m * n;
    double *ratios = malloc(pairs * sizeof *ratios);
    if (ratios == NULL)
        return -1;
    for (size_t i = 0; i < m; i++)
        for (size_t j = 0; j < n; j++)
            ratios[i * n + j] = changed[j] / base[i];
    qsort(ratios, pairs, sizeof *ratios, compare_doubles);
    estimate->ratio = pairs % 2 ? ratios[pairs / 2] : sqrt(ratios[pairs / 2 - 1] * ratios[pairs / 2]);
    size_t k = mann_whitney_rank(m, n, (1 - confidence) / 2);
    estimate->bounded = k > 0;
    estimate->low = k ? ratios[k - 1] : 0;
    estimate->high = k ? ratios[pairs - k] : INFINITY;
    free(ratios);
    return 0;
}

/* The ratio and interval of `attackbench compare`: the Mann-Whitney ranks
 * against published critical values, and ratios of known samples. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "measure/ratio_interval.h"
#include "unit.h"

TEST(mann_whitney_rank_matches_published_table)
{
    /* Two-sided 5% critical values of U (e.g. the table in Hollander &
     * Wolfe); the interval starts at rank U + 1. */
    CHECK(mann_whitney_rank(4, 4, 0.025) == 1);
    CHECK(mann_whitney_rank(5, 5, 0.025) == 3);
    CHECK(mann_whitney_rank(10, 10, 0.025) == 24);
    CHECK(mann_whitney_rank(15, 15, 0.025) == 65);
    CHECK(mann_whitney_rank(20, 20, 0.025) == 128);
    CHECK(mann_whitney_rank(8, 12, 0.025) == 23);
    /* Three against three cannot reach 95%. */
    CHECK(mann_whitney_rank(3, 3, 0.025) == 0);
    /* Large samples: the normal approximation, mn/2 - 1.96 sd. */
    size_t large = mann_whitney_rank(250, 250, 0.025);
    CHECK(large > 28000 && large < 28200);
}

TEST(ratio_interval_of_scaled_samples)
{
    double base[15], slower[15];
    for (int i = 0; i < 15; i++) {
        base[i] = 1.0 + 0.01 * ((i * 7) % 15);
        slower[i] = 1.5 * base[i];
    }
    struct ratio_estimate same, scaled;
    CHECK(ratio_interval(base, 15, base, 15, 0.95, &same) == 0);
    CHECK(same.bounded && fabs(same.ratio - 1) < 1e-12 && same.low < 1 && same.high > 1);
    CHECK(ratio_interval(base, 15, slower, 15, 0.95, &scaled) == 0);
    CHECK(fabs(scaled.ratio - 1.5) < 1e-12 && scaled.low > 1.4 && scaled.high < 1.6);
    /* Identical constant samples: a point. */
    double flat[4] = {2, 2, 2, 2};
    CHECK(ratio_interval(flat, 4, flat, 4, 0.95, &same) == 0);
    CHECK(same.bounded && same.low == 1 && same.high == 1);
    CHECK(ratio_interval(flat, 3, flat, 3, 0.95, &same) == 0 && !same.bounded);
}

/* The listing the estimate replaces: every ratio, sorted. */
static int compare_values(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void listed_estimate(const double *base, size_t m, const double *changed, size_t n, size_t k,
                            struct ratio_estimate *estimate)
{
    static double ratios[64 * 64];
    size_t pairs = m * n;
    for (size_t i = 0; i < m; i++)
        for (size_t j = 0; j < n; j++)
            ratios[i * n + j] = changed[j] / base[i];
    qsort(ratios, pairs, sizeof *ratios, compare_values);
    estimate->ratio = pairs % 2 ? ratios[pairs / 2] : sqrt(ratios[pairs / 2 - 1] * ratios[pairs / 2]);
    estimate->low = k ? ratios[k - 1] : 0;
    estimate->high = k ? ratios[pairs - k] : INFINITY;
}

TEST(ratio_interval_equals_the_listing_of_every_ratio)
{
    /* Random sizes and values, ties included: the selection must give the
     * very doubles the sorted listing of all m * n ratios gives. */
    uint64_t state = 12345;
    for (int trial = 0; trial < 300; trial++) {
        double base[64], changed[64];
        state = state * 6364136223846793005u + 1442695040888963407u;
        size_t m = 1 + (state >> 33) % 64, n = 1 + (state >> 45) % 64;
        for (size_t i = 0; i < 64; i++) {
            state = state * 6364136223846793005u + 1442695040888963407u;
            double value = 0.5 + (double)((state >> 40) % (trial % 3 ? 1000 : 7)) / 97.0;
            base[i] = value;
            changed[i] = value * (trial % 5 ? 1.0 : 1.3) + (double)((state >> 20) % 5) / 1000.0;
        }
        struct ratio_estimate fast, listed;
        CHECK(ratio_interval(base, m, changed, n, 0.95, &fast) == 0);
        listed_estimate(base, m, changed, n, mann_whitney_rank(m, n, 0.025), &listed);
        CHECK(fast.ratio == listed.ratio && fast.low == listed.low && fast.high == listed.high);
    }
}

/* The ratio and interval of `attackbench compare`: the Mann-Whitney ranks
 * against published critical values, and ratios of known samples. */
#include <math.h>

#include "ratio_interval.h"
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

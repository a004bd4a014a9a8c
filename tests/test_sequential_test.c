/* The sequential test of `attackbench ab` on synthetic pairs whose true
 * ratio is known: normal log ratios from a seeded generator, a planted
 * outlier, and the error rates of the whole procedure over many trials. */
#include <math.h>
#include <stdint.h>

#include "base/random.h"
#include "measure/sequential_test.h"
#include "unit.h"

static const struct sequential_settings one_percent = {.resolution = 0.01, .error = 0.05};

/* A standard normal deviate (Box-Muller) from the project's generator. */
static double normal(uint64_t *state)
{
    double u = ((random_next(state) >> 11) + 0.5) / 9007199254740992.0;
    double v = ((random_next(state) >> 11) + 0.5) / 9007199254740992.0;
    return sqrt(-2 * log(u)) * cos(6.283185307179586 * v);
}

/* `count` log ratios of pairs whose true ratio B/A is `ratio`, spread by
 * `sigma`. */
static void fill_pairs(double *pairs, int count, double ratio, double sigma, uint64_t seed)
{
    for (int i = 0; i < count; i++)
        pairs[i] = log(ratio) + sigma * normal(&seed);
}

/* The procedure as ab runs it: a look after every second pair (a whole
 * ABBA block) until a verdict or `limit` pairs. */
static enum sequential_verdict run_to_verdict(double ratio, double sigma, int limit, uint64_t seed)
{
    double pairs[1000];
    fill_pairs(pairs, limit, ratio, sigma, seed);
    for (int count = 2; count <= limit; count += 2) {
        struct sequential_state state = sequential_test(pairs, count, &one_percent);
        if (state.verdict != SEQUENTIAL_UNDECIDED)
            return state.verdict;
    }
    return SEQUENTIAL_UNDECIDED;
}

TEST(sequential_test_names_clear_differences)
{
    double pairs[60];
    fill_pairs(pairs, 60, 1.03, 0.01, 7);
    struct sequential_state slower = sequential_test(pairs, 60, &one_percent);
    CHECK(slower.verdict == SEQUENTIAL_B_SLOWER);
    CHECK(slower.low > 1.02 && slower.high < 1.04 && slower.low < 1.03 && slower.high > 1.03);
    fill_pairs(pairs, 60, 1 / 1.03, 0.01, 8);
    CHECK(sequential_test(pairs, 60, &one_percent).verdict == SEQUENTIAL_B_FASTER);
    fill_pairs(pairs, 60, 1.0, 0.003, 9);
    struct sequential_state same = sequential_test(pairs, 60, &one_percent);
    CHECK(same.verdict == SEQUENTIAL_NO_DIFFERENCE);
    CHECK(fabs(same.ratio - 1) < 0.002 && same.high - same.low < 0.004);
}

TEST(sequential_test_waits_for_ten_pairs)
{
    double pairs[9];
    fill_pairs(pairs, 9, 1.5, 0.001, 3);
    struct sequential_state state = sequential_test(pairs, 9, &one_percent);
    CHECK(state.verdict == SEQUENTIAL_UNDECIDED);
    CHECK(state.slower_llr > state.upper_bound); /* it would have decided */
    CHECK(sequential_test(pairs, 0, &one_percent).verdict == SEQUENTIAL_UNDECIDED);
}

TEST(sequential_test_bounds_are_walds)
{
    struct sequential_state state = sequential_test(NULL, 0, &one_percent);
    CHECK(fabs(state.upper_bound - log(19)) < 1e-12);
    CHECK(fabs(state.lower_bound + log(19)) < 1e-12);
}

TEST(sequential_test_interval_of_known_pairs)
{
    /* Ten pairs at ln 1.02 -+ 0.01 alternately: mean ln 1.02, standard
     * deviation 0.01 * sqrt(10 / 9); t(9) = 2.262. */
    double pairs[10];
    for (int i = 0; i < 10; i++)
        pairs[i] = log(1.02) + (i % 2 ? 0.01 : -0.01);
    struct sequential_state state = sequential_test(pairs, 10, &one_percent);
    double half_width = 2.262 * 0.01 * sqrt(10.0 / 9) / sqrt(10);
    CHECK(fabs(state.ratio - 1.02) < 1e-12);
    CHECK(fabs(log(state.high / state.ratio) - half_width) < 0.0005);
    CHECK(fabs(log(state.ratio / state.low) - half_width) < 0.0005);
    /* Identical pairs: a point, and a verdict by the sign alone. */
    for (int i = 0; i < 10; i++)
        pairs[i] = log(1.02);
    state = sequential_test(pairs, 10, &one_percent);
    CHECK(state.verdict == SEQUENTIAL_B_SLOWER && fabs(state.low - state.high) < 1e-12);
}

TEST(sequential_test_counts_correlated_pairs_as_fewer)
{
    /* Two spells of a shared host, ten pairs at 2% and ten at 0%: in
     * that order the pairs are correlated (lag 1 about 0.76) and the
     * interval is 2.5 to 3 times as wide (3 at the cap of 0.8) as for the
     * same pairs with the spells interleaved (lag 1 negative, taken as
     * 0). */
    double spells[20], interleaved[20];
    for (int i = 0; i < 20; i++) {
        spells[i] = (i < 10 ? log(1.02) : 0) + (i % 2 ? 0.002 : -0.002);
        interleaved[i] = (i % 2 ? log(1.02) : 0) + (i / 2 % 2 ? 0.002 : -0.002);
    }
    struct sequential_state ordered = sequential_test(spells, 20, &one_percent);
    struct sequential_state mixed = sequential_test(interleaved, 20, &one_percent);
    CHECK(fabs(ordered.ratio - mixed.ratio) < 1e-12);
    double widening = log(ordered.high / ordered.ratio) / log(mixed.high / mixed.ratio);
    CHECK(widening > 2.5 && widening <= 3.0 + 1e-9);
}

TEST(sequential_test_shrugs_off_one_slow_process)
{
    /* 59 quiet pairs of equal sides and one whose A ran at 0.6x: without
     * winsorising the mean would say B faster by 0.85%. */
    double pairs[60];
    fill_pairs(pairs, 60, 1.0, 0.002, 11);
    pairs[30] = log(0.6);
    struct sequential_state state = sequential_test(pairs, 60, &one_percent);
    CHECK(state.verdict == SEQUENTIAL_NO_DIFFERENCE);
    CHECK(fabs(state.ratio - 1) < 0.002);
}

TEST(sequential_test_error_rates_over_trials)
{
    /* 200 runs each: equal sides are called different at most 5% of the
     * time (far less in truth); a difference of 2R is called slower at
     * least 95% of the time; a difference of R, the edge of the
     * alternative, is called "no difference" at most 5% + a margin of
     * 2.5% for 200 trials (the spread is estimated, not known). */
    int false_alarms = 0, found = 0, missed_at_edge = 0;
    for (uint64_t trial = 1; trial <= 200; trial++) {
        false_alarms += run_to_verdict(1.0, 0.02, 600, trial) > SEQUENTIAL_NO_DIFFERENCE;
        found += run_to_verdict(1.02, 0.02, 600, 1000 + trial) == SEQUENTIAL_B_SLOWER;
        missed_at_edge += run_to_verdict(1.01, 0.02, 1000, 2000 + trial) == SEQUENTIAL_NO_DIFFERENCE;
    }
    CHECK(false_alarms <= 10);
    CHECK(found >= 190);
    CHECK(missed_at_edge <= 15);
}

TEST(sequential_test_decides_far_differences_quickly)
{
    /* B 30% slower or faster with a 20% spread between pairs: the two
     * SPRTs alone need about 90 pairs; the confidence sequence decides
     * within 40 in at least 190 runs of 200.  Equal sides with a 30%
     * spread are called different in at most 10 of 200 runs. */
    int slower = 0, faster = 0, false_alarms = 0;
    for (uint64_t trial = 1; trial <= 200; trial++) {
        slower += run_to_verdict(1.3, 0.2, 40, 3000 + trial) == SEQUENTIAL_B_SLOWER;
        faster += run_to_verdict(1 / 1.3, 0.2, 40, 4000 + trial) == SEQUENTIAL_B_FASTER;
        false_alarms += run_to_verdict(1.0, 0.3, 600, 5000 + trial) > SEQUENTIAL_NO_DIFFERENCE;
    }
    CHECK(slower >= 190);
    CHECK(faster >= 190);
    CHECK(false_alarms <= 10);
    double pairs[40];
    fill_pairs(pairs, 40, 1.3, 0.2, 6000);
    struct sequential_state state = sequential_test(pairs, 40, &one_percent);
    CHECK(state.interval_verdict == SEQUENTIAL_B_SLOWER && state.slower_llr < state.upper_bound);
}

TEST(sequential_verdict_names)
{
    CHECK(sequential_verdict_name(SEQUENTIAL_B_SLOWER)[2] == 's');
    CHECK(sequential_verdict_name(SEQUENTIAL_B_FASTER)[2] == 'f');
    CHECK(sequential_verdict_name(SEQUENTIAL_UNDECIDED)[0] == 'u');
    CHECK(sequential_verdict_name(SEQUENTIAL_NO_DIFFERENCE)[0] == 'n');
}

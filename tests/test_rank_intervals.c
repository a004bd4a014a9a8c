/* The ranks a set of repetitions allows among others: sets far apart get
 * one rank each, sets the intervals cannot part share a range. */
#include "measure/ratio_interval.h"
#include "unit.h"

/* Fifteen times around `centre`, spread by `step` per repetition. */
static void fill(double *values, double centre, double step)
{
    for (int i = 0; i < 15; i++)
        values[i] = centre + step * (i - 7);
}

TEST(rank_intervals_part_distant_sets)
{
    double slow[15], fast[15], middle[15];
    fill(slow, 3.0, 0.01);
    fill(fast, 1.0, 0.01);
    fill(middle, 2.0, 0.01);
    const struct sample_set sets[3] = {{slow, 15}, {fast, 15}, {middle, 15}};
    int low[3], high[3];
    CHECK(rank_intervals(sets, 3, 0.95, low, high) == 0);
    CHECK(low[0] == 3 && high[0] == 3);
    CHECK(low[1] == 1 && high[1] == 1);
    CHECK(low[2] == 2 && high[2] == 2);
}

TEST(rank_intervals_share_a_range_within_the_noise)
{
    /* Two sets that overlap (1.00 and 1.01, spread 0.05 each) and one far
     * slower: the first two may be first or second, the third is third. */
    double first[15], close[15], slow[15];
    fill(first, 1.00, 0.05);
    fill(close, 1.01, 0.05);
    fill(slow, 5.0, 0.05);
    const struct sample_set sets[3] = {{first, 15}, {close, 15}, {slow, 15}};
    int low[3], high[3];
    CHECK(rank_intervals(sets, 3, 0.95, low, high) == 0);
    CHECK(low[0] == 1 && high[0] == 2);
    CHECK(low[1] == 1 && high[1] == 2);
    CHECK(low[2] == 3 && high[2] == 3);
}

TEST(rank_intervals_with_too_few_repetitions_allow_every_rank)
{
    /* Three repetitions each cannot reach 95%: nothing is told apart. */
    double fast[3] = {1, 1, 1}, slow[3] = {9, 9, 9};
    const struct sample_set sets[2] = {{fast, 3}, {slow, 3}};
    int low[2], high[2];
    CHECK(rank_intervals(sets, 2, 0.95, low, high) == 0);
    CHECK(low[0] == 1 && high[0] == 2 && low[1] == 1 && high[1] == 2);
}

TEST(point_ranks_count_the_better_included_values)
{
    /* Lower is better for times, higher for rates; a tie shares its rank
     * and a value left out neither gets a rank nor moves the others. */
    const double times[4] = {2.0, 1.0, 2.0, 0.5};
    const int included[4] = {1, 1, 1, 0};
    int ranks[4];
    point_ranks(times, included, 4, 1, ranks);
    CHECK(ranks[0] == 2 && ranks[1] == 1 && ranks[2] == 2 && ranks[3] == 0);
    point_ranks(times, included, 4, 0, ranks);
    CHECK(ranks[0] == 1 && ranks[1] == 3 && ranks[2] == 1 && ranks[3] == 0);
}

TEST(ratio_exceeds_needs_a_bounded_interval_above_the_bound)
{
    const struct ratio_estimate above = {1.5, 1.2, 1.8, 1}, across = {1.1, 0.9, 1.3, 1}, unbounded = {2.0, 0, 0, 0};
    CHECK(ratio_exceeds(&above, 1.0) && !ratio_exceeds(&above, 1.2));
    CHECK(!ratio_exceeds(&across, 1.0));
    CHECK(!ratio_exceeds(&unbounded, 1.0));
}

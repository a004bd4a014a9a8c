/* Medians and the figures derived across groups of rows. */
#include "statistics.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "results.h"

static int compare_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The median of sorted values. */
static double sorted_median(const double *sorted, int count)
{
    return count % 2 ? sorted[count / 2] : (sorted[count / 2 - 1] + sorted[count / 2]) / 2;
}

struct statistics summarize(const double *samples, int count)
{
    struct statistics statistics = {0, 0, 0, 0};
    if (count <= 0)
        return statistics;
    double *sorted = malloc((size_t)count * sizeof *sorted);
    double *deviations = malloc((size_t)count * sizeof *deviations);
    if (sorted == NULL || deviations == NULL) {
        fprintf(stderr, "attackbench: out of memory\n");
        exit(2);
    }
    memcpy(sorted, samples, (size_t)count * sizeof *sorted);
    qsort(sorted, (size_t)count, sizeof *sorted, compare_double);
    double median = sorted_median(sorted, count);
    for (int i = 0; i < count; i++)
        deviations[i] = fabs(sorted[i] - median);
    qsort(deviations, (size_t)count, sizeof *deviations, compare_double);
    statistics.median = median;
    statistics.min = sorted[0];
    statistics.max = sorted[count - 1];
    statistics.mad = sorted_median(deviations, count);
    free(sorted);
    free(deviations);
    return statistics;
}

/* The fastest non-baseline row of `row`'s group, and its baseline (null)
 * row; either may be NULL. */
static void group_yardsticks(const struct result_set *set, const struct result_row *row,
                             const struct result_row **fastest, const struct result_row **baseline)
{
    *fastest = *baseline = NULL;
    for (size_t j = 0; j < set->count; j++) {
        const struct result_row *other = &set->rows[j];
        if (!same_group(row, other))
            continue;
        double median = row_value(other);
        if (other->measurement.backend->baseline)
            *baseline = other;
        else if (*fastest == NULL || median < row_value(*fastest))
            *fastest = other;
    }
}

/* A row against its yardstick, round by round: both were timed in every
 * round, so a slowdown that hits a whole round cancels in the ratio.
 * Returns the median of the per-round ratios, with their MAD; falls back to
 * the ratio of medians when the rows carry no samples. */
static double per_round_ratio(const struct result_row *row, const struct result_row *yardstick, double *mad)
{
    const struct measurement *a = &row->measurement, *b = &yardstick->measurement;
    int rounds = a->sample_count < b->sample_count ? a->sample_count : b->sample_count;
    *mad = 0;
    if (rounds <= 0 || row->metric != METRIC_NS)
        return row_value(yardstick) > 0 ? row_value(row) / row_value(yardstick) : 0;
    double *ratios = malloc((size_t)rounds * sizeof *ratios);
    if (ratios == NULL) {
        fprintf(stderr, "attackbench: out of memory\n");
        exit(2);
    }
    for (int k = 0; k < rounds; k++)
        ratios[k] = b->samples_ns[k] > 0 ? a->samples_ns[k] / b->samples_ns[k] : 0;
    struct statistics statistics = summarize(ratios, rounds);
    free(ratios);
    *mad = statistics.mad;
    return statistics.median;
}

static double smallest(const double *values, int count)
{
    double least = values[0];
    for (int i = 1; i < count; i++)
        least = values[i] < least ? values[i] : least;
    return least;
}

static double largest(const double *values, int count)
{
    double most = values[0];
    for (int i = 1; i < count; i++)
        most = values[i] > most ? values[i] : most;
    return most;
}

/* A drift is a move of the harness's speed that the rounds' own noise
 * cannot explain: the first and the last third of the rounds must not
 * overlap at all (every round of one faster than every round of the
 * other), and then it is the change of their medians. */
double canary_drift_of(const double *samples, int rounds)
{
    int third = rounds / 3;
    if (third < 2) /* single rounds are too noisy to show a trend */
        return 0;
    const double *first = samples, *last = samples + rounds - third;
    int separated = largest(first, third) < smallest(last, third) || largest(last, third) < smallest(first, third);
    if (!separated)
        return 0;
    struct statistics all = summarize(samples, rounds);
    struct statistics early = summarize(first, third);
    struct statistics late = summarize(last, third);
    return all.median > 0 ? fabs(late.median - early.median) / all.median : 0;
}

double canary_drift(const struct measurement *baseline)
{
    return canary_drift_of(baseline->samples_ns, baseline->sample_count);
}

void derive_group_figures(struct result_set *set)
{
    for (size_t i = 0; i < set->count; i++) {
        struct result_row *row = &set->rows[i];
        const struct result_row *fastest, *baseline;
        group_yardsticks(set, row, &fastest, &baseline);
        row->harness_ns = baseline ? row_value(baseline) : -1;
        row->relative = fastest ? per_round_ratio(row, fastest, &row->relative_mad) : 0;
        row->canary_drift = baseline && row->metric == METRIC_NS ? canary_drift(&baseline->measurement) : 0;
    }
}

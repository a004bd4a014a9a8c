/* The figures derived across a group of rows (group_figures.h). */
#include "group_figures.h"

#include <math.h>
#include <stdlib.h>

#include "measure/statistics.h"

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

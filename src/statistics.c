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

void derive_group_figures(struct result_set *set)
{
    struct result_row *rows = set->rows;
    for (size_t i = 0; i < set->count; i++) {
        double fastest = 0;
        rows[i].harness_ns = -1;
        for (size_t j = 0; j < set->count; j++) {
            if (!same_group(&rows[i], &rows[j]))
                continue;
            double median = row_value(&rows[j]);
            if (rows[j].measurement.backend->baseline)
                rows[i].harness_ns = median;
            else if (fastest == 0 || median < fastest)
                fastest = median;
        }
        rows[i].relative = fastest > 0 ? row_value(&rows[i]) / fastest : 0;
    }
}

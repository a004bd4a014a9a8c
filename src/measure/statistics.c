/* Medians, spreads and the canary's drift of one sample set (statistics.h). */
#include "statistics.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

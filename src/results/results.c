/* The result set (see src/results/results.h). */
#include "results.h"

#include <stdio.h>
#include <stdlib.h>

int result_set_add(struct result_set *set, const struct result_row *row)
{
    if (set->count == set->capacity) {
        size_t capacity = set->capacity ? 2 * set->capacity : 64;
        struct result_row *grown = realloc(set->rows, capacity * sizeof *grown);
        if (grown == NULL) {
            fprintf(stderr, "attackbench: out of memory\n");
            return -1;
        }
        set->rows = grown;
        set->capacity = capacity;
    }
    set->rows[set->count++] = *row;
    return 0;
}

double row_value(const struct result_row *row)
{
    return row->metric == METRIC_INSTRUCTIONS ? row->instructions_per_query : row->measurement.ns_per_query.median;
}

void result_set_free(struct result_set *set)
{
    for (size_t i = 0; i < set->count; i++)
        free_measurement(&set->rows[i].measurement);
    free(set->rows);
    set->rows = NULL;
    set->count = set->capacity = 0;
}

int same_group(const struct result_row *a, const struct result_row *b)
{
    return a->workload == b->workload && a->piece == b->piece && a->dispatch == b->dispatch &&
           a->chained == b->chained && a->pressure_bytes == b->pressure_bytes && a->phase == b->phase &&
           a->threads == b->threads && a->layout == b->layout;
}

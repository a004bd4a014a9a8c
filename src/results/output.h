/* Results as a readable table, CSV, JSON or Bencher's BMF JSON. */
#ifndef ATTACKBENCH_OUTPUT_H
#define ATTACKBENCH_OUTPUT_H

#include <stdio.h>

/* Results go to files through write_file_atomically. */
#include "platform/output_file.h"
#include "measure/runner.h"
#include "results.h"
#include "csv_field.h"
#include "run_metadata.h"
#include "bmf.h"

/* The layout of the JSON output: {"schema": N, "context": {...},
 * "results": [...]}; 1 was a bare array of rows without samples. */
enum { RESULT_JSON_SCHEMA = 2 };

/* What is the same for every row of a run. */
struct run_context {
    struct run_metadata metadata;
    const struct timer *timer;
    int pin_cpu; /* -1: not pinned */
    int reps;
    unsigned long long seed;
    /* Keys of the warnings about the machine and the run that hold for
     * every row (environment.h), space-separated; "" when none. */
    char warnings[160];
};

/* The table in two parts, so that a run can print each group's block as
 * soon as it is measured and the notes once at the end. */
void write_table_groups(FILE *out, const struct result_set *set, const struct run_context *context);
void write_table_notes(FILE *out);
void write_csv(FILE *out, const struct result_set *set, const struct run_context *context);
/* The CSV's header without its newline: the device run's CSV starts
 * with the same columns (cli/device_report.c). */
void write_csv_column_names(FILE *out);
void write_json(FILE *out, const struct result_set *set, const struct run_context *context);
/* Bencher Metric Format (bmf.h): one benchmark per row. */
void write_bmf(FILE *out, const struct result_set *set, const struct run_context *context);

#endif

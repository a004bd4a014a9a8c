/* Results as a readable table, CSV or JSON. */
#ifndef ATTACKBENCH_OUTPUT_H
#define ATTACKBENCH_OUTPUT_H

#include <stdio.h>

/* Results go to files through write_file_atomically. */
#include "output_file.h"
#include "benchmark.h"

/* What is the same for every row of a run. */
struct run_context {
    char timestamp[32];
    char host[64];
    const char *cpu;
    const char *compiler;
    const char *flags;
    const struct timer *timer;
    int pin_cpu; /* -1: not pinned */
    int reps;
    unsigned long long seed;
};

struct result_row {
    struct measurement measurement;
    enum workload_kind workload;
    int piece;
    enum dispatch_kind dispatch;
    int chained;
    size_t pressure_bytes;
    int phase;
    int threads;
    long positions;
    size_t queries;
    size_t table_bytes;
    double init_ms;
    uint64_t checksum;
    /* Filled by complete_rows(). */
    double relative;   /* median / fastest median in the same group */
    double harness_ns; /* null backend's median in the same group, or < 0 */
};

/* Relative speed and harness cost within each group of rows that share a
 * configuration (workload, piece, dispatch, mode, pressure, phase, threads). */
void complete_rows(struct result_row *rows, size_t count);

void write_table(FILE *out, const struct result_row *rows, size_t count, const struct run_context *context);
void write_csv(FILE *out, const struct result_row *rows, size_t count, const struct run_context *context);
void write_json(FILE *out, const struct result_row *rows, size_t count, const struct run_context *context);

/* Write a CSV field, quoted as RFC 4180 asks when it holds a comma, a
 * quote or a line break. */
void write_csv_field(FILE *out, const char *text);

#endif

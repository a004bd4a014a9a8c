/* The result set of a benchmark run: one row per backend and measured
 * configuration, filled by the measuring stage and read by the writers. */
#ifndef ATTACKBENCH_RESULTS_H
#define ATTACKBENCH_RESULTS_H

#include <stddef.h>
#include <stdint.h>

#include "measure/runner.h"
#include "metric.h"
#include "measure/workload.h"
#include "base/piece.h"

/* A row's --param texts, "NAME=VALUE;NAME=VALUE", with their NUL: what a
 * configuration value of a result file may hold (result_file.h). */
enum { ROW_PARAMETERS_SIZE = 64 };

/* One row: what was measured, under which configuration.  A new column
 * starts as a field here and a line in src/results/output.c's column list. */
struct result_row {
    struct measurement measurement;
    enum workload_kind workload;
    enum stream_layout layout;
    enum piece_kind piece;
    enum dispatch_kind dispatch;
    int chained;
    size_t pressure_bytes;
    enum game_phase phase;
    int threads;
    long positions;
    size_t queries;
    size_t table_bytes;
    double init_ms;
    int formulation_threads;       /* the threads its formulation was chosen on; 0: not chosen by measurement */
    enum metric_kind metric;       /* METRIC_NS unless counted by callgrind */
    double instructions_per_query; /* METRIC_INSTRUCTIONS */
    /* The --param its backend ran with (applied_parameters); "": its
     * defaults. */
    char parameters[ROW_PARAMETERS_SIZE];
    /* Derived from the row's group by derive_group_figures(). */
    double relative;     /* median of the per-round ratios to the fastest method of the group */
    double relative_mad; /* their median absolute deviation */
    double canary_drift; /* the group's baseline drift, a share of its median (statistics.h) */
    double harness_ns;   /* null backend's median in the same group, or < 0 */
    /* Keys of what disturbed this row's group ("cpu-contention",
     * "canary-drift"), space-separated; "" when nothing did. */
    char warnings[48];
};

struct result_set {
    struct result_row *rows;
    size_t count, capacity;
};

/* What a row measured: ns per query (median), or instructions per query. */
double row_value(const struct result_row *row);

/* Append a row; returns 0, or -1 after printing that memory ran out. */
int result_set_add(struct result_set *set, const struct result_row *row);

void result_set_free(struct result_set *set);

/* The grouping key: rows are compared with one another (relative speed,
 * harness cost, one table block) when they share workload, piece,
 * dispatch, mode (chained), pressure_bytes, phase, threads and layout; in
 * the CSV the columns workload, piece, dispatch, mode, pressure_bytes,
 * phase, threads and layout.  The scripts group by the same columns. */
int same_group(const struct result_row *a, const struct result_row *b);

#endif

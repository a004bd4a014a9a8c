/* Result output: the console table, CSV and JSON. */
#define _POSIX_C_SOURCE 200809L
#include "output.h"

#include "platform/slow_instructions.h"
#include "registry/registry.h"

#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *mode_name(int chained)
{
    return chained ? "latency" : "throughput";
}

static void format_bytes(size_t bytes, char *buffer, size_t size)
{
    if (bytes == 0)
        snprintf(buffer, size, "0");
    else if (bytes < 1024)
        snprintf(buffer, size, "%zu B", bytes);
    else if (bytes < 1024 * 1024)
        snprintf(buffer, size, "%.1f KB", (double)bytes / 1024);
    else
        snprintf(buffer, size, "%.2f MB", (double)bytes / (1024 * 1024));
}

static void format_pressure(size_t bytes, char *buffer, size_t size)
{
    if (bytes == 0)
        snprintf(buffer, size, "off");
    else
        format_bytes(bytes, buffer, size);
}

/* A method's time minus the harness's: a difference at or below zero
 * says only that the lookup hides in the loop's own cost. */
static void harness_difference(double median, double harness, char *buffer, size_t size)
{
    if (median - harness <= 0)
        snprintf(buffer, size, "below");
    else
        snprintf(buffer, size, "%.3f", median - harness);
}

/* A figure as the table shows it (three decimals), so that what is
 * derived from it agrees with what the reader sees. */
static double as_shown(double value)
{
    char text[64];
    snprintf(text, sizeof text, "%.3f", value);
    return strtod(text, NULL);
}

/* The relative column: the ns/query shown over the fastest one shown, in
 * two decimals, or as many more as it takes for a row slower by the figure
 * shown not to read as the fastest (1.705 beside 1.702 is 1.002x, not
 * 1.00x); n/a when the fastest shows zero (a timer coarser than the run, as
 * under emulation). */
static void format_relative(double median, double fastest, char *buffer, size_t size)
{
    double shown = as_shown(median), shown_fastest = as_shown(fastest);
    if (!(shown_fastest > 0)) {
        snprintf(buffer, size, "n/a");
        return;
    }
    double ratio = shown / shown_fastest;
    for (int decimals = 2;; decimals++) {
        snprintf(buffer, size, "%.*fx", decimals, ratio);
        if (shown == shown_fastest || decimals == 9 || strtod(buffer, NULL) != 1)
            return;
    }
}

static int compare_rows_by_speed(const void *a, const void *b)
{
    const struct result_row *x = *(const struct result_row *const *)a, *y = *(const struct result_row *const *)b;
    /* The harness row goes last. */
    if (x->measurement.backend->baseline != y->measurement.backend->baseline)
        return x->measurement.backend->baseline - y->measurement.backend->baseline;
    double p = x->measurement.ns_per_query.median, q = y->measurement.ns_per_query.median;
    return (p > q) - (p < q);
}

/* Under a group, one line per method that relies on an instruction this
 * CPU implements slowly, so that a reader of its rank knows why. */
static void write_slow_instruction_notes(FILE *out, const struct result_row *const *group, size_t members)
{
    for (size_t k = 0; k < members; k++) {
        const struct backend *backend = group[k]->measurement.backend;
        char warning[160];
        if (slow_instruction_warning(backend->instructions, warning, sizeof warning))
            fprintf(out, "  %s: %s\n", backend->name, warning);
    }
}

void write_table_groups(FILE *out, const struct result_set *set, const struct run_context *context)
{
    const struct result_row *rows = set->rows;
    size_t count = set->count;
    const struct result_row **group = malloc((count ? count : 1) * sizeof *group);
    char *printed = calloc(count ? count : 1, 1);
    if (group == NULL || printed == NULL) {
        fprintf(stderr, "attackbench: out of memory\n");
        exit(2);
    }
    int tsc = context->timer->kind == TIMER_TSC;
    for (size_t i = 0; i < count; i++) {
        if (printed[i])
            continue;
        size_t members = 0;
        for (size_t j = i; j < count; j++)
            if (!printed[j] && same_group(&rows[i], &rows[j])) {
                group[members++] = &rows[j];
                printed[j] = 1;
            }
        qsort(group, members, sizeof *group, compare_rows_by_speed);
        const struct result_row *first = group[0];
        /* relative: each median over the first row's, the smallest of the
         * column the table is sorted by, both as shown, so that the two
         * columns agree (format_relative). */
        double fastest = first->measurement.ns_per_query.median;
        char pressure[32];
        format_pressure(first->pressure_bytes, pressure, sizeof pressure);
        fprintf(out, "\n%s: workload %s, dispatch %s, %s, phase %s, pressure %s, threads %d",
                workload_piece_name(first->workload, first->piece), workload_names[first->workload],
                dispatch_names[first->dispatch], mode_name(first->chained), phase_names[first->phase], pressure,
                first->threads);
        if (first->layout != STREAM_LAYOUT_QUERIES)
            fprintf(out, ", layout %s", stream_layout_names[first->layout]);
        /* One of each (--queries=1, --calls=1, --reps=1) in the singular. */
        uint64_t calls = first->measurement.calls_per_rep;
        int reps = first->measurement.sample_count > 0 ? first->measurement.sample_count : context->reps;
        fprintf(out,
                " (%zu quer%s, %" PRIu64 " call%s x %d rep%s; checksum 0x%016" PRIx64 ", the same for every method)\n",
                first->queries, first->queries == 1 ? "y" : "ies", calls, calls == 1 ? "" : "s", reps,
                reps == 1 ? "" : "s", first->measurement.checksum);
        fprintf(out, "  %-27s %9s %9s %9s %10s %8s %9s %11s %9s\n", "method", "ns/query", "-harness",
                tsc ? "ticks/q" : "", "Mlookups/s", "spread", "relative", "table", "init ms");
        for (size_t k = 0; k < members; k++) {
            const struct result_row *row = group[k];
            const struct measurement *m = &row->measurement;
            char net[16] = "", ticks[16] = "", relative[16] = "", table[24], spread[16];
            if (!m->backend->baseline && row->harness_ns >= 0)
                harness_difference(m->ns_per_query.median, row->harness_ns, net, sizeof net);
            if (tsc)
                snprintf(ticks, sizeof ticks, "%.2f", m->ticks_per_query.median);
            if (!m->backend->baseline)
                format_relative(m->ns_per_query.median, fastest, relative, sizeof relative);
            double percent = m->ns_per_query.median > 0 ? 100 * m->ns_per_query.mad / m->ns_per_query.median : 0;
            snprintf(spread, sizeof spread, "%s%.1f%%", percent > 3 ? "!" : "", percent);
            format_bytes(row->table_bytes, table, sizeof table);
            char name[64];
            snprintf(name, sizeof name, "%s%s", m->backend->name, m->backend->baseline ? " (harness)" : "");
            fprintf(out, "  %-27s %9.3f %9s %9s %10.1f %8s %9s %11s %9.2f", name, m->ns_per_query.median, net, ticks,
                    m->mlookups_per_s, spread, relative, table, row->init_ms);
            if (m->hit_rate >= 0)
                fprintf(out, "  hit rate %.1f%%", 100 * m->hit_rate);
            if (row->parameters[0])
                fprintf(out, "  --param %s", row->parameters);
            /* What the run saw disturb this row's group (other work on the
             * measuring CPU, a drifting harness), on the row itself: its
             * spread can be small when the whole group was slowed. */
            if (row->warnings[0])
                fprintf(out, "  disturbed: %s", row->warnings);
            fputc('\n', out);
        }
        write_slow_instruction_notes(out, group, members);
    }
    free(group);
    free(printed);
}

void write_table_notes(FILE *out)
{
    fprintf(out, "\nns/query: median over repetitions; -harness: minus the null backend (approximate: the CPU\n"
                 "overlaps the two; \"below\": under the harness's resolution, the lookup hides in the loop's\n"
                 "own cost); spread: median absolute deviation as %% of the median (! above 3%%);\n"
                 "relative: ns/query over the first row's (the fastest median of the group), both as shown,\n"
                 "with more decimals where a slower row would read 1.00x; the CSV's relative is the median of\n"
                 "the per-round ratios to that method, which a slowdown of a whole round cancels, and can\n"
                 "differ when the rounds were disturbed; disturbed: what the run saw disturb the row's group\n"
                 "(cpu-contention: other work on the measuring CPU; canary-drift: the harness changed speed),\n"
                 "also in the warnings column of the CSV and JSON: its figures are unreliable.\n");
}

/* The one list of columns, shared by CSV and JSON; row_fields() fills
 * them in this order.  Text columns are strings in JSON, the others
 * numbers (null when empty).  Run columns are the same in every row: JSON
 * writes them once, as its "context".  samples_ns follows these in the CSV
 * (space-separated) and in each JSON row (an array). */
enum column_kind { NUMBER_COLUMN, TEXT_COLUMN };
enum column_scope { ROW_COLUMN, RUN_COLUMN };
static const struct column {
    const char *name;
    enum column_kind kind;
    enum column_scope scope;
} columns[] = {
    {"timestamp", TEXT_COLUMN, RUN_COLUMN},
    {"host", TEXT_COLUMN, RUN_COLUMN},
    {"version", TEXT_COLUMN, RUN_COLUMN},
    {"commit", TEXT_COLUMN, RUN_COLUMN},
    {"cpu", TEXT_COLUMN, RUN_COLUMN},
    {"cpu_vendor", TEXT_COLUMN, RUN_COLUMN},
    {"cpu_family", NUMBER_COLUMN, RUN_COLUMN},
    {"cpu_model", NUMBER_COLUMN, RUN_COLUMN},
    {"compiler", TEXT_COLUMN, RUN_COLUMN},
    {"flags", TEXT_COLUMN, RUN_COLUMN},
    {"timer", TEXT_COLUMN, RUN_COLUMN},
    {"tsc_ghz", NUMBER_COLUMN, RUN_COLUMN},
    {"pin_cpu", NUMBER_COLUMN, RUN_COLUMN},
    {"method", TEXT_COLUMN, ROW_COLUMN},
    {"piece", TEXT_COLUMN, ROW_COLUMN},
    {"workload", TEXT_COLUMN, ROW_COLUMN},
    {"dispatch", TEXT_COLUMN, ROW_COLUMN},
    {"mode", TEXT_COLUMN, ROW_COLUMN},
    {"pressure_bytes", NUMBER_COLUMN, ROW_COLUMN},
    {"phase", TEXT_COLUMN, ROW_COLUMN},
    {"threads", NUMBER_COLUMN, ROW_COLUMN},
    {"layout", TEXT_COLUMN, ROW_COLUMN},
    {"metric", TEXT_COLUMN, ROW_COLUMN},
    {"positions", NUMBER_COLUMN, ROW_COLUMN},
    {"queries", NUMBER_COLUMN, ROW_COLUMN},
    {"calls_per_rep", NUMBER_COLUMN, ROW_COLUMN},
    {"reps", NUMBER_COLUMN, ROW_COLUMN},
    {"seed", NUMBER_COLUMN, RUN_COLUMN},
    {"ns_per_query_median", NUMBER_COLUMN, ROW_COLUMN},
    {"ns_per_query_min", NUMBER_COLUMN, ROW_COLUMN},
    {"ns_per_query_max", NUMBER_COLUMN, ROW_COLUMN},
    {"ns_per_query_mad", NUMBER_COLUMN, ROW_COLUMN},
    {"ticks_per_query_median", NUMBER_COLUMN, ROW_COLUMN},
    {"ticks_per_query_min", NUMBER_COLUMN, ROW_COLUMN},
    {"ticks_per_query_max", NUMBER_COLUMN, ROW_COLUMN},
    {"ticks_per_query_mad", NUMBER_COLUMN, ROW_COLUMN},
    {"mlookups_per_s", NUMBER_COLUMN, ROW_COLUMN},
    {"relative", NUMBER_COLUMN, ROW_COLUMN},
    {"relative_mad", NUMBER_COLUMN, ROW_COLUMN},
    {"harness_ns_per_query", NUMBER_COLUMN, ROW_COLUMN},
    {"instructions_per_query", NUMBER_COLUMN, ROW_COLUMN},
    {"table_bytes", NUMBER_COLUMN, ROW_COLUMN},
    {"init_ms", NUMBER_COLUMN, ROW_COLUMN},
    {"hit_rate", NUMBER_COLUMN, ROW_COLUMN},
    {"checksum", TEXT_COLUMN, ROW_COLUMN},
    {"warnings", TEXT_COLUMN, ROW_COLUMN},
};

enum { COLUMN_COUNT = sizeof columns / sizeof columns[0], FIELD_SIZE = 224 };

/* The timing columns (empty for an instruction count); returns the next
 * field index. */
static int timing_fields(const struct result_row *row, int tsc, char fields[][FIELD_SIZE], int i)
{
    const struct measurement *m = &row->measurement;
    const struct statistics *ns = &m->ns_per_query, *ticks = &m->ticks_per_query;
    const double values[9] = {ns->median, ns->min,    ns->max,    ns->mad,          ticks->median,
                              ticks->min, ticks->max, ticks->mad, m->mlookups_per_s};
    for (int k = 0; k < 9; k++) {
        int ticks_column = k >= 4 && k < 8;
        if (row->metric != METRIC_NS || (ticks_column && !tsc))
            fields[i++][0] = '\0';
        else
            snprintf(fields[i++], FIELD_SIZE, k == 8 ? "%.2f" : "%.4f", values[k]);
    }
    return i;
}

/* The run's identity columns: when, where, which build, which timer. */
static int identity_fields(const struct run_context *context, char fields[COLUMN_COUNT][FIELD_SIZE], int i)
{
    int tsc = context->timer->kind == TIMER_TSC;
    const struct run_metadata *metadata = &context->metadata;
    const char *identity[] = {metadata->timestamp,  metadata->host,      metadata->version,
                              metadata->commit,     metadata->cpu,       metadata->cpu_vendor,
                              metadata->cpu_family, metadata->cpu_model, metadata->compiler};
    for (size_t k = 0; k < sizeof identity / sizeof identity[0]; k++)
        snprintf(fields[i++], FIELD_SIZE, "%s", identity[k]);
    snprintf(fields[i++], FIELD_SIZE, "%s", metadata->flags);
    snprintf(fields[i++], FIELD_SIZE, "%s", tsc ? "tsc" : "clock");
    if (tsc)
        snprintf(fields[i++], FIELD_SIZE, "%.6f", context->timer->tsc_hz / 1e9);
    else
        fields[i++][0] = '\0';
    snprintf(fields[i++], FIELD_SIZE, "%d", context->pin_cpu);
    return i;
}

/* The row's configuration columns: which method, workload and mode. */
static int configuration_fields(const struct result_row *row, const struct run_context *context,
                                char fields[COLUMN_COUNT][FIELD_SIZE], int i)
{
    const struct measurement *m = &row->measurement;
    snprintf(fields[i++], FIELD_SIZE, "%s", m->backend->name);
    snprintf(fields[i++], FIELD_SIZE, "%s", workload_piece_name(row->workload, row->piece));
    snprintf(fields[i++], FIELD_SIZE, "%s", workload_names[row->workload]);
    snprintf(fields[i++], FIELD_SIZE, "%s", dispatch_names[row->dispatch]);
    snprintf(fields[i++], FIELD_SIZE, "%s", mode_name(row->chained));
    snprintf(fields[i++], FIELD_SIZE, "%zu", row->pressure_bytes);
    snprintf(fields[i++], FIELD_SIZE, "%s", phase_names[row->phase]);
    snprintf(fields[i++], FIELD_SIZE, "%d", row->threads);
    snprintf(fields[i++], FIELD_SIZE, "%s", stream_layout_names[row->layout]);
    snprintf(fields[i++], FIELD_SIZE, "%s", metric_names[row->metric]);
    snprintf(fields[i++], FIELD_SIZE, "%ld", row->positions);
    snprintf(fields[i++], FIELD_SIZE, "%zu", row->queries);
    snprintf(fields[i++], FIELD_SIZE, "%" PRIu64, m->calls_per_rep);
    /* --target-spread may give a row more rounds than --reps. */
    snprintf(fields[i++], FIELD_SIZE, "%d", m->sample_count > 0 ? m->sample_count : context->reps);
    snprintf(fields[i++], FIELD_SIZE, "%llu", context->seed);
    return i;
}

/* The figures derived across the group and the backend's facts: relative
 * speed, harness cost, instructions, tables, hit rate, checksum, warnings. */
static int derived_fields(const struct result_row *row, const struct run_context *context,
                          char fields[COLUMN_COUNT][FIELD_SIZE], int i)
{
    const struct measurement *m = &row->measurement;
    if (m->backend->baseline) {
        fields[i++][0] = '\0';
        fields[i++][0] = '\0';
    } else {
        snprintf(fields[i++], FIELD_SIZE, "%.4f", row->relative);
        snprintf(fields[i++], FIELD_SIZE, "%.4f", row->relative_mad);
    }
    if (row->harness_ns >= 0 && row->metric == METRIC_NS)
        snprintf(fields[i++], FIELD_SIZE, "%.4f", row->harness_ns);
    else
        fields[i++][0] = '\0';
    if (row->metric == METRIC_INSTRUCTIONS)
        snprintf(fields[i++], FIELD_SIZE, "%.3f", row->instructions_per_query);
    else
        fields[i++][0] = '\0';
    snprintf(fields[i++], FIELD_SIZE, "%zu", row->table_bytes);
    snprintf(fields[i++], FIELD_SIZE, "%.3f", row->init_ms);
    if (m->hit_rate >= 0)
        snprintf(fields[i++], FIELD_SIZE, "%.6f", m->hit_rate);
    else
        fields[i++][0] = '\0';
    if (m->backend->baseline)
        fields[i++][0] = '\0';
    else
        snprintf(fields[i++], FIELD_SIZE, "0x%016" PRIx64, m->checksum);
    snprintf(fields[i++], FIELD_SIZE, "%s%s%s", context->warnings, context->warnings[0] && row->warnings[0] ? " " : "",
             row->warnings);
    return i;
}

static void row_fields(const struct result_row *row, const struct run_context *context,
                       char fields[COLUMN_COUNT][FIELD_SIZE])
{
    int i = identity_fields(context, fields, 0);
    i = configuration_fields(row, context, fields, i);
    i = timing_fields(row, context->timer->kind == TIMER_TSC, fields, i);
    i = derived_fields(row, context, fields, i);
    /* A column added to the list needs its value here, in order. */
    if (i != COLUMN_COUNT)
        abort();
}

/* The formulation the row's method ran ("lanes"), or "" for a technique
 * with one: after samples_ns in the CSV and a JSON row, followed only by
 * formulation_threads, so readers of the columns before it are unchanged. */
static const char *row_formulation(const struct result_row *row)
{
    const char *formulation = backend_formulation(row->measurement.backend);
    return formulation ? formulation : "";
}

/* The threads the row's formulation was chosen on ("2"), or "" when it
 * was not chosen by measurement (one formulation, a forced one, fixed):
 * the column after formulation, the last. */
static void row_formulation_threads(const struct result_row *row, char *text, size_t size)
{
    if (row->formulation_threads > 0)
        snprintf(text, size, "%d", row->formulation_threads);
    else
        text[0] = '\0';
}

/* The repetitions' ns/query in measurement order, separated by `between`. */
static void write_samples(FILE *out, const struct measurement *m, const char *between)
{
    for (int k = 0; k < m->sample_count; k++)
        fprintf(out, "%s%.4f", k ? between : "", m->samples_ns[k]);
}

void write_csv_column_names(FILE *out)
{
    for (int c = 0; c < COLUMN_COUNT; c++)
        fprintf(out, "%s,", columns[c].name);
    fputs("samples_ns,formulation,formulation_threads,parameters", out);
}

void write_csv(FILE *out, const struct result_set *set, const struct run_context *context)
{
    write_csv_column_names(out);
    fputc('\n', out);
    char fields[COLUMN_COUNT][FIELD_SIZE], threads[16];
    for (size_t r = 0; r < set->count; r++) {
        row_fields(&set->rows[r], context, fields);
        for (int c = 0; c < COLUMN_COUNT; c++) {
            write_csv_field(out, fields[c]);
            fputc(',', out);
        }
        write_samples(out, &set->rows[r].measurement, " ");
        fputc(',', out);
        write_csv_field(out, row_formulation(&set->rows[r]));
        row_formulation_threads(&set->rows[r], threads, sizeof threads);
        /* parameters last, so that readers of the columns before it are
         * unchanged: "" when the backend ran with its defaults. */
        fprintf(out, ",%s,", threads);
        write_csv_field(out, set->rows[r].parameters);
        fputc('\n', out);
    }
}

/* The members of one scope, "name": value, text quoted, empty as null. */
static void write_json_members(FILE *out, const char fields[COLUMN_COUNT][FIELD_SIZE], enum column_scope scope)
{
    const char *before = "";
    for (int c = 0; c < COLUMN_COUNT; c++) {
        if (columns[c].scope != scope)
            continue;
        fprintf(out, "%s\"%s\": ", before, columns[c].name);
        before = ", ";
        if (columns[c].kind == TEXT_COLUMN && fields[c][0])
            write_json_string(out, fields[c]);
        else if (fields[c][0])
            fputs(fields[c], out);
        else
            fputs("null", out);
    }
}

/* A text member's value: the string, or null when empty. */
static void write_json_text_or_null(FILE *out, const char *text)
{
    if (text[0])
        write_json_string(out, text);
    else
        fputs("null", out);
}

/* BMF: one benchmark per row, named by its configuration; the measure
 * "latency" (Bencher's own, in ns) with the repetitions' fastest and
 * slowest as bounds, or "instructions" for a count. */
void write_bmf(FILE *out, const struct result_set *set, const struct run_context *context)
{
    char fields[COLUMN_COUNT][FIELD_SIZE], name[10 * FIELD_SIZE + 16];
    struct bmf_writer writer;
    bmf_begin(&writer, out);
    for (size_t r = 0; r < set->count; r++) {
        const struct result_row *row = &set->rows[r];
        configuration_fields(row, context, fields, 0);
        /* The parameters, when the backend ran with some, end the name:
         * a default row keeps the name it always had. */
        snprintf(name, sizeof name, "%s/%s/%s/%s/%s/%s/%s/%s/%s%s%s", fields[0], fields[1], fields[2], fields[3],
                 fields[4], fields[5], fields[6], fields[7], fields[8], row->parameters[0] ? "/" : "", row->parameters);
        if (row->metric == METRIC_INSTRUCTIONS)
            bmf_entry(&writer, name, "instructions", row->instructions_per_query, NAN, NAN);
        else
            bmf_entry(&writer, name, "latency", row->measurement.ns_per_query.median, row->measurement.ns_per_query.min,
                      row->measurement.ns_per_query.max);
    }
    bmf_end(&writer);
}

void write_json(FILE *out, const struct result_set *set, const struct run_context *context)
{
    char fields[COLUMN_COUNT][FIELD_SIZE], threads[16];
    fprintf(out, "{\n  \"schema\": %d,\n  \"context\": {", RESULT_JSON_SCHEMA);
    if (set->count > 0) {
        row_fields(&set->rows[0], context, fields);
        write_json_members(out, fields, RUN_COLUMN);
    }
    fputs("},\n  \"results\": [\n", out);
    for (size_t r = 0; r < set->count; r++) {
        row_fields(&set->rows[r], context, fields);
        fputs("    {", out);
        write_json_members(out, fields, ROW_COLUMN);
        fputs(", \"samples_ns\": [", out);
        write_samples(out, &set->rows[r].measurement, ", ");
        fputs("], \"formulation\": ", out);
        write_json_text_or_null(out, row_formulation(&set->rows[r]));
        row_formulation_threads(&set->rows[r], threads, sizeof threads);
        fprintf(out, ", \"formulation_threads\": %s, \"parameters\": ", threads[0] ? threads : "null");
        write_json_text_or_null(out, set->rows[r].parameters);
        fprintf(out, "}%s\n", r + 1 < set->count ? "," : "");
    }
    fputs("  ]\n}\n", out);
}

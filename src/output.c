/* Result output: the console table, CSV and JSON. */
#define _POSIX_C_SOURCE 200809L
#include "output.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

static const char *mode_name(int chained)
{
    return chained ? "latency" : "throughput";
}

static int same_group(const struct result_row *a, const struct result_row *b)
{
    return a->workload == b->workload && a->piece == b->piece && a->dispatch == b->dispatch &&
           a->chained == b->chained && a->pressure_bytes == b->pressure_bytes && a->phase == b->phase &&
           a->threads == b->threads;
}

void complete_rows(struct result_row *rows, size_t count)
{
    for (size_t i = 0; i < count; i++) {
        double fastest = 0;
        rows[i].harness_ns = -1;
        for (size_t j = 0; j < count; j++) {
            if (!same_group(&rows[i], &rows[j]))
                continue;
            double median = rows[j].measurement.ns_per_query.median;
            if (rows[j].measurement.backend->baseline)
                rows[i].harness_ns = median;
            else if (fastest == 0 || median < fastest)
                fastest = median;
        }
        rows[i].relative = fastest > 0 ? rows[i].measurement.ns_per_query.median / fastest : 0;
    }
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

static int compare_rows_by_speed(const void *a, const void *b)
{
    const struct result_row *x = *(const struct result_row *const *)a, *y = *(const struct result_row *const *)b;
    /* The harness row goes last. */
    if (x->measurement.backend->baseline != y->measurement.backend->baseline)
        return x->measurement.backend->baseline - y->measurement.backend->baseline;
    double p = x->measurement.ns_per_query.median, q = y->measurement.ns_per_query.median;
    return (p > q) - (p < q);
}

void write_table(FILE *out, const struct result_row *rows, size_t count, const struct run_context *context)
{
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
        char pressure[32];
        format_pressure(first->pressure_bytes, pressure, sizeof pressure);
        fprintf(out, "\n%s: workload %s, dispatch %s, %s, phase %s, pressure %s, threads %d", piece_names[first->piece],
                workload_names[first->workload], dispatch_names[first->dispatch], mode_name(first->chained),
                phase_names[first->phase], pressure, first->threads);
        fprintf(out, " (%zu queries, %" PRIu64 " calls x %d reps; checksum 0x%016" PRIx64 ", the same for every method)\n",
                first->queries, first->measurement.calls_per_rep, context->reps, first->checksum);
        fprintf(out, "  %-24s %9s %9s %9s %10s %8s %9s %11s %9s\n", "method", "ns/query", "-harness",
                tsc ? "ticks/q" : "", "Mlookups/s", "spread", "relative", "table", "init ms");
        for (size_t k = 0; k < members; k++) {
            const struct result_row *row = group[k];
            const struct measurement *m = &row->measurement;
            char net[16] = "", ticks[16] = "", relative[16] = "", table[24], spread[16];
            if (!m->backend->baseline && row->harness_ns >= 0)
                snprintf(net, sizeof net, "%.3f", m->ns_per_query.median - row->harness_ns);
            if (tsc)
                snprintf(ticks, sizeof ticks, "%.2f", m->ticks_per_query.median);
            if (!m->backend->baseline)
                snprintf(relative, sizeof relative, "%.2fx", row->relative);
            double percent = m->ns_per_query.median > 0 ? 100 * m->ns_per_query.mad / m->ns_per_query.median : 0;
            snprintf(spread, sizeof spread, "%s%.1f%%", percent > 3 ? "!" : "", percent);
            format_bytes(row->table_bytes, table, sizeof table);
            char name[64];
            snprintf(name, sizeof name, "%s%s", m->backend->name, m->backend->baseline ? " (harness)" : "");
            fprintf(out, "  %-24s %9.3f %9s %9s %10.1f %8s %9s %11s %9.2f", name, m->ns_per_query.median, net,
                    ticks, m->mlookups_per_s, spread, relative, table, row->init_ms);
            if (m->hit_rate >= 0)
                fprintf(out, "  hit rate %.1f%%", 100 * m->hit_rate);
            fputc('\n', out);
        }
    }
    fprintf(out, "\nns/query: median over repetitions; -harness: minus the null backend (approximate: the CPU\n"
                 "overlaps the two); spread: median absolute deviation as %% of the median (! above 3%%);\n"
                 "relative: to the fastest method of the group.\n");
    free(group);
    free(printed);
}

void write_csv_field(FILE *out, const char *text)
{
    if (strpbrk(text, ",\"\r\n") == NULL) {
        fputs(text, out);
        return;
    }
    fputc('"', out);
    for (const char *p = text; *p; p++) {
        if (*p == '"')
            fputc('"', out);
        fputc(*p, out);
    }
    fputc('"', out);
}

static const char *const csv_columns[] = {
    "timestamp", "host", "cpu", "compiler", "flags", "timer", "tsc_ghz", "pin_cpu", "method", "piece", "workload",
    "dispatch", "mode", "pressure_bytes", "phase", "threads", "positions", "queries", "calls_per_rep", "reps", "seed",
    "ns_per_query_median", "ns_per_query_min", "ns_per_query_max", "ns_per_query_mad", "ticks_per_query_median",
    "ticks_per_query_min", "ticks_per_query_max", "ticks_per_query_mad", "mlookups_per_s", "relative",
    "harness_ns_per_query", "table_bytes", "init_ms", "hit_rate", "checksum",
};

/* One row as strings, in csv_columns order; shared by CSV and JSON. */
enum { COLUMN_COUNT = sizeof csv_columns / sizeof csv_columns[0], FIELD_SIZE = 96 };

static void row_fields(const struct result_row *row, const struct run_context *context,
                       char fields[COLUMN_COUNT][FIELD_SIZE])
{
    const struct measurement *m = &row->measurement;
    int tsc = context->timer->kind == TIMER_TSC;
    int i = 0;
    snprintf(fields[i++], FIELD_SIZE, "%s", context->timestamp);
    snprintf(fields[i++], FIELD_SIZE, "%s", context->host);
    snprintf(fields[i++], FIELD_SIZE, "%s", context->cpu);
    snprintf(fields[i++], FIELD_SIZE, "%s", context->compiler);
    snprintf(fields[i++], FIELD_SIZE, "%s", context->flags);
    snprintf(fields[i++], FIELD_SIZE, "%s", tsc ? "tsc" : "clock");
    if (tsc)
        snprintf(fields[i++], FIELD_SIZE, "%.6f", context->timer->tsc_hz / 1e9);
    else
        fields[i++][0] = '\0';
    snprintf(fields[i++], FIELD_SIZE, "%d", context->pin_cpu);
    snprintf(fields[i++], FIELD_SIZE, "%s", m->backend->name);
    snprintf(fields[i++], FIELD_SIZE, "%s", piece_names[row->piece]);
    snprintf(fields[i++], FIELD_SIZE, "%s", workload_names[row->workload]);
    snprintf(fields[i++], FIELD_SIZE, "%s", dispatch_names[row->dispatch]);
    snprintf(fields[i++], FIELD_SIZE, "%s", mode_name(row->chained));
    snprintf(fields[i++], FIELD_SIZE, "%zu", row->pressure_bytes);
    snprintf(fields[i++], FIELD_SIZE, "%s", phase_names[row->phase]);
    snprintf(fields[i++], FIELD_SIZE, "%d", row->threads);
    snprintf(fields[i++], FIELD_SIZE, "%ld", row->positions);
    snprintf(fields[i++], FIELD_SIZE, "%zu", row->queries);
    snprintf(fields[i++], FIELD_SIZE, "%" PRIu64, m->calls_per_rep);
    snprintf(fields[i++], FIELD_SIZE, "%d", context->reps);
    snprintf(fields[i++], FIELD_SIZE, "%llu", context->seed);
    const struct statistics *ns = &m->ns_per_query, *ticks = &m->ticks_per_query;
    snprintf(fields[i++], FIELD_SIZE, "%.4f", ns->median);
    snprintf(fields[i++], FIELD_SIZE, "%.4f", ns->min);
    snprintf(fields[i++], FIELD_SIZE, "%.4f", ns->max);
    snprintf(fields[i++], FIELD_SIZE, "%.4f", ns->mad);
    const double tick_values[4] = {ticks->median, ticks->min, ticks->max, ticks->mad};
    for (int k = 0; k < 4; k++) {
        if (tsc)
            snprintf(fields[i++], FIELD_SIZE, "%.4f", tick_values[k]);
        else
            fields[i++][0] = '\0';
    }
    snprintf(fields[i++], FIELD_SIZE, "%.2f", m->mlookups_per_s);
    if (m->backend->baseline)
        fields[i++][0] = '\0';
    else
        snprintf(fields[i++], FIELD_SIZE, "%.4f", row->relative);
    if (row->harness_ns >= 0)
        snprintf(fields[i++], FIELD_SIZE, "%.4f", row->harness_ns);
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
        snprintf(fields[i++], FIELD_SIZE, "0x%016" PRIx64, row->checksum);
}

void write_csv(FILE *out, const struct result_row *rows, size_t count, const struct run_context *context)
{
    for (int c = 0; c < COLUMN_COUNT; c++)
        fprintf(out, "%s%s", c ? "," : "", csv_columns[c]);
    fputc('\n', out);
    char fields[COLUMN_COUNT][FIELD_SIZE];
    for (size_t r = 0; r < count; r++) {
        row_fields(&rows[r], context, fields);
        for (int c = 0; c < COLUMN_COUNT; c++) {
            if (c)
                fputc(',', out);
            write_csv_field(out, fields[c]);
        }
        fputc('\n', out);
    }
}

static void write_json_string(FILE *out, const char *text)
{
    fputc('"', out);
    for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
        if (*p == '"' || *p == '\\')
            fprintf(out, "\\%c", *p);
        else if (*p < 0x20)
            fprintf(out, "\\u%04x", *p);
        else
            fputc(*p, out);
    }
    fputc('"', out);
}

void write_json(FILE *out, const struct result_row *rows, size_t count, const struct run_context *context)
{
    /* Columns that hold text; the others are numbers (or null when empty). */
    static const char *const text_columns[] = {"timestamp", "host",  "cpu",      "compiler", "flags",
                                               "timer",     "method", "piece",   "workload", "dispatch",
                                               "mode",      "phase", "checksum"};
    char fields[COLUMN_COUNT][FIELD_SIZE];
    fputs("[\n", out);
    for (size_t r = 0; r < count; r++) {
        row_fields(&rows[r], context, fields);
        fputs("  {", out);
        for (int c = 0; c < COLUMN_COUNT; c++) {
            int text = 0;
            for (size_t t = 0; t < sizeof text_columns / sizeof text_columns[0]; t++)
                text |= strcmp(csv_columns[c], text_columns[t]) == 0;
            fprintf(out, "%s\"%s\": ", c ? ", " : "", csv_columns[c]);
            if (text && fields[c][0])
                write_json_string(out, fields[c]);
            else if (fields[c][0])
                fputs(fields[c], out);
            else
                fputs("null", out);
        }
        fprintf(out, "}%s\n", r + 1 < count ? "," : "");
    }
    fputs("]\n", out);
}

/* Result output: the console table, CSV and JSON. */
#define _POSIX_C_SOURCE 200809L
#include "output.h"

#include <errno.h>
#include <inttypes.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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

static int compare_rows_by_speed(const void *a, const void *b)
{
    const struct result_row *x = *(const struct result_row *const *)a, *y = *(const struct result_row *const *)b;
    /* The harness row goes last. */
    if (x->measurement.backend->baseline != y->measurement.backend->baseline)
        return x->measurement.backend->baseline - y->measurement.backend->baseline;
    double p = x->measurement.ns_per_query.median, q = y->measurement.ns_per_query.median;
    return (p > q) - (p < q);
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
        char pressure[32];
        format_pressure(first->pressure_bytes, pressure, sizeof pressure);
        fprintf(out, "\n%s: workload %s, dispatch %s, %s, phase %s, pressure %s, threads %d", workload_piece_name(first->workload, first->piece),
                workload_names[first->workload], dispatch_names[first->dispatch], mode_name(first->chained),
                phase_names[first->phase], pressure, first->threads);
        fprintf(out, " (%zu queries, %" PRIu64 " calls x %d reps; checksum 0x%016" PRIx64 ", the same for every method)\n",
                first->queries, first->measurement.calls_per_rep, context->reps, first->measurement.checksum);
        fprintf(out, "  %-24s %9s %9s %9s %10s %8s %9s %11s %9s\n", "method", "ns/query", "-harness",
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
    free(group);
    free(printed);
}

void write_table_notes(FILE *out)
{
    fprintf(out, "\nns/query: median over repetitions; -harness: minus the null backend (approximate: the CPU\n"
                 "overlaps the two; \"below\": below the harness's resolution, the lookup hides in the loop's\n"
                 "own cost); spread: median absolute deviation as %% of the median (! above 3%%);\n"
                 "relative: to the fastest method of the group.\n");
}

void write_table(FILE *out, const struct result_set *set, const struct run_context *context)
{
    write_table_groups(out, set, context);
    write_table_notes(out);
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

/* The one list of columns, shared by CSV and JSON; row_fields() fills
 * them in this order.  Text columns are strings in JSON, the others
 * numbers (null when empty). */
enum column_kind { NUMBER_COLUMN, TEXT_COLUMN };
static const struct column {
    const char *name;
    enum column_kind kind;
} columns[] = {
    {"timestamp", TEXT_COLUMN},
    {"host", TEXT_COLUMN},
    {"cpu", TEXT_COLUMN},
    {"compiler", TEXT_COLUMN},
    {"flags", TEXT_COLUMN},
    {"timer", TEXT_COLUMN},
    {"tsc_ghz", NUMBER_COLUMN},
    {"pin_cpu", NUMBER_COLUMN},
    {"method", TEXT_COLUMN},
    {"piece", TEXT_COLUMN},
    {"workload", TEXT_COLUMN},
    {"dispatch", TEXT_COLUMN},
    {"mode", TEXT_COLUMN},
    {"pressure_bytes", NUMBER_COLUMN},
    {"phase", TEXT_COLUMN},
    {"threads", NUMBER_COLUMN},
    {"positions", NUMBER_COLUMN},
    {"queries", NUMBER_COLUMN},
    {"calls_per_rep", NUMBER_COLUMN},
    {"reps", NUMBER_COLUMN},
    {"seed", NUMBER_COLUMN},
    {"ns_per_query_median", NUMBER_COLUMN},
    {"ns_per_query_min", NUMBER_COLUMN},
    {"ns_per_query_max", NUMBER_COLUMN},
    {"ns_per_query_mad", NUMBER_COLUMN},
    {"ticks_per_query_median", NUMBER_COLUMN},
    {"ticks_per_query_min", NUMBER_COLUMN},
    {"ticks_per_query_max", NUMBER_COLUMN},
    {"ticks_per_query_mad", NUMBER_COLUMN},
    {"mlookups_per_s", NUMBER_COLUMN},
    {"relative", NUMBER_COLUMN},
    {"harness_ns_per_query", NUMBER_COLUMN},
    {"table_bytes", NUMBER_COLUMN},
    {"init_ms", NUMBER_COLUMN},
    {"hit_rate", NUMBER_COLUMN},
    {"checksum", TEXT_COLUMN},
    {"warnings", TEXT_COLUMN},
};

enum { COLUMN_COUNT = sizeof columns / sizeof columns[0], FIELD_SIZE = 224 };

static void row_fields(const struct result_row *row, const struct run_context *context,
                       char fields[COLUMN_COUNT][FIELD_SIZE])
{
    const struct measurement *m = &row->measurement;
    int tsc = context->timer->kind == TIMER_TSC;
    int i = 0;
    const struct run_metadata *metadata = &context->metadata;
    snprintf(fields[i++], FIELD_SIZE, "%s", metadata->timestamp);
    snprintf(fields[i++], FIELD_SIZE, "%s", metadata->host);
    snprintf(fields[i++], FIELD_SIZE, "%s", metadata->cpu);
    snprintf(fields[i++], FIELD_SIZE, "%s", metadata->compiler);
    snprintf(fields[i++], FIELD_SIZE, "%s", metadata->flags);
    snprintf(fields[i++], FIELD_SIZE, "%s", tsc ? "tsc" : "clock");
    if (tsc)
        snprintf(fields[i++], FIELD_SIZE, "%.6f", context->timer->tsc_hz / 1e9);
    else
        fields[i++][0] = '\0';
    snprintf(fields[i++], FIELD_SIZE, "%d", context->pin_cpu);
    snprintf(fields[i++], FIELD_SIZE, "%s", m->backend->name);
    snprintf(fields[i++], FIELD_SIZE, "%s", workload_piece_name(row->workload, row->piece));
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
        snprintf(fields[i++], FIELD_SIZE, "0x%016" PRIx64, m->checksum);
    snprintf(fields[i++], FIELD_SIZE, "%s%s%s", context->warnings,
             context->warnings[0] && row->warnings[0] ? " " : "", row->warnings);
    /* A column added to the list needs its value here, in order. */
    if (i != COLUMN_COUNT)
        abort();
}

void write_csv(FILE *out, const struct result_set *set, const struct run_context *context)
{
    for (int c = 0; c < COLUMN_COUNT; c++)
        fprintf(out, "%s%s", c ? "," : "", columns[c].name);
    fputc('\n', out);
    char fields[COLUMN_COUNT][FIELD_SIZE];
    for (size_t r = 0; r < set->count; r++) {
        row_fields(&set->rows[r], context, fields);
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

void write_json(FILE *out, const struct result_set *set, const struct run_context *context)
{
    char fields[COLUMN_COUNT][FIELD_SIZE];
    fputs("[\n", out);
    for (size_t r = 0; r < set->count; r++) {
        row_fields(&set->rows[r], context, fields);
        fputs("  {", out);
        for (int c = 0; c < COLUMN_COUNT; c++) {
            int text = columns[c].kind == TEXT_COLUMN;
            fprintf(out, "%s\"%s\": ", c ? ", " : "", columns[c].name);
            if (text && fields[c][0])
                write_json_string(out, fields[c]);
            else if (fields[c][0])
                fputs(fields[c], out);
            else
                fputs("null", out);
        }
        fprintf(out, "}%s\n", r + 1 < set->count ? "," : "");
    }
    fputs("]\n", out);
}

int write_file_atomically(const char *path, void (*writer)(FILE *out, void *data), void *data)
{
    size_t length = strlen(path) + 32;
    char *temporary = malloc(length);
    if (temporary == NULL) {
        fprintf(stderr, "attackbench: out of memory\n");
        return -1;
    }
    snprintf(temporary, length, "%s.tmp.%ld", path, (long)getpid());
    FILE *out = fopen(temporary, "w");
    if (out == NULL) {
        fprintf(stderr, "attackbench: %s: cannot create: %s\n", path, strerror(errno));
        free(temporary);
        return -1;
    }
    /* A SIGINT now must not leave the temporary file behind. */
    sigset_t blocked, previous;
    sigemptyset(&blocked);
    sigaddset(&blocked, SIGINT);
    sigaddset(&blocked, SIGTERM);
    sigprocmask(SIG_BLOCK, &blocked, &previous);
    writer(out, data);
    int failed = ferror(out);
    int saved_errno = errno;
    if (fclose(out) != 0 && !failed) {
        failed = 1;
        saved_errno = errno;
    }
    if (!failed && rename(temporary, path) != 0) {
        failed = 1;
        saved_errno = errno;
    }
    if (failed) {
        fprintf(stderr, "attackbench: %s: cannot write: %s\n", path, strerror(saved_errno));
        remove(temporary);
    }
    sigprocmask(SIG_SETMASK, &previous, NULL);
    free(temporary);
    return failed ? -1 : 0;
}

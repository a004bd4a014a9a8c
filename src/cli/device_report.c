/* The device run's table and CSV. */
#include "device_report.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "results/csv_field.h"
#include "results/output.h"
#include "results/run_metadata.h"
#include "registry/contract.h"
#include "registry/registry.h"
#include "platform/output_file.h"

void cpu_row_from_measurement(struct device_session *session, const struct measurement *fastest, int candidates,
                              const struct timer *timer, double init_ms)
{
    struct device_row *row = &session->rows[session->row_count++];
    memset(row, 0, sizeof *row);
    snprintf(row->method, sizeof row->method, "%s", fastest->backend->name);
    row->device = "cpu";
    row->ns = fastest->ns_per_query;
    row->sample_count = fastest->sample_count;
    row->samples = malloc((size_t)(row->sample_count ? row->sample_count : 1) * sizeof *row->samples);
    if (row->samples)
        memcpy(row->samples, fastest->samples_ns, (size_t)row->sample_count * sizeof *row->samples);
    else
        row->sample_count = 0;
    row->checksum = fastest->checksum;
    row->table_bytes = backend_initialize(fastest->backend, NULL); /* initialised already: only the size */
    row->timer = timer->kind == TIMER_TSC ? "tsc" : "clock";
    row->tsc_ghz = timer->kind == TIMER_TSC ? timer->tsc_hz / 1e9 : 0;
    row->ticks = fastest->ticks_per_query;
    row->hit_rate = fastest->hit_rate;
    row->init_ms = init_ms;
    row->formulation = backend_formulation(fastest->backend);
    session->cpu_candidates = candidates;
}

static int faster(const void *a, const void *b)
{
    const struct device_row *x = a, *y = b;
    return (x->ns.median > y->ns.median) - (x->ns.median < y->ns.median);
}

static double glookups(const struct device_row *row)
{
    return row->ns.median > 0 ? 1 / row->ns.median : 0;
}

/* The fastest row of a device, or NULL. */
static const struct device_row *fastest_on(const struct device_row *rows, int count, int cpu)
{
    for (int i = 0; i < count; i++)
        if ((strcmp(rows[i].device, "cpu") == 0) == cpu)
            return &rows[i];
    return NULL;
}

static void write_table(FILE *out, const struct device_session *session, const struct device_row *rows)
{
    fprintf(out, "\nqueen: workload random, %zu queries; device %s (%s); checksum 0x%016" PRIx64 ", the CPU's\n",
            session->stream->count, session->device_name, session->facts.name, session->expected.mixed);
    fprintf(out, "  %-34s %-9s %10s %12s %8s %9s %11s %s\n", "method", "device", "ns/query", "G lookups/s", "spread",
            "relative", "table", "launch");
    for (int i = 0; i < session->row_count; i++) {
        const struct device_row *row = &rows[i];
        double spread = row->ns.median > 0 ? 100 * row->ns.mad / row->ns.median : 0;
        char launch[64] = "one thread, batched";
        if (strcmp(row->device, "cpu") != 0)
            snprintf(launch, sizeof launch, "%zu items x %u passes", row->threads, row->passes);
        fprintf(out, "  %-34s %-9s %10.4f %12.3f %7s%.1f%% %8.2fx %9zu B %s\n", row->method, row->device,
                row->ns.median, glookups(row), spread > 3 ? "!" : "", spread, row->ns.median / rows[0].ns.median,
                row->table_bytes, launch);
    }
    const struct device_row *device = fastest_on(rows, session->row_count, 0),
                            *cpu = fastest_on(rows, session->row_count, 1);
    if (device && cpu)
        fprintf(out,
                "\nGPU/CPU: %s on %s is %.2fx %s on the CPU (the fastest of %d CPU techniques, batched, one "
                "thread); ns/query from OpenCL profiling events, median of %d launches\n",
                device->method, device->device, cpu->ns.median / device->ns.median, cpu->method,
                session->cpu_candidates, device->sample_count);
}

/* After the CPU benchmark's columns (write_csv_column_names()). */
static const char device_columns[] = "device,device_name,launch_work_items,launch_passes,launch_overhead";

/* A number, or an empty field when `value` is negative. */
static void write_number_or_empty(FILE *out, const char *format, double value)
{
    if (value >= 0)
        fprintf(out, format, value);
    fputc(',', out);
}

/* timer to pin_cpu: a device row's time is the device's, from OpenCL
 * profiling events, in ns (no TSC); a device run pins no thread. */
static void write_timer_fields(FILE *out, const struct device_row *row, int on_device)
{
    fprintf(out, "%s,", on_device ? "opencl-events" : row->timer);
    write_number_or_empty(out, "%.6f", on_device || row->tsc_ghz <= 0 ? -1 : row->tsc_ghz);
    fputs("-1,", out);
}

/* method to seed: one queen stream, every lookup independent. */
static void write_configuration_fields(FILE *out, const struct device_session *session, const struct device_row *row,
                                       int on_device)
{
    const char *colon = strchr(row->method, ':');
    int slug_length = colon && on_device ? (int)(colon - row->method) : (int)strlen(row->method);
    uint64_t calls = on_device ? (uint64_t)session->stream->count * row->passes : session->options->calls;
    fprintf(out, "%.*s,queen,random,%s,throughput,0,all,", slug_length, row->method, on_device ? "launch" : "batch");
    if (!on_device)
        fputs("1", out);
    fprintf(out, ",queries,ns,%ld,%zu,%" PRIu64 ",%d,%" PRIu64 ",", session->workload.positions, session->stream->count,
            calls, row->sample_count, session->options->seed);
}

/* ns_per_query_median to instructions_per_query: ticks on the CPU row
 * only; no per-round ratio (relative_mad) and no harness row in a device
 * run; instructions only with --count=instructions, on the CPU. */
static void write_timing_fields(FILE *out, const struct device_row *row, double fastest, int on_device)
{
    fprintf(out, "%.6f,%.6f,%.6f,%.6f,", row->ns.median, row->ns.min, row->ns.max, row->ns.mad);
    const double ticks[4] = {row->ticks.median, row->ticks.min, row->ticks.max, row->ticks.mad};
    for (int i = 0; i < 4; i++)
        write_number_or_empty(out, "%.4f", on_device || row->tsc_ghz <= 0 ? -1 : ticks[i]);
    fprintf(out, "%.2f,%.4f,,,,", 1000 * glookups(row), row->ns.median / fastest);
}

/* table_bytes to parameters: the CPU row's init time, hit rate and
 * formulation (its default: chosen by no measurement here); no parameters
 * (--device refuses --param). */
static void write_derived_fields(FILE *out, const struct device_row *row, int on_device)
{
    fprintf(out, "%zu,", row->table_bytes);
    write_number_or_empty(out, "%.3f", on_device ? -1 : row->init_ms);
    write_number_or_empty(out, "%.6f", on_device ? -1 : row->hit_rate);
    fprintf(out, "0x%016" PRIx64 ",,", row->checksum);
    char samples[4096] = "";
    for (int i = 0; i < row->sample_count && strlen(samples) < sizeof samples - 32; i++)
        snprintf(samples + strlen(samples), sizeof samples - strlen(samples), "%s%.6f", i ? " " : "", row->samples[i]);
    write_csv_field(out, samples);
    const char *colon = strchr(row->method, ':');
    fprintf(out, ",%s,,,", on_device ? (colon ? colon + 1 : "") : (row->formulation ? row->formulation : ""));
}

static void write_csv_row(FILE *out, const struct device_session *session, const struct run_metadata *metadata,
                          const struct device_row *row, double fastest)
{
    int on_device = strcmp(row->device, "cpu") != 0;
    run_metadata_write_fields(out, metadata);
    write_timer_fields(out, row, on_device);
    write_configuration_fields(out, session, row, on_device);
    write_timing_fields(out, row, fastest, on_device);
    write_derived_fields(out, row, on_device);
    fprintf(out, "%s,", on_device ? "opencl" : "cpu");
    write_csv_field(out, on_device ? session->facts.name : metadata->cpu);
    if (on_device)
        fprintf(out, ",%zu,%u,%.6f\n", row->threads, row->passes, row->overhead);
    else
        fprintf(out, ",,,\n");
}

struct csv_job {
    const struct device_session *session;
    const struct device_row *rows;
};

static void write_device_csv(FILE *out, void *data)
{
    const struct csv_job *job = data;
    struct run_metadata metadata;
    run_metadata_capture(&metadata);
    write_csv_column_names(out);
    fprintf(out, ",%s\n", device_columns);
    for (int i = 0; i < job->session->row_count; i++)
        write_csv_row(out, job->session, &metadata, &job->rows[i], job->rows[0].ns.median);
}

int write_device_report(const struct device_session *session)
{
    struct device_row rows[MAX_DEVICE_ROWS + 1];
    memcpy(rows, session->rows, (size_t)session->row_count * sizeof *rows);
    qsort(rows, (size_t)session->row_count, sizeof *rows, faster);
    struct csv_job job = {session, rows};
    if (session->options->format == FORMAT_CSV)
        write_device_csv(stdout, &job);
    else
        write_table(stdout, session, rows);
    if (session->options->csv_path && write_file_atomically(session->options->csv_path, write_device_csv, &job) != 0)
        return 2;
    return 0;
}

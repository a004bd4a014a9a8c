/* The counting side of --count=instructions, run under callgrind (see
 * src/measure/callgrind.c): one counted pass per backend, workload, piece
 * and dispatch, read back from callgrind's numbered dump files. */
#define _POSIX_C_SOURCE 200809L
#include "count_rows.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "measure/runner.h"
#include "chess/sliders.h"
#include "platform/interrupt.h"
#include "results/output.h"
#include "result_outputs.h"
#include "selection.h"
#include "measure/statistics.h"
#include "registry/registry.h"
#include "results/group_figures.h"

/* What every counted stream shares. */
struct count_job {
    const struct options *options;
    const struct backend **selected;
    int count;
    const char *output;
    const struct backend *reference;
    size_t *table_bytes; /* one per selected backend */
    double *init_ms;
    int skipped_reported; /* the files' malformed lines counted once */
};

/* One pass in the row's dispatch mode; the side-wise workloads through
 * the backend's side-wise passes. */
static uint64_t one_pass(const struct backend *backend, const struct result_row *row, const struct attackbench_run *run)
{
    enum piece_kind piece = row->piece;
    enum dispatch_kind dispatch = row->dispatch;
    if (side_workload(row->workload))
        return side_pass(backend, row->workload == WORKLOAD_SETS ? STREAM_SETS : STREAM_SIDES,
                         dispatch == DISPATCH_CALL, run);
    if (dispatch == DISPATCH_BATCH)
        return backend_batch_pass(backend, piece, run);
    return backend_call_pass(backend, piece, run);
}

/* Callgrind counts only inside this function (--toggle-collect) and dumps
 * the count when it returns (--dump-after), so nothing else may call it.
 * It is called through a volatile pointer so that the compiler neither
 * inlines nor clones it and the name stays what valgrind looks for. */
uint64_t attackbench_counted_pass(const struct backend *backend, const struct result_row *row,
                                  const struct attackbench_run *run);
__attribute__((noinline)) uint64_t attackbench_counted_pass(const struct backend *backend, const struct result_row *row,
                                                            const struct attackbench_run *run)
{
    return one_pass(backend, row, run);
}
static uint64_t (*volatile counted_pass)(const struct backend *, const struct result_row *,
                                         const struct attackbench_run *) = attackbench_counted_pass;

/* The "totals:" line of callgrind's dump number `part`, which it then
 * removes.  Returns the count, or -1. */
static double read_dump(const char *output, int part)
{
    char path[4200], line[256];
    snprintf(path, sizeof path, "%s.%d", output, part);
    FILE *in = fopen(path, "r");
    if (in == NULL) {
        fprintf(stderr, "attackbench: %s: no callgrind dump: %s\n", path, strerror(errno));
        return -1;
    }
    double total = -1;
    while (fgets(line, sizeof line, in))
        if (strncmp(line, "totals:", 7) == 0)
            total = strtod(line + 7, NULL);
    fclose(in);
    remove(path);
    if (total < 0)
        fprintf(stderr, "attackbench: %s: no totals line\n", path);
    return total;
}

/* Count one backend on one stream; fills the row's count.  Returns 0, 1
 * after a wrong sum (a wrong result) or 2 after an unreadable dump. */
static int count_one(const struct backend *backend, struct result_row *row, struct attackbench_run *run,
                     const struct pass_checksums *expected, const char *output)
{
    static int part;
    /* The same checking warm-up as the timed runs, so that cache-like
     * backends start from the same state. */
    backend_guard(backend, "instruction counting");
    run->mix_results = 1;
    uint64_t mixed = one_pass(backend, row, run);
    run->mix_results = 0;
    uint64_t sum = counted_pass(backend, row, run);
    backend_unguard();
    double total = read_dump(output, ++part);
    if (!backend->baseline && (sum != expected->sum || mixed != expected->mixed)) {
        fprintf(stderr, "attackbench: %s %s: checksum differs from the reference\n", backend->name,
                workload_piece_name(row->workload, row->piece));
        return 1;
    }
    if (total < 0)
        return 2;
    row->measurement.checksum = mixed;
    row->metric = METRIC_INSTRUCTIONS;
    row->instructions_per_query = total / (double)(row->queries ? row->queries : 1);
    return 0;
}

/* Every selected backend on one stream, appended to the rows; returns 0
 * or count_one's status (2 when the rows cannot grow). */
static int count_stream(const struct count_job *job, const struct stream *stream, struct result_row *template,
                        struct result_set *rows)
{
    struct attackbench_run run = stream_run(stream);
    struct pass_checksums expected = stream_checksums(job->reference, template->piece, stream, 0);
    template->queries = stream_lookups(stream);
    for (int i = 0; i < job->count && !interrupt_requested(); i++) {
        struct result_row row = *template;
        row.measurement.backend = job->selected[i];
        row.measurement.calls_per_rep = template->queries;
        row.measurement.hit_rate = -1;
        row.table_bytes = job->table_bytes[i];
        row.init_ms = job->init_ms[i];
        snprintf(row.parameters, sizeof row.parameters, "%s", applied_parameters(job->selected[i]));
        int status = count_one(job->selected[i], &row, &run, &expected, job->output);
        if (status != 0)
            return status;
        if (result_set_add(rows, &row) != 0)
            return 2;
    }
    return 0;
}

static int count_workload(struct count_job *job, enum workload_kind kind, struct result_set *rows)
{
    const struct options *options = job->options;
    struct workload_options workload_options = {
        .kind = kind,
        .pieces = options->pieces,
        .seed = options->seed,
        .max_queries = options->max_queries,
        .random_queries = options->random_queries,
        .layout = options->layout,
        .random_positions = options->random_positions,
        .read = {.skip_invalid = options->skip_invalid, .named_files_checked = job->skipped_reported},
    };
    struct workload workload;
    long skipped = 0;
    /* An input file that cannot be read is a usage error (2), like the
     * timed command's; only a wrong answer is 1. */
    if (build_workload(&workload, &workload_options, options->files, options->file_count, &skipped) != 0)
        return 2;
    if (!job->skipped_reported) { /* every file workload skips the same lines */
        report_skipped_lines(skipped);
        job->skipped_reported = kind != WORKLOAD_RANDOM;
    }
    int status = 0;
    for (int piece = 0; piece < PIECE_KIND_COUNT && status == 0; piece++) {
        const struct stream *stream = &workload.streams[piece][PHASE_ALL];
        /* The side-wise workloads keep all of a side's sliders in streams[0]. */
        unsigned pieces = side_workload(kind) ? piece_bit(0) : options->pieces;
        if (!(pieces & piece_bit(piece)) || stream->count == 0)
            continue;
        for (int dispatch = 0; dispatch < DISPATCH_KIND_COUNT && status == 0; dispatch++) {
            if (!(options->dispatches & (1u << dispatch)))
                continue;
            struct result_row template = {.workload = kind,
                                          .layout = workload.layout,
                                          .piece = piece,
                                          .dispatch = dispatch,
                                          .phase = PHASE_ALL,
                                          .threads = 1,
                                          .positions = workload.positions};
            status = count_stream(job, stream, &template, rows);
        }
    }
    free_workload(&workload);
    return status;
}

/* The run's CPU fields: the host's, and the emulated CPU the counts ran on. */
static void name_host_cpu(struct run_metadata *metadata, const struct host_cpu *host)
{
    static char cpu[200];
    if (host == NULL)
        return;
    snprintf(cpu, sizeof cpu, "%s (counted on valgrind's emulated %s)", host->name, metadata->cpu);
    metadata->cpu = cpu;
    snprintf(metadata->cpu_vendor, sizeof metadata->cpu_vendor, "%s", host->vendor);
    snprintf(metadata->cpu_family, sizeof metadata->cpu_family, "%s", host->family);
    snprintf(metadata->cpu_model, sizeof metadata->cpu_model, "%s", host->model);
}

int count_rows(const struct options *options, const struct backend **selected, int count, const char *output,
               const struct host_cpu *host)
{
    static struct count_job job;
    job = (struct count_job){.options = options,
                             .selected = selected,
                             .count = count,
                             .output = output,
                             .reference = find_backend("reference")};
    /* One slot more than the selection: calloc(0) may give NULL. */
    job.table_bytes = calloc((size_t)count + 1, sizeof job.table_bytes[0]);
    job.init_ms = calloc((size_t)count + 1, sizeof job.init_ms[0]);
    if (job.table_bytes == NULL || job.init_ms == NULL) {
        fprintf(stderr, "attackbench: out of memory for the instruction count's %d methods\n", count);
        free(job.table_bytes);
        free(job.init_ms);
        return 1;
    }
    for (int i = 0; i < count && !interrupt_requested(); i++)
        job.table_bytes[i] = backend_initialize(selected[i], &job.init_ms[i]);
    backend_initialize(job.reference, NULL);
    struct result_set rows = {0};
    int status = 0;
    for (int kind = 0; kind < WORKLOAD_KIND_COUNT && status == 0 && !interrupt_requested(); kind++) {
        if (!(options->workloads & (1u << kind)))
            continue;
        if (kind != WORKLOAD_RANDOM && options->file_count == 0) {
            fprintf(stderr, "attackbench: no FEN/EPD files given for the %s workload\n", workload_names[kind]);
            status = 2;
            break;
        }
        status = count_workload(&job, kind, &rows);
    }
    /* An interrupted count writes nothing: a count of part of the
     * selection would read as the whole. */
    if (interrupt_requested()) {
        fprintf(stderr, "attackbench: interrupted: the instruction count stopped unfinished; nothing written\n");
        status = interrupt_exit_status();
    }
    if (status == 0 && rows.count > 0) {
        struct timer timer;
        timer_setup(&timer, TIMER_CLOCK, 0);
        struct run_context context = {
            .timer = &timer, .pin_cpu = -1, .reps = 1, .seed = (unsigned long long)options->seed};
        run_metadata_capture(&context.metadata);
        name_host_cpu(&context.metadata, host);
        derive_group_figures(&rows);
        status = write_result_outputs(options, &rows, &context);
    }
    result_set_free(&rows);
    free(job.table_bytes);
    free(job.init_ms);
    return status;
}

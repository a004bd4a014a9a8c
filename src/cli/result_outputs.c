/* A run's rows to every output asked for (see result_outputs.h). */
#include "result_outputs.h"

#include <errno.h>
#include <string.h>

#include "platform/interrupt.h"

struct output_job {
    const struct result_set *set;
    const struct run_context *context;
    void (*writer)(FILE *out, const struct result_set *set, const struct run_context *context);
};

static void write_output_job(FILE *out, void *data)
{
    const struct output_job *job = data;
    job->writer(out, job->set, job->context);
}

/* Instruction counts as a table: one line per row. */
static void write_count_table(FILE *out, const struct result_set *set, const struct run_context *context)
{
    (void)context;
    fprintf(out, "%-27s %-7s %-9s %-8s %14s %9s\n", "method", "piece", "workload", "dispatch", "instructions/q",
            "relative");
    for (size_t i = 0; i < set->count; i++) {
        const struct result_row *row = &set->rows[i];
        char relative[16] = "";
        if (!row->measurement.backend->baseline)
            snprintf(relative, sizeof relative, "%.2fx", row->relative);
        fprintf(out, "%-27s %-7s %-9s %-8s %14.2f %9s\n", row->measurement.backend->name,
                workload_piece_name(row->workload, row->piece), workload_names[row->workload],
                dispatch_names[row->dispatch], row->instructions_per_query, relative);
    }
    fprintf(out, "\ninstructions/q: instructions executed per lookup, counted by callgrind over one pass\n"
                 "(loop included); relative: to the fewest of the same workload, piece and dispatch.\n");
}

/* The timing table's groups were printed as each was measured
 * (benchmark_command.c); what remains is the notes. */
static void write_timing_notes(FILE *out, const struct result_set *set, const struct run_context *context)
{
    (void)set;
    (void)context;
    write_table_notes(out);
}

int write_result_outputs(const struct options *options, const struct result_set *set, const struct run_context *context)
{
    int status = 0;
    struct output_job job = {set, context, write_csv};
    if (options->csv_path && write_file_atomically(options->csv_path, write_output_job, &job) != 0)
        status = 2;
    job.writer = write_json;
    if (options->json_path && write_file_atomically(options->json_path, write_output_job, &job) != 0)
        status = 2;
    if (options->format == FORMAT_CSV)
        job.writer = write_csv;
    else if (options->format == FORMAT_JSON)
        job.writer = write_json;
    else if (options->format == FORMAT_BMF)
        job.writer = write_bmf;
    else
        job.writer =
            set->count > 0 && set->rows[0].metric == METRIC_INSTRUCTIONS ? write_count_table : write_timing_notes;
    job.writer(stdout, set, context);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        if (interrupt_cut_write(errno)) /* a write blocked on a full pipe: the caller says the interrupt */
            fprintf(stderr, "attackbench: interrupted: standard output not written whole\n");
        else
            fprintf(stderr, "attackbench: cannot write the results: %s\n", strerror(errno));
        status = 2;
    }
    return status;
}

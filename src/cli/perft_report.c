/* perft's results: each method's repetitions reduced to median and spread
 * (MAD, as the benchmark reports them), the summary on stderr and the
 * per-method CSV. */
#include "results/output.h"
#include "perft_run.h"
#include "results/run_metadata.h"
#include "measure/statistics.h"

/* Above this spread (MAD as % of the median) a time is flagged with '*',
 * as scripts/report does. */
static const double NOISY_PERCENT = 3.0;

/* Median, extremes and MAD of a method's repetitions. */
static struct statistics summarize_method(const struct perft_run *run, const struct perft_method *method)
{
    return summarize(method->rep_seconds, run->settings->reps);
}

static double nodes_per_second(const struct perft_method *method, double seconds)
{
    return seconds > 0 ? (double)method->nodes / seconds : 0;
}

static double mad_percent(struct statistics summary)
{
    return summary.median > 0 ? 100 * summary.mad / summary.median : 0;
}

/* The fastest median, which `relative` divides by. */
static double fastest_median(const struct perft_run *run)
{
    double fastest = 0;
    for (size_t m = 0; m < run->method_count; m++) {
        double median = summarize_method(run, &run->methods[m]).median;
        if (fastest == 0 || median < fastest)
            fastest = median;
    }
    return fastest;
}

static void format_depth(const struct perft_run *run, char *text, size_t size)
{
    if (run->depth < 0)
        snprintf(text, size, "mixed");
    else
        snprintf(text, size, "%d", run->depth);
}

void perft_report_summary(const struct perft_run *run)
{
    char depth[16];
    format_depth(run, depth, sizeof depth);
    int reps = run->settings->reps;
    if (run->method_count == 1) {
        const struct perft_method *method = &run->methods[0];
        struct statistics summary = summarize_method(run, method);
        fprintf(stderr,
                "perft: %s: %zu positions, depth %s, %llu nodes; %d rep%s: median %.3f s, MAD %.3f s (%.1f%%), "
                "%.2f Mnodes/s\n",
                method->backend->name, run->positions, depth, (unsigned long long)method->nodes, reps,
                reps == 1 ? "" : "s", summary.median, summary.mad, mad_percent(summary),
                nodes_per_second(method, summary.median) / 1e6);
        return;
    }
    double fastest = fastest_median(run);
    fprintf(stderr,
            "perft: %zu positions, depth %s, %zu methods, %d rep%s each (seconds: median; MAD %% of it, * above "
            "%.0f%%)\n",
            run->positions, depth, run->method_count, reps, reps == 1 ? "" : "s", NOISY_PERCENT);
    fprintf(stderr, "%-28s %14s %10s %7s %10s %9s %12s\n", "method", "nodes", "seconds", "MAD%", "Mnodes/s", "relative",
            "table_bytes");
    for (size_t m = 0; m < run->method_count; m++) {
        const struct perft_method *method = &run->methods[m];
        struct statistics summary = summarize_method(run, method);
        double spread = mad_percent(summary);
        fprintf(stderr, "%-28s %14llu %10.3f %6.1f%c %10.2f %9.2f %12zu\n", method->backend->name,
                (unsigned long long)method->nodes, summary.median, spread, spread > NOISY_PERCENT ? '*' : ' ',
                nodes_per_second(method, summary.median) / 1e6, fastest > 0 ? summary.median / fastest : 0.0,
                method->table_bytes);
    }
}

/* One method's row after the metadata: the original columns (seconds is
 * the median), then the repetitions' count, extremes, MAD and samples. */
static void write_method_row(FILE *out, const struct perft_run *run, const struct perft_method *method,
                             const char *depth, double fastest)
{
    struct statistics summary = summarize_method(run, method);
    write_csv_field(out, method->backend->name);
    fprintf(out, ",%zu,", run->positions);
    write_csv_field(out, depth);
    fprintf(out, ",%llu,%.6f,%.0f,%.3f,%zu,%.3f,", (unsigned long long)method->nodes, summary.median,
            nodes_per_second(method, summary.median), fastest > 0 ? summary.median / fastest : 0,
            method->table_bytes, method->init_ms);
    fprintf(out, "%d,%.6f,%.6f,%.6f,", run->settings->reps, summary.min, summary.max, summary.mad);
    for (int rep = 0; rep < run->settings->reps; rep++)
        fprintf(out, "%s%.6f", rep ? " " : "", method->rep_seconds[rep]);
    fputc('\n', out);
}

void perft_write_method_csv(FILE *out, void *data)
{
    const struct perft_run *run = data;
    struct run_metadata metadata;
    run_metadata_capture(&metadata);
    char depth[16];
    format_depth(run, depth, sizeof depth);
    double fastest = fastest_median(run);
    fprintf(out,
            "%s,method,positions,depth,nodes,seconds,nodes_per_second,relative,table_bytes,init_ms,"
            "reps,seconds_min,seconds_max,seconds_mad,samples_seconds\n",
            run_metadata_csv_header);
    for (size_t m = 0; m < run->method_count; m++) {
        run_metadata_write_fields(out, &metadata);
        write_method_row(out, run, &run->methods[m], depth, fastest);
    }
}

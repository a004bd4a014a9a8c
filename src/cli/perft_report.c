/* perft's results: each method's repetitions reduced to median and spread
 * (MAD, as the benchmark reports them), the summary on stderr and the
 * per-method CSV. */
#include "results/output.h"
#include "perft_run.h"
#include "results/run_metadata.h"
#include "measure/statistics.h"

/* Above this spread (MAD as % of the median) a time is flagged with '*',
 * as scripts/results/report does. */
static const double NOISY_PERCENT = 3.0;

/* Median, extremes and MAD of a method's repetitions. */
static struct statistics summarize_method(const struct perft_run *run, const struct perft_method *method)
{
    return summarize(method->rep_seconds, run->settings->reps);
}

/* The median with one worker, or 0 without workers. */
static double solo_median(const struct perft_run *run, const struct perft_method *method)
{
    return run->workers ? summarize(method->solo_seconds, run->settings->reps).median : 0;
}

static int worker_count(const struct perft_run *run)
{
    return run->settings->processes > 1 ? run->settings->processes : run->settings->threads;
}

/* "2 threads, hash probe in 65536 KB, 2048 network bytes read per node":
 * the setting, "1 thread" for the plain run. */
static void describe_setting(const struct perft_run *run, char *text, size_t size)
{
    const struct perft_settings *settings = run->settings;
    int workers = worker_count(run);
    int used = snprintf(text, size, "%d %s%s", workers, settings->processes > 1 ? "process" : "thread",
                        workers == 1              ? ""
                        : settings->processes > 1 ? "es"
                                                  : "s");
    if (settings->pressure_bytes && used > 0 && (size_t)used < size)
        used += snprintf(text + used, size - (size_t)used, ", hash probe in %zu KB", settings->pressure_bytes >> 10);
    if (settings->eval_bytes && used > 0 && (size_t)used < size)
        snprintf(text + used, size - (size_t)used, ", %zu network bytes read per node", settings->eval_bytes);
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

/* Below this, a pass is too short for its figures: one scheduler's time
 * slice given to other work (a few milliseconds on a busy CPU), or with
 * workers the time to wake them, weighs on them. */
static const double SHORT_PASS_SECONDS = 0.02;

/* The shortest median pass of any method (a block, with all workers
 * where there are workers). */
static double shortest_pass(const struct perft_run *run)
{
    double shortest = 0;
    for (size_t m = 0; m < run->method_count && run->blocks_finished; m++) {
        double pass = summarize_method(run, &run->methods[m]).median / (double)run->blocks_finished;
        if (m == 0 || pass < shortest)
            shortest = pass;
    }
    return shortest;
}

/* With workers: the whole's nodes per second, one worker's and their
 * ratio (the scaling), per method. */
static void perft_report_workers(const struct perft_run *run, const char *depth, const char *setting)
{
    int reps = run->settings->reps;
    fprintf(stderr,
            "perft: %zu positions, depth %s, %zu method%s, %d rep%s each, %s (seconds: median; MAD %% of it, * above "
            "%.0f%%; scaling: the whole's nodes per second over one worker's)\n",
            run->positions, depth, run->method_count, run->method_count == 1 ? "" : "s", reps, reps == 1 ? "" : "s",
            setting, NOISY_PERCENT);
    fprintf(stderr, "%-28s %14s %10s %7s %10s %12s %8s %9s %12s\n", "method", "nodes", "seconds", "MAD%", "Mnodes/s",
            "one worker", "scaling", "relative", "table_bytes");
    double fastest = fastest_median(run);
    for (size_t m = 0; m < run->method_count; m++) {
        const struct perft_method *method = &run->methods[m];
        struct statistics summary = summarize_method(run, method);
        double spread = mad_percent(summary), solo = solo_median(run, method);
        fprintf(stderr, "%-28s %14llu %10.3f %6.1f%c %10.2f %12.2f %8.2f %9.2f %12zu\n", method->backend->name,
                (unsigned long long)method->nodes, summary.median, spread, spread > NOISY_PERCENT ? '*' : ' ',
                nodes_per_second(method, summary.median) / 1e6, nodes_per_second(method, solo) / 1e6,
                summary.median > 0 ? solo / summary.median : 0.0, fastest > 0 ? summary.median / fastest : 0.0,
                method->table_bytes);
    }
}

/* The same warning in every mode when a pass is short. */
static void warn_if_short(const struct perft_run *run)
{
    double shortest = shortest_pass(run);
    if (shortest >= SHORT_PASS_SECONDS)
        return;
    if (run->workers)
        fprintf(stderr,
                "attackbench: perft: warning: a block's pass with all workers lasts %.1f ms (under %.0f ms): waking "
                "the workers weighs on these figures; give more positions or a greater --depth\n",
                shortest * 1e3, SHORT_PASS_SECONDS * 1e3);
    else
        fprintf(stderr,
                "attackbench: perft: warning: a block's pass lasts %.1f ms (under %.0f ms): a scheduler's time slice "
                "given to other work weighs on these figures; give more positions or a greater --depth\n",
                shortest * 1e3, SHORT_PASS_SECONDS * 1e3);
}

static void report_table(const struct perft_run *run);

void perft_report_summary(const struct perft_run *run)
{
    report_table(run);
    warn_if_short(run);
}

/* The summary's line or table, by mode. */
static void report_table(const struct perft_run *run)
{
    char depth[16], setting[160];
    format_depth(run, depth, sizeof depth);
    describe_setting(run, setting, sizeof setting);
    int reps = run->settings->reps;
    int plain = !run->settings->pressure_bytes && !run->settings->eval_bytes;
    if (run->workers) {
        perft_report_workers(run, depth, setting);
        return;
    }
    if (run->method_count == 1) {
        const struct perft_method *method = &run->methods[0];
        if (!plain)
            fprintf(stderr, "perft: %s\n", setting);
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
            "perft: %zu positions, depth %s, %zu methods, %d rep%s each%s%s (seconds: median; MAD %% of it, * above "
            "%.0f%%)\n",
            run->positions, depth, run->method_count, reps, reps == 1 ? "" : "s", plain ? "" : ", ",
            plain ? "" : setting, NOISY_PERCENT);
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
            nodes_per_second(method, summary.median), fastest > 0 ? summary.median / fastest : 0, method->table_bytes,
            method->init_ms);
    fprintf(out, "%d,%.6f,%.6f,%.6f,", run->settings->reps, summary.min, summary.max, summary.mad);
    for (int rep = 0; rep < run->settings->reps; rep++)
        fprintf(out, "%s%.6f", rep ? " " : "", method->rep_seconds[rep]);
    const struct perft_settings *settings = run->settings;
    fprintf(out, ",%d,%d,%zu,%zu,", settings->threads, settings->processes, settings->pressure_bytes,
            settings->eval_bytes);
    double solo = solo_median(run, method);
    if (run->workers)
        fprintf(out, "%.6f,%.3f", solo, summary.median > 0 ? solo / summary.median : 0);
    else
        fputc(',', out);
    fputc('\n', out);
}

void perft_write_method_bmf(FILE *out, const struct perft_run *run)
{
    char depth[16], setting[160], name[256];
    format_depth(run, depth, sizeof depth);
    describe_setting(run, setting, sizeof setting);
    struct bmf_writer writer;
    bmf_begin(&writer, out);
    for (size_t m = 0; m < run->method_count; m++) {
        const struct perft_method *method = &run->methods[m];
        struct statistics summary = summarize_method(run, method);
        snprintf(name, sizeof name, "perft/%s/depth %s/%s", method->backend->name, depth, setting);
        bmf_entry(&writer, name, "throughput", nodes_per_second(method, summary.median),
                  nodes_per_second(method, summary.max), nodes_per_second(method, summary.min));
    }
    bmf_end(&writer);
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
            "reps,seconds_min,seconds_max,seconds_mad,samples_seconds,threads,processes,pressure_bytes,eval_bytes,"
            "seconds_one_worker,scaling\n",
            run_metadata_csv_header);
    for (size_t m = 0; m < run->method_count; m++) {
        run_metadata_write_fields(out, &metadata);
        write_method_row(out, run, &run->methods[m], depth, fastest);
    }
}

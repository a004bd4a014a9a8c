/* perft's results: the summary on stderr, the per-method CSV and Bencher's
 * JSON, printed from the figures of engine_view/perft_figures.c. */
#include "engine_view/perft_figures.h"
#include "perft_report.h"
#include "results/output.h"
#include "results/run_metadata.h"

/* Above this spread (MAD as % of the median) a time is flagged with '*',
 * as scripts/results/report does. */
static const double NOISY_PERCENT = 3.0;

/* Below this, a pass is too short for its figures: one scheduler's time
 * slice given to other work (a few milliseconds on a busy CPU), or with
 * workers the time to wake them, weighs on them. */
static const double SHORT_PASS_SECONDS = 0.02;

/* The decimals that show a rate (Mnodes/s) with three significant
 * digits, at least two: a slow run's 0.0046 is not 0.00. */
static int rate_decimals(double rate)
{
    int decimals = 2;
    for (double shown = rate * 100; rate > 0 && shown < 100 && decimals < 12; shown *= 10)
        decimals++;
    return decimals;
}

/* With workers: the whole's nodes per second, one worker's and their
 * ratio (the scaling), per method. */
static void perft_report_workers(const struct perft_run *run, const char *depth, const char *setting)
{
    int reps = run->settings->reps;
    fprintf(stderr,
            "perft: %zu position%s, depth %s, %zu method%s, %d rep%s each, %s (seconds: median; MAD %% of it, * above "
            "%.0f%%; scaling: the whole's nodes per second over one worker's)\n",
            run->positions, run->positions == 1 ? "" : "s", depth, run->method_count, run->method_count == 1 ? "" : "s",
            reps, reps == 1 ? "" : "s", setting, NOISY_PERCENT);
    fprintf(stderr, "%-28s %14s %10s %7s %10s %12s %8s %9s %12s\n", "method", "nodes", "seconds", "MAD%", "Mnodes/s",
            "one worker", "scaling", "relative", "table_bytes");
    double fastest = perft_fastest_median(run);
    for (size_t m = 0; m < run->method_count; m++) {
        const struct perft_method *method = &run->methods[m];
        struct statistics summary = perft_method_summary(run, method);
        double spread = perft_mad_percent(summary), solo = perft_solo_median(run, method);
        double rate = perft_nodes_per_second(method, summary.median) / 1e6;
        double solo_rate = perft_nodes_per_second(method, solo) / 1e6;
        fprintf(stderr, "%-28s %14llu %10.3f %6.1f%c %10.*f %12.*f %8.2f %9.2f %12zu\n", method->backend->name,
                (unsigned long long)method->nodes, summary.median, spread, spread > NOISY_PERCENT ? '*' : ' ',
                rate_decimals(rate), rate, rate_decimals(solo_rate), solo_rate,
                summary.median > 0 ? solo / summary.median : 0.0, fastest > 0 ? summary.median / fastest : 0.0,
                method->table_bytes);
    }
}

/* The same warning in every mode when a pass is short. */
static void warn_if_short(const struct perft_run *run)
{
    double shortest = perft_shortest_pass(run);
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
    perft_format_depth(run, depth, sizeof depth);
    perft_describe_setting(run, setting, sizeof setting);
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
        struct statistics summary = perft_method_summary(run, method);
        double rate = perft_nodes_per_second(method, summary.median) / 1e6;
        fprintf(stderr,
                "perft: %s: %zu position%s, depth %s, %llu nodes; %d rep%s: median %.3f s, MAD %.3f s (%.1f%%), "
                "%.*f Mnodes/s\n",
                method->backend->name, run->positions, run->positions == 1 ? "" : "s", depth,
                (unsigned long long)method->nodes, reps, reps == 1 ? "" : "s", summary.median, summary.mad,
                perft_mad_percent(summary), rate_decimals(rate), rate);
        return;
    }
    double fastest = perft_fastest_median(run);
    fprintf(stderr,
            "perft: %zu position%s, depth %s, %zu methods, %d rep%s each%s%s (seconds: median; MAD %% of it, * above "
            "%.0f%%)\n",
            run->positions, run->positions == 1 ? "" : "s", depth, run->method_count, reps, reps == 1 ? "" : "s",
            plain ? "" : ", ", plain ? "" : setting, NOISY_PERCENT);
    fprintf(stderr, "%-28s %14s %10s %7s %10s %9s %12s\n", "method", "nodes", "seconds", "MAD%", "Mnodes/s", "relative",
            "table_bytes");
    for (size_t m = 0; m < run->method_count; m++) {
        const struct perft_method *method = &run->methods[m];
        struct statistics summary = perft_method_summary(run, method);
        double spread = perft_mad_percent(summary);
        double rate = perft_nodes_per_second(method, summary.median) / 1e6;
        fprintf(stderr, "%-28s %14llu %10.3f %6.1f%c %10.*f %9.2f %12zu\n", method->backend->name,
                (unsigned long long)method->nodes, summary.median, spread, spread > NOISY_PERCENT ? '*' : ' ',
                rate_decimals(rate), rate, fastest > 0 ? summary.median / fastest : 0.0, method->table_bytes);
    }
}

/* One method's row after the metadata: the original columns (seconds is
 * the median), then the repetitions' count, extremes, MAD and samples. */
static void write_method_row(FILE *out, const struct perft_run *run, const struct perft_method *method,
                             const char *depth, double fastest)
{
    struct statistics summary = perft_method_summary(run, method);
    write_csv_field(out, method->backend->name);
    fprintf(out, ",%zu,", run->positions);
    write_csv_field(out, depth);
    fprintf(out, ",%llu,%.6f,%.0f,%.3f,%zu,%.3f,", (unsigned long long)method->nodes, summary.median,
            perft_nodes_per_second(method, summary.median), fastest > 0 ? summary.median / fastest : 0,
            method->table_bytes, method->init_ms);
    fprintf(out, "%d,%.6f,%.6f,%.6f,", run->settings->reps, summary.min, summary.max, summary.mad);
    for (int rep = 0; rep < run->settings->reps; rep++)
        fprintf(out, "%s%.6f", rep ? " " : "", method->rep_seconds[rep]);
    const struct perft_settings *settings = run->settings;
    fprintf(out, ",%d,%d,%zu,%zu,", settings->threads, settings->processes, settings->pressure_bytes,
            settings->eval_bytes);
    double solo = perft_solo_median(run, method);
    if (run->workers)
        fprintf(out, "%.6f,%.3f", solo, summary.median > 0 ? solo / summary.median : 0);
    else
        fputc(',', out);
    fputc('\n', out);
}

void perft_write_method_bmf(FILE *out, const struct perft_run *run)
{
    char depth[16], setting[160], name[256];
    perft_format_depth(run, depth, sizeof depth);
    perft_describe_setting(run, setting, sizeof setting);
    struct bmf_writer writer;
    bmf_begin(&writer, out);
    for (size_t m = 0; m < run->method_count; m++) {
        const struct perft_method *method = &run->methods[m];
        struct statistics summary = perft_method_summary(run, method);
        snprintf(name, sizeof name, "perft/%s/depth %s/%s", method->backend->name, depth, setting);
        bmf_entry(&writer, name, "throughput", perft_nodes_per_second(method, summary.median),
                  perft_nodes_per_second(method, summary.max), perft_nodes_per_second(method, summary.min));
    }
    bmf_end(&writer);
}

void perft_write_method_csv(FILE *out, void *data)
{
    const struct perft_run *run = data;
    struct run_metadata metadata;
    run_metadata_capture(&metadata);
    char depth[16];
    perft_format_depth(run, depth, sizeof depth);
    double fastest = perft_fastest_median(run);
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

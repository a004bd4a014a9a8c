/* perft's figures (see perft_figures.h). */
#include <stdio.h>

#include "perft_figures.h"

struct statistics perft_method_summary(const struct perft_run *run, const struct perft_method *method)
{
    return summarize(method->rep_seconds, run->settings->reps);
}

double perft_solo_median(const struct perft_run *run, const struct perft_method *method)
{
    return run->workers ? summarize(method->solo_seconds, run->settings->reps).median : 0;
}

static int worker_count(const struct perft_run *run)
{
    return run->settings->processes > 1 ? run->settings->processes : run->settings->threads;
}

void perft_describe_setting(const struct perft_run *run, char *text, size_t size)
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

double perft_nodes_per_second(const struct perft_method *method, double seconds)
{
    return seconds > 0 ? (double)method->nodes / seconds : 0;
}

double perft_mad_percent(struct statistics summary)
{
    return summary.median > 0 ? 100 * summary.mad / summary.median : 0;
}

double perft_fastest_median(const struct perft_run *run)
{
    double fastest = 0;
    for (size_t m = 0; m < run->method_count; m++) {
        double median = perft_method_summary(run, &run->methods[m]).median;
        if (fastest == 0 || median < fastest)
            fastest = median;
    }
    return fastest;
}

void perft_format_depth(const struct perft_run *run, char *text, size_t size)
{
    if (run->depth < 0)
        snprintf(text, size, "mixed");
    else
        snprintf(text, size, "%d", run->depth);
}

/* The blocks the finished positions fill, at least one: a last block of
 * a few positions lasts a fraction of a full one, and counting it as a
 * block of its own halved the pass of 1025 positions (a warning that one
 * position more set off). */
static double filled_blocks(const struct perft_run *run)
{
    double blocks = (double)run->positions / PERFT_BLOCK_POSITIONS;
    return blocks > 1 ? blocks : 1;
}

double perft_shortest_pass(const struct perft_run *run)
{
    double shortest = 0;
    for (size_t m = 0; m < run->method_count && run->blocks_finished; m++) {
        double pass = perft_method_summary(run, &run->methods[m]).median / filled_blocks(run);
        if (m == 0 || pass < shortest)
            shortest = pass;
    }
    return shortest;
}

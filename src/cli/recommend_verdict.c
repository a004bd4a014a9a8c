/* `attackbench recommend`'s verdict (see recommend.h): the two CSV files
 * read into the candidates, each ranked in both views; the first and the
 * second in the engine view, told apart only when the interval of their
 * ratio (the guard rail `attackbench compare` uses) excludes 1; what to
 * avoid and why; the figures; a plugin's place against the recommended
 * built-in. */
#include "recommend.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "measure/ratio_interval.h"
#include "platform/cpu.h"
#include "platform/interrupt.h"
#include "platform/output_file.h"
#include "platform/slow_instructions.h"
#include "results/csv_field.h"
#include "results/result_file.h"

/* Confidence of the ratio interval that decides first against second. */
static const double CONFIDENCE = 0.95;

/* A candidate ranked this many places lower in the engine than alone has
 * a table (or a cost) that the engine's setting punishes. */
enum { RANK_DROP = 2 };

/* A table this large no longer fits an L1 data cache with room to spare. */
enum { LARGE_TABLE_BYTES = 64 << 10 };

static struct candidate *find_candidate(struct recommendation *recommendation, const char *name)
{
    for (int c = 0; name && c < recommendation->count; c++)
        if (strcmp(recommendation->candidates[c].backend->name, name) == 0)
            return &recommendation->candidates[c];
    return NULL;
}

/* A space-separated list of repetitions into values[], up to
 * RECOMMEND_MAX_SAMPLES; returns how many. */
static int read_samples(const char *text, double *values)
{
    int count = 0;
    char *end;
    for (const char *next = text; text && count < RECOMMEND_MAX_SAMPLES; next = end) {
        double value = strtod(next, &end);
        if (end == next)
            break;
        values[count++] = value;
    }
    return count;
}

static int take_isolated(const struct result_fields *row, const char *path, long line, void *data)
{
    (void)path, (void)line;
    struct candidate *candidate = find_candidate(data, field_value(row, "method"));
    const char *median = field_value(row, "ns_per_query_median"), *table = field_value(row, "table_bytes");
    if (candidate && median) {
        candidate->isolated_ns = atof(median);
        candidate->isolated_reps = read_samples(field_value(row, "samples_ns"), candidate->isolated_samples);
        candidate->table_bytes = table ? (size_t)atoll(table) : 0;
    }
    return 0;
}

static int take_engine(const struct result_fields *row, const char *path, long line, void *data)
{
    (void)path, (void)line;
    struct candidate *candidate = find_candidate(data, field_value(row, "method"));
    const char *speed = field_value(row, "nodes_per_second"), *samples = field_value(row, "samples_seconds");
    if (candidate == NULL || speed == NULL || samples == NULL)
        return 0;
    candidate->engine_nodes_per_second = atof(speed);
    candidate->engine_reps = read_samples(samples, candidate->engine_seconds);
    return 0;
}

static int read_file(const char *path, row_visitor visit, void *data)
{
    FILE *in = fopen(path, "rb");
    char *text = in ? calloc(1, 1 << 20) : NULL;
    size_t length = text ? fread(text, 1, (1 << 20) - 1, in) : 0;
    int status = text && length > 0 ? read_csv_rows(path, text, length, visit, data) : -1;
    if (in)
        fclose(in);
    free(text);
    if (status != 0)
        fprintf(stderr, "attackbench: recommend: cannot read %s\n", path);
    return status;
}

/* Rank 1 for the best of the measured candidates: lowest time alone, most
 * nodes per second in the engine (measure/ratio_interval.c's point ranks). */
static void rank(struct recommendation *recommendation)
{
    double isolated[RECOMMEND_MAX_CANDIDATES] = {0}, engine[RECOMMEND_MAX_CANDIDATES] = {0};
    int measured[RECOMMEND_MAX_CANDIDATES] = {0}, isolated_rank[RECOMMEND_MAX_CANDIDATES] = {0},
        engine_rank[RECOMMEND_MAX_CANDIDATES] = {0};
    size_t count = (size_t)recommendation->count;
    for (size_t c = 0; c < count; c++) {
        const struct candidate *candidate = &recommendation->candidates[c];
        isolated[c] = candidate->isolated_ns;
        engine[c] = candidate->engine_nodes_per_second;
        measured[c] = !candidate->skipped && candidate->isolated_ns > 0 && candidate->engine_nodes_per_second > 0;
    }
    point_ranks(isolated, measured, count, 1, isolated_rank);
    point_ranks(engine, measured, count, 0, engine_rank);
    for (size_t c = 0; c < count; c++)
        if (measured[c]) {
            recommendation->candidates[c].isolated_rank = isolated_rank[c];
            recommendation->candidates[c].engine_rank = engine_rank[c];
        }
}

/* The ranks the repetitions allow each measured candidate, in both views
 * (the same 95% intervals that decide first against second). */
static int rank_ranges(struct recommendation *recommendation)
{
    struct candidate *measured[RECOMMEND_MAX_CANDIDATES];
    struct sample_set isolated[RECOMMEND_MAX_CANDIDATES], engine[RECOMMEND_MAX_CANDIDATES];
    int low[2][RECOMMEND_MAX_CANDIDATES], high[2][RECOMMEND_MAX_CANDIDATES];
    size_t count = 0;
    for (int c = 0; c < recommendation->count; c++) {
        struct candidate *candidate = &recommendation->candidates[c];
        if (!candidate->engine_rank)
            continue;
        measured[count] = candidate;
        isolated[count] = (struct sample_set){candidate->isolated_samples, (size_t)candidate->isolated_reps};
        engine[count++] = (struct sample_set){candidate->engine_seconds, (size_t)candidate->engine_reps};
    }
    if (rank_intervals(isolated, count, CONFIDENCE, low[0], high[0]) != 0 ||
        rank_intervals(engine, count, CONFIDENCE, low[1], high[1]) != 0) {
        fprintf(stderr, "attackbench: recommend: out of memory\n");
        return -1;
    }
    for (size_t k = 0; k < count; k++) {
        measured[k]->isolated_rank_low = low[0][k];
        measured[k]->isolated_rank_high = high[0][k];
        measured[k]->engine_rank_low = low[1][k];
        measured[k]->engine_rank_high = high[1][k];
    }
    return 0;
}

int recommend_read(struct recommendation *recommendation, const char *isolated_csv, const char *engine_csv)
{
    if (read_file(isolated_csv, take_isolated, recommendation) != 0 ||
        read_file(engine_csv, take_engine, recommendation) != 0)
        return -1;
    rank(recommendation);
    for (int c = 0; c < recommendation->count; c++)
        if (!recommendation->candidates[c].skipped && !recommendation->candidates[c].engine_rank) {
            fprintf(stderr, "attackbench: recommend: no figures for %s\n", recommendation->candidates[c].backend->name);
            return -1;
        }
    return rank_ranges(recommendation);
}

/* The candidate of a rank in the engine view (built-ins only when asked). */
static const struct candidate *at_engine_rank(const struct recommendation *recommendation, int wanted,
                                              int built_in_only)
{
    const struct candidate *found = NULL;
    int seen = 0;
    for (int r = 1; r <= recommendation->count && !found; r++)
        for (int c = 0; c < recommendation->count && !found; c++) {
            const struct candidate *candidate = &recommendation->candidates[c];
            if (candidate->engine_rank != r || (built_in_only && candidate->backend->plugin_file))
                continue;
            if (++seen == wanted)
                found = candidate;
        }
    return found;
}

struct decision {
    const struct candidate *first, *second;
    struct ratio_estimate ratio; /* second's time over first's, in the engine */
    int decided;                 /* the interval excludes 1 */
};

static void decide(const struct recommendation *recommendation, struct decision *decision)
{
    *decision = (struct decision){.first = at_engine_rank(recommendation, 1, 0),
                                  .second = at_engine_rank(recommendation, 2, 0)};
    if (decision->second == NULL) {
        decision->decided = 1;
        return;
    }
    const struct candidate *first = decision->first, *second = decision->second;
    if (ratio_interval(first->engine_seconds, (size_t)first->engine_reps, second->engine_seconds,
                       (size_t)second->engine_reps, CONFIDENCE, &decision->ratio) != 0)
        return;
    decision->decided = ratio_exceeds(&decision->ratio, 1.0);
}

static void print_header(const struct recommendation *recommendation)
{
    printf("recommend: %s, %d CPU%s usable; alone: random queens, batched; in the engine: perft to depth %d of "
           "the positions of data/perft.epd (built in: recommend --print-positions) with %d thread%s and a 64 MB "
           "hash probed at every node%s\n",
           cpu_model_name(), recommendation->threads, recommendation->threads == 1 ? "" : "s", recommendation->depth,
           recommendation->threads, recommendation->threads == 1 ? "" : "s",
           recommendation->quick ? " (--quick: too few repetitions to decide anything close)" : "");
}

static void print_choice(const struct recommendation *recommendation, const struct decision *decision)
{
    const struct candidate *first = decision->first, *second = decision->second;
    if (second && !decision->decided) {
        printf("use here: undecided: the repetitions cannot tell %s from %s (%s's time %.3fx %s's, %.0f%% "
               "interval %.3f to %.3f includes 1); rerun%s on a quieter machine\n",
               first->backend->name, second->backend->name, second->backend->name, decision->ratio.ratio,
               first->backend->name, 100 * CONFIDENCE, decision->ratio.low,
               decision->ratio.bounded ? decision->ratio.high : 0.0,
               recommendation->quick ? " without --quick or" : "");
        return;
    }
    printf("use here: %s: %.1f Mnodes/s in the engine, %.3f ns per queen alone\n", first->backend->name,
           first->engine_nodes_per_second / 1e6, first->isolated_ns);
    if (second)
        printf("runner-up: %s, %.1f%% slower in the engine (%.0f%% interval %.1f%% to %.1f%%), %.3f ns per queen "
               "alone\n",
               second->backend->name, 100 * (decision->ratio.ratio - 1), 100 * CONFIDENCE,
               100 * (decision->ratio.low - 1), 100 * (decision->ratio.high - 1), second->isolated_ns);
}

/* A candidate that lost RANK_DROP places or more in the engine, beyond
 * the noise: the candidate now at its isolated rank is faster by a ratio
 * whose interval excludes 1.  *ratio gets the ratio of the times. */
static int loses_in_engine(const struct recommendation *recommendation, const struct candidate *candidate,
                           struct ratio_estimate *ratio)
{
    if (candidate->engine_rank - candidate->isolated_rank < RANK_DROP)
        return 0;
    const struct candidate *taker = at_engine_rank(recommendation, candidate->isolated_rank, 0);
    if (taker == NULL || ratio_interval(taker->engine_seconds, (size_t)taker->engine_reps, candidate->engine_seconds,
                                        (size_t)candidate->engine_reps, CONFIDENCE, ratio) != 0)
        return 0;
    return ratio_exceeds(ratio, 1.0);
}

/* The candidates the verdict names: the one to use and the runner-up (or
 * the two it cannot tell apart). */
static int named_by_decision(const struct decision *decision, const struct candidate *candidate)
{
    return candidate == decision->first || candidate == decision->second;
}

/* The warning of an instruction this CPU runs in microcode, or NULL. */
static const char *slow_warning(const struct candidate *candidate, char *warning, size_t size)
{
    return slow_instruction_warning(candidate->backend->instructions & cpu_slow_instructions(), warning, size) ? warning
                                                                                                               : NULL;
}

/* What to avoid: an instruction this CPU lacks, one it runs in microcode, a
 * table that loses in the engine's setting.  A candidate the measurements
 * chose (or cannot part from the choice) is not to be avoided: its
 * microcoded instruction is a note. */
static void print_avoid(const struct recommendation *recommendation, const struct decision *decision)
{
    char warning[512];
    for (int c = 0; c < recommendation->count; c++) {
        const struct candidate *candidate = &recommendation->candidates[c];
        const char *name = candidate->backend->name;
        if (candidate->skipped) {
            printf("avoid: %s: cannot run here: %s\n", name, candidate->skipped);
            continue;
        }
        if (slow_warning(candidate, warning, sizeof warning) && named_by_decision(decision, candidate))
            printf("note: %s: %s; yet measured here it ranks %d alone and %d in the engine\n", name, warning,
                   candidate->isolated_rank, candidate->engine_rank);
        else if (slow_warning(candidate, warning, sizeof warning))
            printf("avoid: %s: %s (ranks %d alone, %d in the engine)\n", name, warning, candidate->isolated_rank,
                   candidate->engine_rank);
        struct ratio_estimate ratio;
        if (!named_by_decision(decision, candidate) && loses_in_engine(recommendation, candidate, &ratio))
            printf("avoid: %s: ranks %d alone but %d in the engine, %.1f%% slower there than rank %d (%.0f%% "
                   "interval %.1f%% to %.1f%%): %s\n",
                   name, candidate->isolated_rank, candidate->engine_rank, 100 * (ratio.ratio - 1),
                   candidate->isolated_rank, 100 * CONFIDENCE, 100 * (ratio.low - 1), 100 * (ratio.high - 1),
                   candidate->table_bytes >= LARGE_TABLE_BYTES
                       ? "a table that loses in the engine's setting: it competes with the hash, the move "
                         "generator and the other threads for the caches"
                       : "its figure alone comes from overlapping independent queries, which a move generator "
                         "waiting for each answer does not offer");
    }
}

/* A plugin against the recommended built-in, in both views. */
static void print_plugins(const struct recommendation *recommendation)
{
    const struct candidate *built_in = at_engine_rank(recommendation, 1, 1);
    for (int c = 0; built_in && c < recommendation->count; c++) {
        const struct candidate *plugin = &recommendation->candidates[c];
        if (!plugin->backend->plugin_file || plugin->skipped)
            continue;
        printf("plugin %s: alone %.3f ns per queen, %.2fx the time of %s (rank %d); in the engine %.1f Mnodes/s, "
               "%.2fx %s's speed (rank %d)\n",
               plugin->backend->name, plugin->isolated_ns, plugin->isolated_ns / built_in->isolated_ns,
               built_in->backend->name, plugin->isolated_rank, plugin->engine_nodes_per_second / 1e6,
               plugin->engine_nodes_per_second / built_in->engine_nodes_per_second, built_in->backend->name,
               plugin->engine_rank);
    }
}

/* "3 [2-4]": a rank by the medians and the ranks the repetitions allow
 * (never narrower than the rank itself). */
static const char *format_rank(int rank, int low, int high, char *text, size_t size)
{
    snprintf(text, size, "%d [%d-%d]", rank, low < rank ? low : rank, high > rank ? high : rank);
    return text;
}

static void print_figures(const struct recommendation *recommendation)
{
    printf(
        "figures (rank: by the medians, then in brackets the ranks the %.0f%% intervals of its ratios to every other "
        "candidate allow):\n",
        100 * CONFIDENCE);
    printf("  %-24s %14s %9s %16s %9s %12s\n", "method", "alone ns/queen", "rank", "engine Mnodes/s", "rank",
           "table KB");
    for (int r = 1; r <= recommendation->count; r++)
        for (int c = 0; c < recommendation->count; c++) {
            const struct candidate *candidate = &recommendation->candidates[c];
            char isolated[32], engine[32];
            if (candidate->engine_rank == r)
                printf("  %-24s %14.3f %9s %16.2f %9s %12.1f\n", candidate->backend->name, candidate->isolated_ns,
                       format_rank(candidate->isolated_rank, candidate->isolated_rank_low,
                                   candidate->isolated_rank_high, isolated, sizeof isolated),
                       candidate->engine_nodes_per_second / 1e6,
                       format_rank(candidate->engine_rank, candidate->engine_rank_low, candidate->engine_rank_high,
                                   engine, sizeof engine),
                       candidate->table_bytes / 1024.0);
        }
    printf("reproduce:\n  %s >" RECOMMEND_POSITIONS_FILE "\n  %s\n  %s\n", recommendation->positions_command,
           recommendation->isolated_command, recommendation->engine_command);
}

/* A candidate's verdict word for the files. */
static const char *verdict_of(const struct recommendation *recommendation, const struct candidate *candidate,
                              const struct decision *decision)
{
    if (candidate->skipped)
        return "cannot-run";
    if (decision->second && !decision->decided && (candidate == decision->first || candidate == decision->second))
        return "undecided";
    if (candidate == decision->first)
        return "use";
    if (candidate == decision->second)
        return "runner-up";
    struct ratio_estimate ratio;
    char warning[512];
    if (slow_warning(candidate, warning, sizeof warning) || loses_in_engine(recommendation, candidate, &ratio))
        return "avoid";
    return "";
}

/* A candidate's reason for the files: what the CPU lacks, or the
 * instruction it runs in microcode. */
static const char *reason_of(const struct candidate *candidate, char *warning, size_t size)
{
    if (candidate->skipped)
        return candidate->skipped;
    const char *slow = slow_warning(candidate, warning, size);
    return slow ? slow : "";
}

struct file_context {
    const struct recommendation *recommendation;
    const struct decision *decision;
};

/* A candidate's measured figures for the CSV: empty for one this CPU
 * cannot run, which was never measured (not 0 ns, rank 0). */
static void write_csv_figures(FILE *out, const struct candidate *candidate)
{
    if (candidate->skipped) {
        fputs(",,,,,", out);
        return;
    }
    fprintf(out, ",%.4f,%d,%.0f,%d,%zu", candidate->isolated_ns, candidate->isolated_rank,
            candidate->engine_nodes_per_second, candidate->engine_rank, candidate->table_bytes);
}

static void write_csv(FILE *out, void *data)
{
    const struct file_context *context = data;
    fputs("method,source,verdict,reason,isolated_ns_per_query,isolated_rank,engine_nodes_per_second,engine_rank,"
          "table_bytes,threads,pressure_bytes,depth\n",
          out);
    for (int c = 0; c < context->recommendation->count; c++) {
        const struct candidate *candidate = &context->recommendation->candidates[c];
        write_csv_field(out, candidate->backend->name);
        fprintf(out, ",%s,%s,", candidate->backend->plugin_file ? "plugin" : "built-in",
                verdict_of(context->recommendation, candidate, context->decision));
        char warning[512];
        write_csv_field(out, reason_of(candidate, warning, sizeof warning));
        write_csv_figures(out, candidate);
        fprintf(out, ",%d,%d,%d\n", context->recommendation->threads, 64 << 20, context->recommendation->depth);
    }
}

/* A JSON string of text without control characters or quotes to escape
 * but for those written out here. */
static void write_json_string(FILE *out, const char *text)
{
    fputc('"', out);
    for (; *text; text++)
        if (*text == '"' || *text == '\\')
            fprintf(out, "\\%c", *text);
        else if ((unsigned char)*text >= 0x20)
            fputc(*text, out);
    fputc('"', out);
}

/* A candidate's measured figures for the JSON: null for one this CPU
 * cannot run, as the CSV leaves them empty. */
static void write_json_figures(FILE *out, const struct candidate *candidate)
{
    if (candidate->skipped) {
        fputs(", \"isolated_ns_per_query\": null, \"isolated_rank\": null, \"engine_nodes_per_second\": null, "
              "\"engine_rank\": null, \"table_bytes\": null}",
              out);
        return;
    }
    fprintf(out,
            ", \"isolated_ns_per_query\": %.4f, \"isolated_rank\": %d, \"engine_nodes_per_second\": %.0f, "
            "\"engine_rank\": %d, \"table_bytes\": %zu}",
            candidate->isolated_ns, candidate->isolated_rank, candidate->engine_nodes_per_second,
            candidate->engine_rank, candidate->table_bytes);
}

static void write_json(FILE *out, void *data)
{
    const struct file_context *context = data;
    const struct recommendation *recommendation = context->recommendation;
    const struct decision *decision = context->decision;
    fprintf(out, "{\"threads\": %d, \"pressure_bytes\": %d, \"depth\": %d, \"decided\": %s, \"use\": ",
            recommendation->threads, 64 << 20, recommendation->depth, decision->decided ? "true" : "false");
    write_json_string(out, decision->decided && decision->first ? decision->first->backend->name : "");
    fputs(", \"candidates\": [", out);
    for (int c = 0; c < recommendation->count; c++) {
        const struct candidate *candidate = &recommendation->candidates[c];
        fprintf(out, "%s\n  {\"method\": ", c ? "," : "");
        write_json_string(out, candidate->backend->name);
        fprintf(out, ", \"source\": \"%s\", \"verdict\": ", candidate->backend->plugin_file ? "plugin" : "built-in");
        write_json_string(out, verdict_of(recommendation, candidate, decision));
        fputs(", \"reason\": ", out);
        char warning[512];
        write_json_string(out, reason_of(candidate, warning, sizeof warning));
        write_json_figures(out, candidate);
    }
    fputs("\n]}\n", out);
}

int recommend_report(const struct recommendation *recommendation)
{
    struct decision decision;
    decide(recommendation, &decision);
    print_header(recommendation);
    print_choice(recommendation, &decision);
    print_avoid(recommendation, &decision);
    print_plugins(recommendation);
    print_figures(recommendation);
    /* The files are written whatever became of standard output: minutes
     * of measurements are not lost to a full disk or a closed pipe.  A
     * write the signal cut short is the interrupt, said by the caller. */
    int stdout_failed = fflush(stdout) != 0 || ferror(stdout);
    int stdout_error = errno;
    struct file_context context = {recommendation, &decision};
    int status = 0;
    if (recommendation->csv_file && write_file_atomically(recommendation->csv_file, write_csv, &context) != 0)
        status = RECOMMEND_EXIT_USAGE;
    if (recommendation->json_file && write_file_atomically(recommendation->json_file, write_json, &context) != 0)
        status = RECOMMEND_EXIT_USAGE;
    if (stdout_failed && !interrupt_cut_write(stdout_error)) {
        fprintf(stderr, "attackbench: recommend: cannot write the verdict: %s%s\n", strerror(stdout_error),
                status == 0 && (recommendation->csv_file || recommendation->json_file) ? " (the files are written)"
                                                                                       : "");
        status = RECOMMEND_EXIT_USAGE;
    }
    return status;
}

/* What `attackbench ab` says: a progress line every ten pairs while
 * standard error is a terminal, the verdict on standard output, and every pair in the --csv
 * and --json files. */
#include "ab.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "base/error_message.h"
#include "platform/interrupt.h"
#include "platform/output_file.h"

static const char *const kind_names[] = {"builds", "plugins", "methods"};

void ab_show_progress(const struct ab_run *run)
{
    if (!isatty(2))
        return;
    const struct sequential_state *state = &run->state;
    fprintf(stderr, "ab: %d pairs (%d left out), B/A %.4f (%.4f to %.4f), %.0f s of %g\n", run->pair_count,
            run->pair_count - run->kept, state->ratio, state->low, state->high, run->seconds, run->max_seconds);
    fflush(stderr);
}

static double pair_ratio(const struct ab_pair *pair)
{
    return exp(pair->log_ratio);
}

/* The blocks of the pairs used that another process cut into (left out,
 * or with --keep-disturbed kept), when there were any. */
static void print_preempted_blocks(const struct ab_run *run)
{
    long preempted = 0, blocks = 0;
    for (int p = 0; p < run->pair_count; p++) {
        const struct ab_pair *pair = &run->pairs[p];
        if (pair->disturbed[0] != '\0' && (!run->keep_disturbed || strcmp(pair->disturbed, "different-cpus") == 0))
            continue;
        preempted += pair->preempted_blocks;
        blocks += pair->blocks + (run->keep_disturbed ? 0 : pair->preempted_blocks);
    }
    if (preempted > 0)
        printf("; %ld of their %ld blocks %s (a round preempted by other work)", preempted, blocks,
               run->keep_disturbed ? "kept" : "left out");
}

/* The verdict, the ratio and its interval, the pairs and the time. */
static void print_summary(const struct ab_run *run)
{
    const struct sequential_state *state = &run->state;
    static const char side_names[] = "AB";
    int plugin = run->kind == AB_PLUGINS; /* the label a file: its method named */
    for (int s = 0; s < 2; s++) {
        const struct ab_side *side = &run->sides[s];
        char label[4 * PATH_MAX]; /* a path may hold control characters */
        escape_text(side->label, label, sizeof label);
        printf("%c: %s%s%s\n", side_names[s], label, plugin ? " method " : "", plugin ? side->method : "");
    }
    if (run->kept > 1)
        printf("B/A: %.4f (95%% interval %.4f to %.4f)\n", state->ratio, state->low, state->high);
    else
        printf("B/A: too few pairs for a ratio\n");
    int flagged = 0;
    for (int p = 0; p < run->pair_count; p++)
        flagged += run->pairs[p].disturbed[0] != '\0';
    printf("pairs: %d used, %d disturbed left out", run->kept, run->pair_count - run->kept);
    if (run->keep_disturbed)
        printf(" (--keep-disturbed: %d flagged pairs used)", flagged - (run->pair_count - run->kept));
    print_preempted_blocks(run);
    printf("\n");
    printf("time: %.1f s (limit %g s)\n", run->seconds, run->max_seconds);
    printf("verdict: %s (resolution %g%%: less than %g%% against at least %g%%, 5%% error either way)\n",
           sequential_verdict_name(state->verdict), 100 * run->settings.resolution, 50 * run->settings.resolution,
           100 * run->settings.resolution);
}

static void write_csv(FILE *out, void *data)
{
    const struct ab_run *run = data;
    fprintf(out, "pair,order,a_ns_per_query,b_ns_per_query,ratio,a_cpu,b_cpu,left_out,blocks,preempted_blocks\n");
    for (int p = 0; p < run->pair_count; p++) {
        const struct ab_pair *pair = &run->pairs[p];
        fprintf(out, "%d,%s,%.6f,%.6f,%.6f,%d,%d,%s,%d,%d\n", p + 1, pair->b_first ? "BA" : "AB", pair->a.ns_per_query,
                pair->b.ns_per_query, pair_ratio(pair), pair->a.cpu, pair->b.cpu, pair->disturbed, pair->blocks,
                pair->preempted_blocks);
    }
}

/* The length of the valid UTF-8 sequence of several bytes at `c`, or 0
 * (a stray, overlong or surrogate byte). */
static int utf8_sequence_length(const unsigned char *c)
{
    int length = c[0] >= 0xc2 && c[0] <= 0xdf   ? 2
                 : c[0] >= 0xe0 && c[0] <= 0xef ? 3
                 : c[0] >= 0xf0 && c[0] <= 0xf4 ? 4
                                                : 0;
    unsigned char low = c[0] == 0xe0 ? 0xa0 : c[0] == 0xf0 ? 0x90 : 0x80;
    unsigned char high = c[0] == 0xed ? 0x9f : c[0] == 0xf4 ? 0x8f : 0xbf;
    for (int i = 1; i < length; i++)
        if (c[i] < (i == 1 ? low : 0x80) || c[i] > (i == 1 ? high : 0xbf))
            return 0;
    return length;
}

/* A JSON string of a label (paths: quotes, backslashes and controls
 * escaped; a byte that is not UTF-8 as \u00XX, so the file stays JSON). */
static void write_json_string(FILE *out, const char *text)
{
    fputc('"', out);
    for (const unsigned char *c = (const unsigned char *)text; *c; c++) {
        int length = *c >= 0x80 ? utf8_sequence_length(c) : 1;
        if (*c == '"' || *c == '\\')
            fprintf(out, "\\%c", *c);
        else if (*c < 0x20 || length == 0)
            fprintf(out, "\\u%04x", *c);
        else
            fwrite(c, 1, (size_t)length, out);
        if (length > 1)
            c += length - 1;
    }
    fputc('"', out);
}

static void write_json_number(FILE *out, const char *name, double value)
{
    if (isfinite(value))
        fprintf(out, "  \"%s\": %.17g,\n", name, value);
    else
        fprintf(out, "  \"%s\": null,\n", name);
}

static void write_json(FILE *out, void *data)
{
    const struct ab_run *run = data;
    const struct sequential_state *state = &run->state;
    fprintf(out, "{\n  \"kind\": \"%s\",\n", kind_names[run->kind]);
    for (int s = 0; s < 2; s++) {
        fprintf(out, "  \"%s\": ", s ? "b" : "a");
        write_json_string(out, run->sides[s].label);
        fprintf(out, ",\n  \"%s_method\": ", s ? "b" : "a");
        write_json_string(out, run->sides[s].method);
        fprintf(out, ",\n");
    }
    write_json_number(out, "resolution", run->settings.resolution);
    fprintf(out, "  \"verdict\": \"%s\",\n", sequential_verdict_name(state->verdict));
    write_json_number(out, "ratio", run->kept > 1 ? state->ratio : NAN);
    write_json_number(out, "ratio_low", run->kept > 1 ? state->low : NAN);
    write_json_number(out, "ratio_high", run->kept > 1 ? state->high : NAN);
    fprintf(out, "  \"pairs_used\": %d,\n  \"pairs_left_out\": %d,\n  \"keep_disturbed\": %s,\n", run->kept,
            run->pair_count - run->kept, run->keep_disturbed ? "true" : "false");
    write_json_number(out, "seconds", run->seconds);
    fprintf(out, "  \"pairs\": [");
    for (int p = 0; p < run->pair_count; p++) {
        const struct ab_pair *pair = &run->pairs[p];
        fprintf(out,
                "%s\n    {\"pair\": %d, \"order\": \"%s\", \"a_ns_per_query\": %.6f, \"b_ns_per_query\": %.6f, "
                "\"ratio\": %.6f, \"a_cpu\": %d, \"b_cpu\": %d, \"left_out\": \"%s\", \"blocks\": %d, "
                "\"preempted_blocks\": %d}",
                p ? "," : "", p + 1, pair->b_first ? "BA" : "AB", pair->a.ns_per_query, pair->b.ns_per_query,
                pair_ratio(pair), pair->a.cpu, pair->b.cpu, pair->disturbed, pair->blocks, pair->preempted_blocks);
    }
    fprintf(out, "\n  ]\n}\n");
}

int ab_report(const struct ab_run *run)
{
    print_summary(run);
    int status = 0;
    if (fflush(stdout) != 0 || ferror(stdout)) {
        if (interrupt_cut_write(errno)) /* a write blocked on a full pipe */
            fprintf(stderr, "attackbench ab: interrupted: standard output not written whole\n");
        else
            fprintf(stderr, "attackbench ab: cannot write the verdict: %s\n", strerror(errno));
        status = AB_EXIT_USAGE; /* the files of the pairs are still written */
    }
    if (run->csv_file && write_file_atomically(run->csv_file, write_csv, (void *)run) != 0)
        status = AB_EXIT_USAGE;
    if (run->json_file && write_file_atomically(run->json_file, write_json, (void *)run) != 0)
        status = AB_EXIT_USAGE;
    return status;
}

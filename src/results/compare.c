/* Comparing two result files: rows matched on their whole configuration,
 * each with the ratio new/base, its 95% interval and a verdict; a
 * geometric mean; the rows only one file has (the command line of
 * `attackbench compare` is cli/compare_command.c). */
#define _GNU_SOURCE /* FNM_CASEFOLD */
#include "compare.h"

#include <errno.h>
#include <fnmatch.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bmf.h"
#include "measure/ratio_interval.h"
#include "platform/output_file.h"

enum verdict {
    VERDICT_FASTER,
    VERDICT_NO_CHANGE,
    VERDICT_SLOWER,
    VERDICT_UNBOUNDED,
    VERDICT_HARNESS,
    VERDICT_UNRELIABLE
};
static const char *const verdict_names[] = {"faster",  "no change", "**slower**", "no change (too few samples)",
                                            "harness", "unreliable"};

/* The configuration column each filter of compare_settings is matched
 * against: method, piece, workload. */
static const int filter_columns[COMPARE_FILTER_COUNT] = {0, 1, 2};

/* Names match regardless of case, as the benchmark's --method does. */
#ifdef FNM_CASEFOLD
enum { PATTERN_FLAGS = FNM_CASEFOLD };
#else
enum { PATTERN_FLAGS = 0 };
#endif

/* Whether `value` matches one of the comma-separated patterns. */
static int matches_patterns(const char *patterns, const char *value)
{
    char pattern[256];
    for (const char *p = patterns; *p;) {
        size_t length = strcspn(p, ",");
        if (length > 0 && length < sizeof pattern) {
            memcpy(pattern, p, length);
            pattern[length] = '\0';
            if (fnmatch(pattern, value, PATTERN_FLAGS) == 0)
                return 1;
        }
        p += length;
        p += *p == ',';
    }
    return 0;
}

/* Whether a row is one the options ask to judge. */
static int row_selected(const struct compare_settings *options, const struct result_record *row)
{
    for (int f = 0; f < COMPARE_FILTER_COUNT; f++)
        if (options->filters[f] && !matches_patterns(options->filters[f], row->configuration[filter_columns[f]]))
            return 0;
    return 1;
}

static int has_metric(const struct result_file *file, enum metric_kind metric)
{
    for (size_t i = 0; i < file->count; i++)
        if (file->records[i].metric == metric)
            return 1;
    return 0;
}

/* Runs of different CPUs, compilers or flags cannot be compared by time.
 * Instruction counts come from valgrind's simulated CPU, so for them only
 * the build matters.  One line: the first column that differs, how many
 * others do, and the way out. */
static int check_same_setup(const struct result_file *base, const struct result_file *changed)
{
    int timed = has_metric(base, METRIC_NS) && has_metric(changed, METRIC_NS);
    int first = timed ? 0 : 4; /* identity_columns: cpu..cpu_model, compiler, flags */
    int differing = -1, others = 0;
    for (int c = first; c < 6; c++)
        if (strcmp(base->identity[c], changed->identity[c]) != 0) {
            others += differing >= 0;
            if (differing < 0)
                differing = c;
        }
    if (differing < 0)
        return 0;
    char more[64] = "";
    if (others > 0)
        snprintf(more, sizeof more, " (and %d other column%s)", others, others == 1 ? " differs" : "s differ");
    fprintf(stderr,
            "attackbench compare: %s differs: '%s' in %s, '%s' in %s%s: runs of different machines or builds are not "
            "compared by %s; give --normalize=METHOD to compare each method relative to METHOD in its own run\n",
            identity_columns[differing], base->identity[differing], base->path, changed->identity[differing],
            changed->path, more, timed ? "time" : "instruction count");
    return -1;
}

static const struct result_record *find_match(const struct result_file *file, const struct result_record *row)
{
    return find_record(file, row);
}

/* The smallest change that counts.  Times: 20% by default, the spread of
 * one method between two runs of one build on one machine (the placement
 * of its tables in a new process alone moves it, beyond what the rounds
 * of one run show; scripts/comparisons/false-regressions measures the rate of false
 * verdicts it gives).  Instruction counts are exact: 5%. */
static double metric_threshold(const struct compare_settings *options, enum metric_kind metric)
{
    if (options->threshold >= 0)
        return options->threshold;
    return metric == METRIC_NS ? 0.20 : 0.05;
}

static enum verdict decide(const struct ratio_estimate *estimate, double threshold)
{
    if (!estimate->bounded)
        return VERDICT_UNBOUNDED;
    if (ratio_exceeds(estimate, 1 + threshold))
        return VERDICT_SLOWER;
    if (estimate->high < 1 / (1 + threshold))
        return VERDICT_FASTER;
    return VERDICT_NO_CHANGE;
}

/* The warnings a file's rows carry (the union, each key once), in
 * `out`: the run's facts (hypervisor, few-repetitions, ...) and the
 * disturbances of its rows, which their verdicts name. */
static void file_warnings(const struct result_file *file, char *out, size_t size)
{
    size_t used = 0;
    out[0] = '\0';
    for (size_t i = 0; i < file->count; i++)
        for (const char *key = file->records[i].warnings; *key;) {
            size_t length = strcspn(key, " ");
            int seen = 0;
            for (const char *kept = out; *kept && !seen;) {
                size_t kept_length = strcspn(kept, " ");
                seen = kept_length == length && strncmp(kept, key, length) == 0;
                kept += kept_length;
                kept += *kept == ' ';
            }
            if (length > 0 && !seen && used + length + 2 <= size)
                used += (size_t)snprintf(out + used, size - used, "%s%.*s", used ? " " : "", (int)length, key);
            key += length;
            key += *key == ' ';
        }
}

static void print_identity(const char *label, const struct result_file *file)
{
    const char(*id)[IDENTITY_FIELD_SIZE] = file->identity;
    char warnings[512];
    file_warnings(file, warnings, sizeof warnings);
    printf("- %s: `%s`: attackbench %s, commit %s; %s (%s family %s model %s); %s; `%s`; warnings: %s\n", label,
           file->path, id[6], id[7], id[0], id[1], id[2], id[3], id[4], id[5], warnings[0] ? warnings : "none");
}

static void print_header(enum metric_kind metric, const char *normalize, int shifted)
{
    char unit[96];
    if (normalize)
        snprintf(unit, sizeof unit, "%s/query ÷ %s", metric_names[metric], normalize);
    else
        snprintf(unit, sizeof unit, "%s/query", metric_names[metric]);
    printf(
        "\n| method | piece | workload | dispatch | mode | pressure | phase | threads | layout | parameters | base %s "
        "| new %s | group shift | new/base%s | 95%% interval | verdict |\n",
        unit, unit, shifted ? " ÷ shift" : "");
    printf("|---|---|---|---|---|---:|---|---:|---|---|---:|---:|---:|---:|---:|---|\n");
}

/* Whether a row's configuration column is named in a list or a BMF name:
 * parameters only when the method ran with some, so that a row of its
 * defaults reads as it always did. */
static int column_named(const struct result_record *row, int column)
{
    return column != PARAMETERS_COLUMN || row->configuration[column][0] != '\0';
}

/* One matched row: its estimate and the shift of its group. */
struct compared {
    const struct result_record *base, *changed;
    struct ratio_estimate estimate;
    double shift; /* the group's median ratio; 1 when not taken out */
    enum verdict verdict;
};

/* Rows of one group share everything but the method and its parameters. */
static int compare_groups(const void *a, const void *b)
{
    const struct compared *x = *(const struct compared *const *)a, *y = *(const struct compared *const *)b;
    for (int c = 1; c < PARAMETERS_COLUMN; c++) {
        int order = strcmp(x->base->configuration[c], y->base->configuration[c]);
        if (order != 0)
            return order;
    }
    return (x->estimate.ratio > y->estimate.ratio) - (x->estimate.ratio < y->estimate.ratio);
}

/* The shift every method of a group shares (a slower or faster machine
 * state between the two runs moves the harness and every lookup alike) is
 * the median of the group's ratios; with at least MIN_GROUP_ROWS rows it
 * is taken out of each row's ratio and interval before the verdict. */
enum { MIN_GROUP_ROWS = 3 };
static void find_group_shifts(struct compared *rows, size_t count)
{
    const struct compared **order = malloc((count ? count : 1) * sizeof *order);
    if (order == NULL) {
        fprintf(stderr, "attackbench compare: out of memory\n");
        exit(2);
    }
    for (size_t i = 0; i < count; i++)
        order[i] = &rows[i];
    qsort(order, count, sizeof *order, compare_groups);
    for (size_t start = 0, end; start < count; start = end) {
        for (end = start + 1; end < count; end++)
            for (int c = 1; c < PARAMETERS_COLUMN; c++)
                if (strcmp(order[start]->base->configuration[c], order[end]->base->configuration[c]) != 0)
                    goto group_ends;
    group_ends:;
        size_t size = end - start, middle = start + size / 2;
        double median = size % 2 ? order[middle]->estimate.ratio
                                 : sqrt(order[middle - 1]->estimate.ratio * order[middle]->estimate.ratio);
        for (size_t i = start; i < end; i++)
            ((struct compared *)order[i])->shift = size >= MIN_GROUP_ROWS ? median : 1;
    }
    free(order);
}

static void estimate_row(struct compared *row)
{
    const struct result_record *base = row->base, *changed = row->changed;
    if (base->metric == METRIC_INSTRUCTIONS) {
        double ratio = changed->samples[0] / base->samples[0];
        row->estimate = (struct ratio_estimate){ratio, ratio, ratio, 1};
    } else if (ratio_interval(base->samples, base->sample_count, changed->samples, changed->sample_count, 0.95,
                              &row->estimate) != 0) {
        fprintf(stderr, "attackbench compare: out of memory\n");
        exit(2);
    }
    row->shift = 1;
}

/* The row's ratio and interval with its group's shift taken out: what
 * the verdict is read from, and what the table shows. */
static struct ratio_estimate shifted_estimate(const struct compared *row)
{
    struct ratio_estimate adjusted = row->estimate;
    adjusted.ratio /= row->shift;
    adjusted.low /= row->shift;
    adjusted.high /= row->shift;
    return adjusted;
}

/* The verdict on the row's shifted interval; the harness (null) itself
 * gets none, and a row either run flagged as disturbed is unreliable
 * unless --strict. */
static enum verdict row_verdict(const struct compared *row, double threshold, int strict)
{
    if (strcmp(row->base->configuration[0], "null") == 0)
        return VERDICT_HARNESS;
    if (!strict && (record_disturbed(row->base) || record_disturbed(row->changed)))
        return VERDICT_UNRELIABLE;
    struct ratio_estimate adjusted = shifted_estimate(row);
    return decide(&adjusted, threshold);
}

/* The verdict cell: the verdict, and what disturbed either run's row. */
static void format_verdict(const struct compared *row, char *cell, size_t size)
{
    char base[WARNINGS_FIELD_SIZE], changed[WARNINGS_FIELD_SIZE];
    disturbance_keys(row->base->warnings, base, sizeof base);
    disturbance_keys(row->changed->warnings, changed, sizeof changed);
    if (!base[0] && !changed[0]) {
        snprintf(cell, size, "%s", verdict_names[row->verdict]);
        return;
    }
    snprintf(cell, size, "%s (disturbed: %s%s%s%s%s)", verdict_names[row->verdict], base[0] ? "base " : "", base,
             base[0] && changed[0] ? "; " : "", changed[0] ? "new " : "", changed);
}

/* Totals over a table, for the geometric mean and the exit status. */
struct table_totals {
    size_t rows, regressions, slower, faster, unreliable;
    double log_ratio, log_shown, log_base, log_new;
};

static void print_row(const struct compared *row, struct table_totals *totals)
{
    char interval[64] = "exact", shift[32] = "", verdict[2 * WARNINGS_FIELD_SIZE + 64];
    struct ratio_estimate shown = shifted_estimate(row);
    if (row->base->metric == METRIC_NS)
        snprintf(interval, sizeof interval, shown.bounded ? "%.3f–%.3f" : "unbounded", shown.low, shown.high);
    format_verdict(row, verdict, sizeof verdict);
    if (row->shift != 1)
        snprintf(shift, sizeof shift, "%.3f", row->shift);
    double base_value = record_median(row->base), new_value = record_median(row->changed);
    printf("|");
    for (int c = 0; c < CONFIGURATION_COLUMN_COUNT; c++)
        printf(" %s |", row->base->configuration[c]);
    printf(" %.4g | %.4g | %s | %.3f | %s | %s |\n", base_value, new_value, shift, shown.ratio, interval, verdict);
    totals->rows++;
    totals->unreliable += row->verdict == VERDICT_UNRELIABLE;
    totals->regressions += row->verdict == VERDICT_SLOWER;
    totals->slower += row->verdict == VERDICT_SLOWER;
    totals->faster += row->verdict == VERDICT_FASTER;
    totals->log_ratio += log(row->estimate.ratio);
    totals->log_shown += log(shown.ratio);
    totals->log_base += log(base_value);
    totals->log_new += log(new_value);
}

/* The closing row: the label under method, an empty cell under each
 * other configuration column, then the same cells as print_row(), so that
 * it has as many cells as the header: under the ratio the mean of the
 * ratios shown above it (after the shifts); the mean of the raw ratios,
 * where the shifts made them differ, beside the counts. */
static void print_mean_row(const struct table_totals *totals)
{
    double n = (double)totals->rows, raw = exp(totals->log_ratio / n), shown = exp(totals->log_shown / n);
    char raw_cell[64] = "";
    if (fabs(totals->log_ratio - totals->log_shown) > 1e-12 * n)
        snprintf(raw_cell, sizeof raw_cell, "raw ratios' mean %.3f; ", raw);
    printf("| geometric mean (%zu %s) |", totals->rows, totals->rows == 1 ? "row" : "rows");
    for (int c = 1; c < CONFIGURATION_COLUMN_COUNT; c++)
        printf(" |");
    printf(" %.4g | %.4g | | %.3f | | %s%zu faster, %zu slower |\n", exp(totals->log_base / n),
           exp(totals->log_new / n), shown, raw_cell, totals->faster, totals->slower);
}

/* The rows of one metric both files have, estimated and judged. */
static struct compared *judge_table(const struct result_file *base, const struct result_file *changed,
                                    enum metric_kind metric, const struct compare_settings *options, size_t *count)
{
    struct compared *rows = malloc((base->count ? base->count : 1) * sizeof *rows);
    if (rows == NULL) {
        fprintf(stderr, "attackbench compare: out of memory\n");
        exit(2);
    }
    *count = 0;
    for (size_t i = 0; i < base->count; i++) {
        const struct result_record *match =
            base->records[i].metric == metric ? find_match(changed, &base->records[i]) : NULL;
        if (match == NULL)
            continue;
        rows[*count] = (struct compared){.base = &base->records[i], .changed = match};
        estimate_row(&rows[(*count)++]);
    }
    if (metric == METRIC_NS && !options->absolute && !options->normalize)
        find_group_shifts(rows, *count);
    /* The shifts come from every method of a group; only the selected
     * rows are judged. */
    size_t kept = 0;
    for (size_t i = 0; i < *count; i++)
        if (row_selected(options, rows[i].base))
            rows[kept++] = rows[i];
    *count = kept;
    for (size_t i = 0; i < *count; i++)
        rows[i].verdict = row_verdict(&rows[i], metric_threshold(options, metric), options->strict);
    return rows;
}

/* The rows of every metric, judged once before anything is printed. */
struct judged_table {
    struct compared *rows;
    size_t count;
};

static void judge_tables(const struct result_file *files, const struct compare_settings *options,
                         struct judged_table tables[METRIC_KIND_COUNT])
{
    for (int metric = 0; metric < METRIC_KIND_COUNT; metric++)
        tables[metric].rows =
            judge_table(&files[0], &files[1], (enum metric_kind)metric, options, &tables[metric].count);
}

static void free_tables(struct judged_table tables[METRIC_KIND_COUNT])
{
    for (int metric = 0; metric < METRIC_KIND_COUNT; metric++)
        free(tables[metric].rows);
}

static int finite_positive(double value)
{
    return isfinite(value) && value > 0;
}

/* Whether every figure of a row the table or the BMF shows is a finite
 * positive number (a bounded interval's ends included). */
static int row_finite(const struct compared *row)
{
    struct ratio_estimate shown = shifted_estimate(row);
    int bounded = row->base->metric == METRIC_INSTRUCTIONS || shown.bounded;
    return finite_positive(row->estimate.ratio) && finite_positive(row->shift) && finite_positive(shown.ratio) &&
           (!bounded || (finite_positive(shown.low) && finite_positive(shown.high)));
}

/* The samples' bounds (result_file.c) keep every ratio finite; should one
 * not be all the same, the comparison is refused in one line rather than
 * printed as inf or nan, or left out of the BMF.  0, or -1 after it. */
static int check_finite_tables(const struct result_file *files, const struct judged_table tables[METRIC_KIND_COUNT])
{
    for (int metric = 0; metric < METRIC_KIND_COUNT; metric++)
        for (size_t i = 0; i < tables[metric].count; i++) {
            const struct compared *row = &tables[metric].rows[i];
            if (row_finite(row))
                continue;
            fprintf(stderr,
                    "attackbench compare: %s:%ld and %s:%ld: the ratio new/base of %s %s %s %s %s is not a finite "
                    "number\n",
                    files[0].path, row->base->line, files[1].path, row->changed->line, row->base->configuration[0],
                    row->base->configuration[1], row->base->configuration[2], row->base->configuration[3],
                    metric_names[metric]);
            return -1;
        }
    return 0;
}

/* One table per metric; returns the number of regressions and adds the
 * slower and faster rows to `changes` for the closing lists. */
static size_t print_table(const struct judged_table *table, enum metric_kind metric,
                          const struct compare_settings *options, FILE *changes, size_t *unreliable)
{
    size_t count = table->count;
    const struct compared *rows = table->rows;
    struct table_totals totals = {0};
    int shifted = metric == METRIC_NS && !options->absolute && !options->normalize;
    if (count > 0)
        print_header(metric, options->normalize, shifted);
    for (size_t i = 0; i < count; i++) {
        print_row(&rows[i], &totals);
        const char *parameters = rows[i].base->configuration[PARAMETERS_COLUMN];
        if (rows[i].verdict == VERDICT_SLOWER || rows[i].verdict == VERDICT_FASTER)
            fprintf(changes, "%c %s%s%s %s %s %s %s: %.3f%s\n", rows[i].verdict == VERDICT_SLOWER ? 'S' : 'F',
                    rows[i].base->configuration[0], parameters[0] ? " --param " : "", parameters,
                    rows[i].base->configuration[1], rows[i].base->configuration[2], rows[i].base->configuration[3],
                    metric_names[metric], rows[i].estimate.ratio / rows[i].shift,
                    rows[i].shift != 1 ? " after the group's shift" : "");
    }
    *unreliable += totals.unreliable;
    if (count == 0)
        return 0;
    print_mean_row(&totals);
    return totals.regressions;
}

/* Selected rows of `file` that `other` lacks; returns how many. */
static size_t print_unmatched(const struct result_file *file, const struct result_file *other, const char *label,
                              const struct compare_settings *options)
{
    size_t count = 0;
    for (size_t i = 0; i < file->count; i++) {
        const struct result_record *row = &file->records[i];
        if (find_match(other, row) != NULL || !row_selected(options, row))
            continue;
        if (count++ == 0)
            printf("\nFound in %s (`%s`) only:\n\n", label, file->path);
        printf("- %s:", metric_names[row->metric]);
        for (int c = 0; c < CONFIGURATION_COLUMN_COUNT; c++)
            if (column_named(row, c))
                printf(" %s=%s", configuration_columns[c], row->configuration[c]);
        printf(" (line %ld)\n", row->line);
    }
    return count;
}

/* The closing lists: every slower row, then every faster one. */
static void print_changes(FILE *changes)
{
    static const char *const titles[2] = {"Slower", "Faster"};
    static const char kinds[2] = {'S', 'F'};
    char line[512];
    for (int k = 0; k < 2; k++) {
        int shown = 0;
        rewind(changes);
        while (fgets(line, sizeof line, changes))
            if (line[0] == kinds[k])
                printf("%s- %s", shown++ ? "" : (k == 0 ? "\n**Slower rows:**\n\n" : "\n**Faster rows:**\n\n"),
                       line + 2);
        if (!shown)
            printf("\n%s rows: none.\n", titles[k]);
    }
}

/* --format=bmf: one benchmark per row both files have, named by its
 * configuration and metric, the measure "ratio" (new/base, after the
 * group's shift as in the table) with its 95% interval as bounds; the
 * exit status as the table's. */
static int report_bmf(const struct judged_table tables[METRIC_KIND_COUNT])
{
    struct bmf_writer writer;
    size_t regressions = 0;
    char name[CONFIGURATION_COLUMN_COUNT * 80 + 32];
    bmf_begin(&writer, stdout);
    for (int metric = 0; metric < METRIC_KIND_COUNT; metric++) {
        const struct compared *rows = tables[metric].rows;
        for (size_t i = 0; i < tables[metric].count; i++) {
            struct ratio_estimate shown = shifted_estimate(&rows[i]);
            int used = 0;
            for (int c = 0; c < CONFIGURATION_COLUMN_COUNT && used >= 0 && (size_t)used < sizeof name; c++)
                if (column_named(rows[i].base, c))
                    used += snprintf(name + used, sizeof name - (size_t)used, "%s/", rows[i].base->configuration[c]);
            if (used >= 0 && (size_t)used < sizeof name)
                snprintf(name + used, sizeof name - (size_t)used, "%s", metric_names[metric]);
            int bounded = metric == METRIC_NS ? shown.bounded : 1;
            bmf_entry(&writer, name, "ratio", shown.ratio, bounded ? shown.low : NAN, bounded ? shown.high : NAN);
            regressions += rows[i].verdict == VERDICT_SLOWER;
        }
    }
    bmf_end(&writer);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "attackbench compare: cannot write the results: %s\n", strerror(errno));
        return 2;
    }
    return regressions ? EXIT_REGRESSION : 0;
}

static int report(const struct result_file *files, const struct judged_table tables[METRIC_KIND_COUNT],
                  const struct compare_settings *options)
{
    FILE *changes = open_scratch_file();
    if (changes == NULL) {
        fprintf(stderr, "attackbench compare: cannot create a temporary file: %s\n", strerror(errno));
        return 2;
    }
    printf("## attackbench compare\n\n");
    print_identity("base", &files[0]);
    print_identity("new", &files[1]);
    size_t regressions = 0, unreliable = 0;
    for (int metric = 0; metric < METRIC_KIND_COUNT; metric++)
        regressions += print_table(&tables[metric], (enum metric_kind)metric, options, changes, &unreliable);
    print_unmatched(&files[0], &files[1], "base", options);
    print_unmatched(&files[1], &files[0], "new", options);
    if (options->threshold >= 0)
        printf("\nThreshold %g%%:", 100 * options->threshold);
    else
        printf("\nThreshold %g%% for times, %g%% for instruction counts (--threshold=PCT sets both):",
               100 * metric_threshold(options, METRIC_NS), 100 * metric_threshold(options, METRIC_INSTRUCTIONS));
    printf(" a row is slower (a regression) when its whole interval lies above 1 + threshold, faster when it "
           "lies below 1 / (1 + threshold). %s%zu regression%s.\n",
           options->absolute || options->normalize
               ? ""
               : "Timed rows are judged after their group's shift (the median ratio of the methods that share "
                 "piece, workload, dispatch, mode, pressure, phase, threads and layout, when there are 3 or more) is "
                 "taken out, and the table shows their ratio and interval after it (the raw ratio is that times "
                 "the shift); --absolute judges the raw ratios. ",
           regressions, regressions == 1 ? "" : "s");
    if (unreliable > 0)
        printf("%zu row%s unreliable: either run flagged %s as disturbed (cpu-contention: other work on the "
               "measuring CPU; canary-drift: the harness changed speed), so %s no verdict; rerun on a quiet "
               "machine, or give --strict to judge %s all the same.\n",
               unreliable, unreliable == 1 ? "" : "s", unreliable == 1 ? "it" : "them",
               unreliable == 1 ? "it gets" : "they get", unreliable == 1 ? "it" : "them");
    print_changes(changes);
    fclose(changes);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "attackbench compare: cannot write the table: %s\n", strerror(errno));
        return 2;
    }
    return regressions ? EXIT_REGRESSION : 0;
}

/* How many rows both files have that the filters select: none is an
 * error, or a mistyped --method would pass a CI check with no verdict. */
static size_t compared_rows(const struct result_file *base, const struct result_file *changed,
                            const struct compare_settings *options)
{
    size_t count = 0;
    for (size_t i = 0; i < base->count; i++)
        count += row_selected(options, &base->records[i]) && find_match(changed, &base->records[i]) != NULL;
    return count;
}

static int any_filter(const struct compare_settings *options)
{
    for (int f = 0; f < COMPARE_FILTER_COUNT; f++)
        if (options->filters[f])
            return 1;
    return 0;
}

static int judge_and_report(const struct result_file *files, const struct compare_settings *settings)
{
    struct judged_table tables[METRIC_KIND_COUNT];
    judge_tables(files, settings, tables);
    int status = 2;
    if (check_finite_tables(files, tables) == 0)
        status = settings->bmf ? report_bmf(tables) : report(files, tables, settings);
    free_tables(tables);
    return status;
}

int compare_result_files(const struct compare_settings *settings)
{
    struct result_file files[2];
    if (load_result_file(settings->paths[0], &files[0]) != 0)
        return 2;
    if (load_result_file(settings->paths[1], &files[1]) != 0) {
        free_result_file(&files[0]);
        return 2;
    }
    int status = -1;
    if (settings->normalize) {
        if (normalize_records(&files[0], settings->normalize, stderr) != 0 ||
            normalize_records(&files[1], settings->normalize, stderr) != 0)
            status = 2;
    } else if (check_same_setup(&files[0], &files[1]) != 0) {
        status = 2;
    }
    if (status < 0 && compared_rows(&files[0], &files[1], settings) == 0) {
        fprintf(stderr, "attackbench compare: nothing to compare: no row of %s matches a row of %s%s%s%s%s\n",
                files[0].path, files[1].path,
                any_filter(settings) ? " among those --method, --piece and --workload select" : "",
                settings->normalize ? " (" : "", settings->normalize ? settings->normalize : "",
                settings->normalize ? "'s own rows, the unit of --normalize, are not compared)" : "");
        status = 2;
    }
    if (status < 0)
        status = judge_and_report(files, settings);
    free_result_file(&files[0]);
    free_result_file(&files[1]);
    return status;
}

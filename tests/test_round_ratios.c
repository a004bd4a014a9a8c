/* Relative speed round by round, and the canary's drift. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <string.h>

#include "attackbench/backend.h"
#include "results/results.h"
#include "measure/statistics.h"
#include "unit.h"
#include "registry/registry.h"
#include "results/group_figures.h"
#include "results/output.h"
#include "platform/timer.h"

static struct result_row timed_row(const char *method, double *samples, int count)
{
    struct result_row row;
    memset(&row, 0, sizeof row);
    row.measurement.backend = find_backend(method);
    row.measurement.samples_ns = samples;
    row.measurement.sample_count = count;
    row.measurement.ns_per_query = summarize(samples, count);
    row.metric = METRIC_NS;
    return row;
}

TEST(round_ratios_cancel_a_slowdown_of_whole_rounds)
{
    /* The machine runs at half speed in rounds 3 to 5: each method's own
     * spread is large, their ratio in every round is 1.5. */
    double fast[6] = {1, 1, 1, 2, 2, 2}, slow[6] = {1.5, 1.5, 1.5, 3, 3, 3}, harness[6] = {.2, .2, .2, .4, .4, .4};
    struct result_row rows[3] = {timed_row("pext", fast, 6), timed_row("kindergarten", slow, 6),
                                 timed_row("null", harness, 6)};
    struct result_set set = {rows, 3, 3};
    derive_group_figures(&set);
    CHECK(fabs(rows[1].relative - 1.5) < 1e-12 && rows[1].relative_mad == 0);
    CHECK(rows[1].measurement.ns_per_query.mad > 0.4);
    CHECK(fabs(rows[0].relative - 1) < 1e-12);
    CHECK(fabs(rows[1].harness_ns - 0.3) < 1e-12);
    /* The null loop doubled its time from the first third to the last. */
    CHECK(fabs(rows[0].canary_drift - 0.2 / 0.3) < 1e-12);
}

TEST(round_ratios_are_the_median_of_the_rounds)
{
    double fast[5] = {1, 1, 1, 1, 1}, slow[5] = {2, 3, 2, 9, 2};
    struct result_row rows[2] = {timed_row("pext", fast, 5), timed_row("kindergarten", slow, 5)};
    struct result_set set = {rows, 2, 2};
    derive_group_figures(&set);
    CHECK(fabs(rows[1].relative - 2) < 1e-12 && rows[1].relative_mad == 0);
    CHECK(rows[0].canary_drift == 0 && rows[0].harness_ns < 0);
}

TEST(canary_drift_of_a_steady_loop_is_zero)
{
    double steady[9] = {1, 1.01, 0.99, 1, 1.02, 1, 0.98, 1, 1};
    struct measurement baseline = {.samples_ns = steady, .sample_count = 9};
    CHECK(canary_drift(&baseline) < 0.02);
}

TEST(table_gives_no_ratio_to_a_fastest_median_of_zero)
{
    /* A timer coarser than the run (qemu-user's counter) can give the
     * fastest method a median of zero: no ratio, and no "inf". */
    double zero[3] = {0, 0, 0}, slow[3] = {20, 20, 20};
    struct result_row rows[2] = {timed_row("pext", zero, 3), timed_row("kindergarten", slow, 3)};
    struct result_set set = {rows, 2, 2};
    derive_group_figures(&set);
    struct timer timer = {.kind = TIMER_CLOCK};
    struct run_context context = {.timer = &timer, .pin_cpu = -1, .reps = 3};
    char text[4096] = "";
    FILE *out = fmemopen(text, sizeof text - 1, "w");
    CHECK(out != NULL);
    if (out == NULL)
        return;
    write_table_groups(out, &set, &context);
    fclose(out);
    CHECK(strstr(text, "n/a") != NULL);
    CHECK(strstr(text, "inf") == NULL && strstr(text, "nan") == NULL);
}

/* The table of `rows` (one group), as write_table_groups prints it. */
static void table_text(struct result_row *rows, size_t count, char *text, size_t size)
{
    struct result_set set = {rows, count, count};
    derive_group_figures(&set);
    struct timer timer = {.kind = TIMER_CLOCK};
    struct run_context context = {.timer = &timer, .pin_cpu = -1, .reps = 3};
    memset(text, 0, size);
    FILE *out = fmemopen(text, size - 1, "w");
    CHECK(out != NULL);
    if (out == NULL)
        return;
    write_table_groups(out, &set, &context);
    fclose(out);
}

/* The relative cell of `method`'s line in a table: the first word ending
 * in x after the method's name, copied into cell. */
static void relative_cell(const char *text, const char *method, char *cell, size_t size)
{
    cell[0] = '\0';
    char start[64];
    snprintf(start, sizeof start, "\n  %s ", method);
    const char *line = strstr(text, start);
    if (line == NULL)
        return;
    const char *end = strchr(line + 1, '\n');
    for (const char *word = line + strlen(start); word < end; word++) {
        size_t length = strcspn(word, " \n");
        if (length > 1 && word[length - 1] == 'x' && length < size) {
            memcpy(cell, word, length);
            cell[length] = '\0';
            return;
        }
        word += length;
    }
}

TEST(table_calls_fastest_only_the_fastest_row_shown)
{
    /* 1.705 beside 1.702: 1.0018 in two decimals would read 1.00x, the
     * fastest's figure; the table says 1.002x.  1.7021 and 1.7024 both
     * show 1.702: tied by the figure shown, both read 1.00x. */
    double pext[3] = {1.702, 1.702, 1.702}, black[3] = {1.705, 1.705, 1.705}, fancy[3] = {1.7024, 1.7024, 1.7024},
           kogge[3] = {3.404, 3.404, 3.404};
    struct result_row rows[4] = {timed_row("magic-black", black, 3), timed_row("pext", pext, 3),
                                 timed_row("magic-fancy", fancy, 3), timed_row("kogge-stone", kogge, 3)};
    char text[4096], cell[32];
    table_text(rows, 4, text, sizeof text);
    relative_cell(text, "pext", cell, sizeof cell);
    CHECK(strcmp(cell, "1.00x") == 0);
    relative_cell(text, "magic-black", cell, sizeof cell);
    CHECK(strcmp(cell, "1.002x") == 0);
    relative_cell(text, "magic-fancy", cell, sizeof cell);
    CHECK(strcmp(cell, "1.00x") == 0);
    relative_cell(text, "kogge-stone", cell, sizeof cell);
    CHECK(strcmp(cell, "2.00x") == 0);
}

TEST(table_names_what_disturbed_a_row)
{
    double quiet[3] = {1, 1, 1}, slowed[3] = {3.7, 3.7, 3.7};
    struct result_row rows[2] = {timed_row("pext", quiet, 3), timed_row("kindergarten", slowed, 3)};
    snprintf(rows[1].warnings, sizeof rows[1].warnings, "cpu-contention");
    char text[4096];
    table_text(rows, 2, text, sizeof text);
    const char *line = strstr(text, "\n  kindergarten ");
    const char *end = line ? strchr(line + 1, '\n') : NULL;
    const char *flag = line ? strstr(line, "  disturbed: cpu-contention") : NULL;
    CHECK(flag != NULL && end != NULL && flag < end);
    line = strstr(text, "\n  pext ");
    end = line ? strchr(line + 1, '\n') : NULL;
    flag = line ? strstr(line, "disturbed") : NULL;
    CHECK(line != NULL && (flag == NULL || flag > end));
}

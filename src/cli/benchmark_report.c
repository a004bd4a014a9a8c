/* The benchmark's last stage: the outputs written from the result set,
 * and the lines that close a run (see src/cli/benchmark_command.c). */
#define _GNU_SOURCE
#include "benchmark_report.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "results/output.h"
#include "base/piece.h"

enum { EXIT_USAGE = 2 };

/* A row whose median absolute deviation is above this share of its
 * median is flagged (! in the table) and counted in the summary. */
static const double SPREAD_LIMIT = 0.03;

/* A run that measured (or a dump that wrote) nothing is an error: say
 * why, write no file.  `what`: "measure" or "dump". */
int report_nothing_to(const char *what, const struct options *options, unsigned empty_pieces)
{
    char pieces[96] = "";
    /* `both` is asked of the queens' squares: it is named as the queen,
     * once. */
    if (empty_pieces & piece_bit(PIECE_QUEEN))
        empty_pieces &= ~piece_bit(PIECE_BOTH);
    int named = 0, total = population_count(empty_pieces);
    for (int piece = 0; piece < PIECE_KIND_COUNT; piece++) {
        if (!(empty_pieces & piece_bit(piece)))
            continue;
        named++;
        size_t used = strlen(pieces);
        snprintf(pieces + used, sizeof pieces - used, "%s%s",
                 named == 1       ? ""
                 : named == total ? " or "
                                  : ", ",
                 piece == PIECE_BOTH ? "queen (whose squares --piece=both asks)" : piece_names[piece]);
    }
    if (total == 0)
        snprintf(pieces, sizeof pieces, "slider");
    fprintf(stderr, "attackbench: nothing to %s: no %s on the boards of %s\n", what, pieces,
            options->file_count == 1 ? options->files[0] : "the files");
    return EXIT_USAGE;
}

/* One line at the end of every run: how many rows are too spread to
 * trust, and what to do about it. */
void print_spread_summary(const struct result_set *results)
{
    size_t spread = 0, flagged = 0;
    for (size_t i = 0; i < results->count; i++) {
        const struct result_row *row = &results->rows[i];
        const struct statistics *ns = &row->measurement.ns_per_query;
        spread += ns->median > 0 && ns->mad / ns->median > SPREAD_LIMIT;
        flagged += row->warnings[0] != '\0';
    }
    if (spread == 0 && flagged == 0) {
        fprintf(stderr, "attackbench: every row's spread is within %.0f%%\n", 100 * SPREAD_LIMIT);
        return;
    }
    fprintf(stderr,
            "attackbench: %zu of %zu rows have a spread above %.0f%% and %zu were flagged (other work or drift): rerun "
            "with more --reps or --target-spread, on a quieter machine\n",
            spread, results->count, 100 * SPREAD_LIMIT, flagged);
}

/* The closing summary: per workload and piece, the fastest method in
 * batch mode (throughput, no pressure, all phases, one thread), from the
 * run's own rows; the harness (a baseline backend such as null) is left
 * out. */
void print_fastest_summary(const struct result_set *results)
{
    int printed = 0;
    for (int workload = 0; workload < WORKLOAD_KIND_COUNT; workload++)
        for (int piece = 0; piece < PIECE_KIND_COUNT; piece++) {
            const struct result_row *best = NULL;
            for (size_t i = 0; i < results->count; i++) {
                const struct result_row *row = &results->rows[i];
                if ((int)row->workload != workload || (int)row->piece != piece || row->dispatch != DISPATCH_BATCH ||
                    row->chained || row->pressure_bytes || row->phase != PHASE_ALL || row->threads != 1 ||
                    row->metric != METRIC_NS || row->measurement.backend->baseline)
                    continue;
                if (best == NULL || row_value(row) < row_value(best))
                    best = row;
            }
            if (best == NULL)
                continue;
            fprintf(stderr, "%s  %-8s %-7s %-27s %.3f ns per query\n",
                    printed++ ? "" : "attackbench: fastest in batch mode (workload, piece, method):\n",
                    workload_names[workload], piece_names[piece], best->measurement.backend->name, row_value(best));
        }
}

/* What a run checks and prints as each group of rows is finished (see
 * src/cli/group_checks.h). */
#define _GNU_SOURCE
#include "group_checks.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "results/output.h"
#include "measure/fake_disturbances.h"
#include "measure/statistics.h"
#include "results/group_figures.h"

/* Share of the measuring CPU that other work may take before a group is
 * flagged as disturbed. */
static const double OTHER_WORK_LIMIT = 0.05;
/* How far the null backend's time may move between the first and the
 * last rounds of a group before the group is flagged. */
static const double CANARY_LIMIT = 0.05;

/* Another program on the measuring CPUs, or the hypervisor's other guests.
 * Two kinds of evidence, each with a limit above its own noise (measured
 * with scripts/comparisons/guard-rail-rates: no alarm in 20 quiet runs, every run with
 * a busy loop on the measuring CPU flagged):
 * - /proc/stat: the CPUs' busy time less this process's own, plus stolen
 *   time, over OTHER_WORK_LIMIT of their time and at least
 *   MIN_OTHER_WORK_MS (its clock ticks are 10 ms);
 * - one measuring thread: the share of the wall time it did not run, over
 *   LOST_TIME_LIMIT (a timer interrupt or a page of the kernel's own work
 *   costs a few percent of a short group; another program sharing the CPU
 *   takes half). */
static const double MIN_OTHER_WORK_MS = 30, LOST_TIME_LIMIT = 0.25;

void note_other_work(const struct session *session, const struct cpu_share *share, const char *group, char *warnings,
                     size_t size)
{
    struct other_work seen;
    cpu_share_other_work(share, &seen);
    int from_stat = seen.share >= OTHER_WORK_LIMIT && seen.other_ms + seen.stolen_ms >= MIN_OTHER_WORK_MS;
    int from_clock = seen.lost >= LOST_TIME_LIMIT && seen.lost * seen.wall_ms >= 5;
    if (fake_other_work(&seen.share)) { /* the tests' share replaces both measures */
        from_stat = seen.share >= OTHER_WORK_LIMIT;
        from_clock = 0;
    }
    if (seen.held_elsewhere > 0 && !session->options->quiet) {
        progress_clear(&session->progress);
        fprintf(stderr,
                "attackbench: warning: %s: another attackbench run held %d of the measuring CPUs during this "
                "group; its figures are unreliable (let the other run finish, or choose another --pin)\n",
                group, seen.held_elsewhere);
    }
    if (seen.held_elsewhere > 0)
        snprintf(warnings, size, "cpu-contention");
    if (!from_stat && !from_clock)
        return;
    if (from_clock && seen.lost > seen.share) {
        seen.share = seen.lost;
        seen.other_ms = seen.lost * seen.wall_ms > seen.stolen_ms ? seen.lost * seen.wall_ms - seen.stolen_ms : 0;
    }
    if (!session->options->quiet) {
        progress_clear(&session->progress);
        char where[64] = "the measuring CPU";
        if (seen.cpus == 1)
            snprintf(where, sizeof where, "measuring CPU %d", share->cpus[0]);
        else if (seen.cpus > 1)
            snprintf(where, sizeof where, "the %d measuring CPUs", seen.cpus);
        fprintf(stderr,
                "attackbench: warning: %s: other work took %.0f%% of %s (%.0f ms by other processes, %.0f ms "
                "stolen by the hypervisor, in %.0f ms); its figures are unreliable (close other programs or "
                "choose another --pin)\n",
                group, 100 * seen.share, where, seen.other_ms, seen.stolen_ms, seen.wall_ms);
    }
    snprintf(warnings, size, "cpu-contention");
}

/* --target-spread: the methods of a group whose spread stayed above it,
 * under --quiet too: no column of the results carries them. */
void name_unreached_rows(const struct session *session, const char *group, const struct measurement *measured,
                         double target_percent)
{
    if (spread_reached(measured, (size_t)session->entry_count, target_percent))
        return;
    progress_clear(&session->progress);
    if (measured[0].sample_count < FEW_REPETITIONS) {
        fprintf(stderr,
                "attackbench: %s: only %d round%s (fewer than %d) in the --min-time: the median and its spread "
                "are unreliable\n",
                group, measured[0].sample_count, measured[0].sample_count == 1 ? "" : "s", FEW_REPETITIONS);
        return;
    }
    fprintf(stderr, "attackbench: %s: spread still above %g%% after %d rounds:", group, target_percent,
            measured[0].sample_count);
    for (int i = 0; i < session->entry_count; i++) {
        const struct statistics *ns = &measured[i].ns_per_query;
        if (!measured[i].backend->baseline && ns->median > 0 && 100 * ns->mad / ns->median > target_percent)
            fprintf(stderr, " %s (%.1f%%)", measured[i].backend->name, 100 * ns->mad / ns->median);
    }
    fputc('\n', stderr);
}

/* The group's derived figures, the canary check, and with the table on
 * standard output, the group's block as soon as it is measured. */
void finish_group(struct session *session, struct result_set *results, size_t first_row, const char *what)
{
    struct result_set group = {results->rows + first_row, results->count - first_row, 0};
    derive_group_figures(&group);
    double drift = group.count > 0 ? group.rows[0].canary_drift : 0;
    fake_canary_drift(&drift); /* for the tests: a drift cannot be made on demand */
    if (drift > CANARY_LIMIT) {
        if (!session->options->quiet) {
            progress_clear(&session->progress);
            fprintf(stderr,
                    "attackbench: warning: %s: the harness's own loop (null) changed speed by %.0f%% between the "
                    "first and the last third of the rounds, beyond its rounds' own noise (no round of one within "
                    "the other's range): the machine's speed drifted\n",
                    what, 100 * drift);
        }
        for (size_t i = 0; i < group.count; i++) {
            size_t used = strlen(group.rows[i].warnings);
            snprintf(group.rows[i].warnings + used, sizeof group.rows[i].warnings - used, "%scanary-drift",
                     used ? " " : "");
        }
    }
    if (session->options->format != FORMAT_TABLE)
        return;
    progress_clear(&session->progress);
    write_table_groups(stdout, &group, &session->context);
    fflush(stdout);
}

/* What a benchmark run checks and prints as each group of rows (one
 * stream, one dispatch mode, every backend) is finished: other work on the
 * measuring CPU, the canary's drift, the rows short of --target-spread,
 * and the group's table block. */
#ifndef ATTACKBENCH_GROUP_CHECKS_H
#define ATTACKBENCH_GROUP_CHECKS_H

#include <stddef.h>

#include "measure/runner.h"
#include "results/results.h"
#include "session.h"

/* Warn (naming the group) and set the "cpu-contention" key in `warnings`
 * when other work took more than 5% of the measuring CPU since `share`
 * started, or another attackbench run held one of its measuring CPUs. */
void note_other_work(const struct session *session, const struct cpu_share *share, const char *group, char *warnings,
                     size_t size);

/* --target-spread: name the methods of a group whose spread stayed above it. */
void name_unreached_rows(const struct session *session, const char *group, const struct measurement *measured,
                         double target_percent);

/* The group's derived figures, the canary check (a drift above 5% is warned
 * about and recorded as "canary-drift"), and with the table on standard
 * output, the group's block, printed at once. */
void finish_group(struct session *session, struct result_set *results, size_t first_row, const char *what);

#endif

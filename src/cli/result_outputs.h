/* Where a run's rows go: --csv and --json files (each replaced
 * atomically) and standard output in the --format chosen. */
#ifndef ATTACKBENCH_RESULT_OUTPUTS_H
#define ATTACKBENCH_RESULT_OUTPUTS_H

#include "options.h"
#include "results/output.h"

/* Returns 0, or 2 after printing why a file or standard output could not
 * be written. */
int write_result_outputs(const struct options *options, const struct result_set *set,
                         const struct run_context *context);

#endif

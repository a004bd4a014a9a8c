/* What a result row measures: time per query (from repetitions) or
 * instructions per query (an exact count from callgrind). */
#ifndef ATTACKBENCH_METRIC_H
#define ATTACKBENCH_METRIC_H

enum metric_kind { METRIC_NS, METRIC_INSTRUCTIONS, METRIC_KIND_COUNT };
extern const char *const metric_names[METRIC_KIND_COUNT];

#endif

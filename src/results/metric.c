/* The names of the metrics, as written in the `metric` column. */
#include "metric.h"

const char *const metric_names[METRIC_KIND_COUNT] = {"ns", "instructions"};

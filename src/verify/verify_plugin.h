/* A plugin checked before anything times it or prints its answers. */
#ifndef ATTACKBENCH_VERIFY_PLUGIN_H
#define ATTACKBENCH_VERIFY_PLUGIN_H

#include <stdio.h>

#include "attackbench/backend.h"

/* Its lookups exhaustively (verify_backend: every square, every subset of
 * the relevant mask, with random outside bits, for rook, bishop and
 * queen), its batched loops in every shape (throughput, latency, cache
 * pressure, the checking pass) against the reference's on the same
 * queries, and its side-wise paths.  Its code runs under the crash guard,
 * which names the plugin and the check if it crashes.  Returns 0, -1
 * after the report of the first mismatch, or 1 when SIGINT or SIGTERM
 * stopped it (interrupt.h: it looks at the flag between two queries). */
int verify_plugin(const struct backend *backend, FILE *report);

/* What verify_plugin checks, in a phrase for the run's report. */
const char *plugin_check_summary(void);

#endif

/* A benchmark run's session: everything it holds from start to end (the
 * backends, initialised; the reference; the CPUs, timer and pressure
 * buffer; what every row shares), opened before the first stage and
 * closed after the last. */
#ifndef ATTACKBENCH_SESSION_H
#define ATTACKBENCH_SESSION_H

#include <stdint.h>

#include "measure/runner.h"
#include "measure/environment.h"
#include "options.h"
#include "progress.h"
#include "results/output.h"
#include "verify/verify.h"

enum { MAX_ENTRIES = 256 };

/* A backend of the run and what its init reported. */
struct backend_entry {
    const struct backend *backend;
    size_t table_bytes;
    double init_ms;
    int formulation_threads; /* threads its formulation was chosen on; 0: not measured */
};

/* Everything a run holds from start to end, owned here. */
struct session {
    const struct options *options;
    int verify_only;
    struct backend_entry entries[MAX_ENTRIES]; /* the selected ones, then null */
    int entry_count;
    const struct backend *reference;
    struct file_check check; /* the selected backends, for verification */
    struct timer timer;
    int pin_cpu;
    int cpus[MAX_THREADS];
    uint8_t *pressure; /* --pressure buffer, or NULL */
    struct run_context context;
    struct environment_facts environment; /* for the warnings (environment.h) */
    int short_stream_warned;              /* that warning is given once */
    unsigned skipped_workloads;           /* bits of the workloads with no query at all */
    struct progress progress;
    const struct round_server *ab_server; /* a side of `attackbench ab` (ab_serve.h), or NULL */
};

/* Initialise the backends (the selected ones, then null unless selected
 * or only verifying, and the reference) and, unless only verifying, pin
 * the CPUs, set the timer up and fill the pressure buffer; prints the
 * context lines.  Returns 0 or an exit status after printing why. */
int open_session(struct session *session, const struct options *options, const struct backend **selected, int count);

void close_session(struct session *session);

/* Warn (once a run) when a stream is short enough for branch predictors
 * to learn it. */
void check_stream_length(struct session *session, int random, size_t queries);

#endif

/* Timing: interleaved repetitions of every selected backend over one query
 * stream, in one of the dispatch modes, on one or more pinned threads
 * (their choice: src/measure/cpu_choice.h). */
#ifndef ATTACKBENCH_BENCHMARK_H
#define ATTACKBENCH_BENCHMARK_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>

#include "attackbench/backend.h"
#include "cpu_choice.h"
#include "statistics.h"
#include "platform/timer.h"
#include "workload.h"
#include "base/piece.h"

/* Batched first: it measures the technique; per call adds the harness. */
enum dispatch_kind { DISPATCH_BATCH, DISPATCH_CALL, DISPATCH_KIND_COUNT };
extern const char *const dispatch_names[DISPATCH_KIND_COUNT];

/* Rounds one at a time on another program's word, for `attackbench ab`'s
 * sides (src/cli/ab_serve.c): `wait` before each round returns 1 to run
 * it (0 ends the rounds); `report` then gets the round's ns and TSC
 * ticks per query (0 without a TSC), each the geometric mean over the
 * non-baseline backends, and the seconds of its timed passes that the
 * process did not run (their wall time less its CPU time per thread:
 * other work preempted it).  A round's passes are chosen so that it
 * lasts about `block_ns`. */
struct round_server {
    int (*wait)(void *context);
    void (*report)(void *context, double ns_per_query, double ticks_per_query, double preempted_seconds);
    void *context;
    double block_ns;
};

struct measurement_config {
    const struct timer *timer;
    enum dispatch_kind dispatch;
    int chained;                    /* latency mode */
    const uint8_t *pressure_buffer; /* cache-pressure mode, or NULL */
    uint32_t pressure_line_mask;
    int reps;
    uint64_t calls;  /* at least this many lookups per repetition */
    int threads;     /* 1 = the calling thread only */
    const int *cpus; /* CPU for each thread, or NULL for no pinning */
    /* Set asynchronously (SIGINT, SIGTERM) to stop, even inside a
     * repetition; may be NULL. */
    const volatile sig_atomic_t *stop;
    /* Served rounds in place of config->reps timed ones, or NULL. */
    const struct round_server *server;
};

struct measurement {
    const struct backend *backend;
    struct statistics ns_per_query;    /* per thread */
    struct statistics ticks_per_query; /* TSC only */
    double mlookups_per_s;             /* all threads, from the medians */
    uint64_t calls_per_rep;            /* per thread */
    double hit_rate;                   /* negative when the backend has none */
    uint64_t checksum;                 /* this backend's own mixed sum */
    /* ns/query of every repetition in measurement order (round 0 first);
     * allocated, freed with free_measurement(). */
    double *samples_ns;
    int sample_count;
};

void free_measurement(struct measurement *measurement);

/* --target-spread and --min-time: more rounds until every method's MAD is
 * at most `percent` of its median, or `seconds` went by (0: no target). */
struct spread_target {
    double percent;
    double seconds;
};

/* What a correct backend's passes over a stream add up to, from the
 * reference backend (latency mode changes the occupancies, so it
 * matters): `sum`, the plain sum each timed pass is checked against, and
 * `mixed`, the sum of attackbench_checksum_mix() of each result (include/attackbench/backend.h),
 * which the untimed warm-up pass is checked against and which no few
 * wrong bits can cancel. */
struct pass_checksums {
    uint64_t sum;
    uint64_t mixed;
};

struct pass_checksums stream_checksums(const struct backend *reference, enum piece_kind piece,
                                       const struct stream *stream, int chained);

/* Time `count` backends over `stream` for one piece.  Repetitions are
 * interleaved, the order rotating every round; every pass is checked
 * against `expected` (unless the backend is a baseline).  Worker threads
 * live only during the call.  Returns 0; 1 when *config->stop was set
 * (results incomplete); or -1 after printing which backend gave a wrong
 * sum.  With config->server, rounds are served until it says stop; the
 * results are then empty and 1 is returned. */
int measure_backends(const struct backend *const *measured_backends, size_t count, enum piece_kind piece,
                     const struct stream *stream, const struct pass_checksums *expected,
                     const struct measurement_config *config, struct measurement *results);

/* measure_backends(), then further blocks of config->reps rounds,
 * appended to the samples, while the target is not reached and its time
 * lasts.  Returns as measure_backends() does. */
int measure_to_target(const struct backend *const *measured_backends, size_t count, enum piece_kind piece,
                      const struct stream *stream, const struct pass_checksums *expected,
                      const struct measurement_config *config, const struct spread_target *target,
                      struct measurement *results);

/* Whether every non-baseline method's MAD is at most `target_percent` of
 * its median, over FEW_REPETITIONS rounds or more (environment.h). */
int spread_reached(const struct measurement *results, size_t count, double target_percent);

#endif

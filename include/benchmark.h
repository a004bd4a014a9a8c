/* Timing: interleaved repetitions of every selected backend over one query
 * stream, in one of the dispatch modes, on one or more pinned threads. */
#ifndef ATTACKBENCH_BENCHMARK_H
#define ATTACKBENCH_BENCHMARK_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>

#include "backend.h"
#include "timer.h"
#include "workload.h"

enum dispatch_kind { DISPATCH_CALL, DISPATCH_BATCH, DISPATCH_KIND_COUNT };
extern const char *const dispatch_names[DISPATCH_KIND_COUNT];

enum { MAX_THREADS = 256 };

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
    /* Set asynchronously (SIGINT) to stop between repetitions. */
    const volatile sig_atomic_t *stop;
};

struct statistics {
    double median, min, max, mad; /* mad: median absolute deviation */
};

struct measurement {
    const struct backend *backend;
    struct statistics ns_per_query;    /* per thread */
    struct statistics ticks_per_query; /* TSC only */
    double mlookups_per_s;             /* all threads, from the medians */
    uint64_t calls_per_rep;            /* per thread */
    double hit_rate;                   /* negative when the backend has none */
    /* ns/query of every repetition in measurement order (round 0 first);
     * allocated, freed with free_measurement(). */
    double *samples_ns;
    int sample_count;
};

void free_measurement(struct measurement *measurement);

/* Pin the calling thread to a CPU; returns 0 or -1. */
int pin_to_cpu(int cpu);

/* CPUs this process may run on, in order; returns how many (at most
 * `capacity`). */
int allowed_cpus(int *cpus, int capacity);

/* Checksum of one pass: the sum of all attack sets, from the reference
 * backend (latency mode changes the occupancies, so it matters). */
uint64_t stream_checksum(const struct backend *reference, enum piece_kind piece, const struct stream *stream, int chained);

/* Time `count` backends over `stream` for one piece.  Repetitions are
 * interleaved, the order rotating every round; each pass's sum is checked
 * against `checksum` (unless the backend is a baseline).  Returns 0; 1 when
 * *config->stop was set (results incomplete); or -1 after printing which
 * backend gave a wrong sum. */
int measure_backends(const struct backend *const *methods, size_t count, enum piece_kind piece, const struct stream *stream,
                     uint64_t checksum, const struct measurement_config *config, struct measurement *results);

/* Stop the worker threads started for --threads. */
void benchmark_shutdown(void);

#endif

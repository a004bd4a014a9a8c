/* The timed loops, the repetition schedule and the CPUs they run on. */
#define _GNU_SOURCE
#include "runner.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chess/sliders.h"
#include "registry/contract.h"
#include "platform/crash_guard.h"
#include "environment.h"
#include "thread_pool.h"

const char *const dispatch_names[DISPATCH_KIND_COUNT] = {"batch", "call"};

/* One repetition's work on one thread: `passes` passes over the run. */
struct job {
    const struct backend *backend;
    enum piece_kind piece;
    enum stream_kind kind; /* side streams: the piece is not used */
    struct attackbench_run run;
    enum dispatch_kind dispatch;
    uint64_t passes;
    const struct timer *timer;
    const volatile sig_atomic_t *stop;
    int timed_rounds_done; /* the closing check: its failure says so */
};

struct job_result {
    uint64_t elapsed; /* timer units */
    uint64_t sum;
};

/* A pass over a long stream goes in parts of this many queries, so that a
 * signal stops it within a part (milliseconds), not after the whole pass
 * (seconds for 2^28 queries).  Streams up to this length, every default,
 * are passed over in one call. */
enum { PART_QUERIES = 1 << 20 };

static uint64_t pass_part(const struct job *job, const struct attackbench_run *run)
{
    if (job->kind != STREAM_QUERIES)
        return side_pass(job->backend, job->kind, job->dispatch == DISPATCH_CALL, run);
    return job->dispatch == DISPATCH_BATCH ? backend_batch_pass(job->backend, job->piece, run)
                                           : backend_call_pass(job->backend, job->piece, run);
}

/* In the positions layout a part is whole positions, and its occupancies
 * start at the part's first position. */
static __attribute__((noinline)) uint64_t pass_in_parts(const struct job *job)
{
    uint64_t sum = 0;
    struct attackbench_run part = job->run;
    const size_t squares_per_occupancy = job->run.positions_layout ? ATTACKBENCH_POSITION_SQUARES : 1;
    const size_t part_queries = PART_QUERIES - PART_QUERIES % squares_per_occupancy;
    for (size_t offset = 0; offset < job->run.count; offset += part_queries) {
        part.occupied = job->run.occupied ? job->run.occupied + offset / squares_per_occupancy : NULL;
        part.squares = job->run.squares ? job->run.squares + offset : NULL;
        part.pressure_lines = job->run.pressure_lines ? job->run.pressure_lines + offset : NULL;
        part.sides = job->run.sides ? job->run.sides + offset : NULL;
        part.count = job->run.count - offset < part_queries ? job->run.count - offset : part_queries;
        sum += pass_part(job, &part);
        if (job->stop && *job->stop)
            break;
    }
    return sum;
}

static int stop_requested(const struct job *job)
{
    return job->stop && *job->stop;
}

/* The timed region: the flag tests sit outside the pass loops, and the
 * stop flag is read once every 64 passes. */
static struct job_result run_job(const struct job *job)
{
    const struct timer *timer = job->timer;
    uint64_t sum = 0, start, stop;
    if (job->run.count > PART_QUERIES || job->kind != STREAM_QUERIES) {
        start = timer_start(timer);
        for (uint64_t pass = 0; pass < job->passes && !stop_requested(job); pass++)
            sum += pass_in_parts(job);
        stop = timer_stop(timer);
    } else if (job->dispatch == DISPATCH_BATCH && backend_loop(job->backend, job->piece)) {
        uint64_t (*loop)(const struct attackbench_run *) = backend_loop(job->backend, job->piece);
        start = timer_start(timer);
        for (uint64_t pass = 0; pass < job->passes; pass++) {
            sum += loop(&job->run);
            if (pass % 64 == 63 && stop_requested(job))
                break;
        }
        stop = timer_stop(timer);
    } else {
        /* Per call; or a plugin's both, which has no batched pass. */
        start = timer_start(timer);
        for (uint64_t pass = 0; pass < job->passes; pass++) {
            sum += backend_call_pass(job->backend, job->piece, &job->run);
            if (pass % 64 == 63 && stop_requested(job))
                break;
        }
        stop = timer_stop(timer);
    }
    attackbench_keep(sum);
    return (struct job_result){stop - start, sum};
}

struct pass_checksums stream_checksums(const struct backend *reference, enum piece_kind piece,
                                       const struct stream *stream, int chained)
{
    struct job job = {.backend = reference,
                      .piece = piece,
                      .kind = stream->kind,
                      .run = stream_run(stream),
                      .dispatch = DISPATCH_BATCH};
    job.run.chained = chained;
    struct pass_checksums checksums;
    checksums.sum = pass_in_parts(&job);
    job.run.mix_results = 1;
    checksums.mixed = pass_in_parts(&job);
    return checksums;
}

/* Every thread's result of the job run_on_threads() hands the pool. */
struct threads_job {
    const struct job *job;
    struct job_result results[MAX_THREADS];
};

static void run_job_on_thread(int thread, void *argument)
{
    struct threads_job *threads_job = argument;
    threads_job->results[thread] = run_job(threads_job->job);
}

/* Run a job on every thread at once; returns the slowest thread's time
 * and checks every thread's sum (*wrong). */
static struct job_result run_on_threads(const struct job *job, int threads, uint64_t expected, int check, int *wrong)
{
    if (threads == 1) {
        struct job_result result = run_job(job);
        *wrong = check && result.sum != expected;
        return result;
    }
    static struct threads_job threads_job;
    threads_job.job = job;
    thread_pool_run(run_job_on_thread, &threads_job);
    struct job_result slowest = threads_job.results[0];
    *wrong = 0;
    for (int i = 0; i < threads; i++) {
        if (threads_job.results[i].elapsed > slowest.elapsed)
            slowest.elapsed = threads_job.results[i].elapsed;
        if (check && threads_job.results[i].sum != expected)
            *wrong = 1;
    }
    return slowest;
}

/* One pass (or repetition) of one backend on every thread, checked.
 * Returns 0, 1 when stopped, or -1 after reporting a wrong sum. */
static int run_checked(struct job *job, const struct backend *backend, int threads, uint64_t expected,
                       struct job_result *result)
{
    job->backend = backend;
    backend_guard(backend, job->run.mix_results ? "its checking pass" : "timing");
    if (backend->reset_statistics)
        backend->reset_statistics();
    int wrong = 0;
    *result = run_on_threads(job, threads, expected, !backend->baseline, &wrong);
    backend_unguard();
    if (stop_requested(job))
        return 1;
    if (wrong) {
        /* A side stream's row is the side's sliders: its piece is unused
         * (0, a rook, was named). */
        const char *row = job->kind == STREAM_SETS    ? "sliders (sets)"
                          : job->kind == STREAM_SIDES ? "sliders (sides)"
                                                      : piece_names[job->piece];
        fprintf(stderr,
                "attackbench: %s %s: checksum differs from the reference%s; run with --verify to find the query\n",
                backend->name, row, job->timed_rounds_done ? " after the timed rounds (it was right before them)" : "");
        return -1;
    }
    return 0;
}

/* One untimed pass of each backend, checked by its mixed checksum (which
 * goes into results when not NULL).  Before the timed rounds it is the
 * warm-up: it touches the tables and the stream.  After them it is the
 * closing check: the timed passes are checked by the plain sum, in which
 * two results wrong in bit 63 cancel (attackbench_checksum_mix()), so a
 * backend that went wrong while it was timed and stayed wrong (a plugin
 * with state, a table overwritten) is caught by the mixed sum here. */
static int mixed_passes(struct job *job, const struct backend *const *measured_backends, size_t count, int threads,
                        uint64_t expected_mixed, struct measurement *results)
{
    uint64_t passes = job->passes;
    job->passes = 1;
    job->run.mix_results = 1;
    int status = 0;
    for (size_t k = 0; k < count && status == 0; k++) {
        struct job_result result;
        status = run_checked(job, measured_backends[k], threads, expected_mixed, &result);
        if (status == 0 && results != NULL)
            results[k].checksum = result.sum;
    }
    job->run.mix_results = 0;
    job->passes = passes;
    return status;
}

/* Samples per backend and round: [backend * reps + round]. */
struct samples {
    int reps;
    double *ns, *ticks; /* per query */
    double *hits;       /* mean hit rate per backend */
};

/* Before a timed repetition in the queries layout, one untimed pass over
 * the stream: the methods timed before it in the round have evicted its
 * tables, and the layout times the lookup with its tables warm
 * (docs/measurement.md).  A stream of the default 65,536 queries is about
 * 6% of a repetition's lookups, but its first pass pays for every table line
 * it touches: pext's queens ran about 9% slower among seven table methods
 * than alone (docs/measurement.md, with the 16,384-query stream of then).
 * The positions layout streams from memory; one pass of it is a whole
 * repetition, and its tables are cold by design. */
static int rewarm(struct job *job, const struct backend *backend, int threads, uint64_t expected_one_pass)
{
    if (job->run.positions_layout)
        return 0;
    uint64_t passes = job->passes;
    struct job_result ignored;
    job->passes = 1;
    int status = run_checked(job, backend, threads, expected_one_pass, &ignored);
    job->passes = passes;
    return status;
}

/* The timed rounds: every backend once per round, the order rotating. */
static int timed_rounds(struct job *job, const struct backend *const *measured_backends, size_t count, int threads,
                        const struct pass_checksums *expected, uint64_t calls, struct samples *samples)
{
    const struct timer *timer = job->timer;
    int reps = samples->reps;
    uint64_t expected_sum = expected->sum * job->passes;
    for (int round = 0; round < reps; round++) {
        for (size_t k = 0; k < count; k++) {
            size_t index = (k + (size_t)round) % count;
            struct job_result result;
            int status = rewarm(job, measured_backends[index], threads, expected->sum);
            if (status == 0)
                status = run_checked(job, measured_backends[index], threads, expected_sum, &result);
            if (status != 0)
                return status;
            size_t slot = index * (size_t)reps + (size_t)round;
            samples->ns[slot] = timer_nanoseconds(timer, result.elapsed) / (double)calls;
            samples->ticks[slot] = timer->kind == TIMER_TSC ? (double)result.elapsed / (double)calls : 0;
            if (measured_backends[index]->hit_rate)
                samples->hits[index] += measured_backends[index]->hit_rate() / reps;
        }
    }
    return 0;
}

/* Passes a served round needs to last about server->block_ns, from one
 * timed pass of each non-baseline backend, into job->passes.  Returns as
 * run_checked(). */
static int choose_served_passes(struct job *job, const struct backend *const *measured_backends, size_t count,
                                int threads, const struct pass_checksums *expected, double block_ns)
{
    double round_ns = 0;
    job->passes = 1;
    for (size_t k = 0; k < count; k++) {
        struct job_result result;
        if (measured_backends[k]->baseline)
            continue;
        int status = run_checked(job, measured_backends[k], threads, expected->sum, &result);
        if (status != 0)
            return status;
        round_ns += timer_nanoseconds(job->timer, result.elapsed);
    }
    double passes = round_ns > 0 ? block_ns / round_ns : 1;
    job->passes = passes < 1 ? 1 : passes > 1e6 ? 1000000 : (uint64_t)passes;
    return 0;
}

/* Rounds while the server asks for them: each non-baseline backend once,
 * rewarmed and checked, and the round's geometric means reported (in TSC
 * ticks too where the timer has them: the two sides of an ab pair then
 * share one clock, with no calibration of theirs between them). */
static int served_rounds(struct job *job, const struct backend *const *measured_backends, size_t count, int threads,
                         const struct pass_checksums *expected, uint64_t lookups, const struct round_server *server)
{
    int status = choose_served_passes(job, measured_backends, count, threads, expected, server->block_ns);
    if (status != 0)
        return status;
    uint64_t calls = job->passes * lookups, expected_sum = expected->sum * job->passes;
    while (server->wait(server->context)) {
        double log_sum = 0, preempted = 0;
        int timed = 0;
        for (size_t k = 0; k < count; k++) {
            struct job_result result;
            if (measured_backends[k]->baseline)
                continue;
            status = rewarm(job, measured_backends[k], threads, expected->sum);
            double wall = seconds_on_clock(CLOCK_MONOTONIC), cpu = seconds_on_clock(CLOCK_PROCESS_CPUTIME_ID);
            if (status == 0)
                status = run_checked(job, measured_backends[k], threads, expected_sum, &result);
            if (status != 0)
                return status;
            preempted += (seconds_on_clock(CLOCK_MONOTONIC) - wall) -
                         (seconds_on_clock(CLOCK_PROCESS_CPUTIME_ID) - cpu) / (threads > 1 ? threads : 1);
            log_sum += log((double)(result.elapsed ? result.elapsed : 1) / (double)calls);
            timed++;
        }
        double units = timed ? exp(log_sum / timed) : 0;
        int tsc = job->timer->kind == TIMER_TSC;
        server->report(server->context, tsc ? units * 1e9 / job->timer->tsc_hz : units, tsc ? units : 0,
                       preempted > 0 ? preempted : 0);
    }
    return 1;
}

void free_measurement(struct measurement *measurement)
{
    free(measurement->samples_ns);
    measurement->samples_ns = NULL;
    measurement->sample_count = 0;
}

static void fill_results(const struct backend *const *measured_backends, size_t count, const struct samples *samples,
                         uint64_t calls, int threads, struct measurement *results)
{
    for (size_t k = 0; k < count; k++) {
        struct measurement *m = &results[k];
        m->backend = measured_backends[k];
        m->ns_per_query = summarize(samples->ns + k * (size_t)samples->reps, samples->reps);
        m->ticks_per_query = summarize(samples->ticks + k * (size_t)samples->reps, samples->reps);
        m->calls_per_rep = calls;
        m->mlookups_per_s = m->ns_per_query.median > 0 ? threads * 1e3 / m->ns_per_query.median : 0;
        m->hit_rate = measured_backends[k]->hit_rate ? samples->hits[k] : -1;
        m->sample_count = samples->reps;
        m->samples_ns = malloc((size_t)samples->reps * sizeof *m->samples_ns);
        if (m->samples_ns == NULL) {
            fprintf(stderr, "attackbench: out of memory\n");
            exit(2);
        }
        memcpy(m->samples_ns, samples->ns + k * (size_t)samples->reps, (size_t)samples->reps * sizeof *m->samples_ns);
    }
}

int measure_backends(const struct backend *const *measured_backends, size_t count, enum piece_kind piece,
                     const struct stream *stream, const struct pass_checksums *expected,
                     const struct measurement_config *config, struct measurement *results)
{
    if (count == 0 || stream->count == 0)
        return 0;
    int threads = config->threads > 0 ? config->threads : 1;
    uint64_t lookups = stream_lookups(stream);
    lookups = lookups ? lookups : 1; /* a sides stream of positions without sliders */
    uint64_t passes = (config->calls + lookups - 1) / lookups;
    passes = passes ? passes : 1;
    uint64_t calls = passes * lookups;
    struct samples samples = {config->reps, calloc(count * (size_t)config->reps, sizeof(double)),
                              calloc(count * (size_t)config->reps, sizeof(double)), calloc(count, sizeof(double))};
    if (samples.ns == NULL || samples.ticks == NULL || samples.hits == NULL) {
        fprintf(stderr, "attackbench: out of memory\n");
        exit(2);
    }
    struct job job = {.piece = piece,
                      .kind = stream->kind,
                      .run = stream_run(stream),
                      .dispatch = config->dispatch,
                      .timer = config->timer,
                      .stop = config->stop};
    job.run.chained = config->chained;
    job.run.pressure_buffer = config->pressure_buffer;
    job.run.pressure_line_mask = config->pressure_line_mask;

    if (threads > 1)
        thread_pool_open(threads, config->cpus);
    job.passes = passes;
    int status = mixed_passes(&job, measured_backends, count, threads, expected->mixed, results);
    if (status == 0 && config->server)
        status = served_rounds(&job, measured_backends, count, threads, expected, lookups, config->server);
    if (status == 0)
        status = timed_rounds(&job, measured_backends, count, threads, expected, calls, &samples);
    job.timed_rounds_done = 1;
    if (status == 0)
        status = mixed_passes(&job, measured_backends, count, threads, expected->mixed, NULL);
    if (threads > 1)
        thread_pool_close();
    if (status == 0)
        fill_results(measured_backends, count, &samples, calls, threads, results);
    free(samples.ns);
    free(samples.ticks);
    free(samples.hits);
    return status;
}

/* Append a further block of repetitions to a measurement and summarise
 * the whole again. */
static void append_samples(struct measurement *into, struct measurement *more, const struct timer *timer, int threads)
{
    int total = into->sample_count + more->sample_count;
    double *samples = realloc(into->samples_ns, (size_t)total * sizeof *samples);
    if (samples == NULL) {
        fprintf(stderr, "attackbench: out of memory\n");
        exit(2);
    }
    memcpy(samples + into->sample_count, more->samples_ns, (size_t)more->sample_count * sizeof *samples);
    into->samples_ns = samples;
    into->sample_count = total;
    into->ns_per_query = summarize(samples, total);
    /* Ticks are the same elapsed counts in another unit. */
    double ticks_per_ns = timer->kind == TIMER_TSC ? timer->tsc_hz / 1e9 : 0;
    into->ticks_per_query =
        (struct statistics){into->ns_per_query.median * ticks_per_ns, into->ns_per_query.min * ticks_per_ns,
                            into->ns_per_query.max * ticks_per_ns, into->ns_per_query.mad * ticks_per_ns};
    into->mlookups_per_s = into->ns_per_query.median > 0 ? threads * 1e3 / into->ns_per_query.median : 0;
    free_measurement(more);
}

int spread_reached(const struct measurement *results, size_t count, double target_percent)
{
    for (size_t k = 0; k < count; k++) {
        if (results[k].sample_count < FEW_REPETITIONS) /* a spread of fewer says little */
            return 0;
        const struct statistics *ns = &results[k].ns_per_query;
        if (!results[k].backend->baseline && ns->median > 0 && 100 * ns->mad / ns->median > target_percent)
            return 0;
    }
    return 1;
}

int measure_to_target(const struct backend *const *measured_backends, size_t count, enum piece_kind piece,
                      const struct stream *stream, const struct pass_checksums *expected,
                      const struct measurement_config *config, const struct spread_target *target,
                      struct measurement *results)
{
    uint64_t start = clock_nanoseconds();
    int status = measure_backends(measured_backends, count, piece, stream, expected, config, results);
    while (status == 0 && target->percent > 0 && !spread_reached(results, count, target->percent) &&
           (double)(clock_nanoseconds() - start) / 1e9 < target->seconds) {
        struct measurement more[count];
        memset(more, 0, sizeof more);
        status = measure_backends(measured_backends, count, piece, stream, expected, config, more);
        if (status != 0) {
            for (size_t k = 0; k < count; k++)
                free_measurement(&more[k]);
            break;
        }
        for (size_t k = 0; k < count; k++)
            append_samples(&results[k], &more[k], config->timer, config->threads > 0 ? config->threads : 1);
    }
    return status;
}

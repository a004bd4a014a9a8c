/* The timed loops and the repetition schedule. */
#define _GNU_SOURCE
#include "benchmark.h"

#include <math.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const dispatch_names[DISPATCH_KIND_COUNT] = {"call", "batch"};

int pin_to_cpu(int cpu)
{
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    return pthread_setaffinity_np(pthread_self(), sizeof set, &set) == 0 ? 0 : -1;
}

int allowed_cpus(int *cpus, int capacity)
{
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof set, &set) != 0)
        return 0;
    int count = 0;
    for (int cpu = 0; cpu < CPU_SETSIZE && count < capacity; cpu++)
        if (CPU_ISSET(cpu, &set))
            cpus[count++] = cpu;
    return count;
}

/* The per-call mode: the same loop, but `lookup` is a run-time pointer, so
 * every query is an indirect call through the backend table. */
static __attribute__((noinline)) uint64_t per_call_pass(attack_function lookup, const struct run *run)
{
    return run_lookup_loop(lookup, run);
}

uint64_t stream_checksum(const struct backend *reference, enum piece_kind piece, const struct stream *stream, int chained)
{
    struct run run = stream_run(stream);
    run.chained = chained;
    return backend_loop(reference, piece)(&run);
}

/* One timed repetition on the calling thread. */
struct job {
    const struct backend *backend;
    enum piece_kind piece;
    struct run run;
    enum dispatch_kind dispatch;
    uint64_t passes;
    const struct timer *timer;
};

struct job_result {
    uint64_t elapsed; /* timer units */
    uint64_t sum;
};

static struct job_result run_job(const struct job *job)
{
    struct job_result result = {0, 0};
    const struct timer *timer = job->timer;
    uint64_t sum = 0, start, stop;
    if (job->dispatch == DISPATCH_BATCH) {
        uint64_t (*loop)(const struct run *) = backend_loop(job->backend, job->piece);
        start = timer_start(timer);
        for (uint64_t pass = 0; pass < job->passes; pass++)
            sum += loop(&job->run);
        stop = timer_stop(timer);
    } else {
        attack_function lookup = backend_lookup(job->backend, job->piece);
        start = timer_start(timer);
        for (uint64_t pass = 0; pass < job->passes; pass++)
            sum += per_call_pass(lookup, &job->run);
        stop = timer_stop(timer);
    }
    do_not_optimize(sum);
    result.elapsed = stop - start;
    result.sum = sum;
    return result;
}

/* Worker threads for --threads: they wait at a barrier for a job, run it
 * and meet again at a second barrier.  Thread 0 is the caller. */
static struct {
    int started;
    int count;
    pthread_t threads[MAX_THREADS];
    pthread_barrier_t start, finish;
    const struct job *job;
    int quit;
    struct job_result results[MAX_THREADS];
} pool;

struct worker_argument {
    int index;
    int cpu;
};
static struct worker_argument worker_arguments[MAX_THREADS];

static void *worker_main(void *data)
{
    const struct worker_argument *argument = data;
    if (argument->cpu >= 0)
        pin_to_cpu(argument->cpu);
    for (;;) {
        pthread_barrier_wait(&pool.start);
        if (pool.quit)
            return NULL;
        pool.results[argument->index] = run_job(pool.job);
        pthread_barrier_wait(&pool.finish);
    }
}

static int pool_start(int count, const int *cpus)
{
    if (pool.started && pool.count == count)
        return 0;
    benchmark_shutdown();
    pthread_barrier_init(&pool.start, NULL, (unsigned)count);
    pthread_barrier_init(&pool.finish, NULL, (unsigned)count);
    pool.quit = 0;
    pool.count = count;
    for (int i = 1; i < count; i++) {
        worker_arguments[i].index = i;
        worker_arguments[i].cpu = cpus ? cpus[i] : -1;
        if (pthread_create(&pool.threads[i], NULL, worker_main, &worker_arguments[i]) != 0) {
            fprintf(stderr, "attackbench: cannot start thread %d\n", i);
            exit(2);
        }
    }
    pool.started = 1;
    return 0;
}

void benchmark_shutdown(void)
{
    if (!pool.started)
        return;
    pool.quit = 1;
    pthread_barrier_wait(&pool.start);
    for (int i = 1; i < pool.count; i++)
        pthread_join(pool.threads[i], NULL);
    pthread_barrier_destroy(&pool.start);
    pthread_barrier_destroy(&pool.finish);
    pool.started = 0;
}

/* Run a job on every thread at once; returns the slowest thread's time
 * and checks every thread's sum. */
static struct job_result run_on_threads(const struct job *job, int threads, uint64_t expected, int check, int *wrong)
{
    if (threads == 1) {
        struct job_result result = run_job(job);
        *wrong = check && result.sum != expected;
        return result;
    }
    pool.job = job;
    pthread_barrier_wait(&pool.start);
    pool.results[0] = run_job(job);
    pthread_barrier_wait(&pool.finish);
    struct job_result slowest = pool.results[0];
    *wrong = 0;
    for (int i = 0; i < threads; i++) {
        if (pool.results[i].elapsed > slowest.elapsed)
            slowest.elapsed = pool.results[i].elapsed;
        if (check && pool.results[i].sum != expected)
            *wrong = 1;
    }
    return slowest;
}

static int compare_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static struct statistics summarize(const double *samples, int count)
{
    struct statistics statistics = {0, 0, 0, 0};
    if (count <= 0)
        return statistics;
    double *sorted = malloc((size_t)count * sizeof *sorted);
    double *deviations = malloc((size_t)count * sizeof *deviations);
    if (sorted == NULL || deviations == NULL) {
        fprintf(stderr, "attackbench: out of memory\n");
        exit(2);
    }
    memcpy(sorted, samples, (size_t)count * sizeof *sorted);
    qsort(sorted, (size_t)count, sizeof *sorted, compare_double);
    double median = count % 2 ? sorted[count / 2] : (sorted[count / 2 - 1] + sorted[count / 2]) / 2;
    for (int i = 0; i < count; i++)
        deviations[i] = fabs(sorted[i] - median);
    qsort(deviations, (size_t)count, sizeof *deviations, compare_double);
    statistics.median = median;
    statistics.min = sorted[0];
    statistics.max = sorted[count - 1];
    statistics.mad = count % 2 ? deviations[count / 2] : (deviations[count / 2 - 1] + deviations[count / 2]) / 2;
    free(sorted);
    free(deviations);
    return statistics;
}

void free_measurement(struct measurement *measurement)
{
    free(measurement->samples_ns);
    measurement->samples_ns = NULL;
    measurement->sample_count = 0;
}

int measure_backends(const struct backend *const *methods, size_t count, enum piece_kind piece, const struct stream *stream,
                     uint64_t checksum, const struct measurement_config *config, struct measurement *results)
{
    if (count == 0 || stream->count == 0)
        return 0;
    int threads = config->threads > 0 ? config->threads : 1;
    if (threads > 1)
        pool_start(threads, config->cpus);
    uint64_t passes = (config->calls + stream->count - 1) / stream->count;
    if (passes == 0)
        passes = 1;
    uint64_t calls = passes * stream->count;
    uint64_t expected = checksum * passes;

    int reps = config->reps;
    double *ns = calloc(count * (size_t)reps, sizeof *ns);
    double *ticks = calloc(count * (size_t)reps, sizeof *ticks);
    double *hits = calloc(count, sizeof *hits);
    if (ns == NULL || ticks == NULL || hits == NULL) {
        fprintf(stderr, "attackbench: out of memory\n");
        exit(2);
    }
    struct job job = {
        .piece = piece,
        .run = stream_run(stream),
        .dispatch = config->dispatch,
        .timer = config->timer,
    };

    job.run.chained = config->chained;
    job.run.pressure_buffer = config->pressure_buffer;
    job.run.pressure_line_mask = config->pressure_line_mask;

    int status = 0;
    /* Round -1 is the warm-up: one untimed pass of each backend, which
     * touches its tables and the stream. */
    for (int round = -1; round < reps && status == 0; round++) {
        if (config->stop && *config->stop) {
            status = 1;
            break;
        }
        for (size_t k = 0; k < count; k++) {
            size_t index = round < 0 ? k : (k + (size_t)round) % count;
            const struct backend *backend = methods[index];
            job.backend = backend;
            job.passes = round < 0 ? 1 : passes;
            if (backend->reset_statistics)
                backend->reset_statistics();
            int wrong = 0;
            struct job_result result = run_on_threads(&job, threads, round < 0 ? checksum : expected,
                                                      !backend->baseline, &wrong);
            if (wrong) {
                fprintf(stderr,
                        "attackbench: %s %s: checksum differs from the reference; run with --verify to find the "
                        "query\n",
                        backend->name, piece_names[piece]);
                status = -1;
                break;
            }
            if (round < 0)
                continue;
            double nanoseconds = timer_nanoseconds(config->timer, result.elapsed);
            ns[index * (size_t)reps + (size_t)round] = nanoseconds / (double)calls;
            ticks[index * (size_t)reps + (size_t)round] =
                config->timer->kind == TIMER_TSC ? (double)result.elapsed / (double)calls : 0;
            if (backend->hit_rate)
                hits[index] += backend->hit_rate() / reps;
        }
    }
    for (size_t k = 0; k < count && status == 0; k++) {
        struct measurement *m = &results[k];
        m->backend = methods[k];
        m->ns_per_query = summarize(ns + k * (size_t)reps, reps);
        m->ticks_per_query = summarize(ticks + k * (size_t)reps, reps);
        m->calls_per_rep = calls;
        m->mlookups_per_s = m->ns_per_query.median > 0 ? threads * 1e3 / m->ns_per_query.median : 0;
        m->hit_rate = methods[k]->hit_rate ? hits[k] : -1;
        m->sample_count = reps;
        m->samples_ns = malloc((size_t)reps * sizeof *m->samples_ns);
        if (m->samples_ns == NULL) {
            fprintf(stderr, "attackbench: out of memory\n");
            exit(2);
        }
        memcpy(m->samples_ns, ns + k * (size_t)reps, (size_t)reps * sizeof *m->samples_ns);
    }
    free(ns);
    free(ticks);
    free(hits);
    return status;
}

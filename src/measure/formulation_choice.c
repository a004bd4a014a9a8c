/* The choice of a formulation by measurement (formulation_choice.h). */
#define _GNU_SOURCE
#include "formulation_choice.h"

#if !defined(__wasi__)
#include <sched.h>
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/random.h"
#include "cpu_choice.h"
#include "registry/registry.h"
#include "statistics.h"
#include "thread_pool.h"

enum { CALIBRATION_QUERIES = 2048 };

const char *formulation_variant(const struct backend *formulation)
{
    const char *variant = backend_formulation(formulation);
    return variant ? variant : formulation->name;
}

/* The formulations this CPU can run, in the technique's order; the
 * others are named with their reason in choice->skipped. */
static int runnable_formulations(const struct backend *technique, const struct backend **runnable,
                                 struct formulation_choice *choice)
{
    int count = 0;
    for (const struct backend *const *known = technique->formulations; *known != NULL; known++) {
        const char *reason = backend_unavailable_reason(*known);
        if (reason == NULL) {
            if (count < FORMULATION_MAX)
                runnable[count++] = *known;
            continue;
        }
        size_t used = strlen(choice->skipped);
        snprintf(choice->skipped + used, sizeof choice->skipped - used, "%s%s: %s", used ? "; " : "",
                 formulation_variant(*known), reason);
    }
    return count;
}

int choose_formulation(const struct backend *technique, formulation_timing timing, void *data,
                       struct formulation_choice *choice)
{
    memset(choice, 0, sizeof *choice);
    choice->technique = technique;
    const struct backend *runnable[FORMULATION_MAX];
    int count = technique->formulations ? runnable_formulations(technique, runnable, choice) : 0;
    if (count == 0)
        return -1;
    choice->chosen = runnable[0];
    if (timing == NULL)
        return 0;
    double best[FORMULATION_MAX];
    for (int i = 0; i < count; i++) {
        backend_initialize(runnable[i], NULL);
        best[i] = -1;
    }
    /* Rounds interleaved, so that drift in the machine's speed hits every
     * formulation alike; the best round of each is its figure. */
    for (int round = 0; round < FORMULATION_ROUNDS; round++)
        for (int i = 0; i < count; i++) {
            double ns = timing(runnable[i], data);
            if (best[i] < 0 || ns < best[i])
                best[i] = ns;
        }
    int fastest = 0, second = -1;
    for (int i = 1; i < count; i++)
        if (best[i] < best[fastest])
            fastest = i;
    for (int i = 0; i < count; i++)
        if (i != fastest && (second < 0 || best[i] < best[second]))
            second = i;
    choice->measured = 1;
    choice->chosen = runnable[fastest];
    choice->chosen_ns = best[fastest];
    if (second >= 0) {
        choice->runner_up = runnable[second];
        choice->runner_up_ns = best[second];
    }
    return 0;
}

/* The calibration stream: random squares, occupancies of about a quarter
 * of the board (r1 & r2), with a fixed seed so every run times the same. */
static uint64_t calibration_occupied[CALIBRATION_QUERIES];
static uint8_t calibration_squares[CALIBRATION_QUERIES];

static void build_calibration_stream(void)
{
    static int built;
    if (built)
        return;
    uint64_t state = 0x9E3779B97F4A7C15ULL;
    for (int i = 0; i < CALIBRATION_QUERIES; i++) {
        uint64_t first = random_next(&state);
        calibration_occupied[i] = first & random_next(&state);
        calibration_squares[i] = (uint8_t)(random_next(&state) & 63);
    }
    built = 1;
}

/* One pass of the calibration stream on the calling thread. */
static double timed_pass(const struct backend *formulation, const struct timer *timer)
{
    const struct attackbench_run run = {
        .occupied = calibration_occupied, .squares = calibration_squares, .count = CALIBRATION_QUERIES};
    uint64_t start = timer_start(timer);
    uint64_t sum = formulation->queen_loop(&run);
    uint64_t stop = timer_stop(timer);
    __asm__ volatile("" : : "r"(sum) : "memory"); /* the pass is not dead code */
    return timer_nanoseconds(timer, stop - start) / CALIBRATION_QUERIES;
}

double calibration_figure(const double *ns_per_thread, int threads)
{
    return threads <= 1 ? ns_per_thread[0] : summarize(ns_per_thread, threads).median;
}

/* A pass on every thread at once: each thread announces itself and spins
 * until all have, so that the passes run together (a pass takes
 * microseconds, less than a barrier's wake-up). */
static struct {
    int threads;
    const struct backend *formulation;
    const struct timer *timer;
    int arrived;
    double ns[MAX_THREADS];
} together;

static inline void spin_hint(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ volatile("yield");
#endif
}

/* The CPU to another thread.  WebAssembly runs one thread, which never
 * waits here, and the browser's WASI imports have no sched_yield. */
static inline void give_way(void)
{
#if !defined(__wasi__)
    sched_yield();
#endif
}

static void pass_together(int thread, void *argument)
{
    (void)argument;
    __atomic_add_fetch(&together.arrived, 1, __ATOMIC_ACQ_REL);
    /* A thread still waiting for a CPU (unpinned, or a loaded machine)
     * gets the spinner's after a while. */
    for (int spins = 0; __atomic_load_n(&together.arrived, __ATOMIC_ACQUIRE) < together.threads; spins++)
        if (spins < 4096)
            spin_hint();
        else
            give_way();
    together.ns[thread] = timed_pass(together.formulation, together.timer);
}

void calibration_open(struct calibration *calibration, const struct timer *timer, int threads, const int *cpus)
{
    threads = threads < 1 ? 1 : threads > MAX_THREADS ? MAX_THREADS : threads;
#if defined(__wasi__)
    threads = 1; /* WebAssembly (WASI) runs one thread (choose_cpus() refuses more) */
#endif
    *calibration = (struct calibration){.timer = timer, .threads = threads, .cpus = cpus};
    together.threads = threads;
    together.timer = timer;
    thread_pool_open(threads, cpus);
}

void calibration_close(struct calibration *calibration)
{
    thread_pool_close();
    calibration->threads = 1;
}

double calibration_pass(const struct backend *formulation, void *data)
{
    const struct calibration *calibration = data;
    build_calibration_stream();
    if (calibration->threads <= 1)
        return timed_pass(formulation, calibration->timer);
    together.formulation = formulation;
    together.arrived = 0;
    thread_pool_run(pass_together, NULL);
    return calibration_figure(together.ns, together.threads);
}

int calibrate_formulation(const struct backend *technique, const struct calibration *calibration,
                          struct formulation_choice *choice)
{
    int status = choose_formulation(technique, calibration ? calibration_pass : NULL, (void *)calibration, choice);
    if (status == 0 && choice->measured)
        choice->threads = calibration->threads;
    return status;
}

void describe_formulation_choice(const struct formulation_choice *choice, char *text, size_t size)
{
    const char *variant = formulation_variant(choice->chosen);
    char threads_text[32] = "";
    if (choice->threads > 1)
        snprintf(threads_text, sizeof threads_text, " on %d threads", choice->threads);
    if (!choice->measured)
        snprintf(text, size, "%s (fixed: the default)", variant);
    else if (choice->runner_up == NULL)
        snprintf(text, size, "%s (the only one this CPU runs)", variant);
    else
        snprintf(text, size, "%s (%s %.2fx slower; measured %.2f against %.2f ns/queen%s)", variant,
                 formulation_variant(choice->runner_up),
                 choice->chosen_ns > 0 ? choice->runner_up_ns / choice->chosen_ns : 0.0, choice->chosen_ns,
                 choice->runner_up_ns, threads_text);
    if (choice->skipped[0]) {
        size_t used = strlen(text);
        snprintf(text + used, size - used, "; skipped %s", choice->skipped);
    }
}

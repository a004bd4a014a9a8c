/* The choice of a technique's formulation on this CPU by measurement, as
 * FFTW's planner chooses a plan: each formulation this CPU can run times a
 * short batched pass of random queens, in interleaved rounds, and the
 * fastest (its best round) runs under the technique's name.  A run of N
 * threads calibrates on N threads at once, each on its own CPU, so that
 * the choice sees the contention the run's threads make.  A few
 * milliseconds a technique, once a run, after verification.  The timing
 * is a parameter, so the choice is tested with made-up timings. */
#ifndef ATTACKBENCH_FORMULATION_CHOICE_H
#define ATTACKBENCH_FORMULATION_CHOICE_H

#include <stddef.h>

#include "attackbench/backend.h"
#include "platform/timer.h"

/* Nanoseconds per query of one pass of `formulation`; `data` is the
 * timing's own (calibration_pass takes a struct calibration). */
typedef double (*formulation_timing)(const struct backend *formulation, void *data);

enum { FORMULATION_ROUNDS = 5, FORMULATION_MAX = 8 };

struct formulation_choice {
    const struct backend *technique;
    const struct backend *chosen;    /* runs under the technique's name */
    const struct backend *runner_up; /* the next fastest; NULL when one ran */
    double chosen_ns, runner_up_ns;  /* per query, best round; 0 when fixed */
    int measured;                    /* 0: the default, --formulation=fixed */
    int threads;                     /* measured on this many threads at once; 0 when not measured */
    char skipped[320];               /* "variant: why; ..." this CPU cannot run */
};

/* Choose among the technique's formulations this CPU can run: with
 * `timing` (NULL: fixed), each is timed FORMULATION_ROUNDS times, the
 * rounds interleaved, and the least best round wins (the earlier on a
 * tie); without, the default.  Initialises each formulation first.
 * Returns 0, or -1 when the technique has none this CPU can run. */
int choose_formulation(const struct backend *technique, formulation_timing timing, void *data,
                       struct formulation_choice *choice);

/* What calibration_pass() times with: the run's timer and its threads.
 * With threads above 1, calibration_open() starts threads - 1 workers
 * (worker i pinned to cpus[i] unless cpus is NULL; the caller is thread
 * 0 and stays where it runs), which live until calibration_close().  One
 * calibration is open at a time. */
struct calibration {
    const struct timer *timer;
    int threads;
    const int *cpus;
};

void calibration_open(struct calibration *calibration, const struct timer *timer, int threads, const int *cpus);
void calibration_close(struct calibration *calibration);

/* The timing of a run: a batched pass over a fixed stream of random
 * queens (2048, generated once), timed with `data`, a struct calibration.
 * With several threads every thread times the same pass at once, each
 * starting when all are ready, and the figure is the median of their ns
 * per query (calibration_figure). */
double calibration_pass(const struct backend *formulation, void *data);

/* The figure of one pass timed on `threads` threads: the median of their
 * ns per query (one thread: its own). */
double calibration_figure(const double *ns_per_thread, int threads);

/* choose_formulation() timed by calibration_pass() on `calibration`, or
 * fixed when it is NULL; a measured choice records its thread count. */
int calibrate_formulation(const struct backend *technique, const struct calibration *calibration,
                          struct formulation_choice *choice);

/* "lanes (scalar 1.62x slower; measured 1.10 against 1.78 ns/queen)", with
 * "on 4 threads" after the figures when measured on more than one;
 * "lanes (fixed: the default)". */
void describe_formulation_choice(const struct formulation_choice *choice, char *text, size_t size);

/* The variant after the colon of a formulation's name ("scalar"). */
const char *formulation_variant(const struct backend *formulation);

#endif

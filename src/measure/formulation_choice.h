/* The choice of a technique's formulation on this CPU by measurement, as
 * FFTW's planner chooses a plan: each formulation this CPU can run times a
 * short batched pass of random queens, in interleaved rounds, and the
 * fastest (its best round) runs under the technique's name.  A few
 * milliseconds a technique, once a run, after verification.  The timing
 * is a parameter, so the choice is tested with made-up timings. */
#ifndef ATTACKBENCH_FORMULATION_CHOICE_H
#define ATTACKBENCH_FORMULATION_CHOICE_H

#include <stddef.h>

#include "attackbench/backend.h"
#include "platform/timer.h"

/* Nanoseconds per query of one pass of `formulation`; `data` is the
 * timing's own (calibration_pass takes a struct timer). */
typedef double (*formulation_timing)(const struct backend *formulation, void *data);

enum { FORMULATION_ROUNDS = 5, FORMULATION_MAX = 8 };

struct formulation_choice {
    const struct backend *technique;
    const struct backend *chosen;    /* runs under the technique's name */
    const struct backend *runner_up; /* the next fastest; NULL when one ran */
    double chosen_ns, runner_up_ns;  /* per query, best round; 0 when fixed */
    int measured;                    /* 0: the default, --formulation=fixed */
    char skipped[320];               /* "variant: why; ..." this CPU cannot run */
};

/* Choose among the technique's formulations this CPU can run: with
 * `timing` (NULL: fixed), each is timed FORMULATION_ROUNDS times, the
 * rounds interleaved, and the least best round wins (the earlier on a
 * tie); without, the default.  Initialises each formulation first.
 * Returns 0, or -1 when the technique has none this CPU can run. */
int choose_formulation(const struct backend *technique, formulation_timing timing, void *data,
                       struct formulation_choice *choice);

/* The timing of a run: a batched pass over a fixed stream of random
 * queens (2048, generated once), timed with `data`, a struct timer. */
double calibration_pass(const struct backend *formulation, void *data);

/* "lanes (scalar 1.62x slower; measured)", "lanes (fixed default)". */
void describe_formulation_choice(const struct formulation_choice *choice, char *text, size_t size);

/* The variant after the colon of a formulation's name ("scalar"). */
const char *formulation_variant(const struct backend *formulation);

#endif

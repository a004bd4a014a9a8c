/* Timers: the time-stamp counter, fenced, calibrated against
 * CLOCK_MONOTONIC_RAW; or clock_gettime alone. */
#ifndef ATTACKBENCH_TIMER_H
#define ATTACKBENCH_TIMER_H

#include <stdint.h>
#include <time.h>
#include <x86intrin.h>

enum timer_kind { TIMER_TSC, TIMER_CLOCK };

struct timer {
    enum timer_kind kind;
    double tsc_hz;          /* calibrated ticks per second (TSC only) */
    int has_rdtscp;         /* stop with rdtscp; otherwise lfence; rdtsc */
    double empty_ticks;     /* median cost of an empty start/stop pair */
    const char *fallback;   /* why the TSC was not used, when it was asked */
};

/* Start of a timed region: no earlier instruction is still running, and no
 * later one has begun, when the counter is read. */
static inline uint64_t tsc_start(void)
{
    _mm_lfence();
    uint64_t ticks = __rdtsc();
    _mm_lfence();
    return ticks;
}

/* End of a timed region: rdtscp waits for the work before it; the lfence
 * keeps later work from starting early. */
static inline uint64_t tsc_stop(int has_rdtscp)
{
    uint64_t ticks;
    if (has_rdtscp) {
        unsigned auxiliary;
        ticks = __rdtscp(&auxiliary);
    } else {
        _mm_lfence();
        ticks = __rdtsc();
    }
    _mm_lfence();
    return ticks;
}

static inline uint64_t clock_nanoseconds(void)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC_RAW, &now);
    return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
}

/* Set up the timer: for TIMER_TSC, calibrate over `calibration_ms` of
 * CLOCK_MONOTONIC_RAW; fall back to the clock (and say why in
 * timer->fallback) if the TSC is unusable. */
void timer_setup(struct timer *timer, enum timer_kind kind, int calibration_ms);

/* A reading in the timer's native unit (ticks or ns). */
static inline uint64_t timer_start(const struct timer *timer)
{
    return timer->kind == TIMER_TSC ? tsc_start() : clock_nanoseconds();
}

static inline uint64_t timer_stop(const struct timer *timer)
{
    return timer->kind == TIMER_TSC ? tsc_stop(timer->has_rdtscp) : clock_nanoseconds();
}

/* Convert a difference of readings to nanoseconds. */
static inline double timer_nanoseconds(const struct timer *timer, uint64_t elapsed)
{
    return timer->kind == TIMER_TSC ? (double)elapsed * 1e9 / timer->tsc_hz : (double)elapsed;
}

#endif

/* Timers: the CPU's counter (the time-stamp counter on x86-64, the
 * virtual counter on aarch64), fenced, calibrated against
 * CLOCK_MONOTONIC_RAW; or clock_gettime alone. */
#ifndef ATTACKBENCH_TIMER_H
#define ATTACKBENCH_TIMER_H

#include <stddef.h>
#include <stdint.h>
#include <time.h>
#if defined(__x86_64__)
#include <x86intrin.h>
#endif

enum timer_kind { TIMER_TSC, TIMER_CLOCK };

struct timer {
    enum timer_kind kind;
    double tsc_hz;        /* calibrated ticks per second (TSC only) */
    int has_rdtscp;       /* stop with rdtscp; otherwise lfence; rdtsc */
    double empty_ticks;   /* median cost of an empty start/stop pair */
    const char *fallback; /* why the TSC was not used, when it was asked */
};

/* The counter, one branch per architecture: x86-64's time-stamp counter
 * (fenced rdtsc, rdtscp), aarch64's virtual counter CNTVCT_EL0 (behind
 * isb barriers; it ticks at CNTFRQ_EL0, as low as 24 MHz on real hardware
 * and 62.5 MHz under qemu), and elsewhere none: there the timer is
 * clock_gettime alone. */
#if defined(__x86_64__)
#define TIMER_COUNTER_NAME "TSC"
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
#elif defined(__aarch64__)
#define TIMER_COUNTER_NAME "CNTVCT_EL0"
static inline uint64_t counter_read_fenced(void)
{
    uint64_t ticks;
    __asm__ volatile("isb\n\tmrs %0, cntvct_el0\n\tisb" : "=r"(ticks) : : "memory");
    return ticks;
}

static inline uint64_t tsc_start(void)
{
    return counter_read_fenced();
}

static inline uint64_t tsc_stop(int has_rdtscp)
{
    (void)has_rdtscp;
    return counter_read_fenced();
}
#else
#define TIMER_COUNTER_NAME ""
static inline uint64_t tsc_start(void)
{
    return 0;
}

static inline uint64_t tsc_stop(int has_rdtscp)
{
    (void)has_rdtscp;
    return 0;
}
#endif

/* The clock: CLOCK_MONOTONIC_RAW (no NTP slewing), or under WebAssembly
 * WASI's monotonic clock, which is all WASI has (clock_time_get; node
 * serves it from the host's monotonic clock). */
#if defined(__wasi__)
#define TIMER_CLOCK_ID CLOCK_MONOTONIC
#define TIMER_CLOCK_NAME "WASI clock_time_get(monotonic)"
#else
#define TIMER_CLOCK_ID CLOCK_MONOTONIC_RAW
#define TIMER_CLOCK_NAME "clock_gettime(CLOCK_MONOTONIC_RAW)"
#endif

static inline uint64_t clock_nanoseconds(void)
{
    struct timespec now;
    clock_gettime(TIMER_CLOCK_ID, &now);
    return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
}

/* Seconds on `clock`, for deadlines and shares of time, never for timing
 * a lookup: CLOCK_MONOTONIC (wall time) or CLOCK_PROCESS_CPUTIME_ID (this
 * process's CPU time). */
static inline double seconds_on_clock(clockid_t clock)
{
    struct timespec now;
    clock_gettime(clock, &now);
    return (double)now.tv_sec + (double)now.tv_nsec * 1e-9;
}

/* Set up the timer: for TIMER_TSC, calibrate over `calibration_ms` of
 * CLOCK_MONOTONIC_RAW; fall back to the clock (and say why in
 * timer->fallback) if the TSC is unusable. */
void timer_setup(struct timer *timer, enum timer_kind kind, int calibration_ms);

/* Whether ATTACKBENCH_TIMER_PROBE, where set and not empty, names an
 * outcome the probe can be forced to (trapped, no-invariant-tsc): 0, or -1
 * with one line in message (a misspelt value would force nothing). */
int timer_check_forced_probe(char *message, size_t size);

/* The clock's resolution in nanoseconds, as clock_getres reports it. */
double timer_clock_resolution_ns(void);

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

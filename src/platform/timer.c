/* Timer set-up: TSC calibration and sanity checks. */
#define _POSIX_C_SOURCE 200809L
#include "timer.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__x86_64__)
#include <cpuid.h>
#endif

static int compare_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

#if defined(__x86_64__)
static int cpu_has_rdtscp(void)
{
    unsigned eax, ebx, ecx, edx;
    return __get_cpuid(0x80000001u, &eax, &ebx, &ecx, &edx) && (edx & (1u << 27));
}

static int cpu_has_invariant_tsc(void)
{
    unsigned eax, ebx, ecx, edx;
    return __get_cpuid(0x80000007u, &eax, &ebx, &ecx, &edx) && (edx & (1u << 8));
}

/* Below this a calibration is wrong, not a slow TSC. */
static const double LOWEST_PLAUSIBLE_HZ = 1e8;
#else
/* aarch64's generic timer runs at a constant rate by definition. */
static int cpu_has_rdtscp(void)
{
    return 0;
}

static int cpu_has_invariant_tsc(void)
{
    return TIMER_COUNTER_NAME[0] != '\0';
}

/* The generic timer may run at 1 MHz (Arm permits it); 24 MHz is common. */
static const double LOWEST_PLAUSIBLE_HZ = 1e6;
#endif

/* A TSC read this slow at its cheapest is trapped (MEASUREMENT.md). */
enum { TRAPPED_TSC_TICKS = 200 };
/* Probes before a slow TSC counts as trapped. */
enum { TSC_PROBES = 7 };

/* ATTACKBENCH_TIMER_PROBE forces a probe's outcome, so that each path of
 * the timer choice can be taken on any machine (the tests do): "trapped"
 * makes every TSC read look as slow as a trapped one, "no-invariant-tsc"
 * hides the invariant-TSC bit; empty forces nothing.  Any other value is
 * refused before a command runs (timer_check_forced_probe). */
static int probe_forced(const char *outcome)
{
    const char *forced = getenv("ATTACKBENCH_TIMER_PROBE");
    return forced != NULL && strcmp(forced, outcome) == 0;
}

int timer_check_forced_probe(char *message, size_t size)
{
    const char *forced = getenv("ATTACKBENCH_TIMER_PROBE");
    if (forced == NULL || forced[0] == '\0' || strcmp(forced, "trapped") == 0 ||
        strcmp(forced, "no-invariant-tsc") == 0)
        return 0;
    snprintf(message, size, "ATTACKBENCH_TIMER_PROBE=%.64s: expected trapped or no-invariant-tsc (or empty)", forced);
    return -1;
}

/* The cheapest of many back-to-back reads of the TSC, and their median.
 * A trapped TSC is slow on every read; a preempted or interrupted read is
 * slow once, so the decision rests on the minimum, never on one reading. */
static void probe_tsc_reads(int has_rdtscp, uint64_t *cheapest, uint64_t *median)
{
    enum { PAIRS = 1001 };
    static uint64_t pairs[PAIRS];
    for (int i = 0; i < PAIRS; i++) {
        uint64_t start = tsc_start();
        pairs[i] = tsc_stop(has_rdtscp) - start;
    }
    qsort(pairs, PAIRS, sizeof pairs[0], compare_u64);
    *cheapest = pairs[0];
    *median = pairs[PAIRS / 2];
    if (probe_forced("trapped")) {
        *cheapest += TRAPPED_TSC_TICKS + 1;
        *median += TRAPPED_TSC_TICKS + 1;
    }
}

/* The clock between two reads of the counter, the tightest bracket of
 * three: the counter at its middle.  An interrupt or a preemption widens
 * one bracket, not three. */
static void paired_reading(int has_rdtscp, uint64_t *clock_ns, uint64_t *counter)
{
    uint64_t narrowest = UINT64_MAX;
    for (int i = 0; i < 3; i++) {
        uint64_t before = tsc_start();
        uint64_t now = clock_nanoseconds();
        uint64_t after = tsc_stop(has_rdtscp);
        if (after - before < narrowest) {
            narrowest = after - before;
            *clock_ns = now;
            *counter = before + (after - before) / 2;
        }
    }
}

/* Until CLOCK_MONOTONIC_RAW reaches target_ns: asleep, then busy for the
 * last BUSY_NS.  The counter is invariant (checked before), so it counts
 * the same asleep as busy; a calibration costs BUSY_NS of CPU instead of
 * the whole interval, and the timing starts on a core that has been busy
 * long enough for its clock to ramp up. */
enum { BUSY_NS = 20000000 };
static void wait_until(uint64_t target_ns)
{
    for (;;) {
        uint64_t now = clock_nanoseconds();
        if (now + BUSY_NS >= target_ns)
            break;
        uint64_t rest = target_ns - BUSY_NS - now;
        nanosleep(&(struct timespec){.tv_sec = (time_t)(rest / 1000000000u), .tv_nsec = (long)(rest % 1000000000u)},
                  NULL);
    }
    while (clock_nanoseconds() < target_ns)
        ;
}

void timer_setup(struct timer *timer, enum timer_kind kind, int calibration_ms)
{
    timer->kind = kind;
    timer->tsc_hz = 0;
    timer->empty_ticks = 0;
    timer->fallback = NULL;
    timer->has_rdtscp = cpu_has_rdtscp();
    if (kind != TIMER_TSC)
        return;
    if (TIMER_COUNTER_NAME[0] == '\0') {
        timer->kind = TIMER_CLOCK;
#if defined(__wasi__)
        /* Not a fallback: WebAssembly has no counter, the context line
         * names the clock. */
        timer->fallback = NULL;
#else
        timer->fallback = "this architecture has no counter attackbench reads";
#endif
        return;
    }
    if (!cpu_has_invariant_tsc() || probe_forced("no-invariant-tsc")) {
        timer->kind = TIMER_CLOCK;
        timer->fallback = "the CPU does not report an invariant TSC";
        return;
    }

    /* Cost of an empty region; a trapped TSC costs hundreds of ticks on
     * every read.  A loaded KVM guest's hypervisor traps it for spells
     * too: on the Intel Xeon guest, beside a make check, 28 spells in 20 s,
     * the longest 57 ms.  So a slow probe is taken again after 5, 10, 20,
     * 40, 80 and 160 ms (a third of a second in all), and only a TSC slow
     * in every probe counts as trapped (a forced outcome at once: it
     * would only sleep). */
    uint64_t cheapest, median;
    for (int probe = 0;; probe++) {
        probe_tsc_reads(timer->has_rdtscp, &cheapest, &median);
        if (cheapest <= TRAPPED_TSC_TICKS || probe + 1 == TSC_PROBES || probe_forced("trapped"))
            break;
        long pause_ns = 5000000L << probe;
        nanosleep(&(struct timespec){.tv_sec = pause_ns / 1000000000L, .tv_nsec = pause_ns % 1000000000L}, NULL);
    }
    timer->empty_ticks = (double)median;
    if (cheapest > TRAPPED_TSC_TICKS) {
        timer->kind = TIMER_CLOCK;
        timer->fallback = "even the cheapest of 1001 TSC reads took over 200 ticks here, in 7 probes over 0.3 s "
                          "(trapped by the hypervisor)";
        return;
    }

    /* Ticks across calibration_ms of CLOCK_MONOTONIC_RAW (MEASUREMENT.md:
     * at least 200 ms), each end the tightest bracket of three readings. */
    uint64_t clock_begin, tsc_begin, clock_end, tsc_end;
    paired_reading(timer->has_rdtscp, &clock_begin, &tsc_begin);
    wait_until(clock_begin + (uint64_t)calibration_ms * 1000000u);
    paired_reading(timer->has_rdtscp, &clock_end, &tsc_end);
    timer->tsc_hz = (double)(tsc_end - tsc_begin) * 1e9 / (double)(clock_end - clock_begin);
    if (timer->tsc_hz < LOWEST_PLAUSIBLE_HZ) {
        timer->kind = TIMER_CLOCK;
        timer->fallback = "TSC calibration gave an implausible frequency";
    }
}

double timer_clock_resolution_ns(void)
{
    struct timespec resolution;
    if (clock_getres(TIMER_CLOCK_ID, &resolution) != 0)
        return 0;
    return (double)resolution.tv_sec * 1e9 + (double)resolution.tv_nsec;
}

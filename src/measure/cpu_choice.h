/* The CPUs a run measures on: pinning, the quietest allowed CPU from
 * /proc/stat, a lock per CPU so that concurrent attackbench runs keep off
 * each other's CPUs, and the CPU's load during a run. */
#ifndef ATTACKBENCH_CPU_CHOICE_H
#define ATTACKBENCH_CPU_CHOICE_H

#include <stddef.h>

/* Cumulative time of one CPU, in clock ticks (USER_HZ). */
struct cpu_times {
    unsigned long long busy;  /* user, nice, system, irq, softirq */
    unsigned long long idle;  /* idle and iowait */
    unsigned long long steal; /* taken by the hypervisor for other guests */
};

/* Read one CPU's line of /proc/stat (below $ATTACKBENCH_SYSTEM_ROOT when
 * set).  Returns 0, or -1 when the file or the line is missing. */
int read_cpu_times(int cpu, struct cpu_times *times);

/* Share of the interval the CPU was busy or stolen, 0 to 1; -1 when the
 * interval is empty. */
double cpu_busy_share(const struct cpu_times *before, const struct cpu_times *after);

/* Choose `wanted` CPUs among `allowed` for a run: the least busy over a
 * short sample first, and none that another attackbench process holds.
 * Each chosen CPU is held by a lock (flock on a file in $XDG_RUNTIME_DIR or
 * /tmp) until the process exits.  Writes the CPUs to `chosen` and returns
 * how many of them are shared with another attackbench run (0 normally). */
int choose_quiet_cpus(const int *allowed, int allowed_count, int wanted, int *chosen);

/* Hold the lock of one CPU (for --pin): CLAIM_HELD, CLAIM_SHARED when
 * another attackbench process holds it, or CLAIM_NO_LOCK (with one
 * warning) when no lock file can be had. */
enum { CLAIM_HELD = 0, CLAIM_SHARED = 1, CLAIM_NO_LOCK = -1 };
int claim_cpu(int cpu);

/* Whether another attackbench process holds the lock of a CPU now (never
 * one this process holds itself); 0 where there are no locks. */
int cpu_held_by_another_run(int cpu);

enum { MAX_THREADS = 256 };

/* What else ran on the measuring CPUs during a stretch of measuring, from
 * /proc/stat: each CPU's busy time less this process's own CPU time
 * (its threads, waiting or not, are never other work), and the time the
 * hypervisor stole. */
struct cpu_share {
    int count; /* measuring CPUs whose /proc/stat lines were read; 0: none */
    int cpus[MAX_THREADS];
    struct cpu_times start[MAX_THREADS];
    int threads;
    double wall_start, process_start;
    int held_elsewhere; /* of those CPUs, how many another attackbench run held at the start */
};

struct other_work {
    double share;     /* of the measuring CPUs' time, 0 to 1 */
    double other_ms;  /* other processes' time on them */
    double stolen_ms; /* taken by the hypervisor */
    double wall_ms;
    int cpus;    /* how many CPUs /proc/stat was read for (0: none) */
    double lost; /* one measuring thread: the share of the wall time it did not run */
    /* Measuring CPUs another attackbench run held (its lock) at the start
     * or the end: the run knows it shared them, even in a group too short
     * for /proc/stat's 10 ms ticks to show it. */
    int held_elsewhere;
};

void cpu_share_start(struct cpu_share *share, const int *cpus, int count, int threads);

/* What ran beside the measuring threads since cpu_share_start(). */
void cpu_share_other_work(const struct cpu_share *share, struct other_work *seen);

/* The arithmetic of cpu_share_other_work, apart for the tests: per-CPU
 * times at the start and the end, this process's CPU seconds, the wall
 * seconds and the clock ticks per second of /proc/stat. */
void other_work_from_times(const struct cpu_times *start, const struct cpu_times *end, int count, double own_seconds,
                           double wall_seconds, double ticks_per_second, struct other_work *seen);

/* Pin the calling thread to a CPU; returns 0 or -1. */
int pin_to_cpu(int cpu);

/* CPUs this process may run on, in order; returns how many (at most
 * `capacity`). */
int allowed_cpus(int *cpus, int capacity);

/* Whether choose_cpus() could place `threads` threads at `requested`
 * (--pin: a CPU, -1 to choose, -2 for no pinning) on the CPUs this
 * process may use: 0, or -1 with the reason, "--pin=N: ...", in `error`.
 * Claims nothing. */
int check_cpu_request(int threads, int requested, char *error, size_t size);

/* The CPUs of a run: `requested` is --pin (a CPU, -1 to choose, -2 for no
 * pinning).  Chosen CPUs are the least busy allowed ones that no other
 * attackbench run holds (choose_quiet_cpus); a pinned CPU is held too, and
 * a warning (unless `quiet`) says when another run holds it already.  Sets *pin_cpu (-1:
 * not pinned; else the first thread's CPU) and cpus[0..threads-1]; pins
 * the calling thread.  Returns 0, or -1 after printing why not
 * (check_cpu_request's refusals among them). */
int choose_cpus(int threads, int requested, int quiet, int *pin_cpu, int cpus[MAX_THREADS]);

#endif

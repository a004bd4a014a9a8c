/* How busy each CPU is, from /proc/stat: to measure on the quietest
 * allowed CPU, to keep concurrent attackbench runs off each other's CPUs,
 * and to notice other work on the measuring CPU during a run. */
#ifndef ATTACKBENCH_CPU_LOAD_H
#define ATTACKBENCH_CPU_LOAD_H

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

/* Hold the lock of one CPU (for --pin).  Returns 0, or 1 when another
 * attackbench process holds it. */
int claim_cpu(int cpu);

#endif

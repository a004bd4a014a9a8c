/* The CPUs a run measures on: pinning, the quietest allowed CPU from
 * /proc/stat, a lock per CPU so that concurrent attackbench runs keep off
 * each other's CPUs, and the CPU's load during a run. */
#ifndef ATTACKBENCH_CPU_CHOICE_H
#define ATTACKBENCH_CPU_CHOICE_H

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

/* How much of the measuring CPUs a stretch of measuring got: what the
 * process ran against the wall clock, and time the hypervisor stole. */
struct cpu_share {
    int cpu;      /* the first measuring CPU, -1 when not pinned */
    int threads;
    double wall_start, process_start;
    struct cpu_times times_start;
    int have_times;
};

void cpu_share_start(struct cpu_share *share, int cpu, int threads);

/* Share of the stretch since cpu_share_start() that went to other work:
 * the larger of the wall time the process did not run and the stolen
 * share of the CPU's time; 0 to 1. */
double cpu_share_other_work(const struct cpu_share *share);

enum { MAX_THREADS = 256 };

/* Pin the calling thread to a CPU; returns 0 or -1. */
int pin_to_cpu(int cpu);

/* CPUs this process may run on, in order; returns how many (at most
 * `capacity`). */
int allowed_cpus(int *cpus, int capacity);

/* The CPUs of a run: `requested` is --pin (a CPU, -1 to choose, -2 for no
 * pinning).  Chosen CPUs are the least busy allowed ones that no other
 * attackbench run holds (choose_quiet_cpus); a pinned CPU is held too, and
 * a warning (unless `quiet`) says when another run holds it already.  Sets *pin_cpu (-1:
 * not pinned; else the first thread's CPU) and cpus[0..threads-1]; pins
 * the calling thread.  Returns 0, or -1 after printing why not. */
int choose_cpus(int threads, int requested, int quiet, int *pin_cpu, int cpus[MAX_THREADS]);

#endif

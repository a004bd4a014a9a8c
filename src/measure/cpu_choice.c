/* CPU load from /proc/stat and per-CPU locks (see src/measure/cpu_choice.h). */
#define _GNU_SOURCE
#include "cpu_choice.h"
#include "cpu_probe.h"
#include "fake_disturbances.h"
#include "platform/system_file.h"
#include "platform/timer.h"

#include <errno.h>
#include <fcntl.h>
#if !defined(__wasi__)
#include <pthread.h>
#include <sched.h>
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if !defined(__wasi__)
#include <sys/file.h>
#endif
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

enum { MAX_CPUS = 1024, SAMPLE_MILLISECONDS = 100 };

int read_cpu_times(int cpu, struct cpu_times *times)
{
    char prefix[32], line[512];
    snprintf(prefix, sizeof prefix, "cpu%d ", cpu);
    struct system_file system;
    if (open_system_file("/proc/stat", &system) != 0)
        return -1;
    int status = -1;
    while (status != 0 && read_system_line(&system, line, sizeof line)) {
        unsigned long long user, nice, system_time, idle, iowait, irq, softirq, steal;
        if (strncmp(line, prefix, strlen(prefix)) != 0)
            continue;
        if (sscanf(line + strlen(prefix), "%llu %llu %llu %llu %llu %llu %llu %llu", &user, &nice, &system_time, &idle,
                   &iowait, &irq, &softirq, &steal) != 8)
            break;
        times->busy = user + nice + system_time + irq + softirq;
        times->idle = idle + iowait;
        times->steal = steal;
        status = 0;
    }
    close_system_file(&system);
    return status;
}

double cpu_busy_share(const struct cpu_times *before, const struct cpu_times *after)
{
    double busy = (double)(after->busy - before->busy) + (double)(after->steal - before->steal);
    double total = busy + (double)(after->idle - before->idle);
    return total > 0 ? busy / total : -1;
}

#if defined(__wasi__)
/* WebAssembly (WASI) has no file locks, and no CPU to hold. */
int claim_cpu(int cpu)
{
    (void)cpu;
    return CLAIM_NO_LOCK;
}

int cpu_held_by_another_run(int cpu)
{
    (void)cpu;
    return 0;
}
#else
/* The lock file of one CPU, shared by every attackbench process of the
 * machine's users that see the same directory. */
static int lock_path(int cpu, char *path, size_t size)
{
    const char *directory = getenv("XDG_RUNTIME_DIR");
    if (directory == NULL || access(directory, W_OK) != 0)
        directory = "/tmp";
    return snprintf(path, size, "%s/attackbench-cpu-%d.lock", directory, cpu) < (int)size ? 0 : -1;
}

/* A lock file, opened without waiting: O_NONBLOCK, since a FIFO planted
 * at its path would block the open until a writer came.  -1 with errno
 * when the open fails, -2 when the path is not a regular file. */
static int open_lock_file(const char *path, int flags)
{
    int descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | flags, 0666);
    struct stat status;
    if (descriptor >= 0 && (fstat(descriptor, &status) != 0 || !S_ISREG(status.st_mode))) {
        close(descriptor);
        return -2;
    }
    return descriptor;
}

/* The CPUs whose locks this process holds, which no other run can. */
static int held_cpus[MAX_CPUS], held_count;

/* Locks are taken on read-only descriptors (flock needs no write access)
 * of files created 0666 whatever the umask, so that every user's runs
 * share them. */
int claim_cpu(int cpu)
{
    static int warned;
    char path[512];
    if (lock_path(cpu, path, sizeof path) != 0)
        return CLAIM_NO_LOCK;
    mode_t mask = umask(0);
    int descriptor = open_lock_file(path, O_CREAT);
    int error = errno;
    umask(mask);
    if (descriptor < 0) {
        if (!warned++)
            fprintf(stderr,
                    "attackbench: warning: cannot lock CPU %d (%s: %s): another attackbench run could measure "
                    "on the same CPU unseen\n",
                    cpu, path, descriptor == -2 ? "not a regular file" : strerror(error));
        return CLAIM_NO_LOCK;
    }
    if (flock(descriptor, LOCK_EX | LOCK_NB) != 0) {
        close(descriptor);
        return CLAIM_SHARED;
    }
    /* The descriptor stays open: the lock lasts until the process exits. */
    if (held_count < MAX_CPUS)
        held_cpus[held_count++] = cpu;
    return CLAIM_HELD;
}

int cpu_held_by_another_run(int cpu)
{
    for (int i = 0; i < held_count; i++)
        if (held_cpus[i] == cpu)
            return 0;
    char path[512];
    if (lock_path(cpu, path, sizeof path) != 0)
        return 0;
    /* No lock file: no run has ever held this CPU here. */
    int descriptor = open_lock_file(path, 0);
    if (descriptor < 0)
        return 0;
    /* Taken for a moment and let go at close: only a look. */
    int held = flock(descriptor, LOCK_EX | LOCK_NB) != 0 && errno == EWOULDBLOCK;
    close(descriptor);
    return held;
}
#endif

static void sleep_milliseconds(int milliseconds)
{
    struct timespec pause = {.tv_sec = milliseconds / 1000, .tv_nsec = (long)(milliseconds % 1000) * 1000000L};
    while (nanosleep(&pause, &pause) != 0)
        ;
}

/* Busy share of each allowed CPU over a short sample; unknown is 0.
 * Its arrays, and choose_quiet_cpus's, are static (the main thread alone
 * chooses CPUs): 40 KiB on the stack crashed a run under `ulimit -s 100`. */
static void sample_busy_shares(const int *allowed, int count, double *busy)
{
    static struct cpu_times before[MAX_CPUS];
    static int known[MAX_CPUS];
    struct cpu_times after;
    for (int i = 0; i < count; i++)
        known[i] = read_cpu_times(allowed[i], &before[i]) == 0;
    sleep_milliseconds(SAMPLE_MILLISECONDS);
    for (int i = 0; i < count; i++) {
        busy[i] = 0;
        if (known[i] && read_cpu_times(allowed[i], &after) == 0 && cpu_busy_share(&before[i], &after) > 0)
            busy[i] = cpu_busy_share(&before[i], &after);
    }
}

/* Allowed CPUs in order of busy share, the last one first among equals
 * (the kernel tends to place other work from CPU 0 up). */
static void order_by_busy(int *order, const double *busy, int count)
{
    for (int i = 0; i < count; i++)
        order[i] = count - 1 - i;
    for (int i = 1; i < count; i++)
        for (int j = i; j > 0 && busy[order[j]] + 0.02 < busy[order[j - 1]]; j--) {
            int swap = order[j];
            order[j] = order[j - 1];
            order[j - 1] = swap;
        }
}

/* Probe the CPUs of `order` that were idle over the sample (busy at most
 * IDLE_SHARE) and that no other attackbench run holds (a held one is
 * measuring), up to MAX_PROBED_CPUS, and among the leading ones put the
 * faster first (cpu_probe.h).  A busy CPU is not probed: its own work
 * would slow the probe, and the uneven-cpus warning would blame the host. */
#define IDLE_SHARE 0.05
static void prefer_faster(int *order, const double *busy, const int *allowed, int allowed_count)
{
    int position[MAX_PROBED_CPUS], cpus[MAX_PROBED_CPUS], count = 0;
    for (int i = 0; i < allowed_count && count < MAX_PROBED_CPUS; i++)
        if (busy[order[i]] <= IDLE_SHARE && !cpu_held_by_another_run(allowed[order[i]])) {
            position[count] = i;
            cpus[count++] = allowed[order[i]];
        }
    double ns[MAX_PROBED_CPUS];
    if (count < 2 || probe_cpus(cpus, count, ns) != 0)
        return;
    int leading = 0;
    while (leading < count && position[leading] == leading)
        leading++;
    order_by_probe(order, leading, ns);
}

int choose_quiet_cpus(const int *allowed, int allowed_count, int wanted, int *chosen)
{
    if (allowed_count > MAX_CPUS)
        allowed_count = MAX_CPUS;
    static double busy[MAX_CPUS];
    static int order[MAX_CPUS], taken[MAX_CPUS];
    memset(taken, 0, sizeof taken);
    sample_busy_shares(allowed, allowed_count, busy);
    order_by_busy(order, busy, allowed_count);
    prefer_faster(order, busy, allowed, allowed_count);
    int count = 0;
    for (int i = 0; i < allowed_count && count < wanted; i++)
        if (claim_cpu(allowed[order[i]]) != CLAIM_SHARED) {
            taken[order[i]] = 1;
            chosen[count++] = allowed[order[i]];
        }
    int shared = 0;
    for (int i = 0; i < allowed_count && count < wanted; i++)
        if (!taken[order[i]]) {
            taken[order[i]] = 1;
            chosen[count++] = allowed[order[i]];
            shared++;
        }
    return shared;
}

#if defined(__wasi__)
/* WebAssembly (WASI) knows no CPUs: no affinity to read or set. */
int pin_to_cpu(int cpu)
{
    (void)cpu;
    return -1;
}

int allowed_cpus(int *cpus, int capacity)
{
    (void)cpus;
    (void)capacity;
    return 0;
}
#else
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
#endif

#if !defined(__wasi__)
/* Where CPU `requested` is among the allowed ones; allowed_count if not. */
static int allowed_position(int requested, const int *allowed, int allowed_count)
{
    int start = 0;
    while (start < allowed_count && allowed[start] != requested)
        start++;
    return start;
}

/* --pin=CPU: that CPU for the first thread, the next allowed ones for the
 * others (check_cpu_request found them); each is held, with a warning
 * when another run holds it. */
static int pinned_cpus(int threads, int requested, const int *allowed, int allowed_count, int *cpus)
{
    int start = allowed_position(requested, allowed, allowed_count);
    cpus[0] = requested;
    for (int i = 1; i < threads; i++)
        cpus[i] = allowed[start + i];
    int shared = 0;
    for (int i = 0; i < threads; i++)
        shared += claim_cpu(cpus[i]) == CLAIM_SHARED;
    return shared;
}

#endif

int check_cpu_request(int threads, int requested, char *error, size_t size)
{
#if defined(__wasi__)
    /* One thread, wherever the engine runs it (the context line says so). */
    (void)requested;
    if (threads > 1) {
        snprintf(error, size, "--threads=%d: WebAssembly (WASI) runs one thread", threads);
        return -1;
    }
    return 0;
#else
    int allowed[MAX_THREADS];
    int allowed_count = allowed_cpus(allowed, MAX_THREADS);
    if (threads > allowed_count) {
        snprintf(error, size, "--threads=%d: this process may use only %d CPU%s", threads, allowed_count,
                 allowed_count == 1 ? "" : "s");
        return -1;
    }
    if (requested < 0)
        return 0;
    int start = allowed_position(requested, allowed, allowed_count);
    if (start == allowed_count) {
        snprintf(error, size, "--pin=%d: this process may not run on CPU %d (its affinity allows %d CPU%s)", requested,
                 requested, allowed_count, allowed_count == 1 ? "" : "s");
        return -1;
    }
    if (start + threads > allowed_count) {
        snprintf(error, size, "--pin=%d: not enough allowed CPUs from there for %d threads", requested, threads);
        return -1;
    }
    return 0;
#endif
}

int choose_cpus(int threads, int requested, int quiet, int *pin_cpu, int cpus[MAX_THREADS])
{
    char error[160];
    *pin_cpu = -1;
    if (check_cpu_request(threads, requested, error, sizeof error) != 0) {
        fprintf(stderr, "attackbench: %s\n", error);
        return -1;
    }
#if defined(__wasi__)
    (void)quiet;
    (void)cpus;
    return 0;
#else
    int allowed[MAX_THREADS];
    int allowed_count = allowed_cpus(allowed, MAX_THREADS);
    if (requested == -2 || (requested == -1 && allowed_count == 0))
        return 0;
    int shared = requested >= 0 ? pinned_cpus(threads, requested, allowed, allowed_count, cpus)
                                : choose_quiet_cpus(allowed, allowed_count, threads, cpus);
    if (shared < 0)
        return -1;
    if (shared > 0 && !quiet)
        fprintf(stderr,
                "attackbench: warning: %d of the measuring CPUs %s also used by another attackbench run: "
                "the two runs disturb each other's figures\n",
                shared, shared == 1 ? "is" : "are");
    *pin_cpu = cpus[0];
    if (pin_to_cpu(*pin_cpu) != 0) {
        fprintf(stderr, "attackbench: --pin=%d: cannot run on that CPU\n", *pin_cpu);
        return -1;
    }
    return 0;
#endif
}

void cpu_share_start(struct cpu_share *share, const int *cpus, int count, int threads)
{
    share->threads = threads > 0 ? threads : 1;
    share->count = 0;
#if defined(__wasi__)
    /* Under WebAssembly the engine's thread runs on a CPU the module never
     * learns: no /proc/stat line is this run's. */
    cpus = NULL;
#endif
    share->held_elsewhere = 0;
    for (int i = 0; cpus != NULL && i < count && i < MAX_THREADS; i++) {
        share->held_elsewhere += cpu_held_by_another_run(cpus[i]);
        if (read_cpu_times(cpus[i], &share->start[share->count]) != 0) {
            share->count = 0; /* all or none */
            break;
        }
        share->cpus[share->count++] = cpus[i];
    }
    share->wall_start = seconds_on_clock(CLOCK_MONOTONIC);
    share->process_start = seconds_on_clock(CLOCK_PROCESS_CPUTIME_ID);
}

void other_work_from_times(const struct cpu_times *start, const struct cpu_times *end, int count, double own_seconds,
                           double wall_seconds, double ticks_per_second, struct other_work *seen)
{
    double busy = 0, stolen = 0, total = 0;
    for (int i = 0; i < count; i++) {
        busy += (double)(end[i].busy - start[i].busy);
        stolen += (double)(end[i].steal - start[i].steal);
        total += (double)(end[i].busy - start[i].busy) + (double)(end[i].idle - start[i].idle) +
                 (double)(end[i].steal - start[i].steal);
    }
    double other = busy - own_seconds * ticks_per_second;
    if (other < 0)
        other = 0;
    *seen = (struct other_work){
        .share = total > 0 ? (other + stolen) / total : 0,
        .other_ms = 1000 * other / ticks_per_second,
        .stolen_ms = 1000 * stolen / ticks_per_second,
        .wall_ms = 1000 * wall_seconds,
        .cpus = count,
    };
}

void cpu_share_other_work(const struct cpu_share *share, struct other_work *seen)
{
    double wall = seconds_on_clock(CLOCK_MONOTONIC) - share->wall_start;
    double own = seconds_on_clock(CLOCK_PROCESS_CPUTIME_ID) - share->process_start;
    struct cpu_times end[MAX_THREADS];
    int read = share->count > 0;
    for (int i = 0; read && i < share->count; i++)
        read = read_cpu_times(share->cpus[i], &end[i]) == 0;
    *seen = (struct other_work){.wall_ms = wall * 1000};
    if (read) {
        long ticks = sysconf(_SC_CLK_TCK);
        other_work_from_times(share->start, end, share->count, own, wall, ticks > 0 ? (double)ticks : 100, seen);
    }
    /* Another run held a measuring CPU at the start or holds it now. */
    int held_now = 0;
    for (int i = 0; i < share->count; i++)
        held_now += cpu_held_by_another_run(share->cpus[i]);
    seen->held_elsewhere = share->held_elsewhere > held_now ? share->held_elsewhere : held_now;
    /* One measuring thread runs all the time, so the process clock, exact
     * to the nanosecond where /proc/stat counts 10 ms ticks, says what share
     * of the wall time went elsewhere; with more threads, which wait for
     * one another, it says nothing. */
    seen->lost = share->threads == 1 && wall > 0 && own < wall ? 1 - own / wall : 0;
#if defined(__wasi__)
    /* Under WebAssembly the process clock is the engine's, whose other
     * threads (compiler, garbage collector) it counts too, in coarse
     * steps: it says nothing of this run's share. */
    seen->lost = 0;
#endif
    fake_other_work(&seen->share);
    if (seen->share > 1)
        seen->share = 1;
}

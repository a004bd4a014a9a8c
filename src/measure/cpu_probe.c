/* A memory probe of the quiet CPUs (see src/measure/cpu_probe.h).  The
 * probe reads a 768 KiB table (the size of a large attack table: a
 * hypervisor's neighbour shows in the L2 cache) at precomputed random
 * indices, loads independent of each other as a batched lookup's are;
 * the fastest of three passes after a warm one.  About 0.1 to 0.3 ms a
 * CPU on the machines measured. */
#define _GNU_SOURCE
#include "cpu_probe.h"
#include "platform/cpu.h"
#include "platform/timer.h"

#include <stdint.h>
#include <time.h>
#if !defined(__wasi__)
#include <sched.h>
#endif

static struct {
    int count;
    int cpus[MAX_PROBED_CPUS];
    double ns[MAX_PROBED_CPUS];
} last_probe;

#if defined(__wasi__)
int probe_cpus(const int *cpus, int count, double *ns)
{
    (void)cpus;
    (void)count;
    (void)ns;
    return -1;
}
#else
enum { PROBE_TABLE_WORDS = 768 * 1024 / 8, PROBE_READS = 1 << 17, PROBE_PASSES = 3 };

static uint64_t probe_table[PROBE_TABLE_WORDS];
static uint32_t probe_indices[PROBE_READS];

static void fill_probe(void)
{
    uint64_t state = 0x9e3779b97f4a7c15ULL;
    for (int i = 0; i < PROBE_TABLE_WORDS; i++)
        probe_table[i] = (uint64_t)i * 0x2545f4914f6cdd1dULL;
    for (int i = 0; i < PROBE_READS; i++) {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        probe_indices[i] = (uint32_t)((state >> 20) % PROBE_TABLE_WORDS);
    }
}

/* One pass: every index read once; the sum keeps the loads. */
static void probe_pass(void)
{
    uint64_t sum = 0;
    for (int i = 0; i < PROBE_READS; i++)
        sum += probe_table[probe_indices[i]];
    __asm__ volatile("" : : "r"(sum) : "memory"); /* the pass is not dead code */
}

/* The calling thread's fastest pass, ns per read. */
static double probe_here(void)
{
    double best = 0;
    probe_pass();
    for (int pass = 0; pass < PROBE_PASSES; pass++) {
        double start = seconds_on_clock(CLOCK_MONOTONIC);
        probe_pass();
        double ns = (seconds_on_clock(CLOCK_MONOTONIC) - start) * 1e9 / PROBE_READS;
        if (best == 0 || ns < best)
            best = ns;
    }
    return best;
}

int probe_cpus(const int *cpus, int count, double *ns)
{
    static int filled;
    last_probe.count = 0;
    if (count > MAX_PROBED_CPUS)
        count = MAX_PROBED_CPUS;
    if (cpu_is_emulated())
        return -1;
    if (!filled++)
        fill_probe();
    cpu_set_t former;
    if (sched_getaffinity(0, sizeof former, &former) != 0)
        return -1;
    for (int i = 0; i < count; i++) {
        cpu_set_t one;
        CPU_ZERO(&one);
        if (cpus[i] >= 0 && cpus[i] < CPU_SETSIZE)
            CPU_SET(cpus[i], &one);
        ns[i] = sched_setaffinity(0, sizeof one, &one) == 0 ? probe_here() : 0;
        if (ns[i] > 0) {
            last_probe.cpus[last_probe.count] = cpus[i];
            last_probe.ns[last_probe.count++] = ns[i];
        }
    }
    sched_setaffinity(0, sizeof former, &former);
    return 0;
}
#endif

void order_by_probe(int *order, int count, const double *ns)
{
    double fastest = 0;
    for (int i = 0; i < count; i++)
        if (ns[i] > 0 && (fastest == 0 || ns[i] < fastest))
            fastest = ns[i];
    int kept[MAX_PROBED_CPUS], slow[MAX_PROBED_CPUS], kept_count = 0, slow_count = 0;
    double slow_ns[MAX_PROBED_CPUS];
    for (int i = 0; i < count && i < MAX_PROBED_CPUS; i++) {
        if (ns[i] > fastest * PROBE_TIE) {
            int at = slow_count++;
            while (at > 0 && slow_ns[at - 1] > ns[i]) {
                slow[at] = slow[at - 1];
                slow_ns[at] = slow_ns[at - 1];
                at--;
            }
            slow[at] = order[i];
            slow_ns[at] = ns[i];
        } else
            kept[kept_count++] = order[i];
    }
    for (int i = 0; i < kept_count; i++)
        order[i] = kept[i];
    for (int i = 0; i < slow_count; i++)
        order[kept_count + i] = slow[i];
}

int cpu_probe_spread(struct cpu_probe_spread *spread)
{
    if (last_probe.count < 2)
        return -1;
    int fastest = 0, slowest = 0;
    for (int i = 1; i < last_probe.count; i++) {
        if (last_probe.ns[i] < last_probe.ns[fastest])
            fastest = i;
        if (last_probe.ns[i] > last_probe.ns[slowest])
            slowest = i;
    }
    *spread = (struct cpu_probe_spread){last_probe.cpus[fastest], last_probe.cpus[slowest], last_probe.ns[fastest],
                                        last_probe.ns[slowest]};
    return 0;
}

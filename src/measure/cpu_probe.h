/* How fast each quiet CPU reads scattered memory right now.  Under a
 * hypervisor two vCPUs of one guest can differ by 1.5x for table lookups
 * while the host runs other work beside one of them (docs/measurement.md,
 * "Uneven CPUs"), and neither /proc/stat nor the steal time shows it.  A
 * run therefore probes the CPUs it could measure on, prefers the faster,
 * and warns when they differ by much. */
#ifndef ATTACKBENCH_CPU_PROBE_H
#define ATTACKBENCH_CPU_PROBE_H

enum { MAX_PROBED_CPUS = 8 };

/* Reorder `order[0..count)` (CPUs, most wanted first) by `ns` (each one's
 * probe, ns per read; 0 or less: not probed): one slower than the fastest
 * by more than PROBE_TIE moves behind those within it, the others keep
 * their order. */
#define PROBE_TIE 1.1
void order_by_probe(int *order, int count, const double *ns);

/* Probe each of `cpus[0..count)` (at most MAX_PROBED_CPUS) from the
 * calling thread, which runs on each in turn and then gets its former
 * CPUs back; writes ns per read into `ns` (0 for a CPU it could not run
 * on) and keeps the figures for cpu_probe_spread().  Under an emulator it
 * probes nothing (its figures would say nothing) and returns -1. */
int probe_cpus(const int *cpus, int count, double *ns);

/* The fastest and the slowest CPU of this process's last probe, with
 * their figures; returns 0, or -1 when fewer than two CPUs were probed. */
struct cpu_probe_spread {
    int fastest_cpu, slowest_cpu;
    double fastest_ns, slowest_ns;
};
int cpu_probe_spread(struct cpu_probe_spread *spread);

#endif

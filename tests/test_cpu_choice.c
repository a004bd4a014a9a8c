/* CPU load from /proc/stat and the per-CPU locks. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "measure/cpu_choice.h"
#include "measure/cpu_probe.h"
#include "unit.h"

TEST(cpu_busy_share_counts_steal_as_busy)
{
    struct cpu_times before = {.busy = 100, .idle = 100, .steal = 0};
    struct cpu_times after = {.busy = 130, .idle = 160, .steal = 10};
    double share = cpu_busy_share(&before, &after);
    CHECK(share > 0.399 && share < 0.401);
    CHECK(cpu_busy_share(&before, &before) < 0);
}

TEST(cpu_times_come_from_the_system_root)
{
    char root[] = "/tmp/attackbench-root-XXXXXX";
    CHECK(unit_temporary_directory(root) != NULL);
    char path[512];
    snprintf(path, sizeof path, "%s/proc", root);
    mkdir(path, 0700);
    snprintf(path, sizeof path, "%s/proc/stat", root);
    FILE *out = fopen(path, "w");
    CHECK(out != NULL);
    if (out) {
        fputs("cpu  9 9 9 9 9 9 9 9 0 0\ncpu0 1 2 3 4 5 6 7 8 0 0\ncpu10 10 0 0 50 0 0 0 0 0 0\n", out);
        fclose(out);
    }
    setenv("ATTACKBENCH_SYSTEM_ROOT", root, 1);
    struct cpu_times times;
    CHECK(read_cpu_times(0, &times) == 0);
    CHECK(times.busy == 1 + 2 + 3 + 6 + 7 && times.idle == 4 + 5 && times.steal == 8);
    CHECK(read_cpu_times(10, &times) == 0 && times.busy == 10 && times.idle == 50);
    CHECK(read_cpu_times(1, &times) == -1);
    unsetenv("ATTACKBENCH_SYSTEM_ROOT");
    CHECK(unit_remove_tree(root) == 0);
}

TEST(cpu_locks_keep_two_choices_apart)
{
#if defined(__wasi__)
    unit_skip("WebAssembly (WASI) has no file locks: no CPU is held");
    return;
#endif
    char directory[] = "/tmp/attackbench-locks-XXXXXX";
    CHECK(unit_temporary_directory(directory) != NULL);
    setenv("XDG_RUNTIME_DIR", directory, 1);
    int allowed[] = {4000, 4001};
    int first, second, third;
    CHECK(choose_quiet_cpus(allowed, 2, 1, &first) == 0);
    CHECK(choose_quiet_cpus(allowed, 2, 1, &second) == 0);
    CHECK(first != second);
    /* Both are held now: a third choice shares one and says so. */
    CHECK(choose_quiet_cpus(allowed, 2, 1, &third) == 1);
    CHECK(claim_cpu(4000) == 1);
    unsetenv("XDG_RUNTIME_DIR");
    CHECK(unit_remove_tree(directory) == 0);
}

TEST(cpu_probe_moves_only_the_clearly_slower_back)
{
    /* CPUs 7, 3, 5 in the order of their load; 3 is 1.5x slower than the
     * fastest, 5 within PROBE_TIE of it: 3 moves behind, 7 and 5 keep
     * their order. */
    int order[] = {7, 3, 5};
    double ns[] = {0.50, 0.75, 0.46};
    order_by_probe(order, 3, ns);
    CHECK(order[0] == 7 && order[1] == 5 && order[2] == 3);
    /* The slower ones in order of their probes; unprobed (0) ones stay. */
    int more[] = {1, 2, 3, 4};
    double more_ns[] = {0.9, 0, 0.6, 0.4};
    order_by_probe(more, 4, more_ns);
    CHECK(more[0] == 2 && more[1] == 4 && more[2] == 3 && more[3] == 1);
    int none[] = {1, 0};
    double none_ns[] = {0, 0};
    order_by_probe(none, 2, none_ns);
    CHECK(none[0] == 1 && none[1] == 0);
}

TEST(cpu_probe_reads_every_allowed_cpu)
{
    int allowed[MAX_PROBED_CPUS];
    int count = allowed_cpus(allowed, MAX_PROBED_CPUS);
    double ns[MAX_PROBED_CPUS];
    if (count == 0 || probe_cpus(allowed, count, ns) != 0) {
        unit_skip("no CPUs to pin to, or an emulator: nothing is probed");
        return;
    }
    for (int i = 0; i < count; i++)
        CHECK(ns[i] > 0 && ns[i] < 1e6);
    struct cpu_probe_spread spread;
    CHECK(cpu_probe_spread(&spread) == (count >= 2 ? 0 : -1));
    if (count >= 2)
        CHECK(spread.fastest_ns <= spread.slowest_ns);
}

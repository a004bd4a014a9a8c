#define _POSIX_C_SOURCE 200809L
/* The environment warnings: each appears exactly when its condition holds,
 * and the facts are read from a fake /sys and /proc. */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "measure/environment.h"
#include "unit.h"

static struct environment_facts quiet_machine(void)
{
    struct environment_facts facts = {.governor = "performance",
                                      .boost = 0,
                                      .hypervisor = 0,
                                      .optimized = 1,
                                      .repetitions = 21,
                                      .shortest_stream = 100000};
    return facts;
}

static int has_warning(const struct environment_report *report, const char *key)
{
    int found = 0;
    for (int i = 0; i < report->count; i++)
        found += strcmp(report->warnings[i].key, key) == 0;
    return found;
}

TEST(environment_quiet_machine_gives_no_warning)
{
    struct environment_facts facts = quiet_machine();
    struct environment_report report;
    check_environment(&facts, &report);
    CHECK(report.count == 0);
}

TEST(environment_each_condition_gives_its_own_warning_once)
{
    static const char *const keys[] = {"governor",     "boost",           "hypervisor", "unoptimized",
                                       "short-stream", "few-repetitions", "uneven-cpus"};
    for (int condition = 0; condition < 7; condition++) {
        struct environment_facts facts = quiet_machine();
        switch (condition) {
        case 0:
            strcpy(facts.governor, "schedutil");
            break;
        case 1:
            facts.boost = 1;
            break;
        case 2:
            facts.hypervisor = 1;
            break;
        case 3:
            facts.optimized = 0;
            break;
        case 4:
            facts.shortest_stream = 8;
            break;
        case 5:
            facts.repetitions = 3;
            break;
        case 6:
            facts.probed = 1;
            facts.probes = (struct cpu_probe_spread){1, 0, 0.45, 0.45 * UNEVEN_CPUS * 1.01};
            break;
        }
        struct environment_report report;
        check_environment(&facts, &report);
        CHECK(report.count == 1);
        CHECK(has_warning(&report, keys[condition]) == 1);
    }
}

TEST(environment_unknown_facts_give_no_warning)
{
    struct environment_facts facts = quiet_machine();
    facts.governor[0] = '\0';
    facts.boost = -1;
    facts.shortest_stream = 0;
    struct environment_report report;
    check_environment(&facts, &report);
    CHECK(report.count == 0);
}

static void write_file(const char *path, const char *text)
{
    FILE *out = fopen(path, "w");
    if (out) {
        fputs(text, out);
        fclose(out);
    }
}

TEST(environment_facts_come_from_the_system_root)
{
    char root[] = "/tmp/attackbench-root-XXXXXX";
    CHECK(unit_temporary_directory(root) != NULL);
    static const char *const directories[] = {"/sys",
                                              "/sys/devices",
                                              "/sys/devices/system",
                                              "/sys/devices/system/cpu",
                                              "/sys/devices/system/cpu/cpu1",
                                              "/sys/devices/system/cpu/cpu1/cpufreq",
                                              "/sys/devices/system/cpu/cpufreq",
                                              "/proc"};
    char path[512];
    for (size_t i = 0; i < sizeof directories / sizeof directories[0]; i++) {
        snprintf(path, sizeof path, "%s%s", root, directories[i]);
        mkdir(path, 0700);
    }
    snprintf(path, sizeof path, "%s/sys/devices/system/cpu/cpu1/cpufreq/scaling_governor", root);
    write_file(path, "powersave\n");
    snprintf(path, sizeof path, "%s/sys/devices/system/cpu/cpufreq/boost", root);
    write_file(path, "1\n");
    snprintf(path, sizeof path, "%s/proc/cpuinfo", root);
    write_file(path, "processor\t: 0\nflags\t\t: fpu sse2 hypervisor avx2\n");

    setenv("ATTACKBENCH_SYSTEM_ROOT", root, 1);
    struct environment_facts facts = quiet_machine();
    read_environment_facts(1, &facts);
    unsetenv("ATTACKBENCH_SYSTEM_ROOT");
    CHECK(strcmp(facts.governor, "powersave") == 0);
    CHECK(facts.boost == 1);
    CHECK(facts.hypervisor == 1);

    CHECK(unit_remove_tree(root) == 0);
}

TEST(environment_keys_are_joined_by_spaces)
{
    struct environment_facts facts = quiet_machine();
    facts.hypervisor = 1;
    facts.repetitions = 2;
    struct environment_report report;
    check_environment(&facts, &report);
    char keys[64];
    CHECK(strcmp(environment_warning_keys(&report, keys, sizeof keys), "hypervisor few-repetitions") == 0);
}

TEST(environment_cpus_within_the_bound_are_even)
{
    struct environment_facts facts = quiet_machine();
    facts.probed = 1;
    facts.cpu = 1;
    facts.probes = (struct cpu_probe_spread){1, 0, 0.45, 0.45 * UNEVEN_CPUS * 0.99};
    struct environment_report report;
    check_environment(&facts, &report);
    CHECK(report.count == 0);
    /* One CPU probed, or none: nothing to compare. */
    facts.probed = 0;
    facts.probes.slowest_ns = 0.45 * 3;
    check_environment(&facts, &report);
    CHECK(report.count == 0);
}

TEST(environment_uneven_cpus_name_both_and_the_measuring_one)
{
    struct environment_facts facts = quiet_machine();
    facts.probed = 1;
    facts.cpu = 1;
    facts.probes = (struct cpu_probe_spread){1, 0, 0.5, 0.75};
    struct environment_report report;
    check_environment(&facts, &report);
    CHECK(report.count == 1);
    CHECK(strstr(report.warnings[0].text, "CPU 0 read memory 1.50x slower than CPU 1") != NULL);
    CHECK(strstr(report.warnings[0].text, "this one measures on CPU 1") != NULL);
}

/* Warnings about the machine and the run: a CPU whose frequency follows the
 * load, boost, a hypervisor, a build without optimisation, streams short
 * enough to be learnt, too few repetitions.  Reading the facts and deciding
 * on them are kept apart so that tests can give any facts. */
#include "environment.h"
#include "base/error_message.h"
#include "platform/cpu.h"
#include "platform/system_file.h"

#if defined(__x86_64__)
#include <cpuid.h>
#endif
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* First line of a small system file without its line break; 0 when read. */
static int read_first_line(const char *file, char *line, size_t size)
{
    struct system_file system;
    if (open_system_file(file, &system) != 0)
        return -1;
    int status = read_system_line(&system, line, size) ? 0 : -1;
    close_system_file(&system);
    if (status == 0)
        line[strcspn(line, "\r\n")] = '\0';
    return status;
}

/* Boost as the cpufreq driver reports it: AMD and generic drivers say
 * whether boost is on, intel_pstate whether turbo is off. */
static int read_boost(void)
{
    char line[16];
    if (read_first_line("/sys/devices/system/cpu/cpufreq/boost", line, sizeof line) == 0)
        return atoi(line) != 0;
    if (read_first_line("/sys/devices/system/cpu/intel_pstate/no_turbo", line, sizeof line) == 0)
        return atoi(line) == 0;
    return -1;
}

/* The "hypervisor" flag of /proc/cpuinfo, which mirrors CPUID.1:ECX[31];
 * read from the file so that a fake root can say either. */
static int read_hypervisor(void)
{
    struct system_file system;
    if (open_system_file("/proc/cpuinfo", &system) != 0) {
#if defined(__x86_64__)
        unsigned eax, ebx, ecx, edx;
        return __get_cpuid(1, &eax, &ebx, &ecx, &edx) && (ecx & (1u << 31));
#else
        return 0;
#endif
    }
    char line[4096];
    int found = 0;
    while (!found && read_system_line(&system, line, sizeof line))
        if (strncmp(line, "flags", 5) == 0 && strstr(line, " hypervisor"))
            found = 1;
    close_system_file(&system);
    return found;
}

void read_environment_facts(int cpu, struct environment_facts *facts)
{
    char file[128];
    snprintf(file, sizeof file, "/sys/devices/system/cpu/cpu%d/cpufreq/scaling_governor", cpu < 0 ? 0 : cpu);
    char governor[sizeof facts->governor];
    if (read_first_line(file, governor, sizeof governor) != 0)
        governor[0] = '\0';
    /* Shown in a warning: a control byte in the file is shown as \xNN. */
    escape_text(governor, facts->governor, sizeof facts->governor);
    facts->boost = read_boost();
    facts->emulated = cpu_is_emulated();
    facts->hypervisor = read_hypervisor();
    facts->cpu = cpu;
    facts->probed = cpu_probe_spread(&facts->probes) == 0;
#ifdef __OPTIMIZE__
    facts->optimized = 1;
#else
    facts->optimized = 0;
#endif
}

__attribute__((format(printf, 3, 4))) static void add_warning(struct environment_report *report, const char *key,
                                                              const char *format, ...)
{
    if (report->count == MAX_ENVIRONMENT_WARNINGS)
        return;
    struct environment_warning *warning = &report->warnings[report->count++];
    warning->key = key;
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(warning->text, sizeof warning->text, format, arguments);
    va_end(arguments);
}

void check_environment(const struct environment_facts *facts, struct environment_report *report)
{
    report->count = 0;
    if (facts->governor[0] && strcmp(facts->governor, "performance") != 0)
        add_warning(report, "governor", "CPU frequency governor is '%s', not 'performance': the clock follows the load",
                    facts->governor);
    if (facts->boost == 1)
        add_warning(report, "boost", "CPU boost (turbo) is on: the clock depends on temperature and other cores");
    if (facts->emulated)
        add_warning(report, "emulator",
                    "running in an emulator (qemu-user): the figures say nothing about any real CPU; measure on one");
    if (facts->hypervisor)
        add_warning(report, "hypervisor",
                    "running under a hypervisor: other guests share the host and timings drift between runs");
    if (!facts->optimized)
        add_warning(report, "unoptimized", "this build has no optimisation: timings say nothing about the techniques");
    if (facts->shortest_stream > 0 && facts->shortest_stream < SHORT_STREAM_QUERIES)
        add_warning(report, "short-stream",
                    "a stream has only %zu quer%s (fewer than %d): branch predictors can learn it; %s",
                    facts->shortest_stream, facts->shortest_stream == 1 ? "y" : "ies", SHORT_STREAM_QUERIES,
                    facts->stream_remedy ? facts->stream_remedy : "give more positions");
    if (facts->probed && facts->probes.slowest_ns > facts->probes.fastest_ns * UNEVEN_CPUS)
        add_warning(report, "uneven-cpus",
                    "CPU %d read memory %.2fx slower than CPU %d in a probe at the start (other work on the host "
                    "beside it?): a run's figures depend on which it lands on; this one measures on CPU %d",
                    facts->probes.slowest_cpu, facts->probes.slowest_ns / facts->probes.fastest_ns,
                    facts->probes.fastest_cpu, facts->cpu);
    if (facts->repetitions > 0 && facts->repetitions < FEW_REPETITIONS)
        add_warning(report, "few-repetitions",
                    "only %d repetition%s (fewer than %d): the median and its spread are unreliable",
                    facts->repetitions, facts->repetitions == 1 ? "" : "s", FEW_REPETITIONS);
}

void print_environment_warnings(FILE *out, const struct environment_report *report)
{
    for (int i = 0; i < report->count; i++)
        fprintf(out, "attackbench: warning: %s\n", report->warnings[i].text);
}

const char *environment_warning_keys(const struct environment_report *report, char *buffer, size_t size)
{
    size_t used = 0;
    buffer[0] = '\0';
    for (int i = 0; i < report->count && used < size; i++) {
        int written = snprintf(buffer + used, size - used, "%s%s", i ? " " : "", report->warnings[i].key);
        if (written < 0)
            break;
        used += (size_t)written;
    }
    return buffer;
}

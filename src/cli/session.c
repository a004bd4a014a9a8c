/* The benchmark's session (see src/cli/session.h). */
#define _GNU_SOURCE
#include "session.h"

#include <stdio.h>
#include <string.h>
#include <sys/mman.h>

#include "platform/build_info.h"
#include "platform/engine.h"
#include "platform/memory_limit.h"
#include "registry/registry.h"

enum { EXIT_USAGE = 2 };

static void add_entry(struct session *session, const struct backend *backend)
{
    struct backend_entry *entry = &session->entries[session->entry_count++];
    entry->backend = backend;
    entry->table_bytes = backend_initialize(backend, &entry->init_ms);
}

/* The selected backends, then the null backend (the harness's cost) unless
 * selected or only verifying; all initialised. */
static void open_backends(struct session *session, const struct backend **selected, int count)
{
    int has_baseline = 0;
    for (int i = 0; i < count && session->entry_count < MAX_ENTRIES - 1; i++) {
        add_entry(session, selected[i]);
        has_baseline |= selected[i]->baseline;
    }
    for (size_t i = 0; i < backend_count && !has_baseline && !session->verify_only; i++)
        if (backends[i]->baseline) {
            add_entry(session, backends[i]);
            break;
        }
    session->reference = find_backend("reference");
    backend_initialize(session->reference, NULL);
    session->check =
        (struct file_check){selected,
                            count,
                            session->options->pieces,
                            (session->options->workloads & (1u << WORKLOAD_SQUARES)) != 0,
                            (session->options->workloads & ((1u << WORKLOAD_SETS) | (1u << WORKLOAD_SIDES))) != 0,
                            {.skip_invalid = session->options->skip_invalid, .named_files_checked = 1}};
}

static void print_context(const struct session *session)
{
    const struct timer *timer = &session->timer;
    fprintf(stderr, "attackbench %s: %s; %s; flags %s\n", attackbench_version, session->context.metadata.cpu,
            attackbench_compiler, attackbench_flags);
    if (timer->kind == TIMER_TSC && timer->tsc_hz >= 1e9)
        fprintf(stderr, "timer: %s at %.4f GHz (empty region %.0f ticks)", TIMER_COUNTER_NAME, timer->tsc_hz / 1e9,
                timer->empty_ticks);
    else if (timer->kind == TIMER_TSC) /* a slow counter: its tick is the resolution */
        fprintf(stderr, "timer: %s at %.3f MHz (%.1f ns resolution; empty region %.0f ticks)", TIMER_COUNTER_NAME,
                timer->tsc_hz / 1e6, 1e9 / timer->tsc_hz, timer->empty_ticks);
    else
        fprintf(stderr, "timer: %s (resolution %.0f ns)", TIMER_CLOCK_NAME, timer_clock_resolution_ns());
    if (platform_engine() != NULL)
        fprintf(stderr, "; %s", platform_limits());
    else if (session->pin_cpu >= 0)
        fprintf(stderr, "; pinned to CPU %d", session->pin_cpu);
    else /* --pin=none: -1 in the CSV, in words here */
        fprintf(stderr, "; not pinned");
    fprintf(stderr, "; %d thread%s\n", session->options->threads, session->options->threads == 1 ? "" : "s");
}

/* A --pressure buffer larger than the memory this process may use (a
 * container's limit among them) is refused before it is touched: filling
 * it would swap for minutes or get the process killed without a word. */
static int check_pressure_memory(size_t pressure_bytes, const char *pressure_text)
{
    uint64_t available = memory_available();
    if (pressure_bytes <= available)
        return 0;
    fprintf(stderr,
            "attackbench: --pressure=%s: the buffer would need %zu bytes, more than the %llu bytes of memory "
            "available\n",
            pressure_text, pressure_bytes, (unsigned long long)available);
    return EXIT_USAGE;
}

/* What measuring needs beyond the backends: CPUs, timer, pressure buffer. */
static int open_measurement(struct session *session)
{
    const struct options *options = session->options;
    if (choose_cpus(options->threads, options->pin_cpu, options->quiet, &session->pin_cpu, session->cpus) != 0)
        return EXIT_USAGE;
    timer_setup(&session->timer, options->timer, 250);
    if (session->timer.fallback)
        fprintf(stderr, "attackbench: using clock_gettime: %s\n", session->timer.fallback);
    if (options->pressure_bytes) {
        if (check_pressure_memory(options->pressure_bytes, options->pressure_text) != 0)
            return EXIT_USAGE;
        void *buffer = mmap(NULL, options->pressure_bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (buffer == MAP_FAILED) {
            fprintf(stderr, "attackbench: --pressure=%s: cannot allocate %zu bytes\n", options->pressure_text,
                    options->pressure_bytes);
            return EXIT_USAGE;
        }
        session->pressure = buffer;
        memset(session->pressure, 1, options->pressure_bytes);
    }
    return 0;
}

/* Warnings about the machine and the run settings, printed once (unless
 * --quiet) and recorded for the result files. */
static void check_machine(struct session *session)
{
    struct environment_facts *facts = &session->environment;
    read_environment_facts(session->pin_cpu, facts);
    /* With --target-spread, --reps is the size of a block, and a group
     * takes blocks until it has FEW_REPETITIONS rounds at least (or the
     * --min-time runs out, which name_unreached_rows says). */
    facts->repetitions = session->options->target_spread > 0 ? 0 : session->options->reps;
    struct environment_report report;
    check_environment(facts, &report);
    if (!session->options->quiet)
        print_environment_warnings(stderr, &report);
    environment_warning_keys(&report, session->context.warnings, sizeof session->context.warnings);
}

/* What lengthens a short stream of `queries`: more positions help a file
 * stream only when --max-queries did not cut it, and never the random
 * stream, whose length is --queries (--positions in its positions
 * layout). */
static const char *stream_remedy(const struct options *options, int random, size_t queries)
{
    if (random)
        return options->layout == STREAM_LAYOUT_POSITIONS ? "give a larger --positions" : "give a larger --queries";
    return queries >= options->max_queries ? "give a larger --max-queries" : NULL;
}

/* A stream short enough for branch predictors to learn: warned once, and
 * recorded with the machine's warnings. */
void check_stream_length(struct session *session, int random, size_t queries)
{
    if (session->short_stream_warned || queries == 0 || queries >= SHORT_STREAM_QUERIES)
        return;
    struct environment_facts facts = {.governor = "",
                                      .boost = -1,
                                      .optimized = 1,
                                      .shortest_stream = queries,
                                      .stream_remedy = stream_remedy(session->options, random, queries)};
    struct environment_report report;
    check_environment(&facts, &report);
    if (!session->options->quiet)
        print_environment_warnings(stderr, &report);
    size_t used = strlen(session->context.warnings);
    snprintf(session->context.warnings + used, sizeof session->context.warnings - used, "%s%s", used ? " " : "",
             report.warnings[0].key);
    session->short_stream_warned = 1;
}

int open_session(struct session *session, const struct options *options, const struct backend **selected, int count)
{
    memset(session, 0, sizeof *session);
    session->options = options;
    session->verify_only = options->action == ACTION_VERIFY_ONLY;
    session->pin_cpu = -1;
    open_backends(session, selected, count);
    if (session->verify_only)
        timer_setup(&session->timer, TIMER_CLOCK, 0);
    else if (open_measurement(session) != 0)
        return EXIT_USAGE;
    run_metadata_capture(&session->context.metadata);
    session->context.timer = &session->timer;
    session->context.pin_cpu = session->pin_cpu;
    session->context.reps = options->reps;
    session->context.seed = (unsigned long long)options->seed;
    if (!options->quiet && !session->verify_only)
        print_context(session);
    if (!session->verify_only)
        check_machine(session);
    return 0;
}

void close_session(struct session *session)
{
    if (session->pressure)
        munmap(session->pressure, session->options->pressure_bytes);
    session->pressure = NULL;
}

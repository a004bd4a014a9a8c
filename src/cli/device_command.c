/* The device benchmark as a row of stages: open the device, build the
 * random queen stream (the CPU's own, with its checksums), then for each
 * device technique build, verify and time every formulation whose table
 * fits, keep the fastest, time the CPU's fastest on the same stream, and
 * write the table and CSV (device_report.c). */
#include "device_command.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "device_report.h"
#include "output_checks.h"
#include "selection.h"
#include "verify/verify_device.h"
#include "measure/runner.h"
#include "platform/interrupt.h"
#include "registry/contract.h"
#include "registry/registry.h"

enum { DEFAULT_DEVICE_QUERIES = 1 << 20, MAX_PASSES = 1 << 24 };

/* Whether `argument` is the option `name` ("--plugin"): itself, or with
 * "=VALUE"; not another option that starts alike (--plugin-x). */
static int is_option(const char *argument, const char *name)
{
    size_t length = strlen(name);
    return strncmp(argument, name, length) == 0 && (argument[length] == '\0' || argument[length] == '=');
}

int refuse_plugins_with_device(int argc, char **argv)
{
    int plugins = 0, device = 0;
    for (int i = 1; i < argc && strcmp(argv[i], "--") != 0; i++) {
        /* As load_plugin_arguments() reads them: --plugin FILE's FILE is
         * no option. */
        int plugin = is_option(argv[i], "--plugin");
        plugins |= plugin;
        device |= is_option(argv[i], "--device");
        i += plugin && strcmp(argv[i], "--plugin") == 0;
    }
    if (!(plugins && device))
        return 0;
    fprintf(stderr, "attackbench: --plugin with --device: a plugin is CPU code and cannot run on a device; leave "
                    "one out\n");
    return 2;
}

/* Before anything runs: no file operands (a device run times the random
 * queen stream and reads none), and --csv writable now, as the CPU
 * benchmark checks it (check_output_files()). */
static int check_device_inputs(const struct options *options)
{
    if (options->file_count > 0) {
        fprintf(stderr,
                "attackbench: --device: %s: a device run times the random queen stream and reads no files; leave "
                "out the file operands\n",
                options->files[0]);
        return 2;
    }
    const struct output_files files = {.prefix = "attackbench", .csv = options->csv_path};
    return check_output_files(&files);
}

int list_devices_command(void)
{
    return device_list(stdout);
}

static int open_device(struct device_session *session)
{
    int status = device_open(session->options->device_index, &session->device, &session->facts);
    if (status != 0)
        return status;
    snprintf(session->device_name, sizeof session->device_name, "opencl:%d", session->options->device_index);
    if (!session->options->quiet)
        fprintf(stderr, "attackbench: device %s: %s, %s (%s), driver %s, %s; %u compute units; bit reversal: %s\n",
                session->device_name, session->facts.platform, session->facts.name, session->facts.vendor,
                session->facts.driver, session->facts.version, session->facts.compute_units,
                device_bit_reversal(session->device));
    return 0;
}

/* The CPU's random queen stream (--queries, default 2^20 on a device)
 * and what a correct pass over it sums to. */
static int build_stream(struct device_session *session)
{
    const struct options *options = session->options;
    struct workload_options workload_options = {
        .kind = WORKLOAD_RANDOM,
        .pieces = 1u << PIECE_QUEEN,
        .seed = options->seed,
        .random_queries = options->queries_given ? options->random_queries : DEFAULT_DEVICE_QUERIES,
        .max_queries = options->max_queries,
        .layout = STREAM_LAYOUT_QUERIES,
    };
    long skipped = 0;
    if (build_workload(&session->workload, &workload_options, NULL, 0, &skipped) != 0)
        return 2;
    session->stream = &session->workload.streams[PIECE_QUEEN][PHASE_ALL];
    const struct backend *reference = find_backend("reference");
    backend_initialize(reference, NULL);
    session->expected = stream_checksums(reference, PIECE_QUEEN, session->stream, 0);
    if (options->action == ACTION_VERIFY_ONLY)
        return 0;
    return device_stream_upload(session->device, session->stream->squares, session->stream->occupied,
                                session->stream->count, &session->uploaded);
}

/* Whether the run has chosen `choice` already (a method named twice is
 * taken once, as on the CPU). */
static int already_chosen(const struct device_session *session, struct device_choice choice)
{
    for (int i = 0; i < session->chosen_count; i++)
        if (session->chosen[i].technique == choice.technique && session->chosen[i].space == choice.space)
            return 1;
    return 0;
}

static int add_choice(struct device_session *session, struct device_choice choice, const char *name, size_t length)
{
    if (already_chosen(session, choice))
        return 0;
    if (session->chosen_count == MAX_DEVICE_ROWS) {
        fprintf(stderr, "attackbench: --device: at most %d methods a run; %.*s is one more\n", MAX_DEVICE_ROWS,
                (int)length, name);
        return 2;
    }
    session->chosen[session->chosen_count++] = choice;
    return 0;
}

/* -NAME: the chosen rows of that technique (of that formulation, when
 * named) left out. */
static void remove_choice(struct device_session *session, struct device_choice choice, int any_space)
{
    int kept = 0;
    for (int i = 0; i < session->chosen_count; i++) {
        const struct device_choice *each = &session->chosen[i];
        if (each->technique != choice.technique || (!any_space && each->space != choice.space))
            session->chosen[kept++] = *each;
    }
    session->chosen_count = kept;
}

/* One item of the list, lower-cased, as a device choice: 0, or 2 after
 * saying why it is none. */
static int parse_choice(const char *name, size_t length, struct device_choice *choice)
{
    size_t slug_length = strcspn(name, ":");
    if (slug_length > length)
        slug_length = length;
    char slug[64];
    snprintf(slug, sizeof slug, "%.*s", (int)(slug_length < 63 ? slug_length : 63), name);
    *choice = (struct device_choice){device_technique_named(slug), -1};
    for (int space = 0; space < TABLE_SPACE_COUNT && slug_length < length; space++)
        if (strlen(device_table_space_names[space]) == length - slug_length - 1 &&
            strncmp(name + slug_length + 1, device_table_space_names[space], length - slug_length - 1) == 0)
            choice->space = space;
    if (strcspn(slug, "*?[") < strlen(slug)) {
        fprintf(stderr, "attackbench: --device: %.*s: a device run takes methods named exactly, or all (no globs)\n",
                (int)length, name);
        return 2;
    }
    if (choice->technique == NULL && find_backend(slug) == NULL) {
        fprintf(stderr, "attackbench: --device: unknown method '%s' (attackbench --list names them)\n", slug);
        return 2;
    }
    if (choice->technique == NULL || (slug_length < length && choice->space < 0)) {
        fprintf(stderr,
                "attackbench: --device: %.*s has no device kernel (--list marks those that run on a "
                "device: device: opencl; formulations :global, :local, :constant)\n",
                (int)length, name);
        return 2;
    }
    if (choice->space > TABLE_GLOBAL && choice->technique->build_table == NULL) {
        fprintf(stderr, "attackbench: --device: %.*s: %s has no table, so one formulation: global\n", (int)length, name,
                choice->technique->slug);
        return 2;
    }
    return 0;
}

/* --method on a device: all, or device techniques by slug, each with an
 * optional :global, :local or :constant; -NAME leaves one out; names in
 * any case, each taken once, as on the CPU. */
static int choose_techniques(struct device_session *session)
{
    char list[1024];
    size_t list_length = strlen(session->options->methods);
    if (list_length >= sizeof list) {
        fprintf(stderr, "attackbench: --device: --method: the list is longer than %zu characters\n", sizeof list - 1);
        return 2;
    }
    for (size_t i = 0; i <= list_length; i++)
        list[i] = (char)tolower((unsigned char)session->options->methods[i]);
    for (int i = 0; list[0] == '-' && i < device_technique_count; i++) /* -NAME first: from all */
        if (add_choice(session, (struct device_choice){&device_techniques[i], -1}, "all", 3) != 0)
            return 2;
    for (const char *name = list;;) {
        size_t length = strcspn(name, ",");
        int remove = name[0] == '-';
        const char *item = name + remove;
        size_t item_length = length - (size_t)remove;
        if (item_length == 0) { /* as the CPU's selection says it */
            fprintf(stderr, "attackbench: --device: --method=%s: empty or overlong name (--list names the methods)\n",
                    session->options->methods);
            return 2;
        }
        if (item_length == 3 && strncmp(item, "all", 3) == 0) {
            for (int i = 0; i < device_technique_count; i++) {
                struct device_choice every = {&device_techniques[i], -1};
                if (remove)
                    remove_choice(session, every, 1);
                else if (add_choice(session, every, item, item_length) != 0)
                    return 2;
            }
        } else {
            struct device_choice choice;
            if (parse_choice(item, item_length, &choice) != 0)
                return 2;
            if (remove)
                remove_choice(session, choice, choice.space < 0);
            else if (add_choice(session, choice, item, item_length) != 0)
                return 2;
        }
        if (name[length] == '\0')
            break;
        name += length + 1;
    }
    if (session->chosen_count == 0) {
        fprintf(stderr, "attackbench: --device: --method=%s: the list leaves no method\n", session->options->methods);
        return 2;
    }
    return 0;
}

/* A named :local or :constant formulation whose table does not fit the
 * device: one line and 2, before anything runs. */
static int check_named_formulations(const struct device_session *session)
{
    for (int i = 0; i < session->chosen_count; i++) {
        const struct device_choice *choice = &session->chosen[i];
        if (choice->space <= TABLE_GLOBAL || device_formulation_fits(session->device, choice->technique, choice->space))
            continue;
        uint64_t limit = choice->space == TABLE_LOCAL ? session->facts.local_bytes : session->facts.constant_bytes;
        fprintf(stderr,
                "attackbench: --device: %s:%s: its table (%zu bytes) does not fit %s's %s memory (%llu bytes); "
                "name another formulation or none\n",
                choice->technique->slug, device_table_space_names[choice->space], device_table_bytes(choice->technique),
                session->device_name, device_table_space_names[choice->space], (unsigned long long)limit);
        return 2;
    }
    return 0;
}

/* One timed launch of `passes` passes, its sum checked; 1 without a
 * word once SIGINT or SIGTERM arrived (device_command reports it). */
static int timed_launch(struct device_session *session, struct device_program *program, const char *method,
                        uint32_t passes, double *seconds)
{
    uint64_t sum;
    if (interrupt_requested())
        return 1;
    if (device_time_queens(program, session->uploaded, passes, session->threads, 0, seconds, &sum) != 0)
        return 1;
    if (sum != session->expected.sum * passes) {
        fprintf(stderr, "attackbench: %s on %s: a timed launch summed 0x%016llx, not the reference's 0x%016llx\n",
                method, session->device_name, (unsigned long long)sum,
                (unsigned long long)(session->expected.sum * passes));
        return 1;
    }
    return 0;
}

/* The warm-up launch: one pass with the checksum mix, equal to the CPU's
 * checksum of the stream. */
static int warm_up(struct device_session *session, struct device_program *program, const char *method)
{
    double seconds;
    uint64_t checksum;
    if (device_time_queens(program, session->uploaded, 1, session->threads, 1, &seconds, &checksum) != 0)
        return 1;
    if (checksum != session->expected.mixed) {
        fprintf(stderr, "attackbench: %s on %s: checksum 0x%016llx, the CPU's is 0x%016llx\n", method,
                session->device_name, (unsigned long long)checksum, (unsigned long long)session->expected.mixed);
        return 1;
    }
    return 0;
}

/* Passes a launch: at least --calls lookups, doubled until an empty
 * launch (no pass) costs under 1% of it. */
static int calibrate_launch(struct device_session *session, struct device_program *program, const char *method,
                            struct device_row *row)
{
    uint64_t count = session->stream->count;
    uint64_t passes = (session->options->calls + count - 1) / count;
    row->passes = (uint32_t)(passes < MAX_PASSES ? passes : MAX_PASSES);
    double empty, full;
    if (timed_launch(session, program, method, 0, &empty) != 0)
        return 1;
    for (;;) {
        if (timed_launch(session, program, method, row->passes, &full) != 0)
            return 1;
        row->overhead = full > 0 ? empty / full : 1;
        if (row->overhead < 0.01 || row->passes >= MAX_PASSES)
            return 0;
        row->passes *= 2;
    }
}

/* --reps launches, each a sample of ns per query. */
static int time_program(struct device_session *session, struct device_program *program, struct device_row *row,
                        int reps)
{
    free(row->samples);
    row->samples = calloc((size_t)reps, sizeof *row->samples);
    if (row->samples == NULL) {
        fprintf(stderr, "attackbench: out of memory\n");
        return 1;
    }
    double lookups = (double)session->stream->count * row->passes;
    for (row->sample_count = 0; row->sample_count < reps; row->sample_count++) {
        double seconds;
        if (timed_launch(session, program, row->method, row->passes, &seconds) != 0)
            return 1;
        row->samples[row->sample_count] = seconds * 1e9 / lookups;
    }
    row->ns = summarize(row->samples, row->sample_count);
    return 0;
}

/* One formulation: built, verified, warmed up, its launch sized and timed
 * with `reps` launches. */
static int run_formulation(struct device_session *session, const struct device_technique *technique,
                           enum device_table_space space, int reps, struct device_row *row)
{
    memset(row, 0, sizeof *row);
    snprintf(row->method, sizeof row->method, "%s%s%s", technique->slug, technique->build_table ? ":" : "",
             technique->build_table ? device_table_space_names[space] : "");
    row->device = session->device_name;
    row->table_bytes = device_table_bytes(technique);
    row->threads = session->threads;
    struct device_program *program;
    if (device_program_build(session->device, technique, space, &program) != 0)
        return 1;
    int failed =
        verify_on_device(program, row->method, session->options->verify_boards, session->options->seed, stderr);
    if (!failed && session->options->action != ACTION_VERIFY_ONLY) {
        failed = warm_up(session, program, row->method) || calibrate_launch(session, program, row->method, row) ||
                 time_program(session, program, row, reps);
        row->checksum = session->expected.mixed;
    }
    device_program_free(program);
    session->verified += !failed;
    return failed;
}

/* Every formulation that fits (one with --formulation=fixed or a named
 * one), a short timing each, then the fastest timed with --reps. */
static int run_technique(struct device_session *session, const struct device_choice *choice)
{
    const struct device_technique *technique = choice->technique;
    struct device_row candidates[TABLE_SPACE_COUNT];
    memset(candidates, 0, sizeof candidates);
    int best = -1, count = 0, fixed = session->options->fixed_formulations || !technique->build_table;
    char measured[256] = "";
    for (int space = 0; space < TABLE_SPACE_COUNT; space++) {
        if (choice->space >= 0
                ? space != choice->space
                : (fixed && space != TABLE_GLOBAL) || !device_formulation_fits(session->device, technique, space))
            continue;
        int reps = choice->space >= 0 || fixed ? session->options->reps : 3;
        if (run_formulation(session, technique, space, reps, &candidates[space]) != 0)
            return 1;
        count++;
        if (best < 0 || candidates[space].ns.median < candidates[best].ns.median)
            best = space;
        snprintf(measured + strlen(measured), sizeof measured - strlen(measured), "%s%s %.4f", count > 1 ? ", " : "",
                 device_table_space_names[space], candidates[space].ns.median);
    }
    if (session->options->action == ACTION_VERIFY_ONLY || best < 0)
        return 0;
    struct device_row *row = &session->rows[session->row_count++];
    *row = candidates[best];
    if (count > 1) {
        /* The short timings chose; the kept one is timed again in full. */
        for (int space = 0; space < TABLE_SPACE_COUNT; space++)
            free(candidates[space].samples);
        if (run_formulation(session, technique, best, session->options->reps, row) != 0) {
            free(row->samples);
            session->row_count--; /* unfinished: not reported */
            return 1;
        }
    }
    if (!session->options->quiet)
        fprintf(stderr,
                "attackbench: %s: %s%s%slaunch %zu work items x %u passes of %zu queries, empty launch %.2f%%\n",
                row->method, count > 1 ? "formulations " : "", count > 1 ? measured : "",
                count > 1 ? " ns/query (3 launches each), the fastest kept; " : "", row->threads, row->passes,
                session->stream->count, 100 * row->overhead);
    return 0;
}

/* The CPU's fastest on the same stream: the device techniques' CPU forms,
 * pext and magic-black (those this CPU runs), batched, one thread. */
static int time_cpu(struct device_session *session)
{
    char names[1024] = "pext,magic-black";
    for (int i = 0; i < device_technique_count; i++)
        snprintf(names + strlen(names), sizeof names - strlen(names), ",%s", device_techniques[i].slug);
    const struct backend *selected[64];
    const struct selection_rules rules = {.prefix = "attackbench", .quiet = 1};
    int count = select_backends(names, &rules, selected, 64);
    if (count <= 0)
        return 0;
    count = count < 64 ? count : 64; /* a fixed list of a few names: never more */
    double init_ms[64];
    for (int i = 0; i < count; i++)
        backend_initialize(selected[i], &init_ms[i]);
    struct timer timer;
    timer_setup(&timer, session->options->timer, 250);
    struct measurement_config config = {.timer = &timer,
                                        .dispatch = DISPATCH_BATCH,
                                        .reps = session->options->reps,
                                        .calls = session->options->calls,
                                        .threads = 1,
                                        .stop = &interrupt_signal};
    struct measurement *results = calloc((size_t)count, sizeof *results);
    int measured = results == NULL ? -1
                                   : measure_backends(selected, (size_t)count, PIECE_QUEEN, session->stream,
                                                      &session->expected, &config, results);
    if (measured != 0) {
        /* Stopped by a signal (1): the device rows are reported alone. */
        for (int i = 0; measured > 0 && i < count; i++)
            free_measurement(&results[i]);
        free(results);
        return measured > 0 ? 0 : 1;
    }
    int fastest = 0;
    for (int i = 1; i < count; i++)
        if (results[i].ns_per_query.median < results[fastest].ns_per_query.median)
            fastest = i;
    cpu_row_from_measurement(session, &results[fastest], count, &timer, init_ms[fastest]);
    for (int i = 0; i < count; i++)
        free_measurement(&results[i]);
    free(results);
    return 0;
}

static void end_session(struct device_session *session)
{
    for (int i = 0; i < session->row_count; i++)
        free(session->rows[i].samples);
    device_stream_free(session->uploaded);
    if (session->stream)
        free_workload(&session->workload);
    device_close(session->device);
}

/* Once SIGINT or SIGTERM arrived: the rows finished so far (not in
 * --verify-only) are written, and the status is 128 + the signal. */
static int report_interrupted(struct device_session *session)
{
    int timed = session->options->action != ACTION_VERIFY_ONLY;
    if (!timed)
        fprintf(stderr, "attackbench: interrupted: the verification stopped unfinished\n");
    else if (session->row_count > 0)
        fprintf(stderr, "attackbench: interrupted: reporting the %d row%s finished\n", session->row_count,
                session->row_count == 1 ? "" : "s");
    else
        fprintf(stderr, "attackbench: interrupted before any row finished: nothing written\n");
    if (timed && session->row_count > 0 && write_device_report(session) != 0 && !interrupt_requested())
        return 2;
    return interrupt_exit_status();
}

int device_command(const struct options *options)
{
    /* From here on SIGINT and SIGTERM stop the run between launches, and
     * the rows finished so far are still reported. */
    interrupt_catch();
    struct device_session session = {.options = options};
    int status = check_device_inputs(options);
    if (status == 0)
        status = choose_techniques(&session);
    if (status == 0)
        status = open_device(&session);
    if (status == 0)
        status = check_named_formulations(&session);
    if (status == 0)
        status = build_stream(&session);
    session.threads = (size_t)session.facts.compute_units * 1024;
    if (session.stream && session.threads > session.stream->count)
        session.threads = session.stream->count;
    for (int i = 0; status == 0 && i < session.chosen_count; i++)
        status = run_technique(&session, &session.chosen[i]);
    if (status == 0 && options->action != ACTION_VERIFY_ONLY && !interrupt_requested())
        status = time_cpu(&session);
    if (interrupt_requested()) {
        status = report_interrupted(&session);
    } else if (status == 0 && options->action == ACTION_VERIFY_ONLY) {
        if (!options->quiet)
            fprintf(stderr, "attackbench: verified on %s: %d formulation%s of %d device technique%s\n",
                    session.device_name, session.verified, session.verified == 1 ? "" : "s", session.chosen_count,
                    session.chosen_count == 1 ? "" : "s");
    } else if (status == 0) {
        status = write_device_report(&session);
    }
    end_session(&session);
    return status;
}

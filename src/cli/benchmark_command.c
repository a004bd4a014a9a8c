/* The benchmark command as a pipeline of named stages:
 *
 *   benchmark_command
 *     check_inputs                     files given where needed
 *     open_session                     backends initialised (reference and null among
 *                                      them), CPUs, timer, pressure buffer, context
 *     report_plugin_checks             the selected plugins' checks at load
 *     verify_backends, verify_file_queries   --verify / --verify-only
 *     choose_formulations              each technique's formulation for this CPU
 *                                      (formulations.c, measure/formulation_choice.c)
 *     measure_workload (each kind)     build the streams, then per piece and phase
 *       measure_group                  every dispatch mode into the result set (with
 *                                      --target-spread, more rounds: benchmark.c)
 *         finish_group                 the group's figures, other work on the CPU, the
 *                                      canary, its table block (group_checks.c)
 *     derive_group_figures             relative speed and harness cost (results/group_figures.c)
 *     write_outputs                    --csv, then table, CSV or JSON on stdout
 *                                      (benchmark_report.c, with the closing lines)
 *     close_session
 *
 * Every stage returns an exit status (0 to go on); a signal stops the run
 * at the next check and the rows finished so far are still written. */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "selection.h"
#include "ab_serve.h"
#include "measure/cpu_choice.h"
#include "measure/runner.h"
#include "benchmark_report.h"
#include "platform/build_info.h"
#include "commands.h"
#include "data_files.h"
#include "platform/interrupt.h"
#include "platform/memory_limit.h"
#include "results/output.h"
#include "chess/position.h"
#include "chess/sliders.h"
#include "formulations.h"
#include "group_checks.h"
#include "progress.h"
#include "output_checks.h"
#include "result_outputs.h"
#include "measure/statistics.h"
#include "session.h"
#include "verify/verify.h"
#include "verify/verify_plugin.h"
#include "registry/registry.h"
#include "results/group_figures.h"

enum { EXIT_WRONG = 1, EXIT_USAGE = 2 };

/* Random sides (set-wise and multi-square paths) checked per backend: 3%
 * of the random boards (--verify-boards), 30,000 for the default million,
 * at least 1,000 and at most 30,000. */
enum { SIDE_CHECKS_FEWEST = 1000, SIDE_CHECKS_MOST = 30000 };

static int side_checks(uint64_t verify_boards)
{
    uint64_t share = verify_boards / 100 * 3;
    return share < SIDE_CHECKS_FEWEST ? SIDE_CHECKS_FEWEST : share > SIDE_CHECKS_MOST ? SIDE_CHECKS_MOST : (int)share;
}

static int verifying(const struct session *session)
{
    return session->verify_only || session->options->verify;
}

static unsigned file_workloads(const struct options *options)
{
    return options->workloads & ~(1u << WORKLOAD_RANDOM);
}

/* Standard input can be read once: when it is to be measured, its
 * queries are verified in the built streams instead of by a reading of
 * their own. */
static int reads_stdin_twice(const struct session *session)
{
    for (int i = 0; i < session->options->file_count && !session->verify_only; i++)
        if (strcmp(session->options->files[i], "-") == 0)
            return 1;
    return 0;
}

/* What the check of the named files reads: the options, and the pieces
 * that some board of the files holds (both: a queen). */
struct input_check {
    const struct options *options;
    unsigned pieces_found;
};

/* The file check before anything is timed: each line parses and, for the
 * sides workload, each side fits a side record. */
static int check_file_position(const struct position *position, const char *file_name, long line_number, void *data)
{
    struct input_check *check = data;
    for (int piece = 0; piece < PIECE_KIND_COUNT; piece++)
        if (position_sliders(position, piece) != 0)
            check->pieces_found |= piece_bit(piece);
    if (check->options->workloads & (1u << WORKLOAD_SIDES))
        return check_side_sliders(position, file_name, line_number);
    return 0;
}

/* The pieces and sides workloads on named files whose boards hold none of
 * the pieces they time (the sides workload: any slider): the run would
 * measure nothing, and says so now rather than after the verification and
 * the calibrations (seconds, a line for each backend verified).  The other
 * workloads measure any board; --verify-only verifies the files' boards
 * whatever their pieces. */
static int check_pieces_found(const struct options *options, const struct input_check *check)
{
    unsigned pieces = options->workloads & (1u << WORKLOAD_PIECES), sides = options->workloads & (1u << WORKLOAD_SIDES);
    if ((options->workloads & ~(pieces | sides)) != 0 || options->action == ACTION_VERIFY_ONLY)
        return 0;
    if ((pieces && (check->pieces_found & options->pieces)) || (sides && (check->pieces_found & THREE_PIECES)))
        return 0;
    return report_nothing_to("measure", options, pieces ? options->pieces : 0);
}

/* Every named file, read whole before the timer is calibrated and before
 * the run's context lines, so that a bad file gives its one error line and
 * nothing else.  Standard input can be read once and is checked as it is
 * measured.  Also the random workload's files: a named file that cannot be
 * read is an error whatever the workload. */
static int check_input_files(const struct options *options)
{
    struct read_options read = {.skip_invalid = options->skip_invalid};
    struct input_check check = {options, 0};
    long all_positions = 0, all_skipped = 0;
    int from_stdin = 0;
    for (int i = 0; i < options->file_count; i++) {
        long skipped = 0;
        if (strcmp(options->files[i], "-") == 0) {
            from_stdin = 1;
            continue;
        }
        long positions = read_positions(options->files[i], &read, check_file_position, &check, &skipped);
        if (positions < 0)
            return EXIT_USAGE;
        if (positions == 0 && skipped == 0 && file_workloads(options)) {
            report_no_positions(options->files[i]);
            return EXIT_USAGE;
        }
        all_positions += positions;
        all_skipped += skipped;
    }
    /* Every line of every file malformed and skipped (--skip-invalid):
     * refused now, as the run refuses it later, but before the backends'
     * verification and the calibrations, which took seconds (minutes with
     * many backends) and printed a line each before that refusal. */
    if (options->file_count > 0 && !from_stdin && all_positions == 0 && file_workloads(options)) {
        report_skipped_lines(all_skipped);
        fprintf(stderr, "attackbench: no positions to %s\n",
                options->action == ACTION_VERIFY_ONLY ? "verify" : "measure");
        return EXIT_USAGE;
    }
    return options->file_count > 0 && !from_stdin ? check_pieces_found(options, &check) : 0;
}

/* --csv and --json: writable now, not one of the inputs, not each other. */
static int check_outputs(const struct options *options)
{
    const struct output_files files = {.prefix = "attackbench",
                                       .csv = options->csv_path,
                                       .json = options->json_path,
                                       .inputs = (const char *const *)options->files,
                                       .input_count = options->file_count};
    return check_output_files(&files);
}

/* Standard input can be read once: named once, and read by one file
 * workload (--verify-only reads it once whatever the workloads). */
static int check_standard_input(const struct options *options)
{
    if (check_standard_input_once("attackbench", (const char *const *)options->files, options->file_count) != 0)
        return EXIT_USAGE;
    int named = 0;
    for (int i = 0; i < options->file_count; i++)
        named += strcmp(options->files[i], "-") == 0;
    if (named && population_count(file_workloads(options)) > 1 && options->action != ACTION_VERIFY_ONLY) {
        fprintf(stderr, "attackbench: standard input ('-') can be read once, by one workload: give one of pieces, "
                        "squares, sets and sides with it, or a file\n");
        return EXIT_USAGE;
    }
    return 0;
}

static int check_inputs(const struct options *options)
{
    int stdin_status = check_standard_input(options);
    if (stdin_status != 0)
        return stdin_status;
    int files_status = check_input_files(options);
    if (files_status != 0)
        return files_status;
    int outputs_status = check_outputs(options);
    if (outputs_status != 0)
        return outputs_status;
    int verify = options->action == ACTION_VERIFY_ONLY || options->verify;
    if (file_workloads(options) && options->file_count == 0 && !verify) {
        /* Verification alone needs no positions. */
        char positions[PATH_MAX];
        fprintf(stderr, "attackbench: no FEN/EPD files given (try %s, or --workload=random)\n",
                data_file_path("positions.fen", positions, sizeof positions));
        return EXIT_USAGE;
    }
    if (!file_workloads(options) && options->file_count > 0 && !options->quiet)
        fprintf(stderr, "attackbench: note: the random workload ignores the files given\n");
    if (options->verify_boards_given && !verify && !options->quiet)
        fprintf(stderr, "attackbench: note: --verify-boards sets the random boards of --verify and --verify-only; "
                        "this run checks none (each timed pass is still checked against the reference's sum)\n");
    return 0;
}

/* Exhaustive check of one backend or formulation, the reference's answers
 * kept from one backend to the next (verify.h). */
static int verify_one(const struct session *session, const struct backend *backend)
{
    static struct verify_answers answers;
    const struct options *options = session->options;
    backend_guard(backend, "verification");
    int status =
        verify_backend_recorded(&answers, backend, options->pieces, options->verify_boards, options->seed, stderr);
    if (status == 0)
        status = verify_side_paths(backend, side_checks(options->verify_boards), options->seed, stderr);
    backend_unguard();
    if (status < 0)
        return EXIT_WRONG;
    if (status > 0)
        return interrupt_exit_status();
    if (!options->quiet)
        fprintf(stderr,
                "attackbench: verified %s: every subset of every relevant mask, %llu random board%s, %d random sides\n",
                backend->name, (unsigned long long)options->verify_boards, options->verify_boards == 1 ? "" : "s",
                side_checks(options->verify_boards));
    return 0;
}

/* Whether the check of the backends before the `count` first selected
 * ones (each selected backend and the formulations it verifies) covered
 * `backend` already: a formulation selected beside its technique
 * ("-m kogge-stone,kogge-stone:scalar") is checked once. */
static int verified_before(const struct session *session, int count, const struct backend *backend)
{
    for (int i = 0; i < count; i++) {
        const struct backend *earlier = session->check.backends[i];
        if (earlier == backend)
            return 1;
        for (const struct backend *const *known = earlier->formulations; known && *known; known++)
            if (*known == backend && backend_unavailable_reason(*known) == NULL)
                return 1;
    }
    return 0;
}

/* Exhaustive check of every selected backend (--verify, --verify-only);
 * of a technique with formulations, every one this CPU runs, since the
 * calibration after it may choose any of them; each backend once. */
static int verify_backends(const struct session *session)
{
    for (int i = 0; i < session->check.count; i++) {
        const struct backend *backend = session->check.backends[i];
        if (backend->baseline || backend == session->reference)
            continue;
        int status = verified_before(session, i, backend) ? 0 : verify_one(session, backend);
        for (const struct backend *const *known = backend->formulations; status == 0 && known && *known; known++)
            if (backend_unavailable_reason(*known) == NULL && !verified_before(session, i, *known)) {
                backend_initialize(*known, NULL);
                status = verify_one(session, *known);
            }
        if (status != 0)
            return status;
    }
    return 0;
}

/* The check every plugin passed when it was loaded
 * (verify/verify_plugin.h), said for the selected ones as --verify says
 * it for the built-ins. */
static void report_plugin_checks(const struct session *session)
{
    if (session->options->quiet || verifying(session))
        return;
    for (int i = 0; i < session->check.count; i++)
        if (session->check.backends[i]->plugin_file)
            fprintf(stderr, "attackbench: verified plugin %s (%s) when loaded: %s\n", session->check.backends[i]->name,
                    session->check.backends[i]->plugin_file, plugin_check_summary());
}

/* Every query of the files (--verify, --verify-only), read for this
 * alone: verification stays off the path that builds the streams. */
static int verify_file_queries(const struct session *session)
{
    const struct options *options = session->options;
    if (!file_workloads(options) || options->file_count == 0 || reads_stdin_twice(session))
        return 0;
    long positions = 0, skipped = 0;
    int status = verify_files(&session->check, options->files, options->file_count, &positions, &skipped);
    if (status == 0 && session->verify_only)
        report_skipped_lines(skipped); /* the benchmark's own reading says it otherwise */
    if (status == 0 && positions == 0) {
        /* Every line malformed and skipped (--skip-invalid): nothing was
         * checked, as the benchmark and --dump refuse it. */
        fprintf(stderr, "attackbench: no positions to verify\n");
        return EXIT_USAGE;
    }
    if (status == 0 && !options->quiet)
        fprintf(stderr, "attackbench: verified every query of the files (%ld position%s)\n", positions,
                positions == 1 ? "" : "s");
    return status;
}

/* Every query of a workload's streams, once built: the random workload's,
 * and the files' when they include standard input.  A signal stops it
 * with its exit status (130, 143), not said as verified. */
static int verify_streams(const struct session *session, const struct workload *workload)
{
    for (int piece = 0; piece < PIECE_KIND_COUNT; piece++) {
        const struct stream *stream = &workload->streams[piece][PHASE_ALL];
        size_t squares_per_occupancy = stream->layout == STREAM_LAYOUT_POSITIONS ? ATTACKBENCH_POSITION_SQUARES : 1;
        int status = verify_stream(&session->check, piece, stream->occupied, stream->squares, stream->count,
                                   squares_per_occupancy);
        if (status != 0)
            return status < 0 ? EXIT_WRONG : status;
    }
    if (!session->options->quiet)
        fprintf(stderr, "attackbench: verified every %s query\n", workload_names[workload->kind]);
    return 0;
}

/* The row of every backend of a measured group. */
static int add_rows(const struct session *session, const struct workload *workload, const struct result_row *shape,
                    const struct measurement *measured, struct result_set *results)
{
    for (int i = 0; i < session->entry_count; i++) {
        struct result_row row = *shape;
        row.measurement = measured[i];
        row.positions = row.phase == PHASE_ALL ? workload->positions : workload->phase_positions[row.phase];
        row.table_bytes = session->entries[i].table_bytes;
        row.init_ms = session->entries[i].init_ms;
        row.formulation_threads = session->entries[i].formulation_threads;
        snprintf(row.parameters, sizeof row.parameters, "%s", applied_parameters(session->entries[i].backend));
        if (result_set_add(results, &row) != 0)
            return EXIT_USAGE;
    }
    return 0;
}

/* One stream, every selected dispatch mode, every backend. */
static int measure_group(struct session *session, const struct workload *workload, enum piece_kind piece,
                         enum game_phase phase, struct result_set *results)
{
    const struct options *options = session->options;
    const struct stream *stream = &workload->streams[piece][phase];
    struct pass_checksums checksums = stream_checksums(session->reference, piece, stream, options->chained);
    const struct backend *measured_backends[MAX_ENTRIES];
    /* 40 KiB, static as the session is (a small `ulimit -s`); the main
     * thread alone measures a group at a time. */
    static struct measurement measured[MAX_ENTRIES];
    for (int i = 0; i < session->entry_count; i++)
        measured_backends[i] = session->entries[i].backend;
    for (int dispatch = 0; dispatch < DISPATCH_KIND_COUNT && !interrupt_requested(); dispatch++) {
        if (!(options->dispatches & (1u << dispatch)))
            continue;
        char what[96];
        snprintf(what, sizeof what, "%s %s %s%s%s", workload_names[workload->kind],
                 workload_piece_name(workload->kind, piece), dispatch_names[dispatch], phase == PHASE_ALL ? "" : " ",
                 phase == PHASE_ALL ? "" : phase_names[phase]);
        progress_show(&session->progress, what);
        struct cpu_share share;
        cpu_share_start(&share, session->pin_cpu >= 0 ? session->cpus : NULL, options->threads, options->threads);
        struct measurement_config config = {
            .timer = &session->timer,
            .dispatch = dispatch,
            .chained = options->chained,
            .pressure_buffer = session->pressure,
            /* --pressure is at most 2^32 lines (options.c), so the mask fits. */
            .pressure_line_mask = session->pressure ? (uint32_t)(options->pressure_bytes / 64 - 1) : 0,
            .reps = options->reps,
            .calls = options->calls,
            .threads = options->threads,
            .cpus = session->pin_cpu >= 0 ? session->cpus : NULL,
            .stop = &interrupt_signal,
            .server = session->ab_server,
        };
        struct spread_target target = {options->target_spread, options->min_time > 0 ? options->min_time : 10};
        int status = measure_to_target(measured_backends, (size_t)session->entry_count, piece, stream, &checksums,
                                       &config, &target, measured);
        if (status < 0)
            return EXIT_WRONG;
        if (status > 0)
            return 0; /* interrupted: this group is incomplete */
        if (target.percent > 0)
            name_unreached_rows(session, what, measured, target.percent);
        struct result_row shape = {.workload = workload->kind,
                                   .layout = workload->layout,
                                   .piece = piece,
                                   .dispatch = dispatch,
                                   .chained = options->chained,
                                   .pressure_bytes = options->pressure_bytes,
                                   .phase = phase,
                                   .threads = options->threads,
                                   .queries = stream_lookups(stream)};
        note_other_work(session, &share, what, shape.warnings, sizeof shape.warnings);
        size_t first_row = results->count;
        if (add_rows(session, workload, &shape, measured, results) != 0)
            return EXIT_USAGE;
        progress_group_done(&session->progress);
        finish_group(session, results, first_row, what);
    }
    return 0;
}

/* The random streams have a known size: refuse them up front when they
 * cannot fit, rather than swap for minutes.  (File streams hold what the
 * files give, up to --max-queries; they grow as they are read.) */
static int check_stream_memory(const struct workload_options *options)
{
    if (options->kind != WORKLOAD_RANDOM)
        return 0;
    uint64_t needed = workload_bytes_bound(options), available = memory_available();
    if (needed <= available)
        return 0;
    char length[64];
    if (options->layout == STREAM_LAYOUT_POSITIONS)
        snprintf(length, sizeof length, "--positions=%zu", options->random_positions);
    else
        snprintf(length, sizeof length, "--queries=%zu", options->random_queries);
    fprintf(stderr,
            "attackbench: %s: the random stream would need %llu bytes, more than the %llu bytes of "
            "memory available\n",
            length, (unsigned long long)needed, (unsigned long long)available);
    return EXIT_USAGE;
}

/* The pieces measured separately: the side-wise workloads have one
 * stream (in streams[0]) for all of a side's sliders. */
static unsigned measured_pieces(const struct options *options, enum workload_kind kind)
{
    return side_workload(kind) ? piece_bit(0) : options->pieces;
}

/* Every non-empty stream of a built workload; the pieces whose streams
 * were empty are added to *empty_pieces. */
static int measure_streams(struct session *session, const struct workload *workload, struct result_set *results,
                           unsigned *empty_pieces)
{
    const struct options *options = session->options;
    int measured = 0;
    for (int piece = 0; piece < PIECE_KIND_COUNT; piece++) {
        if (!(measured_pieces(options, workload->kind) & piece_bit(piece)))
            continue;
        for (int phase = 0; phase < PHASE_COUNT && !interrupt_requested(); phase++) {
            if (phase != PHASE_ALL && !(options->split_phases && workload->kind != WORKLOAD_RANDOM))
                continue;
            /* A sides stream counts sides: its sliders are the queries. */
            if (stream_lookups(&workload->streams[piece][phase]) == 0) {
                /* A side-wise workload's empty stream is "no slider". */
                *empty_pieces |= phase == PHASE_ALL && !side_workload(workload->kind) ? piece_bit(piece) : 0;
                if (!options->quiet)
                    fprintf(stderr, "attackbench: no %s queries in the %s workload (phase %s): skipped\n",
                            workload_piece_name(workload->kind, piece), workload_names[workload->kind],
                            phase_names[phase]);
                continue;
            }
            check_stream_length(session, workload->kind == WORKLOAD_RANDOM, workload->streams[piece][phase].count);
            measured++;
            int status = measure_group(session, workload, piece, phase, results);
            if (status != 0)
                return status;
        }
    }
    if (measured == 0 && !interrupt_requested())
        session->skipped_workloads |= 1u << workload->kind;
    return 0;
}

/* Under --quiet the lines above are left out, but a workload asked for
 * that measured nothing, beside others that did, is still a warning. */
static void warn_skipped_workloads(const struct session *session)
{
    if (!session->options->quiet)
        return;
    for (int kind = 0; kind < WORKLOAD_KIND_COUNT; kind++)
        if (session->skipped_workloads & (1u << kind))
            fprintf(stderr, "attackbench: warning: no queries in the %s workload: skipped\n", workload_names[kind]);
}

static void print_workload(const struct options *options, const struct workload *workload)
{
    if (options->quiet || workload->kind == WORKLOAD_RANDOM)
        return;
    fprintf(stderr, "workload %s: %ld position%s", workload_names[workload->kind], workload->positions,
            workload->positions == 1 ? "" : "s");
    if (options->split_phases)
        fprintf(stderr, " (opening %ld, middlegame %ld, endgame %ld)", workload->phase_positions[PHASE_OPENING],
                workload->phase_positions[PHASE_MIDDLEGAME], workload->phase_positions[PHASE_ENDGAME]);
    fputc('\n', stderr);
}

/* Build one workload's streams and measure them into the result set. */
static int measure_workload(struct session *session, enum workload_kind kind, struct result_set *results,
                            unsigned *empty_pieces, int first_of_files)
{
    const struct options *options = session->options;
    struct workload_options workload_options = {
        .kind = kind,
        .pieces = options->pieces,
        .seed = options->seed,
        .max_queries = options->max_queries,
        .random_queries = options->random_queries,
        .split_phases = options->split_phases && kind != WORKLOAD_RANDOM,
        .layout = options->layout,
        .random_positions = options->random_positions,
        .read = {.skip_invalid = options->skip_invalid, .named_files_checked = 1},
    };
    int status = check_stream_memory(&workload_options);
    struct workload workload;
    long skipped = 0;
    if (status != 0)
        return status;
    if (build_workload(&workload, &workload_options, options->files, options->file_count, &skipped) != 0)
        return interrupt_requested() ? 0 : EXIT_USAGE;
    if (first_of_files) /* every file workload skips the same lines */
        report_skipped_lines(skipped);
    if (kind != WORKLOAD_RANDOM && workload.positions == 0) {
        fprintf(stderr, "attackbench: no positions to measure\n");
        status = EXIT_USAGE;
    } else if (verifying(session) && (kind == WORKLOAD_RANDOM || reads_stdin_twice(session))) {
        status = verify_streams(session, &workload);
    }
    if (status == 0 && !session->verify_only) {
        print_workload(options, &workload);
        status = measure_streams(session, &workload, results, empty_pieces);
    }
    free_workload(&workload);
    return status;
}

/* How many groups the run will measure at most, for the progress line. */
static int expected_groups(const struct options *options)
{
    int groups = 0;
    for (int kind = 0; kind < WORKLOAD_KIND_COUNT; kind++) {
        if (!(options->workloads & (1u << kind)) || (kind != WORKLOAD_RANDOM && options->file_count == 0))
            continue;
        int phases = options->split_phases && kind != WORKLOAD_RANDOM ? PHASE_COUNT : 1;
        groups += population_count(measured_pieces(options, kind)) * phases * population_count(options->dispatches);
    }
    return groups;
}

int check_ab_side_group(const struct options *options)
{
    if (file_workloads(options) && options->file_count == 0) {
        char positions[PATH_MAX];
        fprintf(stderr, "attackbench ab: no FEN/EPD files given for a side's workload (try %s, or --workload=random)\n",
                data_file_path("positions.fen", positions, sizeof positions));
        return EXIT_USAGE;
    }
    if (expected_groups(options) != 1) {
        fprintf(stderr, "attackbench ab: a side times one group: one workload, one piece, one dispatch and no "
                        "--phase\n");
        return EXIT_USAGE;
    }
    return 0;
}

/* Every selected workload, in order, while nothing failed or stopped. */
static int measure_workloads(struct session *session, struct result_set *results, unsigned *empty_pieces)
{
    const struct options *options = session->options;
    int status = 0, files_read = 0;
    for (int kind = 0; kind < WORKLOAD_KIND_COUNT && status == 0 && !interrupt_requested(); kind++) {
        if (!(options->workloads & (1u << kind)))
            continue;
        /* Without files only verification runs; --verify-only has read
         * the files already. */
        if (kind != WORKLOAD_RANDOM && (options->file_count == 0 || session->verify_only))
            continue;
        status = measure_workload(session, kind, results, empty_pieces, !files_read);
        files_read |= kind != WORKLOAD_RANDOM;
    }
    return status;
}

int benchmark_command(const struct options *options, const struct backend **selected, int count)
{
    /* From here on SIGINT, SIGTERM, SIGHUP and SIGQUIT stop the run at the
     * next check, and the rows finished so far are still reported. */
    interrupt_catch_hangup();
    int status = check_inputs(options);
    if (status != 0)
        return status;
    struct round_server ab_server;
    int serving = ab_serve_setup(&ab_server);
    if (serving < 0)
        return EXIT_USAGE;
    if (serving && check_ab_side_group(options) != 0)
        return EXIT_USAGE;
    /* A --threads or --pin this process cannot have is refused before the
     * skip notes, so that its line is the only one; open_session() then
     * chooses the CPUs (a --verify-only run chooses none). */
    char cpu_error[160];
    if (options->action != ACTION_VERIFY_ONLY &&
        check_cpu_request(options->threads, options->pin_cpu, cpu_error, sizeof cpu_error) != 0) {
        fprintf(stderr, "attackbench: %s\n", cpu_error);
        return EXIT_USAGE;
    }
    print_selection_notes();
    /* Static, not on the stack: 50 KiB of it crashed a run under a small
     * `ulimit -s`; main calls this once a process. */
    static struct session session;
    status = open_session(&session, options, selected, count);
    session.ab_server = serving ? &ab_server : NULL;
    if (status == 0)
        report_plugin_checks(&session);
    if (status == 0 && verifying(&session))
        status = verify_backends(&session);
    if (status == 0 && verifying(&session))
        status = verify_file_queries(&session);
    if (status == 0 && !session.verify_only)
        status = choose_formulations(&session);
    struct result_set results = {0};
    unsigned empty_pieces = 0;
    progress_start(&session.progress, !options->quiet && isatty(fileno(stderr)), expected_groups(options));
    if (status == 0)
        status = measure_workloads(&session, &results, &empty_pieces);
    progress_clear(&session.progress);
    if (interrupt_requested() && status != EXIT_WRONG) {
        if (session.verify_only) /* it has no rows: what it checked is said above */
            fprintf(stderr, "attackbench: interrupted: the verification stopped unfinished\n");
        else if (results.count == 0)
            fprintf(stderr, "attackbench: interrupted before any row finished: nothing written\n");
        else
            fprintf(stderr, "attackbench: interrupted: reporting the %zu row%s finished\n", results.count,
                    results.count == 1 ? "" : "s");
        status = interrupt_exit_status();
    }
    if (status == 0 && !session.verify_only && results.count == 0)
        status = report_nothing_to("measure", options, empty_pieces);
    else if (results.count > 0)
        warn_skipped_workloads(&session);
    if ((status == 0 || interrupt_requested()) && results.count > 0) {
        derive_group_figures(&results);
        int written = write_result_outputs(options, &results, &session.context);
        if (written != 0 && interrupt_requested()) /* a signal cut the writing: an output FIFO's open, say */
            written = interrupt_exit_status();
        status = status ? status : written;
        if (!options->quiet) {
            print_spread_summary(&results);
            print_fastest_summary(&results);
        }
    }
    result_set_free(&results);
    close_session(&session);
    return status;
}

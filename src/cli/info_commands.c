/* The information commands: --version (the build and the machine), --list
 * (the backends, whether this CPU runs them, their tables) and --dump
 * (every slider's attack set as CSV). */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "selection.h"
#include "formulations.h"
#include "output_checks.h"
#include "commands.h"
#include "benchmark_report.h"
#include "chess/position.h"
#include "chess/sliders.h"
#include "device/device_techniques.h"
#include "measure/cpu_choice.h"
#include "platform/build_info.h"
#include "platform/cpu.h"
#include "platform/interrupt.h"
#include "platform/slow_instructions.h"
#include "registry/registry.h"

/* The side-wise workloads a backend answers natively (a set-wise entry
 * for sets, a multi-square kernel for sides), as "native sets,sides" or
 * "native none": the scripts read it to tell native paths from composed. */
static const char *native_paths(const struct backend *backend)
{
    if (backend->set_attacks && backend->side_attacks)
        return "sets,sides";
    return backend->set_attacks ? "sets" : backend->side_attacks ? "sides" : "none";
}

/* The build, then the machine as every output names it: the CPU's own
 * brand string (CPUID on x86-64; never /proc/cpuinfo's model name, which a
 * hypervisor may set to another name), its vendor, family and model.
 * Scripts and tests read these lines, so that one machine has one name. */
int version_command(void)
{
    const struct cpu_identity *identity = cpu_identity();
    printf("attackbench %s (%s; %s)\n", attackbench_version, attackbench_compiler, attackbench_flags);
    printf("cpu: %s\n", cpu_model_name());
    printf("cpu identity: %s family %u model %u\n", identity->vendor, identity->family, identity->model);
    return 0;
}

/* A technique with a kernel of src/device/kernels/ runs on an OpenCL
 * device too (--device=opencl). */
static const char *device_note(const struct backend *backend)
{
    return device_technique_named(backend->name) ? "  device: opencl" : "";
}

/* One row of --list: the backend, whether this CPU runs it and why not,
 * its table and initialisation (which this runs), what it needs, and its
 * source and idea. */
static void list_backend(const struct backend *backend, const struct list_calibration *calibration)
{
    char needs[256];
    cpu_feature_names(backend_features(backend), needs, sizeof needs);
    const char *reason = backend_unavailable_reason(backend);
    if (reason) {
        printf("%-27s unavailable (%s)  table -  needs %s  native %s  source: %s%s  idea: %s\n", backend->name, reason,
               needs, native_paths(backend), backend->source, device_note(backend), backend->description);
        return;
    }
    char formulation[512];
    int has_formulations = formulation_for_list(calibration, backend, formulation, sizeof formulation);
    double init_ms;
    size_t table_bytes = backend_initialize(backend, &init_ms);
    printf("%-27s available  table %zu bytes  init %.2f ms  needs %s  native %s  source: %s", backend->name,
           table_bytes, init_ms, needs, native_paths(backend), backend->source);
    if (backend->variant)
        printf("  compiled for: %s (run-time choice)", backend->variant);
    const char *note = backend->note ? backend->note() : NULL;
    if (note && *note)
        printf("  note: %s", note);
    char warning[160];
    if (slow_instruction_warning(backend->instructions, warning, sizeof warning))
        printf("  warning: %s", warning);
    if (has_formulations)
        printf("  formulation: %s", formulation);
    printf("%s  idea: %s\n", device_note(backend), backend->description);
}

/* The rows --method names, available here or not, in the order named;
 * NULL (after saying why) for a list that names nothing known. */
static const struct backend **listed_backends(const char *methods, size_t *count)
{
    size_t capacity = backend_count;
    for (size_t i = 0; i < backend_count; i++)
        for (const struct backend *const *known = backends[i]->formulations; known && *known; known++)
            capacity++;
    const struct backend **chosen = calloc(capacity, sizeof *chosen);
    if (chosen == NULL) {
        fprintf(stderr, "attackbench: --list: out of memory\n");
        return NULL;
    }
    const struct selection_rules rules = {.prefix = "attackbench", .keep_unavailable = 1};
    int selected = select_backends(methods, &rules, chosen, capacity);
    if (selected == 0) /* 'all,-all': refused, as the benchmark and perft refuse it */
        report_empty_selection(methods, "attackbench");
    if (selected <= 0) {
        free(chosen);
        return NULL;
    }
    *count = (size_t)selected;
    return chosen;
}

static int registered(const struct backend *backend)
{
    for (size_t i = 0; i < backend_count; i++)
        if (backends[i] == backend)
            return 1;
    return 0;
}

int list_command(const struct options *options)
{
    /* The calibrations run on --threads threads: a count this process
     * cannot have is refused, as the benchmark refuses it. */
    char cpu_error[160];
    if (check_cpu_request(options->threads, -1, cpu_error, sizeof cpu_error) != 0) {
        fprintf(stderr, "attackbench: %s\n", cpu_error);
        return 2;
    }
    /* Every backend, or those --method names (say, to check one quickly:
     * the full list initialises every table). */
    int every = strcmp(options->methods, "all") == 0;
    size_t shown_count = backend_count;
    const struct backend **shown =
        every ? (const struct backend **)backends : listed_backends(options->methods, &shown_count);
    if (shown == NULL)
        return 2;
    printf("%-27s %s\n", "method",
           "status  table bytes  init time  needs (CPU features)  native (side-wise workloads)  source  idea");
    struct list_calibration calibration;
    list_calibration_open(&calibration, options->fixed_formulations, options->threads);
    for (size_t i = 0; i < shown_count; i++)
        if (registered(shown[i])) /* a formulation has its row below */
            list_backend(shown[i], &calibration);
    list_calibration_close(&calibration);
    list_formulations(stdout, every ? NULL : shown, shown_count);
    if (every)
        printf("\n\"seed 000\" to \"seed 004\": the five documents the project started from (README, table of\n"
               "methods): 000 Sherwin Bitboards, 001 Blockers and Beyond, 002 Dumb7Fill, 003 Kindergarten\n"
               "Bitboards, 004 the forum post on row hashing and row masks.\n");
    else
        free(shown);
    return 0;
}

/* --dump: the attack set of every slider of every position. */
struct dump_context {
    const struct backend *backend;
    long index;
    enum workload_kind workload; /* sides: through the multi-square path */
    unsigned pieces;             /* the slider kinds whose rows are dumped (--piece) */
    long rows;                   /* written so far; the header goes with the first */
};

/* The header with the first row: a dump with no row writes nothing. */
static void dump_header(struct dump_context *context)
{
    if (context->rows++ == 0)
        printf(context->workload == WORKLOAD_SETS ? "position,side,attacks\n" : "position,square,piece,attacks\n");
}

/* --dump --workload=sides: every slider's set, from the backend's
 * multi-square path for each side, into attacks[square]. */
static void side_attacks_by_square(const struct backend *backend, const struct position *position,
                                   bitboard attacks[SQUARE_COUNT])
{
    for (int color = WHITE; color <= BLACK; color++) {
        struct attackbench_side side;
        bitboard sets[ATTACKBENCH_SIDE_MAX_SLIDERS];
        side_record_from_position(position, color, &side);
        backend_side_attacks(backend, &side, side.occupied, sets);
        for (int k = 0; k < attackbench_side_slider_count(&side); k++)
            attacks[side.squares[k]] = sets[k];
    }
}

/* --dump --workload=sets: position,side,attacks through the set-wise path,
 * white first, also for a side without sliders. */
static void dump_sets(const struct backend *backend, const struct position *position, long index)
{
    static const char *const sides[2] = {"white", "black"};
    for (int color = WHITE; color <= BLACK && !ferror(stdout); color++) {
        struct attackbench_side side;
        side_record_from_position(position, color, &side);
        printf("%ld,%s,0x%016" PRIx64 "\n", index, sides[color],
               backend_set_attacks(backend, side.rook_sliders, side.bishop_sliders, side.occupied));
    }
}

/* A write the signal cut short is the interrupt, said by dump_command. */
static int check_dump_output(void)
{
    if (ferror(stdout)) {
        if (interrupt_cut_write(errno))
            return -1;
        fprintf(stderr, "attackbench: cannot write the dump: %s\n", strerror(errno));
        return -1;
    }
    return 0;
}

/* The check before the first row: every line parses and, for the sides
 * workload, every side fits a side record. */
static int check_dump_position(const struct position *position, const char *file_name, long line_number, void *data)
{
    const struct dump_context *context = data;
    if (interrupt_requested())
        return -1;
    if (context->workload == WORKLOAD_SIDES)
        return check_side_sliders(position, file_name, line_number);
    return 0;
}

/* Every named file is read whole once before the dump writes its header,
 * so that a bad line leaves no rows behind; standard input is read once,
 * as it comes. */
static int check_dump_files(const struct options *options, const struct read_options *read,
                            struct dump_context *context)
{
    for (int i = 0; i < options->file_count; i++) {
        long skipped = 0;
        if (strcmp(options->files[i], "-") == 0)
            continue;
        long positions = read_positions(options->files[i], read, check_dump_position, context, &skipped);
        if (positions < 0)
            return -1;
        if (positions == 0 && skipped == 0) {
            report_no_positions(options->files[i]);
            return -1;
        }
    }
    return 0;
}

static int dump_position_rows(const struct position *position, const char *file_name, long line_number, void *data)
{
    struct dump_context *context = data;
    if (context->workload == WORKLOAD_SIDES && check_side_sliders(position, file_name, line_number) != 0)
        return -1;
    context->index++;
    bitboard occupied = position_occupied(position);
    bitboard side_attacks[SQUARE_COUNT];
    if (context->workload == WORKLOAD_SETS) {
        dump_header(context); /* a row per side, with or without sliders */
        dump_sets(context->backend, position, context->index);
        return check_dump_output();
    }
    if (context->workload == WORKLOAD_SIDES)
        side_attacks_by_square(context->backend, position, side_attacks);
    /* After a failed write (one the signal cut short on a full pipe) no
     * more rows: nothing left buffered for the exit to wait on. */
    for (int square = 0; square < SQUARE_COUNT && !ferror(stdout); square++) {
        /* One line per slider; a square holds at most one piece. */
        for (int piece = 0; piece < SLIDER_KIND_COUNT; piece++) {
            if (!(context->pieces & (1u << piece)) || !(position_sliders(position, piece) & square_bit(square)))
                continue;
            char name[3];
            square_name(square, name);
            dump_header(context);
            printf("%ld,%s,%s,0x%016" PRIx64 "\n", context->index, name, piece_names[piece],
                   context->workload == WORKLOAD_SIDES ? side_attacks[square]
                                                       : backend_lookup(context->backend, piece)(square, occupied));
        }
    }
    return check_dump_output();
}

/* One position's rows, a plugin's work guarded (platform/crash_guard.h).
 * A signal stops the dump here, between positions, so that every row
 * written is whole. */
static int dump_position(const struct position *position, const char *file_name, long line_number, void *data)
{
    const struct dump_context *context = data;
    if (interrupt_requested())
        return -1;
    backend_guard(context->backend, "--dump");
    int status = dump_position_rows(position, file_name, line_number, data);
    backend_unguard();
    return status;
}

/* The rows of every file, in turn; as the benchmark does, a file with no
 * position (standard input, whose check is this pass) or a dump with no
 * row at all is an error: a script reading the dump cannot tell an empty
 * file from a real one by a header alone. */
static int dump_files(const struct options *options, const struct read_options *read, struct dump_context *context)
{
    long skipped = 0;
    for (int i = 0; i < options->file_count; i++) {
        long before = context->index, skipped_before = skipped;
        if (read_positions(options->files[i], read, dump_position, context, &skipped) < 0)
            return -1;
        if (context->index == before && skipped == skipped_before) {
            report_no_positions(options->files[i]);
            return -1;
        }
    }
    report_skipped_lines(skipped);
    if (context->index == 0) {
        fprintf(stderr, "attackbench: no positions to dump\n");
        return -1;
    }
    /* Boards without the sliders asked for: refused as the benchmark
     * refuses them ("nothing to measure"), not a header alone. */
    if (context->rows == 0) {
        report_nothing_to("dump", options, context->pieces);
        return -1;
    }
    return 0;
}

/* The workloads and pieces a dump can give: the sliders of the files,
 * each side's map for sets; any other is refused rather than passed by. */
static int check_dump_selection(const struct options *options, enum workload_kind workload)
{
    for (int kind = WORKLOAD_SQUARES; kind <= WORKLOAD_RANDOM; kind++)
        if (options->workloads & (1u << kind)) {
            fprintf(stderr,
                    "attackbench: --dump gives the sliders of the files: --workload=%s is not taken "
                    "(pieces, sides or sets)\n",
                    workload_names[kind]);
            return -1;
        }
    if (options->pieces & (1u << PIECE_BOTH)) {
        fprintf(stderr, "attackbench: --dump gives one row per slider: --piece=both is not taken\n");
        return -1;
    }
    if (workload == WORKLOAD_SETS && options->pieces != THREE_PIECES) {
        fprintf(stderr, "attackbench: --dump --workload=sets gives each side's whole map: --piece is not taken\n");
        return -1;
    }
    return 0;
}

/* After SIGINT, SIGTERM, SIGHUP or SIGQUIT: the rows written so far go out, then the line
 * and 128 + the signal, as the benchmark and perft report theirs. */
static int report_dump_interrupted(const struct dump_context *context)
{
    int cut = fflush(stdout) != 0 || ferror(stdout); /* a write blocked on a full pipe, say */
    fprintf(stderr, "attackbench: interrupted: reporting the %ld position%s finished%s\n", context->index,
            context->index == 1 ? "" : "s", cut ? "; standard output not written whole" : "");
    return interrupt_exit_status();
}

int dump_command(const struct options *options, const struct backend **selected, int count)
{
    if (count != 1) {
        fprintf(stderr, "attackbench: --dump takes exactly one --method\n");
        return 2;
    }
    if (options->file_count == 0) {
        fprintf(stderr, "attackbench: --dump needs FEN/EPD files ('-' for standard input)\n");
        return 2;
    }
    if (check_standard_input_once("attackbench: --dump", (const char *const *)options->files, options->file_count) != 0)
        return 2;
    backend_initialize(selected[0], NULL);
    /* One kind of row per dump: pieces, sides and sets are three shapes. */
    unsigned row_kinds =
        options->workloads & ((1u << WORKLOAD_PIECES) | (1u << WORKLOAD_SETS) | (1u << WORKLOAD_SIDES));
    if (population_count(row_kinds) > 1) {
        fprintf(stderr, "attackbench: --dump takes one of --workload=pieces, --workload=sets and --workload=sides\n");
        return 2;
    }
    enum workload_kind workload = (options->workloads & (1u << WORKLOAD_SIDES))  ? WORKLOAD_SIDES
                                  : (options->workloads & (1u << WORKLOAD_SETS)) ? WORKLOAD_SETS
                                                                                 : WORKLOAD_PIECES;
    if (check_dump_selection(options, workload) != 0)
        return 2;
    struct dump_context context = {selected[0], 0, workload, options->pieces, 0};
    /* From here on SIGINT, SIGTERM, SIGHUP and SIGQUIT stop the dump
     * between positions: its rows stay whole. */
    interrupt_catch_hangup();
    struct read_options check = {.skip_invalid = options->skip_invalid};
    if (check_dump_files(options, &check, &context) != 0)
        return interrupt_requested() ? report_dump_interrupted(&context) : 2;
    print_selection_notes();
    /* The named files' malformed lines were reported by the check. */
    struct read_options read = {.skip_invalid = options->skip_invalid, .named_files_checked = 1};
    if (dump_files(options, &read, &context) != 0 || interrupt_requested())
        return interrupt_requested() ? report_dump_interrupted(&context) : 2;
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "attackbench: cannot write the dump: %s\n", strerror(errno));
        return 2;
    }
    return 0;
}

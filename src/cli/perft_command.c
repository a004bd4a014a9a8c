/* `attackbench perft`: count the legal move tree of EPD positions with one
 * or more backends, check the counts against the ";Dn" opcodes, and
 * compare the backends' speed inside a real move generator.  The command
 * is a row of stages, each of which returns: parse the options, open the
 * methods, check the files, count them, report. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "platform/interrupt.h"
#include "platform/output_file.h"
#include "chess/movegen.h"
#include "command_line.h"
#include "data_files.h"
#include "results/output.h"
#include "chess/perft.h"
#include "subcommands.h"
#include "measure/cpu_choice.h"
#include "options.h"
#include "output_checks.h"
#include "engine_view/perft_run.h"
#include "perft_report.h"
#include "selection.h"
#include "registry/contract.h"

enum {
    MAX_DEPTH = MAX_EXPECTED_DEPTH,
    MAX_METHODS = 128,
    DEFAULT_REPS = 5,
};

static const char perft_usage_text[] =
    "usage: attackbench perft [--method=NAME[,NAME...]|all] [--depth=N] [--reps=N] [--divide] [--csv=FILE]\n"
    "                         [--threads=N|--processes=N] [--pressure=SIZE] [--eval-bytes=N] [--format=csv|bmf]\n"
    "                         [FILE...]\n"
    "\n"
    "Counts the leaf nodes of the legal move tree (perft) of every position in\n"
    "the FEN/EPD files (\"-\" is standard input; default data/perft.epd, or where\n"
    "there is none the copy make install put in PREFIX/share/attackbench), using\n"
    "the chosen backends' rook/bishop/queen functions for every sliding-piece\n"
    "attack of the move generator (moves, checks, pins, the king's forbidden\n"
    "squares).  The last ply is counted in bulk: its moves are generated and\n"
    "counted, not played.  Positions stream through in blocks of 1024: each block\n"
    "is counted by every method, repetition after repetition in rotating order,\n"
    "and its rows are printed before the next block is read.\n"
    "\n"
    "  --method=LIST  backends to run, comma-separated, or all (the default):\n"
    "                 every backend this CPU can run, except the null baseline\n"
    "  --depth=N      plies to search (1-12); without it each position uses the\n"
    "                 deepest depth whose EPD ;Dn count is at most 1,000,000;\n"
    "                 when all are larger, the shallowest if at most\n"
    "                 100,000,000 or of depth 3 or less; else 3 (unchecked,\n"
    "                 with a note), as when the line gives no counts\n"
    "  --reps=N       timed repetitions per method (1-1000, default 5); the\n"
    "                 time reported is their median, the spread their MAD\n"
    "  --divide       print the count under each root move (\"e2e4: 20\"), one\n"
    "                 block per position, with the first method, before the\n"
    "                 rows of its block\n"
    "  --threads=N    N threads count the block's subtrees (its positions split\n"
    "                 at the root moves) at once, sharing one copy of each\n"
    "                 method's tables, each pinned to its own CPU where the\n"
    "                 affinity allows; every repetition also counts the block\n"
    "                 with one of them, for the scaling (at most the CPUs this\n"
    "                 process may use)\n"
    "  --processes=N  the same with N processes, each with its own tables built\n"
    "                 after it starts, as N engine processes on one host\n"
    "  --pressure=SIZE  at every node also read one random entry of a SIZE hash\n"
    "                 table (a power of two from 4K to 256G, e.g. 64M), as a\n"
    "                 search probes its transposition table (default off)\n"
    "  --eval-bytes=N  at every node also read N bytes (up to 64M) of a 64 MB\n"
    "                 network, as an evaluation reads its weights (default off)\n"
    "  --csv=FILE     also write one row per method (the benchmark's metadata\n"
    "                 columns, then method, positions, depth, nodes, seconds\n"
    "                 (the median), nodes_per_second, relative, table_bytes,\n"
    "                 init_ms, reps, seconds_min, seconds_max, seconds_mad,\n"
    "                 samples_seconds (each repetition, space-separated),\n"
    "                 threads, processes, pressure_bytes, eval_bytes,\n"
    "                 seconds_one_worker (the median with one worker, or\n"
    "                 empty), scaling (its ratio to seconds, or empty)),\n"
    "                 through a temporary file renamed at the end\n"
    "  -f, --format=csv|bmf  standard output: csv, the rows below (default), or\n"
    "                 bmf, Bencher's JSON of the methods' speeds at the end\n"
    "                 instead (docs/compare-and-ci.md; not with --divide)\n"
    "  -h, --help     this text\n"
    "\n"
    "Standard output is CSV: position,depth,nodes,expected,status, one row per\n"
    "position (1-based index; expected from the ;Dn opcode, where 0 is a count,\n"
    "or empty; status ok, mismatch or unknown).  The summary (nodes, median\n"
    "seconds, MAD, nodes per second) and, with several methods, the comparison\n"
    "table go to standard error.\n"
    "\n"
    "A position must be legal: one king per side, no pawn on the first or last\n"
    "rank, the side not to move not in check.  Named files are checked whole\n"
    "before anything is counted (the first illegal position is named, the\n"
    "others counted, in one line); standard input as it is read.\n"
    "\n"
    "Exit status: 0 all counts match or are unknown, 1 a count differs from the\n"
    "EPD or the methods disagree, 2 bad usage, unreadable file, illegal\n"
    "position or a write error, 130 interrupted by SIGINT (143: SIGTERM, 129:\n"
    "SIGHUP unless ignored, as by nohup, 131: SIGQUIT); the rows and the\n"
    "summary of the blocks finished are still written, as they are\n"
    "when a bad line of standard input stops the run (exit 2).\n";

enum parsed { PARSED_RUN, PARSED_HELP, PARSED_ERROR };

/* A whole number from minimum to maximum in plain digits (as the
 * benchmark's options: no sign, no space) into *value, or -1. */
static int parse_number(const char *text, int minimum, int maximum, int *value)
{
    uint64_t number;
    if (parse_whole_number(text, (uint64_t)minimum, (uint64_t)maximum, &number) != 0)
        return -1;
    *value = (int)number;
    return 0;
}

static const char perft_prefix[] = "attackbench: perft";

static const struct option_name perft_options[] = {
    {"method", 'm', 1},   {"depth", 0, 1},    {"reps", 'r', 1},    {"divide", 0, 0},
    {"csv", 0, 1},        {"threads", 0, 1},  {"processes", 0, 1}, {"pressure", 0, 1},
    {"eval-bytes", 0, 1}, {"format", 'f', 1}, {"help", 'h', 0},    {NULL, 0, 0},
};

/* --threads=N or --processes=N: 1 to MAX_THREADS here; above the CPUs the
 * process may use, refused when the workers start. */
static enum parsed parse_workers(const struct argument *argument, struct perft_settings *settings)
{
    int threads = is_option(argument, "threads");
    int *count = threads ? &settings->threads : &settings->processes;
    if (parse_number(argument->value, 1, MAX_THREADS, count) != 0) {
        refuse(perft_prefix, "--%s must be 1 to %d, not '%s'", argument->option->name, MAX_THREADS, argument->value);
        return PARSED_ERROR;
    }
    if (settings->threads > 1 && settings->processes > 1) {
        refuse(perft_prefix, "--threads and --processes cannot both be above 1");
        return PARSED_ERROR;
    }
    return PARSED_RUN;
}

/* --pressure=SIZE as the benchmark takes it; --eval-bytes=N up to the
 * network's size. */
static enum parsed parse_memory(const struct argument *argument, struct perft_settings *settings)
{
    const char *value = argument->value;
    size_t size;
    if (is_option(argument, "pressure")) {
        char error[300];
        if (parse_pressure(value, &settings->pressure_bytes, error, sizeof error) != 0) {
            refuse(perft_prefix, "%s", error);
            return PARSED_ERROR;
        }
        settings->pressure_text = value;
    } else {
        if (parse_size(value, &size) != 0 || size < 1 || size > ENGINE_NETWORK_BYTES) {
            refuse(perft_prefix, "--eval-bytes=%s: expected a size from 1 to 64M", value);
            return PARSED_ERROR;
        }
        settings->eval_bytes = size;
    }
    return PARSED_RUN;
}

/* --depth=N or --reps=N. */
static enum parsed parse_count(const struct argument *argument, struct perft_settings *settings)
{
    int depth = is_option(argument, "depth");
    int maximum = depth ? MAX_DEPTH : PERFT_MAX_REPS;
    if (parse_number(argument->value, 1, maximum, depth ? &settings->depth : &settings->reps) != 0) {
        refuse(perft_prefix, "--%s must be 1 to %d, not '%s'", argument->option->name, maximum, argument->value);
        return PARSED_ERROR;
    }
    return PARSED_RUN;
}

static enum parsed parse_option(const struct argument *argument, struct perft_settings *settings)
{
    if (argument->option == NULL) {
        settings->files[settings->file_count++] = argument->value;
    } else if (is_option(argument, "help")) {
        return PARSED_HELP;
    } else if (is_option(argument, "method")) {
        settings->method_list = argument->value;
    } else if (is_option(argument, "depth") || is_option(argument, "reps")) {
        return parse_count(argument, settings);
    } else if (is_option(argument, "threads") || is_option(argument, "processes")) {
        return parse_workers(argument, settings);
    } else if (is_option(argument, "pressure") || is_option(argument, "eval-bytes")) {
        return parse_memory(argument, settings);
    } else if (is_option(argument, "divide")) {
        settings->divide = 1;
    } else if (is_option(argument, "csv")) {
        if (argument->value[0] == '\0') {
            refuse(perft_prefix, "--csv needs a file name");
            return PARSED_ERROR;
        }
        settings->csv_file = argument->value;
    } else if (is_option(argument, "format")) {
        if (strcmp(argument->value, "csv") != 0 && strcmp(argument->value, "bmf") != 0) {
            refuse(perft_prefix, "--format=%s: expected csv or bmf", argument->value);
            return PARSED_ERROR;
        }
        settings->bmf = strcmp(argument->value, "bmf") == 0;
    }
    return PARSED_RUN;
}

/* The options into *settings (files points into argv; free settings->files). */
static enum parsed parse_settings(int argc, char **argv, struct perft_settings *settings)
{
    *settings = (struct perft_settings){.method_list = "all", .reps = DEFAULT_REPS, .threads = 1, .processes = 1};
    settings->files = calloc((size_t)argc + 1, sizeof *settings->files);
    if (settings->files == NULL) {
        refuse(perft_prefix, "out of memory");
        return PARSED_ERROR;
    }
    struct argument_reader reader = {.argc = argc, .argv = argv, .next = 1, .takes_operands = 1};
    struct argument argument;
    char error[256];
    int read;
    while ((read = read_argument(&reader, perft_options, &argument, error, sizeof error)) > 0) {
        enum parsed parsed = parse_option(&argument, settings);
        if (parsed != PARSED_RUN)
            return parsed;
    }
    if (read < 0) {
        refuse(perft_prefix, "%s", error);
        return PARSED_ERROR;
    }
    if (settings->divide && settings->bmf) {
        refuse(perft_prefix, "--divide with --format=bmf: standard output is the JSON alone (use --format=csv)");
        return PARSED_ERROR;
    }
    if (settings->file_count == 0) {
        /* data/perft.epd of a source tree, else an install's copy. */
        static char default_file[PATH_MAX];
        settings->files[settings->file_count++] = data_file_path("perft.epd", default_file, sizeof default_file);
    }
    return PARSED_RUN;
}

/* The chosen methods, each with its tables built before anything is timed. */
static int open_run(struct perft_run *run, const struct perft_settings *settings)
{
    *run = (struct perft_run){.settings = settings};
    const struct backend *chosen[MAX_METHODS];
    const struct selection_rules rules = {.prefix = "attackbench: perft", .without_baseline = 1};
    int count = select_backends(settings->method_list, &rules, chosen, MAX_METHODS);
    if (count > MAX_METHODS) {
        fprintf(stderr, "attackbench: perft: --method=%s: more than %d methods\n", settings->method_list, MAX_METHODS);
        return -1;
    }
    if (count == 0)
        report_empty_selection(settings->method_list, "attackbench: perft");
    if (count <= 0)
        return -1;
    return perft_run_open(run, settings, chosen, count);
}

/* A run that counted no position: after a signal or a bad line of
 * standard input its line said why, alone (no "skipping" notes after an
 * error); else none was read. */
static int report_nothing_counted(const struct perft_run *run)
{
    if (interrupt_requested())
        return 0;
    if (run->input_failed)
        return PERFT_EXIT_USAGE;
    print_selection_notes();
    fprintf(stderr, "attackbench: perft: no positions read\n");
    return PERFT_EXIT_USAGE;
}

/* What the finished blocks give: the summary and the CSV, also after a
 * signal.  Returns 0 or PERFT_EXIT_USAGE. */
static int report(struct perft_run *run)
{
    if (run->positions == 0)
        return report_nothing_counted(run);
    print_selection_notes();
    perft_report_summary(run);
    const char *csv_file = run->settings->csv_file;
    if (csv_file && write_file_atomically(csv_file, perft_write_method_csv, run) != 0)
        return PERFT_EXIT_USAGE;
    if (run->settings->bmf) {
        perft_write_method_bmf(stdout, run);
        if ((fflush(stdout) != 0 || ferror(stdout)) && !interrupt_cut_write(errno)) {
            fprintf(stderr, "attackbench: perft: cannot write the results: %s\n", strerror(errno));
            return PERFT_EXIT_USAGE;
        }
    }
    return 0;
}

static int run_stages(struct perft_run *run)
{
    if (perft_check_files(run) != 0)
        return interrupt_requested() ? interrupt_exit_status() : PERFT_EXIT_USAGE;
    /* A bad line of standard input (or of a file that changed after its
     * check) stops the run as a signal does: the blocks finished before
     * it are reported and written, and the exit status is 2. */
    if (perft_count_files(run) != 0 && run->failed && !run->output_failed && !run->input_failed)
        return PERFT_EXIT_USAGE;
    if (interrupt_requested()) /* standard output is cut when a signal cut its write (a full pipe) */
        fprintf(stderr, "attackbench: perft: interrupted: reporting the %zu position%s finished%s\n", run->positions,
                run->positions == 1 ? "" : "s", ferror(stdout) ? "; standard output not written whole" : "");
    else if (run->input_failed && run->positions > 0)
        fprintf(stderr, "attackbench: perft: reporting the %zu position%s finished before the bad line (exit 2)\n",
                run->positions, run->positions == 1 ? "" : "s");
    if (report(run) != 0 || run->output_failed || run->input_failed)
        return PERFT_EXIT_USAGE;
    if (run->mismatches)
        return PERFT_EXIT_MISMATCH;
    return interrupt_requested() ? interrupt_exit_status() : 0;
}

int perft_command(int argc, char **argv)
{
    /* A closed pipe is reported as a write error, not a silent death. */
    signal(SIGPIPE, SIG_IGN);
    struct perft_settings settings;
    enum parsed parsed = parse_settings(argc, argv, &settings);
    const struct output_files outputs = {.prefix = perft_prefix,
                                         .csv = settings.csv_file,
                                         .inputs = settings.files,
                                         .input_count = (int)settings.file_count};
    if (parsed == PARSED_RUN &&
        (check_standard_input_once(perft_prefix, (const char *const *)settings.files, (int)settings.file_count) != 0 ||
         check_output_files(&outputs) != 0))
        parsed = PARSED_ERROR; /* said before the run, not after it */
    int status = parsed == PARSED_HELP ? write_help(perft_prefix, perft_usage_text) : PERFT_EXIT_USAGE;
    if (parsed == PARSED_RUN) {
        interrupt_catch_hangup();
        struct perft_run run;
        status = open_run(&run, &settings) == 0 ? run_stages(&run) : PERFT_EXIT_USAGE;
        perft_run_close(&run);
    }
    free(settings.files);
    return status;
}

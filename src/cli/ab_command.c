/* The command line of `attackbench ab` and its rounds: the two sides
 * (builds, plugins or methods), pairs in ABBA order until the sequential
 * test decides or the time is up, then the report (see ab.h). */
#define _GNU_SOURCE
#include "ab.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "command_line.h"
#include "commands.h"
#include "subcommands.h"
#include "output_checks.h"
#include "platform/interrupt.h"
#include "platform/timer.h"
#include "platform/work_directory.h"
#include "measure/cpu_choice.h"
#include "options.h"
#include "selection.h"
#include "registry/registry.h"

static const char ab_prefix[] = "attackbench ab";

static const char ab_usage[] =
    "usage: attackbench ab [--resolution=PCT] [--max-time=TIME] [--min-time=TIME] [--pair-time=TIME]\n"
    "                      [--keep-disturbed] [--csv=FILE] [--json=FILE] A B [BENCHMARK OPTION]...\n"
    "       attackbench ab [OPTION]... -m METHOD_A,METHOD_B [BENCHMARK OPTION]...\n"
    "\n"
    "Is B faster or slower than A, and by how much?  A and B are two builds\n"
    "(paths of attackbench programs), two plugins (FILE.so), or with -m two\n"
    "methods or formulations of this build (a plugin's too, with --plugin=FILE\n"
    "before ab).  Each pair starts a fresh process of A and of B, both\n"
    "pinned to one CPU once warm, and alternates their rounds of about a\n"
    "millisecond (A B B A ..., B first in every other pair) for --pair-time;\n"
    "the pair's ratio B/A is the trimmed mean over its blocks of four.  A\n"
    "sequential test (an SPRT on the pairs' log ratios, as fishtest's for\n"
    "games) stops as soon as it can tell \"B differs from A by\n"
    "less than R/2\" from \"by at least R\", at 5% error either way.  Prints\n"
    "the ratio B/A with its 95% interval, the pairs, the time and the verdict:\n"
    "B faster, B slower, no difference at this resolution, or undecided (the\n"
    "time ran out).  Blocks in which other work preempted a round are left\n"
    "out, and so are pairs with fewer than 4 blocks left, or whose sides ran\n"
    "on different CPUs; all are counted.  The options after A and B go\n"
    "to every side's benchmark, one group of it (default --workload=random\n"
    "--piece=queen --dispatch=batch --formulation=fixed; a build needs\n"
    "--method), and are checked before any side starts: with -m, a --param\n"
    "too, which both methods must take (each side runs with every --param).\n"
    "\n"
    "  --resolution=PCT  R, the smallest difference that matters (default 1%)\n"
    "  --max-time=TIME   stop undecided after TIME: seconds, or with a unit\n"
    "                    s, m or h (default 2m); a side still not answering\n"
    "                    at TIME plus twice --pair-time plus 10 s has failed;\n"
    "                    a TIME shorter than 10 pairs of --pair-time, which\n"
    "                    could only end undecided, is refused; 10 pairs is a\n"
    "                    floor: each pair also starts both sides (about 0.3 s\n"
    "                    on a 2-core guest), and disturbed pairs are left out\n"
    "  --min-time=TIME   no verdict before TIME (default 30s, or --max-time if\n"
    "                    shorter; and 10 pairs)\n"
    "  --pair-time=TIME  the alternated rounds of one pair (default 1s)\n"
    "  --keep-disturbed  keep the blocks and pairs other work preempted (the\n"
    "                    verdict then carries that load)\n"
    "  --csv=FILE        every pair: its order, each side's ns per query and CPU,\n"
    "                    the ratio, why it was left out, its blocks timed and\n"
    "                    its blocks left out as preempted\n"
    "  --json=FILE       the same with the verdict\n"
    "  -m, --method=A,B  two methods of this build instead of A and B, named as\n"
    "                    the benchmark's --method names them (in any case,\n"
    "                    globs, -NAME); the list must choose exactly two, and\n"
    "                    one it names that this CPU cannot run is refused\n"
    "  -h, --help        this text\n"
    "\n"
    "Exit status: 0 B not slower (B faster, no difference, or undecided), 3 B\n"
    "slower (also undecided when the pairs' confidence sequence alone puts B/A\n"
    "above 1 + R, said on stderr), 2 bad usage or a side that failed, 1 a side\n"
    "gave wrong attack sets, 130 interrupted (SIGINT; 143 for SIGTERM, 129\n"
    "SIGHUP, 131 SIGQUIT): the pairs finished are still reported and written.\n";

static const struct option_name ab_options[] = {
    {"resolution", 0, 1}, {"max-time", 0, 1}, {"pair-time", 0, 1},      {"min-time", 0, 1}, {"csv", 0, 1},
    {"json", 0, 1},       {"method", 'm', 1}, {"keep-disturbed", 0, 0}, {"help", 'h', 0},   {NULL, 0, 0},
};

/* Options of the benchmark that ab sets itself. */
static const char *const taken_options[] = {"--csv", "--json", "--plugin", "--format", "-f"};

/* Options of the benchmark that make a run which times no rounds. */
static const char *const untimed_options[] = {"--help", "-h",     "--list",        "-l",       "--version",
                                              "-V",     "--dump", "--verify-only", "--device", "--list-devices",
                                              "--count"};

/* "1", "1%", "0.5%": a percentage above 0 and below 100, as a fraction;
 * a plain decimal, as every command's numbers (no sign, space or exponent). */
static int parse_resolution(const char *text, double *resolution)
{
    double percent;
    if (parse_percentage(text, &percent) != 0 || !(percent > 0 && percent < 100))
        return -1;
    *resolution = percent / 100;
    return 0;
}

/* "90", "90s", "2m", "1.5h": seconds, above 0; a plain decimal and a unit. */
static int parse_duration(const char *text, double *seconds)
{
    size_t length = plain_decimal_length(text);
    const char *end = text + length;
    double unit = *end == 'h' ? 3600 : *end == 'm' ? 60 : 1;
    if (*end == 'h' || *end == 'm' || *end == 's')
        end++;
    errno = 0;
    double value = strtod(text, NULL);
    if (length == 0 || *end || errno || !(value > 0 && value * unit <= 7 * 86400))
        return -1;
    *seconds = value * unit;
    return 0;
}

/* Whether `word` is one of ab's own options (read before A and B). */
static int is_ab_option(const char *word)
{
    if (word[0] != '-' || strcmp(word, "--") == 0)
        return 0;
    if (word[1] != '-')
        return word[1] == 'm' || word[1] == 'h';
    for (int o = 0; ab_options[o].name; o++) {
        size_t length = strlen(ab_options[o].name);
        if (strncmp(word + 2, ab_options[o].name, length) == 0 && (word[2 + length] == '\0' || word[2 + length] == '='))
            return 1;
    }
    return 0;
}

/* Whether `word` is an option of ab's that the benchmark has not
 * (--resolution, --max-time, --pair-time, --keep-disturbed): after A and
 * B, where the benchmark's options go, it was given in the wrong place,
 * and the benchmark's parser would call it unknown. */
static int is_ab_only_option(const char *word)
{
    return is_ab_option(word) && word[1] == '-' && !benchmark_has_option(word + 2, strcspn(word + 2, "="));
}

/* One option into *run; -1 to go on, or the exit status. */
static int apply_option(const struct argument *argument, struct ab_run *run, const char **methods)
{
    if (is_option(argument, "help"))
        return write_help(ab_prefix, ab_usage);
    if (is_option(argument, "resolution") && parse_resolution(argument->value, &run->settings.resolution) != 0)
        return refuse(ab_prefix, "--resolution=%s: expected a percentage above 0 and below 100", argument->value);
    if (is_option(argument, "max-time") && parse_duration(argument->value, &run->max_seconds) != 0)
        return refuse(ab_prefix, "--max-time=%s: expected a time such as 90, 90s, 2m or 1h", argument->value);
    if (is_option(argument, "min-time") && parse_duration(argument->value, &run->min_seconds) != 0)
        return refuse(ab_prefix, "--min-time=%s: expected a time such as 30, 30s or 5m", argument->value);
    if (is_option(argument, "pair-time") &&
        (parse_duration(argument->value, &run->pair_seconds) != 0 || run->pair_seconds > 60))
        return refuse(ab_prefix, "--pair-time=%s: expected a time above 0 and at most 60 s, such as 1 or 0.5s",
                      argument->value);
    if ((is_option(argument, "csv") || is_option(argument, "json")) && argument->value[0] == '\0')
        return refuse(ab_prefix, "--%s needs a file name", argument->option->name);
    if (is_option(argument, "csv"))
        run->csv_file = argument->value;
    if (is_option(argument, "json"))
        run->json_file = argument->value;
    if (is_option(argument, "method"))
        *methods = argument->value;
    if (is_option(argument, "keep-disturbed"))
        run->keep_disturbed = 1;
    return -1;
}

/* A benchmark option that ab writes itself: refused with the reason; two
 * builds without --method, which would time every method of each. */
static int check_benchmark_arguments(const struct ab_run *run)
{
    int methods_named = 0;
    for (int a = 0; a < run->benchmark_count; a++) {
        const char *word = run->benchmark_arguments[a];
        for (size_t t = 0; t < sizeof taken_options / sizeof taken_options[0]; t++) {
            size_t length = strlen(taken_options[t]);
            if (strncmp(word, taken_options[t], length) == 0 &&
                (word[length] == '\0' || word[length] == '=' || (length == 2 && word[1] == 'f')))
                return refuse(ab_prefix, "%s: ab writes its own output and loads the plugins it compares", word);
        }
        for (size_t u = 0; u < sizeof untimed_options / sizeof untimed_options[0]; u++) {
            size_t length = strlen(untimed_options[u]);
            if (strncmp(word, untimed_options[u], length) == 0 && (word[length] == '\0' || word[length] == '='))
                return refuse(ab_prefix, "%s: a side must time one group of the benchmark, which this option does not",
                              word);
        }
        if (is_ab_only_option(word))
            return refuse(ab_prefix, "%s: an option of ab, given among the benchmark's: ab's options come before %s",
                          word, run->kind == AB_METHODS ? "the benchmark's" : "A and B, the benchmark's after them");
        if (strcmp(word, "-") == 0)
            return refuse(ab_prefix, "-: both sides would read the one standard input; name a file");
        int names_method = strncmp(word, "--method", 8) == 0 || strncmp(word, "-m", 2) == 0;
        if (names_method && run->kind != AB_BUILDS)
            return refuse(ab_prefix, "%s: the methods compared are A and B; --method is for two builds", word);
        methods_named |= names_method;
    }
    if (run->kind == AB_BUILDS && !methods_named)
        return refuse(ab_prefix, "two builds: name what to time with --method=NAME after A and B");
    return 0;
}

/* ab's --csv and --json replace none of its inputs: the programs the
 * sides run, the plugins they load, the position files they read. */
static int check_outputs(const struct ab_run *run, const struct options *side_options)
{
    const char *inputs[4 + AB_MAX_SIDE_ARGUMENTS];
    int input_count = 0;
    for (int s = 0; s < 2; s++) {
        inputs[input_count++] = run->sides[s].program;
        if (run->sides[s].plugin)
            inputs[input_count++] = run->sides[s].plugin;
    }
    for (int f = 0; f < side_options->file_count && f < AB_MAX_SIDE_ARGUMENTS; f++)
        inputs[input_count++] = side_options->files[f];
    const struct output_files outputs = {.prefix = ab_prefix,
                                         .csv = run->csv_file,
                                         .json = run->json_file,
                                         .inputs = inputs,
                                         .input_count = input_count};
    return check_output_files(&outputs);
}

/* -m A,B: each --param against the two methods, before any side starts
 * (each side would fail in its own lines).  Both sides run with every
 * --param, and the benchmark refuses a parameter its method has not: so
 * is ab, naming the method that lacks it; a bad value is the method's
 * own line.  Two builds or plugins check their own. */
static int check_parameters(const struct ab_run *run, const struct options *options)
{
    for (int p = 0; p < options->parameter_count && run->kind == AB_METHODS; p++) {
        const char *text = options->parameters[p], *quoted = options->parameters_typed[p];
        size_t length = strcspn(text, "=");
        char name[64];
        if (length >= sizeof name)
            return refuse(ab_prefix, "--param=%s: name too long", quoted);
        snprintf(name, sizeof name, "%.*s", (int)length, text);
        for (int s = 0; s < 2; s++) {
            const struct backend *backend = find_backend(run->sides[s].method);
            char error[256] = "";
            int status =
                backend->set_parameter ? backend->set_parameter(name, text + length + 1, error, sizeof error) : 1;
            if (status < 0)
                return refuse(ab_prefix, "--param=%s: %s: %s", quoted, backend->name, error);
            if (status > 0)
                return refuse(ab_prefix, "--param=%s: %s has no parameter '%s' (each side runs with every --param)",
                              quoted, backend->name, name);
        }
    }
    return 0;
}

/* The benchmark options as the sides read them, parsed before any side
 * starts by this build's own parser: a bad value, more than one group, a
 * file workload without a file, a --param the methods do not take or a
 * CPU this process may not use is one line and exit 2 here, not a failed
 * side; so is an output that would replace a position file the sides
 * read.  (A side's --plugin is loaded before the parser runs, so it is
 * left out here.) */
static int check_side_options(const struct ab_run *run)
{
    struct ab_side side = run->sides[0];
    side.plugin = NULL;
    char *words[AB_MAX_SIDE_ARGUMENTS + 1], error[512];
    static char storage[2][PATH_MAX + 16];
    int count = ab_side_arguments(run, &side, words, storage);
    struct options options;
    int status = 0;
    if (parse_options(count, words, &options, error, sizeof error) != 0)
        status = refuse(ab_prefix, "%s", error);
    else if (check_ab_side_group(&options) != 0 || check_parameters(run, &options) != 0)
        status = AB_EXIT_USAGE;
    else if (check_cpu_request(options.threads, options.pin_cpu, error, sizeof error) != 0)
        status = refuse(ab_prefix, "%s", error);
    else if (check_outputs(run, &options) != 0)
        status = AB_EXIT_USAGE;
    free(options.files);
    return status;
}

/* --max-time must hold the pairs a verdict needs (SEQUENTIAL_MIN_PAIRS),
 * each of --pair-time's rounds at least: a shorter limit could only end
 * undecided, whatever A and B are.  A floor only: each pair also starts
 * both sides (about 0.3 s on a loaded 2-core guest, the eighth hostile
 * trial: 8 pairs in 10 s at --pair-time=0.5), and disturbed pairs are
 * left out, so a limit just above it may still end undecided; the help
 * and the message say so.  The tests' short runs rely on this floor. */
static int check_time_for_pairs(const struct ab_run *run)
{
    double needed = SEQUENTIAL_MIN_PAIRS * run->pair_seconds;
    if (run->max_seconds >= needed * (1 - 1e-9))
        return 0;
    return refuse(ab_prefix,
                  "--max-time=%g s cannot hold the %d pairs a verdict needs at --pair-time=%g s: no verdict could "
                  "come in time (give well over --max-time=%g, as each pair also starts both sides, or a shorter "
                  "--pair-time)",
                  run->max_seconds, SEQUENTIAL_MIN_PAIRS, run->pair_seconds, needed);
}

/* The options, A and B (or -m A,B) and the benchmark's options into *run.
 * Returns -1 to go on, or the exit status. */
static int parse_command_line(int argc, char **argv, struct ab_run *run, const char **operands, const char **methods)
{
    struct argument_reader reader = {.argc = argc, .argv = argv, .next = 1, .takes_operands = 1};
    struct argument argument;
    char error[256];
    int count = 0, status;
    while (reader.next < argc && is_ab_option(argv[reader.next])) {
        if (read_argument(&reader, ab_options, &argument, error, sizeof error) < 0)
            return refuse(ab_prefix, "%s", error);
        if ((status = apply_option(&argument, run, methods)) >= 0)
            return status;
    }
    if (reader.next < argc && strcmp(argv[reader.next], "--") == 0)
        reader.next++;
    while (*methods == NULL && count < 2 && reader.next < argc && argv[reader.next][0] != '-')
        operands[count++] = argv[reader.next++];
    if (*methods == NULL && count < 2 && reader.next < argc && argv[reader.next][0] == '-')
        return refuse(ab_prefix,
                      "%s: not an option of ab (ab's options come before A and B, the benchmark's after them)",
                      argv[reader.next]);
    if (*methods == NULL && count < 2)
        return refuse(ab_prefix,
                      "expected A and B: two builds, two plugins (.so) or -m METHOD_A,METHOD_B "
                      "(usage: attackbench ab [OPTION]... A B [BENCHMARK OPTION]...; --help lists the options)");
    run->benchmark_arguments = argv + reader.next;
    run->benchmark_count = argc - reader.next;
    return -1;
}

static int ends_with(const char *text, const char *end)
{
    size_t length = strlen(text), tail = strlen(end);
    return length >= tail && strcmp(text + length - tail, end) == 0;
}

/* The backends `list` chooses as the benchmark's --method does (in any
 * case, globs, -NAME applied to the whole list; a glob's matches this CPU
 * cannot run left out, as the benchmark leaves them out, and those named
 * kept, for a later check that says why) into `found`, at most
 * `capacity`.  How many the whole list chooses (possibly more than
 * `capacity`), or -1 after the selection's line. */
static int match_methods(const char *list, const struct backend **found, size_t capacity)
{
    const struct selection_rules rules = {
        .prefix = ab_prefix, .without_baseline = 1, .quiet = 1, .keep_named_unavailable = 1};
    return select_backends(list, &rules, found, capacity);
}

/* -m A,B's sides: A and B matched one at a time (so that A,A times a
 * method against itself), or matched whole, a list with an empty item, a
 * -NAME or more than two items.  How many it chooses (3 for more than
 * two), or -1 after the selection's line. */
static int match_sides(const char *methods, const struct backend *found[4])
{
    const char *comma = strchr(methods, ',');
    int count;
    if (comma == NULL || comma == methods || comma[1] == '\0' || strchr(comma + 1, ',') || methods[0] == '-' ||
        comma[1] == '-') {
        count = match_methods(methods, found, 3);
        return count > 3 ? 3 : count;
    }
    char first[2 * AB_NAME_SIZE];
    snprintf(first, sizeof first, "%.*s", (int)(comma - methods), methods);
    count = match_methods(first, found, 2);
    if (count < 0)
        return -1;
    /* B is still read whole, to refuse a wrong name in it. */
    int more = match_methods(comma + 1, count <= 2 ? found + count : found, count <= 2 ? 2 : 0);
    if (more < 0)
        return -1;
    return count + more > 3 ? 3 : count + more;
}

/* How many methods a list chose, up to "more than two". */
static const char *count_in_words(int count)
{
    static const char *const words[] = {"none", "one", "two"};
    return count <= 2 ? words[count] : "more than two";
}

/* -m A,B: two methods of this build, named as the benchmark's --method
 * names them (whether this CPU runs them is checked last). */
static int set_methods(struct ab_run *run, const char *methods, const char *self)
{
    const struct backend *found[4];
    if (check_plain_names(methods, ab_prefix, "a side") != 0)
        return AB_EXIT_USAGE;
    int count = match_sides(methods, found);
    if (count < 0)
        return AB_EXIT_USAGE;
    if (count != 2)
        return refuse(ab_prefix, "--method=%s: expected two methods, METHOD_A,METHOD_B (the list chooses %s)", methods,
                      count_in_words(count));
    for (int s = 0; s < 2; s++) {
        /* A plugin's method: its side loads that plugin (--plugin before ab). */
        run->sides[s] = (struct ab_side){.label = found[s]->name, .program = self, .plugin = found[s]->plugin_file};
        snprintf(run->sides[s].method, sizeof run->sides[s].method, "%s", found[s]->name);
    }
    run->kind = AB_METHODS;
    return -1;
}

/* -m A,B: each side's method one this CPU runs, checked last of all the
 * options, just before the sides start (a side would fail in three
 * lines), so that any other mistake is the line a run gets. */
static int check_methods_run_here(const struct ab_run *run)
{
    for (int s = 0; s < 2 && run->kind == AB_METHODS; s++) {
        const char *unavailable = backend_unavailable_reason(find_backend(run->sides[s].method));
        if (unavailable)
            return refuse(ab_prefix, "%s cannot run here: %s", run->sides[s].method, unavailable);
    }
    return -1;
}

/* A build: a regular file this user may run (a directory passes X_OK).
 * 0, or -1 with errno set. */
static int check_program(const char *path)
{
    struct stat status;
    if (stat(path, &status) != 0)
        return -1;
    if (!S_ISREG(status.st_mode)) {
        errno = S_ISDIR(status.st_mode) ? EISDIR : EACCES;
        return -1;
    }
    return access(path, X_OK);
}

/* A and B: two plugins (both FILE.so) or two builds; no --plugin before
 * ab, which neither form would load in its sides. */
static int set_operands(struct ab_run *run, const char **operands, const char *self)
{
    if (backend_count > registry_built_in_count())
        return refuse(ab_prefix,
                      "--plugin=%s: only -m METHOD_A,METHOD_B takes a plugin's method; two builds or "
                      "two plugins (A B) load no other plugin",
                      backends[backend_count - 1]->plugin_file);
    int plugins = ends_with(operands[0], ".so") + ends_with(operands[1], ".so");
    if (plugins == 1)
        return refuse(ab_prefix, "%s and %s: expected two builds or two plugins (.so), not one of each", operands[0],
                      operands[1]);
    run->kind = plugins ? AB_PLUGINS : AB_BUILDS;
    for (int s = 0; s < 2; s++)
        if (operands[s][0] == '\0')
            return refuse(ab_prefix, "an empty operand: expected two builds or two plugins (.so)");
    for (int s = 0; s < 2; s++) {
        run->sides[s] = (struct ab_side){
            .label = operands[s], .program = plugins ? self : operands[s], .plugin = plugins ? operands[s] : NULL};
        if (plugins) {
            int status = ab_plugin_method(operands[s], run->sides[s].method, sizeof run->sides[s].method);
            if (status != 0)
                return status;
        } else if (check_program(operands[s]) != 0) {
            return refuse(ab_prefix, "%s: not a program this user can run (%s)", operands[s], strerror(errno));
        }
    }
    return -1;
}

/* Room for pair `index`; -1 when out of memory. */
static int make_room(struct ab_run *run, int index)
{
    if (index < run->pair_capacity)
        return 0;
    int capacity = run->pair_capacity ? 2 * run->pair_capacity : 256;
    struct ab_pair *pairs = realloc(run->pairs, (size_t)capacity * sizeof *pairs);
    double *logs = pairs ? realloc(run->log_ratios, (size_t)capacity * sizeof *logs) : NULL;
    if (pairs)
        run->pairs = pairs;
    if (logs)
        run->log_ratios = logs;
    if (pairs == NULL || logs == NULL)
        return -1;
    run->pair_capacity = capacity;
    return 0;
}

/* Pairs until a verdict, the time limit, the end of a replay or a
 * failure.  The test looks after every whole ABBA block, so that an
 * order effect (the second process of a pair faster) cancels. */
static int run_pairs(struct ab_run *run)
{
    double start = seconds_on_clock(CLOCK_MONOTONIC);
    run->deadline = start + run->max_seconds + 2 * run->pair_seconds + AB_GRACE_SECONDS;
    for (int index = 0; run->state.verdict == SEQUENTIAL_UNDECIDED; index++) {
        if (index % 2 == 0 && seconds_on_clock(CLOCK_MONOTONIC) - start >= run->max_seconds)
            break;
        if (make_room(run, index) != 0) {
            fprintf(stderr, "attackbench ab: out of memory after %d pairs\n", index);
            return AB_EXIT_USAGE;
        }
        int status = ab_measure_pair(run, index);
        if (status == AB_REPLAY_ENDED || interrupt_requested())
            break; /* the replay ended, or a signal: the pairs finished are reported */
        if (status != 0)
            return status;
        run->pair_count = index + 1;
        run->seconds = seconds_on_clock(CLOCK_MONOTONIC) - start;
        const struct ab_pair *pair = &run->pairs[index];
        if (pair->disturbed[0] == '\0' || (run->keep_disturbed && strcmp(pair->disturbed, "different-cpus") != 0))
            run->log_ratios[run->kept++] = pair->log_ratio;
        run->state = sequential_test(run->log_ratios, run->kept, &run->settings);
        if (index % 2 == 0 || run->seconds < run->min_seconds)
            run->state.verdict = SEQUENTIAL_UNDECIDED; /* a block is not whole, or --min-time not reached */
        if (run->pair_count % 10 == 0)
            ab_show_progress(run);
    }
    run->seconds = seconds_on_clock(CLOCK_MONOTONIC) - start;
    return 0;
}

/* The work directory's files: the sides' logs. */
static const char *const work_files[] = {"side-a.log", "side-b.log"};
enum { WORK_FILE_COUNT = sizeof work_files / sizeof work_files[0] };

/* The value the benchmark options give `name` ("--pin=3" or "--pin 3",
 * the last one), or NULL. */
static const char *benchmark_option(const struct ab_run *run, const char *name)
{
    const char *value = NULL;
    size_t length = strlen(name);
    for (int a = 0; a < run->benchmark_count; a++) {
        const char *word = run->benchmark_arguments[a];
        if (strncmp(word, "--", 2) != 0 || strncmp(word + 2, name, length) != 0)
            continue;
        if (word[2 + length] == '=')
            value = word + 3 + length;
        else if (word[2 + length] == '\0' && a + 1 < run->benchmark_count)
            value = run->benchmark_arguments[a + 1];
    }
    return value;
}

/* The CPU both sides' rounds run on: the one --pin names, none with
 * --pin=none or several threads (each side then places its own), else
 * the quietest CPU no other attackbench run holds, held by ab. */
static int choose_pair_cpu(const struct ab_run *run)
{
    const char *pin = benchmark_option(run, "pin"), *threads = benchmark_option(run, "threads");
    if ((threads && atoi(threads) > 1) || (pin && strcmp(pin, "none") == 0))
        return -1;
    if (pin)
        return atoi(pin);
    int allowed[MAX_THREADS], cpu = -1;
    int count = allowed_cpus(allowed, MAX_THREADS);
    if (count <= 0 || choose_quiet_cpus(allowed, count, 1, &cpu) < 0)
        return -1;
    return cpu;
}

/* Undecided when the time ran out (before 10 pairs, say), yet the
 * confidence sequence alone, whose errors over every look sum to 1% at
 * most, puts B/A above 1 + R: exit 0 would say "B not slower", which the
 * pairs measured deny, so ab exits 3 as for B slower, with a line saying
 * why.  The verdict stays undecided: the sequential test reached none. */
static int slower_though_undecided(const struct ab_run *run)
{
    int slower = run->state.verdict == SEQUENTIAL_UNDECIDED && run->kept > 1 &&
                 run->state.interval_verdict == SEQUENTIAL_B_SLOWER;
    if (slower)
        fprintf(stderr,
                "attackbench ab: undecided, but the %d pairs' confidence sequence already puts B/A "
                "above 1 + %g%%: exit 3, as for B slower\n",
                run->kept, 100 * run->settings.resolution);
    return slower;
}

/* SIGINT and SIGTERM, and also SIGHUP and SIGQUIT: each ends the sides,
 * removes the work directory and reports the pairs finished. */
static void catch_signals(void)
{
    interrupt_catch_hangup();
}

/* The sides set, the rounds run, the report written. */
static int run_ab(struct ab_run *run)
{
    char directory[WORK_DIRECTORY_SIZE];
    if (work_directory_make(directory, sizeof directory, "ab") != 0) {
        int error = errno;
        return refuse(ab_prefix, "cannot make a work directory %s: %s", directory, strerror(error));
    }
    struct work_directory_janitor janitor = work_directory_start_janitor(directory, work_files, WORK_FILE_COUNT);
    run->work_directory = directory;
    run->cpu = choose_pair_cpu(run);
    catch_signals();
    int status = run_pairs(run);
    work_directory_remove(directory, work_files, WORK_FILE_COUNT);
    work_directory_end_janitor(janitor);
    /* A side that failed (crashed, stopped answering, exited) after some
     * pairs: they are reported and written as after an interrupt, and the
     * exit status stays the failure's.  Wrong attack sets (1) are not. */
    int failed_after_pairs =
        run->side_broke && status == AB_EXIT_USAGE && run->pair_count > 0 && !interrupt_requested();
    const char *pairs = run->pair_count == 1 ? "pair" : "pairs";
    if (interrupt_requested() && run->pair_count == 0)
        fprintf(stderr, "attackbench ab: interrupted before any pair finished: nothing reported or written\n");
    else if (interrupt_requested())
        fprintf(stderr, "attackbench ab: interrupted: reporting the %d %s finished\n", run->pair_count, pairs);
    else if (failed_after_pairs)
        fprintf(stderr, "attackbench ab: reporting the %d %s finished before the side failed (exit 2)\n",
                run->pair_count, pairs);
    if (status == 0 && (run->pair_count > 0 || !interrupt_requested()))
        status = ab_report(run);
    else if (failed_after_pairs)
        ab_report(run);
    free(run->pairs);
    free(run->log_ratios);
    if (interrupt_requested())
        return interrupt_exit_status();
    if (status == 0 && (run->state.verdict == SEQUENTIAL_B_SLOWER || slower_though_undecided(run)))
        return AB_EXIT_SLOWER;
    return status;
}

int ab_command(int argc, char **argv)
{
    signal(SIGPIPE, SIG_IGN);
    static struct ab_run run;
    run = (struct ab_run){
        .settings = {.resolution = 0.01, .error = 0.05}, .max_seconds = 120, .pair_seconds = -1, .min_seconds = -1};
    const char *operands[2] = {NULL, NULL}, *methods = NULL;
    char self[PATH_MAX];
    int status = parse_command_line(argc, argv, &run, operands, &methods);
    if (status >= 0)
        return status;
#if defined(__wasi__)
    return refuse(ab_prefix, "not under WebAssembly: each side runs as a process of its own, which WASI cannot start");
#endif
    ssize_t length = readlink("/proc/self/exe", self, sizeof self - 1);
    if (length <= 0)
        return refuse(ab_prefix, "cannot find this program (/proc/self/exe)");
    self[length] = '\0';
    status = methods ? set_methods(&run, methods, self) : set_operands(&run, operands, self);
    if (status >= 0)
        return status;
    if (check_benchmark_arguments(&run) != 0 || check_side_options(&run) != 0)
        return AB_EXIT_USAGE;
    if (run.min_seconds > run.max_seconds)
        return refuse(ab_prefix, "--min-time=%g s is longer than --max-time=%g s: no verdict could come in time",
                      run.min_seconds, run.max_seconds);
    if (run.pair_seconds > run.max_seconds)
        return refuse(ab_prefix, "--pair-time=%g s is longer than --max-time=%g s: not one pair could come in time",
                      run.pair_seconds, run.max_seconds);
    if (run.pair_seconds < 0)
        run.pair_seconds = AB_PAIR_SECONDS;
    if (check_time_for_pairs(&run) != 0)
        return AB_EXIT_USAGE;
    if ((status = check_methods_run_here(&run)) >= 0)
        return status;
    if (run.min_seconds < 0) /* the default, or the limit where that is shorter */
        run.min_seconds = ab_replaying() ? 0 : run.max_seconds < AB_MIN_SECONDS ? run.max_seconds : AB_MIN_SECONDS;
    return run_ab(&run);
}

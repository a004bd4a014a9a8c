/* The command line of `attackbench compare BASE NEW`: its options into
 * compare_settings, then results/compare.c compares the two files. */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "command_line.h"
#include "subcommands.h"
#include "results/compare.h"

static const char compare_prefix[] = "attackbench compare";

static const char compare_usage[] =
    "usage: attackbench compare [--threshold=PCT] [--absolute] [--strict] [--normalize=METHOD] [--format=bmf]\n"
    "                           [--method=GLOB,...] [--piece=GLOB,...] [--workload=GLOB,...] [--] BASE NEW\n"
    "\n"
    "Compares two result files written by attackbench (--csv or --json, or the\n"
    "CSV of --count=instructions; \"-\" for one of them is standard input) row\n"
    "by row: rows match when method, piece, workload, dispatch, mode, pressure,\n"
    "phase, threads, layout, parameters (--param) and metric agree; a method\n"
    "run with other parameters is listed as found in one file only.\n"
    "Prints a markdown table: the median of each side, the ratio new/base\n"
    "(Hodges-Lehmann) with its 95% interval (Mann-Whitney), both after the\n"
    "group's shift when it is taken out (the figures the verdict is read from),\n"
    "and a verdict; then the geometric mean of the ratios shown (with that of\n"
    "the raw ratios where the shifts changed them), the rows only one file\n"
    "has, and the lists of slower and faster rows.\n"
    "Instruction counts are exact: their ratio needs no interval.\n"
    "\n"
    "  --threshold=PCT     the smallest change that counts (default 20 for times,\n"
    "                      the spread of one method between two runs of one\n"
    "                      build; 5 for instruction counts, which are exact): slower\n"
    "                      when the whole interval lies above 1 + PCT/100,\n"
    "                      faster when it lies below 1 / (1 + PCT/100), else\n"
    "                      no change; a slower row is a regression\n"
    "  --absolute          judge timed rows by their raw ratios; by default the\n"
    "                      shift a whole group shares (the median ratio of the\n"
    "                      methods with the same piece, workload, dispatch, mode,\n"
    "                      pressure, phase, threads and layout, when there are 3 or\n"
    "                      more:\n"
    "                      the state of the machine, not a change) is taken out\n"
    "                      first; null, the harness, gets no verdict\n"
    "  --strict            judge rows that either run flagged as disturbed\n"
    "                      (warnings cpu-contention or canary-drift); by default\n"
    "                      their verdict is \"unreliable (disturbed: ...)\", never a\n"
    "                      regression\n"
    "  --method=GLOB,...   judge only the rows whose method matches one of the\n"
    "  --piece=GLOB,...    shell patterns (and likewise piece and workload); the\n"
    "  --workload=GLOB,... group shift still comes from every method of a group\n"
    "  --normalize=METHOD  compare each method's time divided by METHOD's in\n"
    "                      the same run, so that runs of different machines,\n"
    "                      compilers or flags can be compared by ratio\n"
    "  -m, -p, -w          the same as --method, --piece, --workload\n"
    "  -f, --format=markdown|bmf  the table (default), or Bencher's JSON: one\n"
    "                      benchmark per row, the measure \"ratio\" with its\n"
    "                      interval (docs/compare-and-ci.md)\n"
    "  -h, --help          this text\n"
    "\n"
    "Exit status: 0 no row regressed, 2 bad usage, unreadable or malformed\n"
    "file, runs of different machines or builds without --normalize, or no\n"
    "row in common (after the filters), 3 at least one row regressed.\n";

static const struct option_name compare_options[] = {
    {"threshold", 0, 1}, {"absolute", 0, 0},   {"strict", 0, 0},   {"normalize", 0, 1}, {"method", 'm', 1},
    {"piece", 'p', 1},   {"workload", 'w', 1}, {"format", 'f', 1}, {"help", 'h', 0},    {NULL, 0, 0},
};

/* The filter options, in the order of compare_settings.filters. */
static const char *const filter_names[COMPARE_FILTER_COUNT] = {"method", "piece", "workload"};

/* A percentage from 0 to 999 as a fraction: a plain decimal (no sign,
 * space, exponent or hex) with an optional '%'. */
static int parse_threshold(const char *text, double *threshold)
{
    double percent;
    if (parse_percentage(text, &percent) != 0 || !(percent >= 0 && percent < 1000))
        return -1;
    *threshold = percent / 100;
    return 0;
}

/* A comma-separated list of patterns with one pattern at least. */
static int has_pattern(const char *patterns)
{
    return strspn(patterns, ",") != strlen(patterns);
}

/* One option into *settings; returns -1 to go on, or the exit status. */
static int apply_option(const struct argument *argument, struct compare_settings *settings)
{
    if (is_option(argument, "help"))
        return write_help(compare_prefix, compare_usage);
    if (is_option(argument, "absolute")) {
        settings->absolute = 1;
    } else if (is_option(argument, "strict")) {
        settings->strict = 1;
    } else if (is_option(argument, "normalize")) {
        if (argument->value[0] == '\0')
            return refuse(compare_prefix, "--normalize needs a value (a method's name)");
        settings->normalize = argument->value;
    } else if (is_option(argument, "format")) {
        if (strcmp(argument->value, "markdown") != 0 && strcmp(argument->value, "bmf") != 0)
            return refuse(compare_prefix, "--format=%s: expected markdown or bmf", argument->value);
        settings->bmf = strcmp(argument->value, "bmf") == 0;
    } else if (is_option(argument, "threshold")) {
        if (parse_threshold(argument->value, &settings->threshold) != 0)
            return refuse(compare_prefix, "--threshold=%s: expected a percentage from 0 to 999", argument->value);
    } else {
        for (int f = 0; f < COMPARE_FILTER_COUNT; f++)
            if (is_option(argument, filter_names[f])) {
                if (!has_pattern(argument->value))
                    return refuse(compare_prefix, "--%s: expected one or more patterns", filter_names[f]);
                settings->filters[f] = argument->value;
            }
    }
    return -1;
}

/* Whether `path` names standard input: "-", or a path to descriptor 0's
 * own file (/dev/stdin, /dev/fd/0, /proc/self/fd/0, a FIFO's name) when
 * that is no regular file: a pipe or a terminal can be read once, where
 * a regular file is opened again from its start. */
static int names_standard_input(const char *path)
{
    if (strcmp(path, "-") == 0)
        return 1;
    struct stat input, named;
    return fstat(STDIN_FILENO, &input) == 0 && !S_ISREG(input.st_mode) && stat(path, &named) == 0 &&
           named.st_dev == input.st_dev && named.st_ino == input.st_ino;
}

/* BASE and NEW both standard input: refused, since the second would read
 * nothing.  -1 to go on, or the exit status. */
static int check_one_standard_input(const struct compare_settings *settings)
{
    const char *base = settings->paths[0], *changed = settings->paths[1];
    if (strcmp(base, "-") == 0 && strcmp(changed, "-") == 0)
        return refuse(compare_prefix, "'-' is given for BASE and NEW: standard input can be read once");
    if (names_standard_input(base) && names_standard_input(changed))
        return refuse(compare_prefix, "BASE '%s' and NEW '%s' are both standard input, which can be read once", base,
                      changed);
    return -1;
}

/* Returns -1 to go on, or the exit status (0 after --help). */
static int parse_compare_settings(int argc, char **argv, struct compare_settings *settings)
{
    *settings = (struct compare_settings){.threshold = -1};
    struct argument_reader reader = {.argc = argc, .argv = argv, .next = 1, .takes_operands = 1};
    struct argument argument;
    char error[256];
    int files = 0, read, status;
    while ((read = read_argument(&reader, compare_options, &argument, error, sizeof error)) > 0) {
        if (argument.option == NULL) {
            if (files == 2)
                return refuse(compare_prefix, "more than two files");
            settings->paths[files++] = argument.value;
        } else if ((status = apply_option(&argument, settings)) >= 0) {
            return status;
        }
    }
    if (read < 0)
        return refuse(compare_prefix, "%s", error);
    if (files != 2)
        return refuse(compare_prefix, "expected two files, BASE and NEW "
                                      "(usage: attackbench compare [OPTION]... BASE NEW; --help lists the options)");
    return check_one_standard_input(settings);
}

int compare_command(int argc, char **argv)
{
    /* A closed pipe is reported as a write error, not a silent death. */
    signal(SIGPIPE, SIG_IGN);
    struct compare_settings settings;
    int status = parse_compare_settings(argc, argv, &settings);
    return status >= 0 ? status : compare_result_files(&settings);
}

/* Command-line parsing for the main benchmark: its options, each applied
 * to struct options; read_argument() (command_line.h) reads them, in the
 * spellings every command shares. */
#include "options.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "command_line.h"
#include "subcommands.h"
#include "measure/runner.h"
#include "base/error_message.h"
#include "base/piece.h"

const char usage_text[] =
    "usage: attackbench [OPTION]... [FILE]...\n"
    "       attackbench perft [OPTION]... FILE...     (attackbench perft --help)\n"
    "       attackbench genpos [OPTION]...            (attackbench genpos --help)\n"
    "       attackbench recommend [OPTION]...         (attackbench recommend --help)\n"
    "       attackbench compare [OPTION]... BASE NEW  (attackbench compare --help)\n"
    "       attackbench ab [OPTION]... A B [OPTION]...  (attackbench ab --help)\n"
    "\n"
    "Measure sliding-piece attack generators (rook, bishop, queen attack sets) on\n"
    "positions from FEN/EPD files ('-' is standard input) or on random occupancies.\n"
    "\n"
    "Selection:\n"
    "  -m, --method=LIST            backends to measure, comma-separated (default all available;\n"
    "                               see --list): names in any case, globs ('magic-*'), all,\n"
    "                               and -NAME to leave one out ('all,-reference')\n"
    "  -w, --workload=KIND[,KIND]   pieces (default): every rook, bishop and queen of each\n"
    "                               position; squares: all 64 squares per position;\n"
    "                               random: occupancy r1 & r2, 12 squares each, no file;\n"
    "                               sets: each side's slider attack map (ns per position-side);\n"
    "                               sides: each slider of a side against one occupancy\n"
    "                               (ns per slider)\n"
    "  -p, --piece=PIECE[,PIECE]    rook, bishop, queen, both (a queen's rook and bishop\n"
    "                               sets, each returned, from one call) or all (rook,\n"
    "                               bishop and queen: the default; all,both: all four)\n"
    "      --param=NAME=VALUE       a backend parameter (e.g. --param=hash-bits=12; a\n"
    "                               number is recorded normalised: 08 as 8)\n"
    "\n"
    "Measurement:\n"
    "      --dispatch=KIND[,KIND]   call: one indirect call per query through the\n"
    "                               backend table; batch: the backend's own loop with\n"
    "                               the lookup inlined; both (default)\n"
    "      --chain                  latency: each occupancy depends on the last result\n"
    "      --pressure=SIZE          read a random cache line of a SIZE buffer (power of\n"
    "                               two, K/M/G suffix in either case, e.g. 64M or 64m)\n"
    "                               between lookups\n"
    "      --phase                  split the file workloads by game phase\n"
    "      --threads=N              N threads, each pinned to its own CPU (default 1)\n"
    "      --pin=CPU|none           CPU for the measuring thread (default: the least\n"
    "                               busy one, the faster by a memory probe among\n"
    "                               equals)\n"
    "  -r, --reps=N                 timed repetitions per method (default 15)\n"
    "      --target-spread=PCT      add rounds of --reps repetitions to a group until every\n"
    "                               method's spread (MAD) is at most PCT% of its median, or\n"
    "      --min-time=SECONDS       ...this much time went into the group (default 10 with\n"
    "                               --target-spread); the rows that did not get there are named\n"
    "  -c, --calls=N                lookups per repetition, at least (default 1000000)\n"
    "      --queries=N              length of the random stream (default 65536)\n"
    "      --layout=queries|positions  how the random stream lies in memory: queries\n"
    "                               (default): an occupancy and a square per query;\n"
    "                               positions: Chess_Movegen's, each occupancy read once\n"
    "                               for its 12 squares, --positions of them\n"
    "      --positions=N            positions of the positions layout (default 5000000)\n"
    "      --max-queries=N          queries kept per stream from files (default 1048576;\n"
    "                               more are reservoir-sampled)\n"
    "      --seed=N                 random seed (default 1)\n"
    "      --formulation=HOW        measured (default): a technique with several\n"
    "                               formulations (--list) runs the fastest of a short\n"
    "                               calibration on this CPU; fixed: its default one\n"
    "      --timer=tsc|clock        time-stamp counter (default) or clock_gettime; tsc falls\n"
    "                               back to clock_gettime, saying why, when the CPU has no\n"
    "                               invariant TSC or even the cheapest of 1001 reads costs\n"
    "                               over 200 ticks, in 7 probes over 0.3 s (a trapped TSC:\n"
    "                               one slow read, preempted, or a spell of traps by a\n"
    "                               loaded hypervisor never decides);\n"
    "                               ATTACKBENCH_TIMER_PROBE=trapped or =no-invariant-tsc\n"
    "                               takes either path on any machine\n"
    "\n"
    "Output:\n"
    "  -f, --format=table|csv|json|bmf  standard output format (default table); bmf:\n"
    "                               Bencher's JSON (docs/compare-and-ci.md)\n"
    "      --csv=FILE               also write CSV to FILE (replaced atomically)\n"
    "      --json=FILE              also write JSON to FILE (replaced atomically)\n"
    "      --count=instructions     instead of timing, count each backend's\n"
    "                               instructions per lookup under valgrind's\n"
    "                               callgrind (needs valgrind and a build without\n"
    "                               AVX-512: make instructions)\n"
    "  -q, --quiet                  no context lines nor measurement warnings on standard\n"
    "                               error (they stay in the CSV and JSON warnings column)\n"
    "\n"
    "Checks and information:\n"
    "      --verify                 check every selected backend against the reference\n"
    "                               (every subset of every relevant mask, random boards,\n"
    "                               every query of the files) before timing\n"
    "      --verify-only            the same checks, no timing\n"
    "      --verify-boards=N        random boards of each check (default 1000000)\n"
    "      --dump                   CSV position,square,piece,attacks for every slider of\n"
    "                               the files, from one --method (default reference);\n"
    "                               --workload=sides: the same through its multi-square\n"
    "                               path; --workload=sets: position,side,attacks; the\n"
    "                               options it does not honour are refused\n"
    "      --plugin=FILE            load a backend built against include/attackbench_plugin.h\n"
    "                               from FILE (repeatable, up to 16; every command; docs/plugins.md)\n"
    "  -l, --list                   the backends, whether available, table bytes, needs\n"
    "                               (and which run on an OpenCL device); with --method,\n"
    "                               those it names, available or not\n"
    "      --device=opencl[:N]      run the device techniques on OpenCL device N (default 0)\n"
    "                               beside the CPU's fastest, on the random queen stream\n"
    "                               (make opencl; docs/gpu.md); reads no files, and the\n"
    "                               options it does not honour are refused\n"
    "      --list-devices           the OpenCL platforms and devices (make opencl)\n"
    "      --skip-invalid           report and skip malformed lines instead of failing\n"
    "  -h, --help                   this text\n"
    "  -V, --version                the version\n"
    "\n"
    "Exit status: 0 success, 1 a backend gave wrong results (or, with --device or\n"
    "--list-devices, OpenCL or the device failed: docs/gpu.md), 2 bad usage or\n"
    "input, nothing to measure or a write error (a full disk, a closed pipe: one\n"
    "line), 130 interrupted (SIGINT; 143 for SIGTERM), finished rows kept;\n"
    "compare: 3 a row regressed; ab: 3 B slower.\n";

/* A decimal number (digits, at most one point) from minimum to maximum. */
static int parse_decimal(const char *text, double minimum, double maximum, double *value)
{
    if (plain_decimal_length(text) == 0 || text[plain_decimal_length(text)] != '\0')
        return -1;
    double number = strtod(text, NULL);
    if (number < minimum || number > maximum)
        return -1;
    *value = number;
    return 0;
}

/* A byte count with an optional K, M or G suffix (powers of 1024), in 64
 * bits whatever the width of size_t. */
static int parse_bytes(const char *text, uint64_t *bytes)
{
    if (!isdigit((unsigned char)text[0]))
        return -1;
    errno = 0;
    char *end;
    unsigned long long number = strtoull(text, &end, 10);
    if (errno == ERANGE)
        return -1;
    unsigned shift = 0;
    if (*end) {
        const char *suffixes = "KMG";
        const char *found = strchr(suffixes, toupper((unsigned char)*end));
        if (found == NULL)
            return -1;
        shift = 10 * (unsigned)(found - suffixes + 1);
        end++;
        if (*end == 'B' || *end == 'b')
            end++;
        if (*end)
            return -1;
    }
    if (number > (~0ULL >> shift))
        return -1;
    *bytes = (uint64_t)number << shift;
    return 0;
}

int parse_size(const char *text, size_t *size)
{
    uint64_t bytes;
    if (parse_bytes(text, &bytes) != 0 || bytes > SIZE_MAX)
        return -1;
    *size = (size_t)bytes;
    return 0;
}

int parse_pressure(const char *text, size_t *size, char *error, size_t error_size)
{
    uint64_t bytes;
    if (parse_bytes(text, &bytes) != 0)
        return set_error(error, error_size, "--pressure=%s: expected a size such as 4M or 64M", text);
        /* At most 2^32 cache lines: each query's line index is 32 bits, so
         * that the pressure stream costs 4 bytes a query, and the line mask
         * then covers the whole buffer.  wasm32's malloc grows memory by a
         * signed 32-bit count (sbrk), so one allocation stays below 2 GiB. */
#if SIZE_MAX > 0xFFFFFFFFu
    const uint64_t largest = (uint64_t)1 << 38;
    const char *limit = "256G";
#else
    const uint64_t largest = (uint64_t)1 << 30;
    const char *limit = "1G under WebAssembly (wasm32 allocates less than 2 GiB at once)";
#endif
    if (bytes < 4096 || (bytes & (bytes - 1)) != 0 || bytes > largest)
        return set_error(error, error_size, "--pressure=%s: the size must be a power of two from 4K to %s", text,
                         limit);
    *size = (size_t)bytes;
    return 0;
}

/* Which of `names` each comma-separated word is; sets bits. */
static int parse_choices(const char *text, const char *const *names, int count, unsigned *bits)
{
    *bits = 0;
    const char *p = text;
    while (1) {
        size_t length = strcspn(p, ",");
        int found = -1;
        for (int i = 0; i < count; i++)
            if (strlen(names[i]) == length && strncmp(p, names[i], length) == 0)
                found = i;
        if (found < 0)
            return -1;
        *bits |= 1u << found;
        if (p[length] == '\0')
            return 0;
        p += length + 1;
    }
}

/* --piece's words: piece_names in their order, then all, the three
 * pieces.  all is a word like the others, so that it combines as the
 * help's PIECE[,PIECE] says: all,both is every kind, all,rook is all. */
static int parse_pieces(const char *text, unsigned *pieces)
{
    static const char *const words[PIECE_KIND_COUNT + 1] = {"rook", "bishop", "queen", "both", "all"};
    const unsigned all = 1u << PIECE_KIND_COUNT;
    unsigned named;
    if (parse_choices(text, words, PIECE_KIND_COUNT + 1, &named) != 0)
        return -1;
    *pieces = (named & all) ? (named & ~all) | THREE_PIECES : named;
    return 0;
}

static const struct option_name specs[] = {
    {"method", 'm', 1},    {"workload", 'w', 1},    {"piece", 'p', 1},       {"param", 0, 1},
    {"dispatch", 0, 1},    {"chain", 0, 0},         {"pressure", 0, 1},      {"phase", 0, 0},
    {"threads", 0, 1},     {"pin", 0, 1},           {"reps", 'r', 1},        {"calls", 'c', 1},
    {"queries", 0, 1},     {"max-queries", 0, 1},   {"seed", 0, 1},          {"timer", 0, 1},
    {"min-time", 0, 1},    {"target-spread", 0, 1}, {"layout", 0, 1},        {"positions", 0, 1},
    {"formulation", 0, 1}, {"format", 'f', 1},      {"csv", 0, 1},           {"quiet", 'q', 0},
    {"verify", 0, 0},      {"verify-only", 0, 0},   {"verify-boards", 0, 1}, {"dump", 0, 0},
    {"list", 'l', 0},      {"skip-invalid", 0, 0},  {"help", 'h', 0},        {"version", 'V', 0},
    {"json", 0, 1},        {"count", 0, 1},         {"device", 0, 1},        {"list-devices", 0, 0},
    {NULL, 0, 0},
};

/* --device=opencl or opencl:N, N as --list-devices writes it (no leading
 * zero): the messages that quote the device then quote what was typed. */
static int parse_device(struct options *options, const char *value, char *error, size_t error_size)
{
    uint64_t index = 0;
    if (strcmp(value, "opencl") != 0 &&
        (strncmp(value, "opencl:", 7) != 0 || parse_whole_number(value + 7, 0, 1023, &index) != 0 ||
         (value[7] == '0' && value[8] != '\0')))
        return set_error(error, error_size, "--device=%s: expected opencl or opencl:N (see --list-devices)", value);
    options->device = value;
    options->device_index = (int)index;
    return 0;
}

/* A --param's NAME=VALUE into options->parameters: one with a space or a
 * control character anywhere is refused (strtol would skip a leading
 * space or tab, and a row's parameters cell must stay one plain line),
 * and a VALUE of decimal digits with an optional sign is stored
 * normalised ("hash-bits=08", "+8" and "8" are one setting: "8"), so that
 * rows of one setting compare as one; messages quote it as typed.  A NAME
 * given twice is refused: which value would run is a guess. */
static int add_parameter(struct options *options, const char *text, char *error, size_t error_size)
{
    const char *equals = strchr(text, '=');
    if (equals == NULL || text == equals)
        return set_error(error, error_size, "--param=%s: expected NAME=VALUE", text);
    for (const unsigned char *p = (const unsigned char *)text; *p; p++)
        if (*p <= ' ' || *p == 0x7f)
            return set_error(error, error_size, "--param=%s: a space or control character in NAME=VALUE", text);
    if (options->parameter_count == MAX_PARAMETERS)
        return set_error(error, error_size, "more than %d --param options", MAX_PARAMETERS);
    const char *value = equals + 1, *digits = value + (*value == '+' || *value == '-');
    size_t name_length = (size_t)(equals - text), digit_count = strlen(digits);
    for (int k = 0; k < options->parameter_count; k++)
        if (strncmp(options->parameters_typed[k], text, name_length + 1) == 0)
            return set_error(error, error_size, "--param=%s: %.*s is given twice (--param=%s before it)", text,
                             (int)name_length, text, options->parameters_typed[k]);
    char *stored = options->parameter_text[options->parameter_count];
    options->parameters_typed[options->parameter_count] = text;
    options->parameters[options->parameter_count++] = text;
    if (digit_count == 0 || strspn(digits, "0123456789") != digit_count ||
        name_length + 2 + digit_count >= sizeof options->parameter_text[0])
        return 0; /* not a number, or too long for a row anyway: as typed */
    while (digits[0] == '0' && digits[1] != '\0')
        digits++;
    int negative = *value == '-' && strcmp(digits, "0") != 0;
    snprintf(stored, sizeof options->parameter_text[0], "%.*s=%s%s", (int)name_length, text, negative ? "-" : "",
             digits);
    options->parameters[options->parameter_count - 1] = stored;
    return 0;
}

/* Which methods, workloads, pieces and dispatch modes; backend parameters. */
static int apply_selection_option(struct options *options, const char *name, const char *value, char *error,
                                  size_t error_size)
{
    if (strcmp(name, "method") == 0) {
        if (!*value)
            return set_error(error, error_size, "--method needs a name (see --list)");
        options->methods = value;
        options->method_given = 1;
    } else if (strcmp(name, "workload") == 0) {
        if (parse_choices(value, workload_names, WORKLOAD_KIND_COUNT, &options->workloads) != 0)
            return set_error(error, error_size,
                             "--workload=%s: expected pieces, squares, random, sets or sides (comma-separated)", value);
    } else if (strcmp(name, "piece") == 0) {
        if (parse_pieces(value, &options->pieces) != 0)
            return set_error(error, error_size,
                             "--piece=%s: expected rook, bishop, queen, both or all (comma-separated)", value);
        options->pieces_given = 1;
    } else if (strcmp(name, "param") == 0) {
        return add_parameter(options, value, error, error_size);
    } else if (strcmp(name, "dispatch") == 0) {
        if (strcmp(value, "both") == 0)
            options->dispatches = 3;
        else if (parse_choices(value, dispatch_names, DISPATCH_KIND_COUNT, &options->dispatches) != 0)
            return set_error(error, error_size, "--dispatch=%s: expected call, batch or both", value);
    } else {
        return 1;
    }
    return 0;
}

/* How the query streams are built and read. */
static int apply_stream_option(struct options *options, const char *name, const char *value, char *error,
                               size_t error_size)
{
    uint64_t number;
    unsigned choice;
    if (strcmp(name, "chain") == 0) {
        options->chained = 1;
    } else if (strcmp(name, "pressure") == 0) {
        if (parse_pressure(value, &options->pressure_bytes, error, error_size) != 0)
            return -1;
        options->pressure_text = value;
    } else if (strcmp(name, "phase") == 0) {
        options->split_phases = 1;
    } else if (strcmp(name, "calls") == 0) {
        if (parse_whole_number(value, 1, 1ULL << 40, &number) != 0)
            return set_error(error, error_size, "--calls=%s: expected a number from 1 to 2^40", value);
        options->calls = number;
    } else if (strcmp(name, "queries") == 0) {
        if (parse_whole_number(value, 1, 1ULL << 28, &number) != 0)
            return set_error(error, error_size, "--queries=%s: expected a number from 1 to 2^28", value);
        options->random_queries = (size_t)number;
        options->queries_given = 1;
    } else if (strcmp(name, "layout") == 0) {
        if (parse_choices(value, stream_layout_names, STREAM_LAYOUT_COUNT, &choice) != 0 || (choice & (choice - 1)))
            return set_error(error, error_size, "--layout=%s: expected queries or positions", value);
        options->layout = choice == 1u << STREAM_LAYOUT_POSITIONS ? STREAM_LAYOUT_POSITIONS : STREAM_LAYOUT_QUERIES;
    } else if (strcmp(name, "positions") == 0) {
        if (parse_whole_number(value, 1, 1ULL << 24, &number) != 0)
            return set_error(error, error_size, "--positions=%s: expected a number from 1 to 2^24", value);
        options->random_positions = (size_t)number;
        options->positions_given = 1;
    } else if (strcmp(name, "max-queries") == 0) {
        if (parse_whole_number(value, 1, 1ULL << 28, &number) != 0)
            return set_error(error, error_size, "--max-queries=%s: expected a number from 1 to 2^28", value);
        options->max_queries = (size_t)number;
        options->max_queries_given = 1;
    } else if (strcmp(name, "verify-boards") == 0) {
        if (parse_whole_number(value, 1, 1000000000, &number) != 0)
            return set_error(error, error_size, "--verify-boards=%s: expected a number from 1 to 1000000000", value);
        options->verify_boards = number;
        options->verify_boards_given = 1;
    } else if (strcmp(name, "seed") == 0) {
        if (parse_whole_number(value, 0, ~0ULL, &number) != 0)
            return set_error(error, error_size, "--seed=%s: expected a non-negative integer", value);
        options->seed = number;
    } else {
        return 1;
    }
    return 0;
}

/* How the passes are timed and repeated. */
static int apply_timing_option(struct options *options, const char *name, const char *value, char *error,
                               size_t error_size)
{
    uint64_t number;
    if (strcmp(name, "threads") == 0) {
        if (parse_whole_number(value, 1, MAX_THREADS, &number) != 0)
            return set_error(error, error_size, "--threads=%s: expected a number from 1 to %d", value, MAX_THREADS);
        options->threads = (int)number;
    } else if (strcmp(name, "pin") == 0) {
        if (strcmp(value, "none") == 0)
            options->pin_cpu = -2;
        else if (parse_whole_number(value, 0, 4095, &number) == 0)
            options->pin_cpu = (int)number;
        else
            return set_error(error, error_size, "--pin=%s: expected a CPU number or none", value);
    } else if (strcmp(name, "reps") == 0) {
        if (parse_whole_number(value, 1, 100000, &number) != 0)
            return set_error(error, error_size, "--reps=%s: expected a number from 1 to 100000", value);
        options->reps = (int)number;
    } else if (strcmp(name, "min-time") == 0) {
        if (parse_decimal(value, 0.001, 86400, &options->min_time) != 0)
            return set_error(error, error_size, "--min-time=%s: expected seconds from 0.001 to 86400", value);
    } else if (strcmp(name, "target-spread") == 0) {
        if (parse_percentage(value, &options->target_spread) != 0 ||
            !(options->target_spread >= 0.000001 && options->target_spread <= 100))
            return set_error(error, error_size,
                             "--target-spread=%s: expected a percentage from 0.000001 to 100 in plain decimal "
                             "digits (no exponent)",
                             value);
    } else if (strcmp(name, "formulation") == 0) {
        if (strcmp(value, "measured") == 0)
            options->fixed_formulations = 0;
        else if (strcmp(value, "fixed") == 0)
            options->fixed_formulations = 1;
        else
            return set_error(error, error_size, "--formulation=%s: expected measured or fixed", value);
    } else if (strcmp(name, "timer") == 0) {
        if (strcmp(value, "tsc") == 0)
            options->timer = TIMER_TSC;
        else if (strcmp(value, "clock") == 0)
            options->timer = TIMER_CLOCK;
        else
            return set_error(error, error_size, "--timer=%s: expected tsc or clock", value);
    } else {
        return 1;
    }
    return 0;
}

/* What is written where. */
static int apply_output_option(struct options *options, const char *name, const char *value, char *error,
                               size_t error_size)
{
    if (strcmp(name, "format") == 0) {
        if (strcmp(value, "table") == 0)
            options->format = FORMAT_TABLE;
        else if (strcmp(value, "csv") == 0)
            options->format = FORMAT_CSV;
        else if (strcmp(value, "json") == 0)
            options->format = FORMAT_JSON;
        else if (strcmp(value, "bmf") == 0)
            options->format = FORMAT_BMF;
        else
            return set_error(error, error_size, "--format=%s: expected table, csv, json or bmf", value);
    } else if (strcmp(name, "csv") == 0) {
        if (!*value)
            return set_error(error, error_size, "--csv needs a file name");
        options->csv_path = value;
    } else if (strcmp(name, "json") == 0) {
        if (!*value)
            return set_error(error, error_size, "--json needs a file name");
        options->json_path = value;
    } else if (strcmp(name, "count") == 0) {
        if (strcmp(value, "instructions") != 0)
            return set_error(error, error_size, "--count=%s: only instructions can be counted", value);
        options->count_instructions = 1;
    } else if (strcmp(name, "quiet") == 0) {
        options->quiet = 1;
    } else if (strcmp(name, "device") == 0) {
        return parse_device(options, value, error, error_size);
    } else {
        return 1;
    }
    return 0;
}

/* The actions that write no result rows, as their option is spelt, and
 * why; NULL for those that write rows (the benchmark, --count). */
static const char *no_result_rows(enum action action, const char **why)
{
    static const struct {
        enum action action;
        const char *option, *why;
    } actions[] = {
        {ACTION_LIST, "--list", "the list is text on standard output"},
        {ACTION_LIST_DEVICES, "--list-devices", "the list is text on standard output"},
        {ACTION_DUMP, "--dump", "its CSV of attack sets goes to standard output"},
        {ACTION_VERIFY_ONLY, "--verify-only", "it times nothing, so there are no result rows"},
    };
    for (size_t i = 0; i < sizeof actions / sizeof actions[0]; i++)
        if (actions[i].action == action) {
            *why = actions[i].why;
            return actions[i].option;
        }
    return NULL;
}

/* --list, --list-devices, --dump and --verify-only each stand instead of
 * the benchmark: two different ones are refused, in one line naming both,
 * rather than the last silently taken.  The same one twice is one action.
 * --help and --version win wherever they stand, as in GNU tools: a user
 * who adds either to a command line asks for it, not for the action. */
static int set_action(struct options *options, enum action action, char *error, size_t error_size)
{
    if (options->action == ACTION_HELP || options->action == ACTION_VERSION)
        return 0;
    const char *why;
    const char *given = no_result_rows(options->action, &why), *wanted = no_result_rows(action, &why);
    if (given && wanted && options->action != action)
        return set_error(error, error_size, "%s and %s are two different actions: give one of them", given, wanted);
    options->action = action;
    return 0;
}

/* What the command does instead of a benchmark. */
static int apply_action_option(struct options *options, const char *name, const char *value, char *error,
                               size_t error_size)
{
    (void)value; /* these options take no value */
    if (strcmp(name, "verify") == 0) {
        options->verify = 1;
    } else if (strcmp(name, "verify-only") == 0) {
        return set_action(options, ACTION_VERIFY_ONLY, error, error_size);
    } else if (strcmp(name, "dump") == 0) {
        return set_action(options, ACTION_DUMP, error, error_size);
    } else if (strcmp(name, "list") == 0) {
        return set_action(options, ACTION_LIST, error, error_size);
    } else if (strcmp(name, "list-devices") == 0) {
        return set_action(options, ACTION_LIST_DEVICES, error, error_size);
    } else if (strcmp(name, "skip-invalid") == 0) {
        options->skip_invalid = 1;
    } else if (strcmp(name, "help") == 0 || strcmp(name, "version") == 0) {
        /* The first of the two wins, as GNU tools stop at it. */
        if (options->action != ACTION_HELP && options->action != ACTION_VERSION)
            options->action = strcmp(name, "help") == 0 ? ACTION_HELP : ACTION_VERSION;
    } else {
        return 1;
    }
    return 0;
}

/* Each option name belongs to one group; each group's function answers 1
 * for names that are not its own.  Names were checked against specs[]
 * (read_argument, command_line.h). */
static int apply_option(struct options *options, const char *name, const char *value, char *error, size_t error_size)
{
    static int (*const groups[])(struct options *, const char *, const char *, char *, size_t) = {
        apply_selection_option, apply_stream_option, apply_timing_option, apply_output_option, apply_action_option,
    };
    for (size_t i = 0; i < sizeof groups / sizeof groups[0]; i++) {
        int status = groups[i](options, name, value, error, error_size);
        if (status != 1)
            return status;
    }
    return 0;
}

/* The positions layout is a random stream's, timed in the loops that
 * stream it: no file workload, no cache-pressure lines, and its length is
 * --positions, not --queries. */
static int check_layout(const struct options *options, char *error, size_t error_size)
{
    if (options->layout == STREAM_LAYOUT_QUERIES) {
        if (options->positions_given)
            return set_error(error, error_size, "--positions sets the length of --layout=positions; give that too");
        return 0;
    }
    if (options->workloads != 1u << WORKLOAD_RANDOM)
        return set_error(error, error_size, "--layout=positions lays out the random stream: give --workload=random");
    if (options->pressure_bytes)
        return set_error(error, error_size, "--layout=positions has no cache-pressure mode: leave out --pressure");
    if (options->queries_given)
        return set_error(error, error_size, "--layout=positions takes its length from --positions, not --queries");
    return 0;
}

/* --max-queries bounds the streams read from files: a benchmark of the
 * random stream alone reads none, so it is refused rather than ignored,
 * as --positions without --layout=positions is.  The mirror: --queries is
 * the length of the random stream, refused where no random workload runs
 * (a --device run always times one; --dump refuses it itself). */
static int check_stream_bound(const struct options *options, char *error, size_t error_size)
{
    if (options->max_queries_given && options->action == ACTION_BENCHMARK &&
        options->workloads == 1u << WORKLOAD_RANDOM)
        return set_error(error, error_size,
                         "--max-queries bounds the queries kept from files; the random workload reads none (its "
                         "length is --queries)");
    if (options->queries_given && !options->device && !(options->workloads & (1u << WORKLOAD_RANDOM)) &&
        (options->action == ACTION_BENCHMARK || options->action == ACTION_VERIFY_ONLY))
        return set_error(error, error_size,
                         "--queries sets the length of the random stream; no random workload runs (give "
                         "--workload=random, or --max-queries for the files)");
    return 0;
}

/* --phase splits the file workloads (pieces, squares, sets, sides) by
 * game phase: refused, like --queries without the random stream, where
 * the random workload alone runs, which has no game phase and would be
 * timed as phase all.  (--dump, --verify-only, --list and --device refuse
 * --phase themselves.) */
static int check_phase(const struct options *options, char *error, size_t error_size)
{
    if (options->split_phases && options->action == ACTION_BENCHMARK && options->workloads == 1u << WORKLOAD_RANDOM)
        return set_error(error, error_size,
                         "--phase splits the file workloads (pieces, squares, sets, sides) by game phase; only the "
                         "random workload runs, which has none (give a file workload, or leave out --phase)");
    return 0;
}

int workloads_take_piece(unsigned workloads)
{
    for (int kind = 0; kind < WORKLOAD_KIND_COUNT; kind++)
        if ((workloads & (1u << kind)) && !side_workload((enum workload_kind)kind))
            return 1;
    return 0;
}

/* --piece chooses the rows of pieces, squares and random: refused, like
 * --phase with the random stream alone, where only sets and sides run
 * (they time every slider of a side) and nothing checks the pieces it
 * names, as --verify does.  --dump honours it with sides and refuses it
 * with sets itself; --verify-only checks the pieces it names. */
static int check_piece(const struct options *options, char *error, size_t error_size)
{
    if (options->pieces_given && options->action == ACTION_BENCHMARK && !options->verify &&
        !workloads_take_piece(options->workloads))
        return set_error(error, error_size,
                         "--piece chooses the rows of the pieces, squares and random workloads; sets and sides "
                         "time every slider of a side (give one of those workloads, or leave out --piece)");
    return 0;
}

/* --csv and --json only where the run writes them, rather than ignored:
 * the benchmark and --count write both, a --device run its rows as CSV
 * only, the other actions neither. */
static int check_result_files(const struct options *options, char *error, size_t error_size)
{
    const char *given = options->csv_path ? "--csv" : options->json_path ? "--json" : NULL;
    const char *why = NULL, *action = no_result_rows(options->action, &why);
    if (given && action)
        return set_error(error, error_size, "%s does not apply to %s: %s", given, action, why);
    if (options->device && options->json_path)
        return set_error(error, error_size, "--json does not apply to --device: its rows are CSV only (--csv=FILE)");
    if (options->action == ACTION_DUMP && (options->format == FORMAT_JSON || options->format == FORMAT_BMF))
        return set_error(error, error_size, "--format=%s does not apply to --dump: %s",
                         options->format == FORMAT_JSON ? "json" : "bmf", why ? why : "it writes CSV");
    return 0;
}

static int name_among(const char *name, const char *const *names, size_t count)
{
    for (size_t i = 0; i < count; i++)
        if (strcmp(name, names[i]) == 0)
            return 1;
    return 0;
}

/* The options a --device run does not honour, refused with it rather
 * than ignored: it times the random queen stream, its own launches
 * against the CPU's fastest, batched, on one thread (docs/gpu.md). */
static int device_ignores(const char *name, const struct options *options)
{
    static const char *const ignored[] = {"workload",     "piece",     "param",         "dispatch", "chain",
                                          "pressure",     "phase",     "threads",       "pin",      "min-time",
                                          "layout",       "positions", "target-spread", "dump",     "count",
                                          "skip-invalid", "list",      "list-devices"};
    (void)options;
    return name_among(name, ignored, sizeof ignored / sizeof ignored[0]);
}

/* The options --dump does not honour, refused with it rather than
 * ignored: it writes every slider's attack set from the files, through
 * the --method, --workload, --piece and --param it is given, and times,
 * samples and verifies nothing.  (--device refuses --dump itself.) */
static int dump_ignores(const char *name, const struct options *options)
{
    static const char *const ignored[] = {
        "dispatch", "chain",       "pressure", "phase",     "threads",       "pin",           "reps",
        "calls",    "queries",     "layout",   "positions", "seed",          "timer",         "formulation",
        "count",    "max-queries", "min-time", "verify",    "target-spread", "verify-boards",
    };
    (void)options;
    return name_among(name, ignored, sizeof ignored / sizeof ignored[0]);
}

/* The options --list does not honour: it names the backends that
 * --method chooses, with the formulation that --formulation and
 * --threads choose, and reads, times and verifies nothing. */
static int list_ignores(const char *name, const struct options *options)
{
    static const char *const ignored[] = {
        "workload", "piece",  "param",   "dispatch",      "chain",     "pressure",      "phase",        "pin",
        "reps",     "calls",  "queries", "layout",        "positions", "max-queries",   "seed",         "timer",
        "min-time", "format", "count",   "target-spread", "verify",    "verify-boards", "skip-invalid", "device",
    };
    (void)options;
    return name_among(name, ignored, sizeof ignored / sizeof ignored[0]);
}

/* The options --verify-only does not honour: it checks the backends
 * (--method, --param, --piece, --seed, --verify-boards) on the files and
 * the random stream of its workloads, and times nothing.  It verifies
 * every formulation of a technique on the CPU; on a device --formulation
 * chooses which, and the device checks no stream of --queries. */
static int verify_only_ignores(const char *name, const struct options *options)
{
    static const char *const ignored[] = {
        "dispatch", "chain", "pressure",      "phase",  "threads", "pin",         "reps",
        "calls",    "timer", "target-spread", "format", "count",   "max-queries", "min-time",
    };
    if (strcmp(name, "formulation") == 0)
        return options->device == NULL;
    if (strcmp(name, "queries") == 0)
        return options->device != NULL;
    return name_among(name, ignored, sizeof ignored / sizeof ignored[0]);
}

/* --list-devices names the OpenCL platforms and devices and honours no
 * other option but --quiet.  (--csv and --json get their own message:
 * check_result_files.) */
static int list_devices_ignores(const char *name, const struct options *options)
{
    static const char *const taken[] = {"list-devices", "quiet", "csv", "json", "help", "version"};
    (void)options;
    return !name_among(name, taken, sizeof taken / sizeof taken[0]);
}

/* The long names of the options on the command line, in order. */
struct given_options {
    const char **names;
    int count;
};

/* The first option given that `ignores` names, or NULL. */
static const char *first_ignored(const struct given_options *given,
                                 int (*ignores)(const char *name, const struct options *options),
                                 const struct options *options)
{
    for (int i = 0; i < given->count; i++)
        if (ignores(given->names[i], options))
            return given->names[i];
    return NULL;
}

/* The options --count does not honour: it counts one untimed pass of
 * each backend a stream, on one thread, as phase all, in each
 * technique's default formulation (--formulation=fixed). */
static int count_ignores(const char *name, const struct options *options)
{
    static const char *const ignored[] = {
        "chain", "pressure",      "phase",    "threads", "pin",   "reps",
        "calls", "target-spread", "min-time", "verify",  "timer", "verify-boards",
    };
    if (strcmp(name, "formulation") == 0)
        return !options->fixed_formulations;
    return name_among(name, ignored, sizeof ignored / sizeof ignored[0]);
}

/* With --count: the first option given that it ignores. */
static int check_count_options(const struct options *options, const struct given_options *given, char *error,
                               size_t error_size)
{
    const char *ignored = options->count_instructions && options->action == ACTION_BENCHMARK && !options->device
                              ? first_ignored(given, count_ignores, options)
                              : NULL;
    if (!ignored)
        return 0;
    return set_error(error, error_size,
                     "--%s%s does not apply to --count: it counts one untimed pass of each backend a stream, on one "
                     "thread, as phase all, in the default formulation (--formulation=fixed)",
                     ignored, strcmp(ignored, "formulation") == 0 ? "=measured" : "");
}

/* With --dump: the first option given that it ignores. */
static int check_dump_options(const struct options *options, const struct given_options *given, char *error,
                              size_t error_size)
{
    const char *ignored = options->action == ACTION_DUMP ? first_ignored(given, dump_ignores, options) : NULL;
    if (!ignored)
        return 0;
    return set_error(error, error_size,
                     "--%s does not apply to --dump: it writes the attack sets of the files' sliders, and times, "
                     "samples and verifies nothing",
                     ignored);
}

/* With --list, --list-devices or --verify-only: the first option given
 * that the action ignores, and for the lists a file operand (they read
 * none). */
static int check_list_and_verify_options(const struct options *options, const struct given_options *given, char *error,
                                         size_t error_size)
{
    static const struct {
        enum action action;
        const char *option, *what;
        int (*ignores)(const char *name, const struct options *options);
        int reads_no_files;
    } actions[] = {
        {ACTION_LIST, "--list",
         "it names the backends (--method, --formulation, --threads) and reads and times nothing", list_ignores, 1},
        {ACTION_LIST_DEVICES, "--list-devices",
         "it names the OpenCL platforms and devices, and reads and times nothing", list_devices_ignores, 1},
        {ACTION_VERIFY_ONLY, "--verify-only",
         "it checks the backends (every formulation) against the reference and times nothing", verify_only_ignores, 0},
    };
    for (size_t i = 0; i < sizeof actions / sizeof actions[0]; i++) {
        if (actions[i].action != options->action)
            continue;
        const char *ignored = first_ignored(given, actions[i].ignores, options);
        if (ignored)
            return set_error(error, error_size, "--%s does not apply to %s: %s", ignored, actions[i].option,
                             actions[i].what);
        if (actions[i].reads_no_files && options->file_count > 0)
            return set_error(error, error_size, "%s: %s: the list reads no files; leave out the file operands",
                             actions[i].option, options->files[0]);
    }
    return 0;
}

/* With --device: the first option given that it ignores, and a --format
 * it does not write. */
static int check_device_options(const struct options *options, const struct given_options *given, char *error,
                                size_t error_size)
{
    if (!options->device)
        return 0;
    const char *ignored = first_ignored(given, device_ignores, options);
    if (ignored)
        return set_error(error, error_size,
                         "--%s does not apply to --device: a device run times the random queen stream with its own "
                         "launches (docs/gpu.md)",
                         ignored);
    if (options->format == FORMAT_JSON || options->format == FORMAT_BMF)
        return set_error(error, error_size, "--format=%s does not apply to --device: it writes a table or CSV",
                         options->format == FORMAT_JSON ? "json" : "bmf");
    return 0;
}

/* Reads the arguments into options, their names into `given`. */
static int read_options(int argc, char **argv, struct options *options, struct given_options *given, char *error,
                        size_t error_size)
{
    struct argument_reader reader = {.argc = argc, .argv = argv, .next = 1, .takes_operands = 1};
    struct argument argument;
    char reason[256];
    int read;
    while ((read = read_argument(&reader, specs, &argument, reason, sizeof reason)) > 0) {
        if (argument.option == NULL) {
            /* `attackbench -q perft FILE` read perft as a file. */
            if (options->file_count == 0 && !reader.operands_only && find_subcommand(argument.value))
                return set_error(error, error_size,
                                 "%s: a command comes first (only --plugin may come before it; a file of that name: "
                                 "./%s)",
                                 argument.value, argument.value);
            options->files[options->file_count++] = (char *)argument.value;
            continue;
        }
        given->names[given->count++] = argument.option->name;
        if (apply_option(options, argument.option->name, argument.value ? argument.value : "", error, error_size) != 0)
            return -1;
    }
    if (read < 0)
        return set_error(error, error_size, "%s%s", reason, strncmp(reason, "unknown", 7) == 0 ? " (see --help)" : "");
    return 0;
}

/* The checks of options that do not go together, once all are read. */
static int check_options(const struct options *options, const struct given_options *given, char *error,
                         size_t error_size)
{
    /* --device first: beside --list it names --list as what the device
     * run does not honour. */
    if (check_device_options(options, given, error, error_size) != 0 ||
        check_dump_options(options, given, error, error_size) != 0 ||
        check_count_options(options, given, error, error_size) != 0 ||
        check_list_and_verify_options(options, given, error, error_size) != 0)
        return -1;
    if (options->min_time > 0 && options->target_spread <= 0)
        return set_error(error, error_size,
                         "--min-time bounds the rounds --target-spread adds; give --target-spread too");
    if (check_result_files(options, error, error_size) != 0)
        return -1;
    if (check_stream_bound(options, error, error_size) != 0 || check_phase(options, error, error_size) != 0 ||
        check_piece(options, error, error_size) != 0)
        return -1;
    return check_layout(options, error, error_size);
}

int benchmark_has_option(const char *name, size_t length)
{
    for (const struct option_name *option = specs; option->name; option++)
        if (strlen(option->name) == length && strncmp(option->name, name, length) == 0)
            return 1;
    return 0;
}

unsigned workloads_given(int count, char **words, unsigned fallback)
{
    struct argument_reader reader = {.argc = count, .argv = words, .next = 0, .takes_operands = 1};
    struct argument argument;
    char reason[256];
    unsigned workloads = fallback, named;
    while (read_argument(&reader, specs, &argument, reason, sizeof reason) > 0)
        if (is_option(&argument, "workload") &&
            parse_choices(argument.value, workload_names, WORKLOAD_KIND_COUNT, &named) == 0)
            workloads = named;
    return workloads;
}

int parse_options(int argc, char **argv, struct options *options, char *error, size_t error_size)
{
    memset(options, 0, sizeof *options);
    options->action = ACTION_BENCHMARK;
    options->methods = "all";
    options->workloads = 1u << WORKLOAD_PIECES;
    options->pieces = THREE_PIECES;
    options->dispatches = 3;
    options->threads = 1;
    options->pin_cpu = -1;
    options->reps = 15;
    options->calls = 1000000;
    options->seed = 1;
    options->random_queries = DEFAULT_RANDOM_QUERIES;
    options->max_queries = 1u << 20;
    options->verify_boards = 1000000;
    options->random_positions = 5000000;
    options->timer = TIMER_TSC;
    options->format = FORMAT_TABLE;
    options->files = calloc((size_t)argc + 1, sizeof *options->files);
    if (options->files == NULL)
        return set_error(error, error_size, "out of memory");

    struct given_options given = {calloc((size_t)argc + 1, sizeof *given.names), 0};
    if (given.names == NULL)
        return set_error(error, error_size, "out of memory");
    int status = read_options(argc, argv, options, &given, error, error_size);
    if (status == 0)
        status = check_options(options, &given, error, error_size);
    free(given.names);
    return status;
}

/* `attackbench recommend`: the candidates, the two measurements as child
 * processes of this very program, and the order of the stages (see
 * recommend.h).  The children's commands are printed with the verdict, so
 * that every figure can be measured again by hand. */
#define _GNU_SOURCE
#include "recommend.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if !defined(__wasi__)
#include <sys/wait.h>
#endif
#include <unistd.h>

#include "base/error_message.h"
#include "registry/registry.h"
#include "subcommands.h"
#include "measure/cpu_choice.h"
#include "command_line.h"
#include "platform/child_log.h"
#include "platform/interrupt.h"
#include "output_checks.h"
#include "platform/work_directory.h"
#include "selection.h"

/* The techniques engines ship (docs/techniques.md): magic bitboards in
 * three layouts, PEXT, hyperbola quintessence, obstruction difference,
 * rotated bitboards, kindergarten and the Kogge-Stone fill. */
static const char default_candidates[] =
    "magic-plain,magic-fancy,magic-black,pext,hyperbola,obstruction-diff,rotated,kindergarten,kogge-stone";

/* The positions of data/perft.epd (the Chessprogramming wiki's "Perft
 * Results"), to depth 4, so that the engine view needs no file. */
static const char *const positions[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - ;D1 20 ;D2 400 ;D3 8902 ;D4 197281",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - ;D1 48 ;D2 2039 ;D3 97862 ;D4 4085603",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - ;D1 14 ;D2 191 ;D3 2812 ;D4 43238",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - ;D1 6 ;D2 264 ;D3 9467 ;D4 422333",
    "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - ;D1 6 ;D2 264 ;D3 9467 ;D4 422333",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - ;D1 44 ;D2 1486 ;D3 62379 ;D4 2103487",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - ;D1 46 ;D2 2079 ;D3 89890 ;D4 3894594",
};

/* How often the wait for a child looks whether a signal arrived. */
enum { CHILD_CHECK_MICROSECONDS = 20000 };

/* The engine view's hash: a typical engine's (docs/perft.md). */
static const char engine_pressure[] = "64M";

static const char recommend_usage_text[] =
    "usage: attackbench [--plugin=FILE...] recommend [--quick] [--method=LIST] [--csv=FILE] [--json=FILE]\n"
    "       attackbench recommend --print-positions\n"
    "\n"
    "Which sliding-attack technique to use on this machine.  Measures the\n"
    "candidates (the techniques engines ship, and every --plugin) twice: alone\n"
    "(random queens, batched, as the benchmark's headline) and inside perft with\n"
    "all the CPUs this process may use as threads and a 64 MB hash probed at every\n"
    "node.  Prints the technique to use, the runner-up and by how much, what to\n"
    "avoid and why, the figures and the commands that measure them again.  When\n"
    "the repetitions cannot tell the first two apart it says so instead.\n"
    "\n"
    "  --quick        a short run (seconds; for tests): too short to decide\n"
    "                 anything close\n"
    "  --method=LIST  the built-in candidates instead of the default list, as\n"
    "                 the benchmark's --method chooses them (in any case, globs,\n"
    "                 -NAME; at most 32; every --plugin is measured as well)\n"
    "  --csv=FILE     also write one row per candidate (docs/perft.md)\n"
    "  --json=FILE    the same as JSON\n"
    "  --print-positions  the engine view's positions (built in: those of\n"
    "                 data/perft.epd) as EPD on standard output, and nothing else;\n"
    "                 the verdict's reproduce: lines write them to a file first\n"
    "  -h, --help     this text\n"
    "\n"
    "Exit status: 0 a verdict, 1 a plugin gives wrong attack sets (at load:\n"
    "nothing is measured; or in a measurement, which says so), 2 bad usage, no\n"
    "candidate this CPU runs, or a measurement that failed otherwise,\n"
    "130 interrupted (SIGINT; 143 for SIGTERM, 129 for SIGHUP unless ignored,\n"
    "as by nohup, 131 for SIGQUIT): the measurement stops, said on stderr, with\n"
    "no verdict and no file written.\n";

static const char recommend_prefix[] = "attackbench: recommend";

static const struct option_name recommend_options[] = {
    {"quick", 0, 0},           {"method", 'm', 1}, {"csv", 0, 1}, {"json", 0, 1},
    {"print-positions", 0, 0}, {"help", 'h', 0},   {NULL, 0, 0},
};

/* The options into *recommendation: 0 to go on, 1 after the help, or -1
 * after one line on what is wrong. */
static int parse(int argc, char **argv, struct recommendation *recommendation)
{
    struct argument_reader reader = {.argc = argc, .argv = argv, .next = 1};
    struct argument argument;
    char error[256];
    int read;
    while ((read = read_argument(&reader, recommend_options, &argument, error, sizeof error)) > 0) {
        const char *value = argument.value;
        if (is_option(&argument, "help"))
            return write_help(recommend_prefix, recommend_usage_text) == 0 ? 1 : -1;
        if (is_option(&argument, "quick") || is_option(&argument, "print-positions")) {
            *(is_option(&argument, "quick") ? &recommendation->quick : &recommendation->print_positions) = 1;
            continue;
        }
        if (value[0] == '\0') {
            refuse(recommend_prefix, "--%s needs a value", argument.option->name);
            return -1;
        }
        if (is_option(&argument, "method"))
            recommendation->method_list = value;
        else if (is_option(&argument, "csv"))
            recommendation->csv_file = value;
        else if (is_option(&argument, "json"))
            recommendation->json_file = value;
    }
    if (read < 0) {
        refuse(recommend_prefix, "%s", error);
        return -1;
    }
    if (recommendation->print_positions && (recommendation->quick || recommendation->method_list ||
                                            recommendation->csv_file || recommendation->json_file)) {
        refuse(recommend_prefix, "--print-positions prints the positions and measures nothing: give it alone");
        return -1;
    }
    return 0;
}

static int add_candidate(struct recommendation *recommendation, const struct backend *backend)
{
    for (int c = 0; c < recommendation->count; c++)
        if (recommendation->candidates[c].backend == backend)
            return 0;
    if (recommendation->count == RECOMMEND_MAX_CANDIDATES) {
        fprintf(stderr, "attackbench: recommend: more than %d candidates\n", RECOMMEND_MAX_CANDIDATES);
        return -1;
    }
    struct candidate *candidate = &recommendation->candidates[recommendation->count++];
    *candidate = (struct candidate){.backend = backend};
    const char *reason = backend_unavailable_reason(backend);
    if (reason) {
        snprintf(candidate->skipped_text, sizeof candidate->skipped_text, "%s", reason);
        candidate->skipped = candidate->skipped_text;
    }
    return 0;
}

/* The candidates --method chooses as the benchmark's --method does (in
 * any case, globs, -NAME; those this CPU cannot run kept, each with its
 * reason), then every plugin loaded, whether or not --method named it. */
static int choose_candidates(struct recommendation *recommendation)
{
    /* The list as given, however long: a copy could cut its last name. */
    const char *list = recommendation->method_list ? recommendation->method_list : default_candidates;
    if (strspn(list, ",") == strlen(list)) {
        fprintf(stderr, "attackbench: recommend: --method=%s: expected one or more method names\n", list);
        return -1;
    }
    if (check_plain_names(list, recommend_prefix, "a candidate") != 0)
        return -1;
    const struct selection_rules rules = {.prefix = recommend_prefix, .without_baseline = 1, .keep_unavailable = 1};
    const struct backend *chosen[RECOMMEND_MAX_CANDIDATES];
    int count = select_backends(list, &rules, chosen, RECOMMEND_MAX_CANDIDATES);
    if (count == 0)
        report_empty_selection(list, recommend_prefix);
    if (count <= 0)
        return -1;
    if (count > RECOMMEND_MAX_CANDIDATES) { /* the whole list's count, its -NAME applied */
        fprintf(stderr, "attackbench: recommend: more than %d candidates\n", RECOMMEND_MAX_CANDIDATES);
        return -1;
    }
    for (int c = 0; c < count; c++)
        if (add_candidate(recommendation, chosen[c]) != 0)
            return -1;
    for (size_t b = 0; b < backend_count; b++)
        if (!registry_is_built_in(backends[b]) && add_candidate(recommendation, backends[b]) != 0)
            return -1;
    return 0;
}

/* Exit 2 with the reason when this CPU runs none of them. */
static int check_runnable(const struct recommendation *recommendation)
{
    for (int c = 0; c < recommendation->count; c++)
        if (recommendation->candidates[c].skipped == NULL)
            return 0;
    fprintf(stderr, "attackbench: recommend: no candidate runs on this CPU:");
    for (int c = 0; c < recommendation->count; c++)
        fprintf(stderr, "%s %s: %s", c ? ";" : "", recommendation->candidates[c].backend->name,
                recommendation->candidates[c].skipped);
    fputc('\n', stderr);
    return -1;
}

/* The runnable candidates as a --method list; -1 when it does not fit. */
static int runnable_list(const struct recommendation *recommendation, char *list, size_t size)
{
    size_t used = 0;
    list[0] = '\0';
    for (int c = 0; c < recommendation->count && used < size; c++)
        if (recommendation->candidates[c].skipped == NULL)
            used += (size_t)snprintf(list + used, size - used, "%s%s", used ? "," : "",
                                     recommendation->candidates[c].backend->name);
    return used < size ? 0 : -1;
}

/* The commands' words are parted by WORD_BREAK, a byte no path here may
 * hold (each is checked), so that a path with spaces is one word. */
#define WORD_BREAK "\x1f"

/* WORD_BREAK "--plugin=FILE" for every plugin among the candidates, each
 * FILE absolute (a relative one failed, or loaded another file, where a
 * reproduce: command ran from another folder); -1 when it does not fit or
 * a file's name holds a WORD_BREAK. */
static int plugin_options(const struct recommendation *recommendation, char *text, size_t size)
{
    size_t used = 0;
    text[0] = '\0';
    for (int c = 0; c < recommendation->count && used < size; c++) {
        const char *file = recommendation->candidates[c].backend->plugin_file;
#if !defined(__wasi__) /* no realpath there, and no recommend: refused first */
        char absolute[PATH_MAX];
        if (file && file[0] != '/' && realpath(file, absolute) != NULL)
            file = absolute;
#endif
        if (file && recommendation->candidates[c].skipped == NULL) {
            if (strchr(file, WORD_BREAK[0]))
                return -1;
            used += (size_t)snprintf(text + used, size - used, WORD_BREAK "--plugin=%s", file);
        }
    }
    return used < size ? 0 : -1;
}

/* The two commands, their files under `prefix` ("" or "DIRECTORY/"), the
 * engine view's positions in `positions_file`; -1, after one line on
 * stderr, when they cannot be written whole. */
static int write_commands(const struct recommendation *recommendation, const char *program, const char *prefix,
                          const char *positions_file, char isolated[RECOMMEND_COMMAND_SIZE],
                          char engine[RECOMMEND_COMMAND_SIZE])
{
    char list[RECOMMEND_COMMAND_SIZE / 2], plugins[RECOMMEND_COMMAND_SIZE / 2];
    const char *isolated_reps = recommendation->quick ? "--reps=5" WORD_BREAK "--calls=20000" : "--reps=15";
    int fits = runnable_list(recommendation, list, sizeof list) == 0 &&
               plugin_options(recommendation, plugins, sizeof plugins) == 0;
    fits = fits &&
           snprintf(isolated, RECOMMEND_COMMAND_SIZE,
                    "%s%s" WORD_BREAK "--method=%s" WORD_BREAK "--workload=random" WORD_BREAK "--piece=queen" WORD_BREAK
                    "--dispatch=batch" WORD_BREAK "%s" WORD_BREAK "--csv=%sisolated.csv",
                    program, plugins, list, isolated_reps, prefix) < RECOMMEND_COMMAND_SIZE;
    fits = fits && snprintf(engine, RECOMMEND_COMMAND_SIZE,
                            "%s%s" WORD_BREAK "perft" WORD_BREAK "--method=%s" WORD_BREAK "--threads=%d" WORD_BREAK
                            "--pressure=%s" WORD_BREAK "--depth=%d" WORD_BREAK "--reps=%d" WORD_BREAK
                            "--csv=%sengine.csv" WORD_BREAK "%s",
                            program, plugins, list, recommendation->threads, engine_pressure, recommendation->depth,
                            recommendation->reps, prefix, positions_file) < RECOMMEND_COMMAND_SIZE;
    if (!fits)
        fprintf(stderr,
                "attackbench: recommend: the candidates' command lines do not fit in %d bytes "
                "(fewer or shorter --plugin files)\n",
                RECOMMEND_COMMAND_SIZE);
    return fits ? 0 : -1;
}

static void print_positions(FILE *out)
{
    for (size_t i = 0; i < sizeof positions / sizeof positions[0]; i++)
        fprintf(out, "%s\n", positions[i]);
}

static int write_positions(const char *directory)
{
    char path[PATH_MAX];
    snprintf(path, sizeof path, "%s/positions.epd", directory);
    FILE *out = fopen(path, "w");
    if (out == NULL)
        return -1;
    print_positions(out);
    return fclose(out) == 0 ? 0 : -1;
}

/* --print-positions: 0, or 2 with one line when standard output cannot
 * be written (a full device, a closed pipe). */
static int print_positions_command(void)
{
    print_positions(stdout);
    if (fflush(stdout) != 0 || ferror(stdout))
        return refuse(recommend_prefix, "cannot write the positions to standard output: %s", strerror(errno));
    return 0;
}

/* Wait for the child; the signal that interrupts this process (SIGINT or
 * SIGTERM, whichever came) is passed on to it once, and the wait looks at
 * the flag every few milliseconds, so that a signal that came just
 * before it began is passed on too.  Returns the child's wait status. */
#if !defined(__wasi__)
static int await_child(pid_t pid)
{
    int status = 0, forwarded = 0;
    for (;;) {
        if (interrupt_requested() && !forwarded) {
            kill(pid, interrupt_signal);
            forwarded = 1;
        }
        pid_t ended = waitpid(pid, &status, WNOHANG);
        if (ended == pid || (ended < 0 && errno != EINTR))
            return status;
        usleep(CHILD_CHECK_MICROSECONDS);
    }
}
#endif

/* Run a command of write_commands (words parted by WORD_BREAK) with
 * stdout to /dev/null and stderr into `log`.  Returns 0 when it exits 0. */
static int run_child(const char *command, const char *log, int *ended)
{
    char copy[RECOMMEND_COMMAND_SIZE], *words[RECOMMEND_COMMAND_SIZE / 2 + 1];
    int count = 0;
    snprintf(copy, sizeof copy, "%s", command);
    for (char *save = NULL, *word = strtok_r(copy, WORD_BREAK, &save); word; word = strtok_r(NULL, WORD_BREAK, &save))
        words[count++] = word;
    words[count] = NULL;
#if defined(__wasi__)
    (void)log;
    *ended = -1;
    return -1; /* no processes under WASI: recommend_command refuses first */
#else
    pid_t parent = getpid(), pid = fork();
    if (pid == 0) {
        int null = open("/dev/null", O_WRONLY), err = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0600);
        if (interrupt_end_with_parent(parent) != 0 || null < 0 || err < 0 || dup2(null, 1) < 0 || dup2(err, 2) < 0)
            _exit(127);
        child_log_limit_size();
        execv(words[0], words);
        _exit(127);
    }
    int status = pid > 0 ? await_child(pid) : 0;
    *ended = pid > 0 ? status : -1;
    return pid > 0 && WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -1;
#endif
}

/* An interrupted child: the lines of its log that name a plugin (one
 * stuck in its code when the signal came, as the child named it), since
 * the log is removed with the work directory. */
static void relay_plugin_lines(const char *log)
{
    static const char plugin_line[] = "attackbench: plugin ";
    FILE *in = fopen(log, "r");
    char line[1024];
    while (in && fgets(line, sizeof line, in))
        if (strncmp(line, plugin_line, sizeof plugin_line - 1) == 0)
            fputs(line, stderr);
    if (in)
        fclose(in);
}

/* A command of write_commands as a shell line, in place: words parted by
 * spaces, each word with a character a shell treats specially in single
 * quotes.  -1, after one line, when it no longer fits. */
static int shown_as_shell_words(char command[RECOMMEND_COMMAND_SIZE])
{
    char shown[RECOMMEND_COMMAND_SIZE], copy[RECOMMEND_COMMAND_SIZE];
    size_t used = 0;
    snprintf(copy, sizeof copy, "%s", command);
    for (char *save = NULL, *word = strtok_r(copy, WORD_BREAK, &save); word && used < sizeof shown;
         word = strtok_r(NULL, WORD_BREAK, &save)) {
        int plain =
            word[strspn(word, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_./=,:+-%@")] == '\0';
        used += (size_t)snprintf(shown + used, sizeof shown - used, used ? " " : "");
        if (plain) {
            used += (size_t)snprintf(shown + used, sizeof shown - used, "%s", word);
            continue;
        }
        used += (size_t)snprintf(shown + used, sizeof shown - used, "'");
        for (const char *c = word; *c && used < sizeof shown; c++)
            used += (size_t)snprintf(shown + used, sizeof shown - used, *c == '\'' ? "'\\''" : "%c", *c);
        used += (size_t)snprintf(shown + used, sizeof shown - used, "'");
    }
    if (used >= sizeof shown) {
        fprintf(stderr, "attackbench: recommend: the candidates' command lines do not fit in %d bytes\n",
                RECOMMEND_COMMAND_SIZE);
        return -1;
    }
    memcpy(command, shown, used + 1);
    return 0;
}

/* How a child ended (its wait status; -1: it never started), in words. */
static void describe_end(int ended, char *text, size_t size)
{
#if defined(__wasi__)
    (void)ended;
    snprintf(text, size, "not started");
#else
    if (ended == -1)
        snprintf(text, size, "not started");
    else if (WIFSIGNALED(ended))
        snprintf(text, size, "killed by signal %d (%s)", WTERMSIG(ended), strsignal(WTERMSIG(ended)));
    else
        snprintf(text, size, "exit %d", WIFEXITED(ended) ? WEXITSTATUS(ended) : -1);
#endif
}

/* Whether a child's exit says it found wrong attack sets or counts (the
 * benchmark's and perft's exit 1): recommend exits 1 too. */
static int found_wrong_results(int ended)
{
#if defined(__wasi__)
    (void)ended;
    return 0;
#else
    return ended != -1 && WIFEXITED(ended) && WEXITSTATUS(ended) == 1;
#endif
}

/* A failed child: how it ended, its command (whose files were in the work
 * folder, removed with it) and the last lines it wrote. */
static void report_failure(const char *what, const char *command, const char *log, int ended)
{
    char shown[RECOMMEND_COMMAND_SIZE], escaped[4 * RECOMMEND_COMMAND_SIZE], end[128];
    snprintf(shown, sizeof shown, "%s", command);
    if (shown_as_shell_words(shown) != 0)
        return;
    escape_text(shown, escaped, sizeof escaped); /* a path under TMPDIR may hold control characters */
    describe_end(ended, end, sizeof end);
    fprintf(stderr, "attackbench: recommend: the %s measurement failed (%s; its work folder is removed): %s\n", what,
            end, escaped);
    child_log_print_tail(stderr, log);
}

static int measure(struct recommendation *recommendation, const char *program, const char *directory)
{
    const char *what[2] = {"isolated", "engine"};
    char prefix[PATH_MAX], positions_file[PATH_MAX], log[PATH_MAX], isolated_csv[PATH_MAX], engine_csv[PATH_MAX];
    static char isolated_command[RECOMMEND_COMMAND_SIZE], engine_command[RECOMMEND_COMMAND_SIZE];
    snprintf(prefix, sizeof prefix, "%s/", directory);
    snprintf(positions_file, sizeof positions_file, "%s/positions.epd", directory);
    if (write_commands(recommendation, program, prefix, positions_file, isolated_command, engine_command) != 0)
        return -1;
    const char *commands[2] = {isolated_command, engine_command};
    for (int k = 0; k < 2; k++) {
        fprintf(stderr, "recommend: measuring %s (%s)\n", what[k], k ? "in perft" : "alone");
        snprintf(log, sizeof log, "%s/%s.log", directory, what[k]);
        int ended;
        int failed = run_child(commands[k], log, &ended) != 0;
        if (interrupt_requested()) {
            relay_plugin_lines(log);
            return -1;
        }
        if (failed) {
            report_failure(what[k], commands[k], log, ended);
            return found_wrong_results(ended) ? 1 : -1;
        }
    }
    snprintf(isolated_csv, sizeof isolated_csv, "%s/isolated.csv", directory);
    snprintf(engine_csv, sizeof engine_csv, "%s/engine.csv", directory);
    return recommend_read(recommendation, isolated_csv, engine_csv);
}

/* The work directory's files. */
static const char *const work_files[] = {"positions.epd", "isolated.csv", "engine.csv", "isolated.log", "engine.log"};
enum { WORK_FILE_COUNT = sizeof work_files / sizeof work_files[0] };

static int run(struct recommendation *recommendation)
{
    char program[PATH_MAX], directory[WORK_DIRECTORY_SIZE];
    ssize_t length = readlink("/proc/self/exe", program, sizeof program - 1);
#if defined(__wasi__)
    length = 0; /* no child processes, no mkdtemp: recommend_command refused first */
#endif
    if (length <= 0 || memchr(program, WORD_BREAK[0], (size_t)length)) {
        fprintf(stderr, "attackbench: recommend: cannot find this program's path, or it holds a control character\n");
        return RECOMMEND_EXIT_USAGE;
    }
    program[length] = '\0';
    const char *base = getenv("TMPDIR");
    if (base && strchr(base, WORD_BREAK[0])) {
        fprintf(stderr, "attackbench: recommend: TMPDIR holds a control character\n");
        return RECOMMEND_EXIT_USAGE;
    }
    if (work_directory_make(directory, sizeof directory, "recommend") != 0) {
        int error = errno; /* the directory under TMPDIR, escaped by refuse */
        refuse(recommend_prefix, "cannot make a work directory %s: %s", directory, strerror(error));
        return RECOMMEND_EXIT_USAGE;
    }
    struct work_directory_janitor janitor = work_directory_start_janitor(directory, work_files, WORK_FILE_COUNT);
    int allowed[MAX_THREADS];
    recommendation->threads = allowed_cpus(allowed, MAX_THREADS);
    recommendation->threads = recommendation->threads > 0 ? recommendation->threads : 1;
    recommendation->depth = recommendation->quick ? 2 : 4;
    /* 21 rounds of depth 4 take seconds on a 2-CPU machine and narrow the
     * ratio's interval enough to part techniques a few percent apart. */
    recommendation->reps = recommendation->quick ? 5 : 21;
    int status = RECOMMEND_EXIT_USAGE, measured = 0;
    /* The commands shown run from any folder: the first writes the
     * positions measured, built into this program, for the third. */
    if (snprintf(recommendation->positions_command, RECOMMEND_COMMAND_SIZE,
                 "%s" WORD_BREAK "recommend" WORD_BREAK "--print-positions", program) >= RECOMMEND_COMMAND_SIZE)
        fprintf(stderr, "attackbench: recommend: this program's path is too long for its command lines\n");
    else if (write_commands(recommendation, program, "", RECOMMEND_POSITIONS_FILE, recommendation->isolated_command,
                            recommendation->engine_command) != 0 ||
             shown_as_shell_words(recommendation->positions_command) != 0 ||
             shown_as_shell_words(recommendation->isolated_command) != 0 ||
             shown_as_shell_words(recommendation->engine_command) != 0)
        ; /* said */
    else if (write_positions(directory) != 0)
        fprintf(stderr, "attackbench: recommend: cannot write %s/positions.epd\n", directory);
    else {
        int measure_status = measure(recommendation, program, directory);
        measured = measure_status == 0;
        status = measure_status == 1 ? 1 : status;
    }
    if (measured)
        status = recommend_report(recommendation);
    work_directory_remove(directory, work_files, WORK_FILE_COUNT);
    work_directory_end_janitor(janitor);
    if (!interrupt_requested())
        return status;
    /* As the benchmark and ab say what an interrupted run kept. */
    fprintf(stderr, "attackbench: recommend: interrupted%s\n",
            !measured        ? " before the measurements finished: no verdict, no file written"
            : ferror(stdout) ? ": standard output not written whole"
                             : "");
    return interrupt_exit_status();
}

int recommend_command(int argc, char **argv)
{
    signal(SIGPIPE, SIG_IGN);
    static struct recommendation recommendation;
    int parsed = parse(argc, argv, &recommendation);
    if (parsed != 0)
        return parsed > 0 ? 0 : RECOMMEND_EXIT_USAGE;
    if (recommendation.print_positions)
        return print_positions_command();
    const struct output_files outputs = {
        .prefix = "attackbench: recommend", .csv = recommendation.csv_file, .json = recommendation.json_file};
    if (check_output_files(&outputs) != 0)
        return RECOMMEND_EXIT_USAGE; /* said before minutes of measuring, not after */
    if (choose_candidates(&recommendation) != 0 || check_runnable(&recommendation) != 0)
        return RECOMMEND_EXIT_USAGE;
#if defined(__wasi__)
    fprintf(stderr, "attackbench recommend: it measures in child processes, which WebAssembly does not have; "
                    "run it on the native build\n");
    return RECOMMEND_EXIT_USAGE;
#endif
    interrupt_catch_hangup();
    return run(&recommendation);
}

/* One side of `attackbench ab`: a fresh child process of the side's
 * program, which writes a CSV that is read back into one figure.  Each
 * child gets an environment variable of random length, so that the stack
 * (and what follows the environment) starts at a different offset in each
 * process: with the addresses the kernel randomises, the placement of code
 * data and tables varies between pairs and averages out instead of biasing
 * one side (Mytkowicz et al., "Producing wrong data without doing anything
 * obviously wrong", ASPLOS 2009). */
#define _GNU_SOURCE
#include "ab.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#if !defined(__wasi__)
#include <sys/wait.h>
#endif
#include <unistd.h>

#include "base/random.h"
#include "platform/interrupt.h"
#include "registry/plugins.h"
#include "results/result_file.h"

/* Pairs read from a file instead of measured, for the tests: one pair a
 * line, "A_NS B_NS [DISTURBANCE]", in the order of the pairs.  The
 * verdict logic then runs on known figures (tests/cli/ab.sh). */
static const char REPLAY_VARIABLE[] = "ATTACKBENCH_AB_REPLAY";
static const char PADDING_VARIABLE[] = "ATTACKBENCH_AB_PADDING";
enum { MAX_PADDING = 4096, MAX_CHILD_ARGUMENTS = 256 };

/* The defaults every side runs with, before the user's options (the last
 * of an option wins): the random stream's queens, batched, as the
 * benchmark's headline; a technique's default formulation, not one chosen
 * by a calibration that could choose differently in each process. */
static const char *const default_options[] = {"--workload=random", "--piece=queen", "--dispatch=batch",
                                              "--formulation=fixed", "--quiet"};

/* The child's argument list; the strings live in `storage`. */
static int child_arguments(const struct ab_run *run, const struct ab_side *side, const char *csv, char **words,
                           char storage[3][PATH_MAX + 16])
{
    int count = 0;
    words[count++] = (char *)side->program;
    if (side->plugin) {
        snprintf(storage[0], sizeof storage[0], "--plugin=%s", side->plugin);
        words[count++] = storage[0];
    }
    for (size_t d = 0; d < sizeof default_options / sizeof default_options[0]; d++)
        words[count++] = (char *)default_options[d];
    if (side->method[0]) {
        snprintf(storage[1], sizeof storage[1], "--method=%s", side->method);
        words[count++] = storage[1];
    }
    for (int a = 0; a < run->benchmark_count && count < MAX_CHILD_ARGUMENTS - 3; a++)
        words[count++] = run->benchmark_arguments[a];
    snprintf(storage[2], sizeof storage[2], "--csv=%s", csv);
    words[count++] = storage[2];
    words[count] = NULL;
    return count;
}

#if !defined(__wasi__)
/* The padding's length: a generator seeded once from the clock and the
 * process id. */
static size_t padding_length(void)
{
    static uint64_t state;
    if (state == 0)
        state = ((uint64_t)time(NULL) << 20) ^ (uint64_t)getpid() ^ 0x9e3779b97f4a7c15ull;
    return (size_t)(random_next(&state) % MAX_PADDING);
}
#endif

/* Run `words` with stdout to /dev/null and stderr into `log`; returns its
 * exit status, or -1 when it could not start or was killed. */
static int run_child(char **words, const char *log)
{
#if defined(__wasi__)
    (void)words;
    (void)log;
    (void)PADDING_VARIABLE;
    return -1;
#else
    static char padding[MAX_PADDING + 1];
    size_t length = padding_length();
    memset(padding, 'x', length);
    padding[length] = '\0';
    pid_t pid = fork();
    if (pid == 0) {
        int null = open("/dev/null", O_WRONLY), err = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0600);
        if (null < 0 || err < 0 || dup2(null, 1) < 0 || dup2(err, 2) < 0)
            _exit(127);
        setenv(PADDING_VARIABLE, padding, 1);
        execv(words[0], words);
        fprintf(stderr, "cannot run %s: %s\n", words[0], strerror(errno));
        _exit(127);
    }
    int status;
    while (pid > 0 && waitpid(pid, &status, 0) < 0 && errno == EINTR)
        if (interrupt_requested())
            kill(pid, SIGINT);
    if (pid < 0 || !WIFEXITED(status))
        return -1;
    return WEXITSTATUS(status);
#endif
}

/* What the rows of one side's CSV add up to. */
struct side_rows {
    double log_sum;
    int rows;
    int cpu;
    char disturbance[AB_DISTURBANCE_SIZE];
};

static int read_row(const struct result_fields *row, const char *path, long line, void *data)
{
    (void)path;
    (void)line;
    struct side_rows *rows = data;
    const char *method = field_value(row, "method"), *median = field_value(row, "ns_per_query_median");
    const char *cpu = field_value(row, "pin_cpu"), *warnings = field_value(row, "warnings");
    if (method == NULL || median == NULL || strcmp(method, "null") == 0)
        return 0;
    double value = strtod(median, NULL);
    if (!(value > 0))
        return 0;
    rows->log_sum += log(value);
    if (rows->rows++ == 0)
        rows->cpu = cpu ? atoi(cpu) : -1;
    if (warnings && rows->disturbance[0] == '\0')
        disturbance_keys(warnings, rows->disturbance, sizeof rows->disturbance);
    return 0;
}

/* The whole of a small file, NUL-terminated; NULL when unreadable. */
static char *read_whole(const char *path, size_t *length)
{
    FILE *in = fopen(path, "rb");
    if (in == NULL)
        return NULL;
    size_t capacity = 1 << 16, used = 0, got;
    char *text = malloc(capacity + 1);
    while (text && (got = fread(text + used, 1, capacity - used, in)) > 0) {
        used += got;
        if (used == capacity) {
            char *larger = realloc(text, 2 * capacity + 1);
            if (larger == NULL) {
                free(text);
                text = NULL;
            }
            text = larger;
            capacity *= 2;
        }
    }
    fclose(in);
    if (text)
        text[used] = '\0';
    *length = used;
    return text;
}

/* The figure of a side's CSV; -1 when it holds no timed row. */
static int read_side(const char *csv, struct ab_measurement *measurement)
{
    size_t length;
    char *text = read_whole(csv, &length);
    struct side_rows rows = {0};
    int status = text ? read_csv_rows(csv, text, length, read_row, &rows) : -1;
    free(text);
    if (status != 0 || rows.rows == 0)
        return -1;
    measurement->ns_per_query = exp(rows.log_sum / rows.rows);
    measurement->cpu = rows.cpu;
    snprintf(measurement->disturbance, sizeof measurement->disturbance, "%s", rows.disturbance);
    return 0;
}

/* A failed side: its command and the last lines it wrote. */
static void report_failure(const struct ab_side *side, char **words, const char *log, const char *what)
{
    fprintf(stderr, "attackbench ab: side %s %s:", side->label, what);
    for (int w = 0; words[w]; w++)
        fprintf(stderr, " %s", words[w]);
    fputc('\n', stderr);
    FILE *in = fopen(log, "r");
    char line[512];
    while (in && fgets(line, sizeof line, in))
        fprintf(stderr, "  %s", line);
    if (in)
        fclose(in);
}

/* One side measured in a fresh process.  0, or the exit status. */
static int measure_side(const struct ab_run *run, int which, struct ab_measurement *measurement)
{
    const struct ab_side *side = &run->sides[which];
    char csv[PATH_MAX], log[PATH_MAX], storage[3][PATH_MAX + 16], *words[MAX_CHILD_ARGUMENTS + 1];
    snprintf(csv, sizeof csv, "%s/side.csv", run->work_directory);
    snprintf(log, sizeof log, "%s/side.log", run->work_directory);
    unlink(csv);
    child_arguments(run, side, csv, words, storage);
    int status = run_child(words, log);
    if (interrupt_requested())
        return interrupt_exit_status();
    if (status != 0) {
        report_failure(side, words, log, status < 0 ? "did not finish" : "failed");
        return status == 1 ? 1 : AB_EXIT_USAGE;
    }
    if (read_side(csv, measurement) != 0) {
        report_failure(side, words, log, "wrote no timed row");
        return AB_EXIT_USAGE;
    }
    return 0;
}

/* Pair `index` from the replay file; 1 at its end, 2 on a malformed line. */
static int replay_pair(const char *path, int index, struct ab_pair *pair)
{
    static FILE *in;
    if (in == NULL && (in = fopen(path, "r")) == NULL) {
        fprintf(stderr, "attackbench ab: %s=%s: %s\n", REPLAY_VARIABLE, path, strerror(errno));
        return AB_EXIT_USAGE;
    }
    char line[256], word[AB_DISTURBANCE_SIZE] = "";
    if (fgets(line, sizeof line, in) == NULL)
        return 1;
    if (sscanf(line, "%lf %lf %63s", &pair->a.ns_per_query, &pair->b.ns_per_query, word) < 2 ||
        !(pair->a.ns_per_query > 0 && pair->b.ns_per_query > 0)) {
        fprintf(stderr, "attackbench ab: %s:%d: expected A_NS B_NS [DISTURBANCE]\n", path, index + 1);
        return AB_EXIT_USAGE;
    }
    snprintf(pair->a.disturbance, sizeof pair->a.disturbance, "%s", word);
    return 0;
}

int ab_measure_pair(struct ab_run *run, int index)
{
    struct ab_pair *pair = &run->pairs[index];
    *pair = (struct ab_pair){.b_first = index % 2};
    const char *replay = getenv(REPLAY_VARIABLE);
    int status = 0;
    if (replay && replay[0]) {
        status = replay_pair(replay, index, pair);
    } else {
        for (int turn = 0; turn < 2 && status == 0; turn++) {
            int which = turn ^ pair->b_first;
            status = measure_side(run, which, which ? &pair->b : &pair->a);
        }
    }
    if (status != 0)
        return status;
    const char *why = pair->a.disturbance[0] ? pair->a.disturbance : pair->b.disturbance;
    if (why[0] == '\0' && pair->a.cpu != pair->b.cpu)
        why = "different-cpus";
    snprintf(pair->disturbed, sizeof pair->disturbed, "%s", why);
    return 0;
}

int ab_plugin_method(const char *file, char *name, size_t size)
{
#if defined(__wasi__)
    (void)name;
    (void)size;
    fprintf(stderr, "attackbench ab: %s: this build cannot load plugins\n", file);
    return AB_EXIT_USAGE;
#else
    int channel[2];
    if (pipe(channel) != 0) {
        perror("attackbench ab: pipe");
        return AB_EXIT_USAGE;
    }
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        close(channel[0]);
        char error[512];
        const struct backend *backend = plugin_load(file, error, sizeof error);
        if (backend == NULL) {
            fprintf(stderr, "attackbench ab: --plugin=%s: %s\n", file, error);
            _exit(AB_EXIT_USAGE);
        }
        ssize_t written = write(channel[1], backend->name, strlen(backend->name));
        _exit(written > 0 ? 0 : AB_EXIT_USAGE);
    }
    close(channel[1]);
    ssize_t got = pid > 0 ? read(channel[0], name, size - 1) : -1;
    close(channel[0]);
    int status = 0;
    while (pid > 0 && waitpid(pid, &status, 0) < 0 && errno == EINTR)
        ;
    if (got <= 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        if (pid > 0 && WIFEXITED(status) && WEXITSTATUS(status) == 0)
            fprintf(stderr, "attackbench ab: --plugin=%s: no method name\n", file);
        else if (pid > 0 && !WIFEXITED(status))
            fprintf(stderr, "attackbench ab: --plugin=%s: it crashed while loading\n", file);
        return AB_EXIT_USAGE;
    }
    name[got] = '\0';
    return 0;
#endif
}

/* The two sides of a pair of `attackbench ab`: a fresh child process of
 * each side's program, warm and pinned to one CPU, which times a round
 * (about a millisecond) each time it is asked (ab_serve.c).  The rounds
 * alternate A B B A, so that a change of the machine's speed, which on a
 * shared host comes and goes within tens of milliseconds, hits both sides
 * of a block alike, and each block gives ln(B/A) as the mean of its two B
 * rounds less the mean of its two A rounds.  Each child gets an
 * environment variable of random length, so that the stack (and what
 * follows the environment) starts at a different offset in each process:
 * with the addresses the kernel randomises, the placement of code, data
 * and tables varies between pairs and averages out instead of biasing one
 * side (Mytkowicz et al., "Producing wrong data without doing anything
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
#include <poll.h>
#include <sys/wait.h>
#endif
#include <unistd.h>

#include "ab_serve.h"
#include "base/error_message.h"
#include "base/random.h"
#include "measure/cpu_choice.h"
#include "measure/fake_disturbances.h"
#include "options.h"
#include "platform/child_log.h"
#include "platform/interrupt.h"
#include "platform/timer.h"
#include "registry/plugins.h"

/* Pairs read from a file instead of measured, for the tests: one pair a
 * line, "A_NS B_NS [DISTURBANCE]", in the order of the pairs.  The
 * verdict logic then runs on known figures (tests/cli/ab.sh). */
static const char REPLAY_VARIABLE[] = "ATTACKBENCH_AB_REPLAY";
static const char PADDING_VARIABLE[] = "ATTACKBENCH_AB_PADDING";
enum {
    MAX_PADDING = 4096,
    ROUND_MICROSECONDS = 1000, /* a round: long against a timer read, short against the host's changes */
    MIN_BLOCKS = 4,
    PAIR_STRETCH = 3,
    MAX_BLOCKS = 1 << 16,
    READY_TIMEOUT_MS = 600000, /* a side's start: its tables, its verification, a long file */
    ROUND_TIMEOUT_MS = 60000,
    EXIT_TIMEOUT_MS = 2000, /* a side's exit once its pipes are closed */
};

/* A round whose timed passes lasted this much longer than the side's CPU
 * time for them was preempted: 5% of a round (round_preempted()). */
static const double PREEMPTED_SECONDS = 50e-6;
/* The same judged by ab for a side that does not say it: the round's
 * wall time from question to answer against the side's CPU time for it.
 * On the 2-vCPU Zen 3 guest under a load average of 8, of 4,428 rounds
 * 2,860 showed a gap under 100 us (the two pipes' wake-ups), 1,540 above
 * 500 us (another process's time slice) and 28 between 100 and 500 us. */
static const double WAITED_SECONDS = 200e-6;
/* The least time a pair may stretch to for its MIN_BLOCKS clean blocks
 * (another_block()), whatever its --pair-time. */
static const double STRETCH_SECONDS = 0.5;
/* The rounds asked so far in the run, for fake_preempted_round(). */
static long rounds_asked;

/* Why a side gave no answer: what read_reply(), ask_round() and
 * wait_ready() return. */
enum side_trouble {
    SIDE_ENDED = -1,       /* the end of its pipe */
    SIDE_INTERRUPTED = -2, /* ab got a signal */
    SIDE_SILENT = -3,      /* no line in the time */
    SIDE_IMPLAUSIBLE = -4, /* a round no run gives */
    SIDE_OVERLONG = -5,    /* a line longer than ab reads */
    SIDE_NOT_READY = -6,   /* a first line other than "ready" */
    SIDE_NEVER_READY = -7, /* the end of its pipe before "ready" */
};

/* What finish_side() returns for a side that had not exited
 * EXIT_TIMEOUT_MS after its pipes were closed, and that ab killed. */
enum { SIDE_KEPT_RUNNING = -2 };
/* A side that exited 1 with no sign of wrong attack sets in its log. */
enum { SIDE_FAILED_OTHERWISE = -3 };

/* The defaults every side runs with, before the user's options (the last
 * of an option wins): the random stream's queens, batched, as the
 * benchmark's headline; a technique's default formulation, not one chosen
 * by a calibration that could choose differently in each process; no CPU
 * chosen at the start (ab pins both sides to its own when they are warm). */
static const char *const default_options[] = {"--workload=random", "--piece=queen", "--dispatch=batch",
                                              "--formulation=fixed", "--quiet"};

int ab_side_arguments(const struct ab_run *run, const struct ab_side *side, char **words,
                      char storage[2][PATH_MAX + 16])
{
    int count = 0;
    words[count++] = (char *)side->program;
    if (side->plugin) {
        snprintf(storage[0], sizeof storage[0], "--plugin=%s", side->plugin);
        words[count++] = storage[0];
    }
    /* The default --piece only beside a workload that takes one: with
     * sets or sides alone the benchmark refuses it. */
    unsigned workloads = workloads_given(run->benchmark_count, run->benchmark_arguments, 1u << WORKLOAD_RANDOM);
    for (size_t d = 0; d < sizeof default_options / sizeof default_options[0]; d++)
        if (strcmp(default_options[d], "--piece=queen") != 0 || workloads_take_piece(workloads))
            words[count++] = (char *)default_options[d];
    if (run->cpu >= 0)
        words[count++] = "--pin=none";
    if (side->method[0]) {
        snprintf(storage[1], sizeof storage[1], "--method=%s", side->method);
        words[count++] = storage[1];
    }
    for (int a = 0; a < run->benchmark_count && count < AB_MAX_SIDE_ARGUMENTS - 1; a++)
        words[count++] = run->benchmark_arguments[a];
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

/* A side's running process: the pipe ab asks on, the pipe it answers on,
 * what it has written but ab has not read yet, and its log. */
struct side_process {
    int pid;
    int signal_number; /* the signal that ended it by itself, or 0 */
    int commands, replies;
    char pending[512];
    size_t pending_length;
    char log[PATH_MAX];
    char *words[AB_MAX_SIDE_ARGUMENTS + 1];
    char storage[2][PATH_MAX + 16];
};

#if defined(__wasi__)
static int start_side(const struct ab_run *run, int which, struct side_process *process)
{
    (void)run;
    (void)which;
    (void)process;
    (void)PADDING_VARIABLE;
    return -1;
}

static int read_reply(struct side_process *process, char *line, size_t size, double deadline)
{
    (void)process;
    (void)line;
    (void)size;
    (void)deadline;
    return SIDE_ENDED;
}

static int finish_side(struct side_process *process, int kill_it)
{
    (void)process;
    (void)kill_it;
    return -1;
}
#else
/* In the child: a process group of its own (ab ends the side's
 * processes with it), ended with ab (interrupt_end_with_parent), the log
 * as stderr, /dev/null as stdin and stdout, the two pipe ends kept across
 * exec and named in the environment, then the program. */
static void exec_side(struct side_process *process, int commands, int replies, int cpu, const char *padding,
                      pid_t parent)
{
    int null = open("/dev/null", O_RDWR), err = open(process->log, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    if (setpgid(0, 0) != 0 || interrupt_end_with_parent(parent) != 0 || null < 0 || err < 0 || dup2(null, 0) < 0 ||
        dup2(null, 1) < 0 || dup2(err, 2) < 0 || fcntl(commands, F_SETFD, 0) < 0 || fcntl(replies, F_SETFD, 0) < 0)
        _exit(127);
    char channel[64];
    snprintf(channel, sizeof channel, "%d,%d,%d,%d", commands, replies, cpu, ROUND_MICROSECONDS);
    setenv(AB_SERVE_VARIABLE, channel, 1);
    setenv(PADDING_VARIABLE, padding, 1);
    child_log_limit_size();
    execv(process->words[0], process->words);
    fprintf(stderr, "cannot run %s: %s\n", process->words[0], strerror(errno));
    _exit(127);
}

/* Start side `which` of the run; 0, or -1 after perror. */
static int start_side(const struct ab_run *run, int which, struct side_process *process)
{
    static char padding[MAX_PADDING + 1];
    size_t length = padding_length();
    memset(padding, 'x', length);
    padding[length] = '\0';
    snprintf(process->log, sizeof process->log, "%s/side-%c.log", run->work_directory, "ab"[which]);
    ab_side_arguments(run, &run->sides[which], process->words, process->storage);
    int commands[2], replies[2];
    if (pipe2(commands, O_CLOEXEC) != 0 || pipe2(replies, O_CLOEXEC) != 0) {
        perror("attackbench ab: pipe");
        return -1;
    }
    fflush(NULL);
    pid_t parent = getpid();
    process->pid = fork();
    if (process->pid == 0)
        exec_side(process, commands[0], replies[1], run->cpu, padding, parent);
    if (process->pid > 0)
        setpgid(process->pid, process->pid); /* as the child does: whichever runs first */
    close(commands[0]);
    close(replies[1]);
    process->commands = commands[1];
    process->replies = replies[0];
    process->pending_length = 0;
    if (process->pid < 0) {
        perror("attackbench ab: fork");
        return -1;
    }
    return 0;
}

/* The side's next line, without its newline: 0, or SIDE_ENDED,
 * SIDE_INTERRUPTED, SIDE_SILENT (no line by `deadline`, CLOCK_MONOTONIC
 * seconds) or SIDE_OVERLONG. */
static int read_reply(struct side_process *process, char *line, size_t size, double deadline)
{
    for (;;) {
        char *newline = memchr(process->pending, '\n', process->pending_length);
        if (newline) {
            size_t length = (size_t)(newline - process->pending);
            snprintf(line, size, "%.*s", (int)length, process->pending);
            process->pending_length -= length + 1;
            memmove(process->pending, newline + 1, process->pending_length);
            return 0;
        }
        if (interrupt_requested())
            return SIDE_INTERRUPTED;
        if (process->pending_length == sizeof process->pending)
            return SIDE_OVERLONG;
        struct pollfd wait = {process->replies, POLLIN, 0};
        int left = (int)((deadline - seconds_on_clock(CLOCK_MONOTONIC)) * 1e3);
        int ready = left > 0 ? poll(&wait, 1, left) : 0;
        if (ready < 0 && errno == EINTR)
            continue;
        if (ready == 0)
            return SIDE_SILENT;
        ssize_t got = read(process->replies, process->pending + process->pending_length,
                           sizeof process->pending - process->pending_length);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            return SIDE_ENDED;
        process->pending_length += (size_t)got;
    }
}

/* Wait up to EXIT_TIMEOUT_MS for the side to exit: 0 with its wait
 * status, or -1 when it is still running. */
static int wait_for_exit(pid_t pid, int *status)
{
    for (int waited_ms = 0;; waited_ms += 10) {
        pid_t got = waitpid(pid, status, WNOHANG);
        if (got == pid)
            return 0;
        if (got < 0 && errno != EINTR)
            return 0; /* no such child: nothing to wait for */
        if (waited_ms >= EXIT_TIMEOUT_MS)
            return -1;
        struct timespec pause = {0, 10000000};
        nanosleep(&pause, NULL);
    }
}

/* Close the side's pipes (at which it exits) and wait for it; SIGKILL to
 * its process group first when `kill_it`, or when it has not exited
 * EXIT_TIMEOUT_MS later.  Whatever of its group is left is killed too.
 * Its exit status; -1 when a signal ended it; SIDE_KEPT_RUNNING. */
static int finish_side(struct side_process *process, int kill_it)
{
    if (process->pid <= 0)
        return -1;
    close(process->commands);
    close(process->replies);
    if (kill_it)
        kill(-process->pid, SIGKILL);
    int status = 0, result;
    process->signal_number = 0;
    if (wait_for_exit(process->pid, &status) == 0) {
        result = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
        if (WIFSIGNALED(status) && !kill_it)
            process->signal_number = WTERMSIG(status);
    } else {
        kill(-process->pid, SIGKILL);
        while (waitpid(process->pid, &status, 0) < 0 && errno == EINTR)
            ;
        result = SIDE_KEPT_RUNNING;
    }
    kill(-process->pid, SIGKILL); /* its children, if it left any */
    process->pid = 0;
    return result;
}
#endif

/* A failed side: its command and the last lines it wrote. */
static void report_failure(const struct ab_side *side, char **words, const char *log, const char *what)
{
    /* The label, the command and the log escaped (escape_text): a path
     * or a side's output may hold control characters. */
    char shown[4 * PATH_MAX];
    escape_text(side->label, shown, sizeof shown);
    fprintf(stderr, "attackbench ab: side %s %s:", shown, what);
    for (int w = 0; words[w]; w++) {
        escape_text(words[w], shown, sizeof shown);
        fprintf(stderr, " %s", shown);
    }
    fputc('\n', stderr);
    child_log_print_tail(stderr, log);
}

/* Whether the side's log holds what attackbench writes when a method
 * gives wrong attack sets (exit status 1): a plugin refused at load, the
 * verification's report, a checksum that differs.  Any other program that
 * exits 1 (not a side of ab at all) merely failed. */
static int log_shows_wrong_sets(const char *log)
{
    static const char *const signs[] = {"gives wrong attack sets", "verify: ", "checksum differs from the reference"};
    FILE *in = fopen(log, "r");
    char line[512];
    int found = 0;
    while (in && !found && fgets(line, sizeof line, in))
        for (size_t i = 0; i < sizeof signs / sizeof signs[0]; i++)
            found |= strstr(line, signs[i]) != NULL;
    if (in)
        fclose(in);
    return found;
}

/* Why side `why` of the run failed, in words, with `status` what
 * finish_side() gave and `signal_number` the signal that ended it by
 * itself (a crash), or 0. */
static void describe_failure(const struct ab_run *run, int why, int status, int signal_number, char *text, size_t size)
{
    const char *what = status == SIDE_KEPT_RUNNING       ? "closed its pipes to ab but did not exit; ab stopped it"
                       : status == 1                     ? "gave wrong attack sets (exit status 1)"
                       : status == SIDE_FAILED_OTHERWISE ? "failed (exit status 1)"
                       : status < 0                      ? "did not finish"
                                                         : "failed";
    if (signal_number > 0 && (why == SIDE_ENDED || why == SIDE_NEVER_READY)) {
        snprintf(text, size, "was killed by signal %d (%s)", signal_number, strsignal(signal_number));
        return;
    }
    if (why == SIDE_IMPLAUSIBLE)
        what = "answered a round with figures no run gives (not numbers, ns per query outside 1e-6 to 1e9, or no "
               "TSC ticks in a pair timed by them)";
    if (why == SIDE_OVERLONG)
        what = "answered with a line longer than ab's rounds give (not a side of ab)";
    if (why == SIDE_NOT_READY)
        what = "began with a line other than ab's \"ready\" (not a side of ab)";
    if (why == SIDE_NEVER_READY && status == 0)
        what = "ended without timing a round for ab (a build older than ab's rounds, 2026-11-29, cannot be a "
               "side)";
    if (why == SIDE_ENDED && status == 0)
        what = "stopped answering ab's rounds and exited 0";
    if (why == SIDE_SILENT && seconds_on_clock(CLOCK_MONOTONIC) >= run->deadline) {
        snprintf(text, size,
                 "did not answer by --max-time=%g s plus twice --pair-time plus %d s; ab stopped it and its processes",
                 run->max_seconds, AB_GRACE_SECONDS);
        return;
    }
    if (why == SIDE_SILENT)
        what = "did not answer in time";
    snprintf(text, size, "%s", what);
}

/* A side that did not answer: both ended, the failure reported.  Returns
 * the exit status of ab: 1 when the side found wrong attack sets, else 2,
 * or the interrupt's. */
static int side_failed(const struct ab_run *run, struct side_process processes[2], int which, int why)
{
    int status = finish_side(&processes[which], why != SIDE_ENDED && why != SIDE_NEVER_READY);
    finish_side(&processes[!which], 1);
    if (why == SIDE_INTERRUPTED || interrupt_requested())
        return interrupt_exit_status();
    char what[256];
    if (status == 1 && !log_shows_wrong_sets(processes[which].log))
        status = SIDE_FAILED_OTHERWISE;
    describe_failure(run, why, status, processes[which].signal_number, what, sizeof what);
    report_failure(&run->sides[which], processes[which].words, processes[which].log, what);
    return status == 1 ? 1 : AB_EXIT_USAGE;
}

/* side_failed()'s status, noted in the run when the side broke (exit 2:
 * not wrong attack sets, not an interrupt), so that the pairs finished
 * before are reported. */
static int side_broke(struct ab_run *run, int status)
{
    run->side_broke = status == AB_EXIT_USAGE;
    return status;
}

/* The end of a wait on a side: `limit_ms` from now, or the run's deadline
 * if that is sooner. */
static double wait_deadline(const struct ab_run *run, int limit_ms)
{
    double limit = seconds_on_clock(CLOCK_MONOTONIC) + limit_ms / 1e3;
    return run->deadline < limit ? run->deadline : limit;
}

/* One round of a side: its ns and ticks per query, its CPU seconds so far,
 * its CPU and, from a side that says it, the seconds other work kept it
 * off the CPU during its timed passes (else -1), from its answer. */
struct round_answer {
    double ns, ticks, cpu_seconds;
    int cpu;
    double preempted_seconds;
};

/* ns per query as a side can measure them: between a femtosecond and a
 * second.  Anything else (inf, nan, 1e-300) would reach the ratios, the
 * interval and the JSON. */
static int plausible_ns(double ns)
{
    return isfinite(ns) && ns >= 1e-6 && ns <= 1e9;
}

/* A round's figures as a side can measure them: plausible ns, ticks per
 * query 0 (no counter) up to 10^10, CPU seconds finite, preempted seconds
 * -1 (not said) or from 0 to an hour. */
static int plausible_round(const struct round_answer *answer)
{
    return plausible_ns(answer->ns) && isfinite(answer->ticks) && answer->ticks >= 0 && answer->ticks <= 1e10 &&
           isfinite(answer->cpu_seconds) && answer->cpu_seconds >= 0 &&
           (answer->preempted_seconds == -1 || (answer->preempted_seconds >= 0 && answer->preempted_seconds <= 3600));
}

static int ask_round(const struct ab_run *run, struct side_process *process, struct round_answer *answer)
{
    char line[256];
    if (write(process->commands, "r", 1) != 1)
        return SIDE_ENDED;
    int status = read_reply(process, line, sizeof line, wait_deadline(run, ROUND_TIMEOUT_MS));
    if (status != 0)
        return status;
    int fields = sscanf(line, "%lf %lf %lf %d %lf", &answer->ns, &answer->ticks, &answer->cpu_seconds, &answer->cpu,
                        &answer->preempted_seconds);
    if (fields == 4)
        answer->preempted_seconds = -1; /* a side built before the field */
    if (fields < 4 || !plausible_round(answer))
        return SIDE_IMPLAUSIBLE;
    return 0;
}

/* ln of the figure compared: ticks where both sides have them (one clock,
 * no calibration between the processes), else ns. */
static double round_log(const struct round_answer *answer, int ticks)
{
    return log(ticks ? answer->ticks : answer->ns);
}

static int compare_doubles(const void *left, const void *right)
{
    double a = *(const double *)left, b = *(const double *)right;
    return (a > b) - (a < b);
}

/* The mean of the middle half: a round that an interrupt or another
 * process hit moves it little. */
static double trimmed_mean(double *values, int count)
{
    qsort(values, (size_t)count, sizeof *values, compare_doubles);
    int drop = count / 4;
    double sum = 0;
    for (int i = drop; i < count - drop; i++)
        sum += values[i];
    return sum / (count - 2 * drop);
}

static double median(double *values, int count)
{
    qsort(values, (size_t)count, sizeof *values, compare_doubles);
    return count % 2 ? values[count / 2] : (values[count / 2 - 1] + values[count / 2]) / 2;
}

/* What the rounds of a pair gather: every block, and which of them no
 * other process cut into. */
struct pair_rounds {
    double *block_logs, *a_ns, *b_ns;
    unsigned char *clean; /* per block: 1 when no round of it was preempted */
    int blocks, clean_blocks;
    double ready_cpu_seconds[2]; /* each side's CPU time when warm: A, B */
    int a_cpu, b_cpu, moved;
    int ticks; /* the rounds compared by their TSC ticks, not their ns */
};

/* Whether other work preempted a round: the side says how long it was
 * kept off the CPU during its timed passes (PREEMPTED_SECONDS or more);
 * a side built before it said so, by the round's wall time from ab's
 * question to the answer against the CPU time the side used for it
 * (from its last answer to this one), which also holds the pipes'
 * wake-ups (WAITED_SECONDS or more). */
static int round_preempted(const struct round_answer *answer, double wall_seconds, double used_seconds)
{
    if (answer->preempted_seconds >= 0)
        return answer->preempted_seconds >= PREEMPTED_SECONDS;
    return wall_seconds - used_seconds >= WAITED_SECONDS;
}

/* One block of four rounds in `order`, each side's answer in `answers`;
 * *clean: no round of it preempted (round_preempted()).  0, or what a
 * side's read_reply() or ask_round() gave, with *which the side. */
static int ask_block(const struct ab_run *run, struct side_process processes[2], const int order[4],
                     struct round_answer answers[4], double last_cpu_seconds[2], int *clean, int *which)
{
    *clean = 1;
    for (int turn = 0; turn < 4; turn++) {
        *which = order[turn];
        double asked = seconds_on_clock(CLOCK_MONOTONIC);
        int status = ask_round(run, &processes[*which], &answers[turn]);
        if (status != 0)
            return status;
        double wall = seconds_on_clock(CLOCK_MONOTONIC) - asked;
        double used = answers[turn].cpu_seconds - last_cpu_seconds[*which];
        last_cpu_seconds[*which] = answers[turn].cpu_seconds;
        if (round_preempted(&answers[turn], wall, used) || fake_preempted_round(rounds_asked++))
            *clean = 0;
    }
    return 0;
}

/* A block's rounds into the pair's record: its log ratio, each side's ns
 * and CPU.  0, or SIDE_IMPLAUSIBLE with *which the side. */
static int record_block(struct pair_rounds *rounds, const int order[4], const struct round_answer answers[4], int clean,
                        int *which)
{
    if (rounds->blocks == 0) /* ticks for the whole pair, if its first rounds have them */
        rounds->ticks = answers[0].ticks > 0 && answers[1].ticks > 0;
    double a_logs = 0, b_logs = 0;
    for (int turn = 0; turn < 4; turn++) {
        const struct round_answer *answer = &answers[turn];
        if (rounds->ticks && !(answer->ticks > 0)) {
            *which = order[turn];
            return SIDE_IMPLAUSIBLE; /* log(0): -inf in the ratio */
        }
        if (order[turn]) {
            b_logs += round_log(answer, rounds->ticks);
            rounds->b_ns[2 * rounds->blocks + (turn > 1)] = answer->ns;
            rounds->b_cpu = answer->cpu;
        } else {
            a_logs += round_log(answer, rounds->ticks);
            rounds->a_ns[2 * rounds->blocks + (turn > 1)] = answer->ns;
            rounds->a_cpu = answer->cpu;
        }
        rounds->moved |= answer->cpu != answers[0].cpu;
    }
    rounds->clean[rounds->blocks] = (unsigned char)clean;
    rounds->clean_blocks += clean;
    rounds->block_logs[rounds->blocks++] = (b_logs - a_logs) / 2;
    return 0;
}

/* Whether the pair wants another block: MIN_BLOCKS at least, and more
 * until --pair-time is up; past it, while fewer than MIN_BLOCKS are
 * clean, up to PAIR_STRETCH times --pair-time (STRETCH_SECONDS at
 * least), so that a pair on a loaded CPU still gets its clean blocks. */
static int another_block(const struct ab_run *run, const struct pair_rounds *rounds, double start)
{
    if (rounds->blocks >= MAX_BLOCKS)
        return 0;
    double elapsed = seconds_on_clock(CLOCK_MONOTONIC) - start;
    if (elapsed < run->pair_seconds || rounds->blocks < MIN_BLOCKS)
        return 1;
    double stretch = fmax(PAIR_STRETCH * run->pair_seconds, STRETCH_SECONDS);
    return rounds->clean_blocks < MIN_BLOCKS && elapsed < stretch;
}

/* Blocks of four rounds until the pair's time is up.  0, or what a side's
 * read_reply() or ask_round() gave, with *which the side. */
static int alternate_rounds(const struct ab_run *run, struct ab_pair *pair, struct side_process processes[2],
                            struct pair_rounds *rounds, int *which)
{
    double start = seconds_on_clock(CLOCK_MONOTONIC);
    const int order[4] = {pair->b_first, !pair->b_first, !pair->b_first, pair->b_first};
    double last_cpu_seconds[2] = {rounds->ready_cpu_seconds[0], rounds->ready_cpu_seconds[1]};
    while (another_block(run, rounds, start)) {
        struct round_answer answers[4];
        int clean = 0;
        int status = ask_block(run, processes, order, answers, last_cpu_seconds, &clean, which);
        if (status == 0)
            status = record_block(rounds, order, answers, clean, which);
        if (status != 0)
            return status;
    }
    return 0;
}

/* Both sides warm: their "ready" lines, with their CPU seconds so far. */
static int wait_ready(const struct ab_run *run, struct side_process processes[2], struct pair_rounds *rounds,
                      int *which)
{
    for (*which = 0; *which < 2; (*which)++) {
        char line[256];
        int status = read_reply(&processes[*which], line, sizeof line, wait_deadline(run, READY_TIMEOUT_MS));
        double seconds = 0;
        if (status == 0 && sscanf(line, "ready %lf", &seconds) != 1)
            status = SIDE_NOT_READY;
        if (status == SIDE_ENDED)
            status = SIDE_NEVER_READY;
        if (status != 0)
            return status;
        rounds->ready_cpu_seconds[*which] = seconds;
    }
    return 0;
}

/* Only the clean blocks kept, in order, their rounds' ns with them. */
static void keep_clean_blocks(struct pair_rounds *rounds)
{
    int kept = 0;
    for (int block = 0; block < rounds->blocks; block++) {
        if (!rounds->clean[block])
            continue;
        rounds->block_logs[kept] = rounds->block_logs[block];
        for (int half = 0; half < 2; half++) {
            rounds->a_ns[2 * kept + half] = rounds->a_ns[2 * block + half];
            rounds->b_ns[2 * kept + half] = rounds->b_ns[2 * block + half];
        }
        kept++;
    }
    rounds->blocks = kept;
}

/* The pair's figures from its rounds, and why it is left out, if it is:
 * its sides on different CPUs, or fewer than MIN_BLOCKS blocks that no
 * other process cut into (cpu-contention).  A pair is timed on its clean
 * blocks alone; with --keep-disturbed, or too few clean ones, on all. */
static void summarise_pair(const struct ab_run *run, struct ab_pair *pair, struct pair_rounds *rounds)
{
    int contended = rounds->clean_blocks < MIN_BLOCKS;
    pair->preempted_blocks = rounds->blocks - rounds->clean_blocks;
    if (!contended && !run->keep_disturbed)
        keep_clean_blocks(rounds);
    pair->blocks = rounds->blocks;
    pair->log_ratio = trimmed_mean(rounds->block_logs, rounds->blocks);
    pair->a = (struct ab_measurement){median(rounds->a_ns, 2 * rounds->blocks), rounds->a_cpu};
    pair->b = (struct ab_measurement){median(rounds->b_ns, 2 * rounds->blocks), rounds->b_cpu};
    const char *why = "";
    if (rounds->moved || rounds->a_cpu != rounds->b_cpu || (run->cpu >= 0 && rounds->a_cpu != run->cpu))
        why = "different-cpus";
    else if (contended)
        why = "cpu-contention";
    snprintf(pair->disturbed, sizeof pair->disturbed, "%s", why);
}

/* A live pair: both sides started, warm, their rounds alternated, ended. */
static int measure_live_pair(struct ab_run *run, struct ab_pair *pair)
{
    static struct side_process processes[2];
    static struct pair_rounds rounds;
    if (rounds.block_logs == NULL) {
        rounds.block_logs = malloc(MAX_BLOCKS * sizeof(double));
        rounds.a_ns = malloc(2 * MAX_BLOCKS * sizeof(double));
        rounds.b_ns = malloc(2 * MAX_BLOCKS * sizeof(double));
        rounds.clean = malloc(MAX_BLOCKS);
        if (rounds.block_logs == NULL || rounds.a_ns == NULL || rounds.b_ns == NULL || rounds.clean == NULL) {
            fprintf(stderr, "attackbench ab: out of memory\n");
            return AB_EXIT_USAGE;
        }
    }
    rounds.blocks = rounds.clean_blocks = rounds.moved = 0;
    for (int s = 0; s < 2; s++)
        if (start_side(run, s, &processes[s]) != 0) {
            if (s == 1)
                finish_side(&processes[0], 1);
            return AB_EXIT_USAGE;
        }
    int which = 0, status = wait_ready(run, processes, &rounds, &which);
    if (status != 0)
        return side_broke(run, side_failed(run, processes, which, status));
    status = alternate_rounds(run, pair, processes, &rounds, &which);
    if (status != 0)
        return side_broke(run, side_failed(run, processes, which, status));
    for (int s = 0; s < 2; s++)
        finish_side(&processes[s], 0);
    summarise_pair(run, pair, &rounds);
    return 0;
}

/* One line of the replay into line[size], without its line break. */
enum { LINE_READ, LINE_END, LINE_ERROR, LINE_LONG, LINE_NUL };
static int read_replay_line(FILE *in, char *line, size_t size)
{
    size_t length = 0;
    int c;
    while ((c = getc(in)) != EOF && c != '\n') {
        if (c == '\0')
            return LINE_NUL; /* fgets read up to it, and the rest as the next line */
        if (length + 1 == size)
            return LINE_LONG;
        line[length++] = (char)c;
    }
    line[length] = '\0';
    if (c == EOF && ferror(in))
        return LINE_ERROR;
    return c == EOF && length == 0 ? LINE_END : LINE_READ;
}

/* A decimal number of ns (no hexadecimal, inf or nan) from *text, which
 * moves past it and the blanks after it. */
static int read_replay_ns(const char **text, double *ns)
{
    size_t length = strspn(*text, "0123456789.eE+-");
    char *end;
    *ns = strtod(*text, &end);
    /* The figure ends at a blank or the line's end: "20x" is no figure. */
    if (length == 0 || end != *text + length || (*end != '\0' && strchr(" \t\r", *end) == NULL))
        return 0;
    *text = end + strspn(end, " \t\r");
    return 1;
}

/* A replay line: A_NS B_NS and at most one word, the disturbance. */
static int parse_replay_line(const char *line, struct ab_pair *pair, char *word, size_t size)
{
    const char *text = line + strspn(line, " \t");
    if (!read_replay_ns(&text, &pair->a.ns_per_query) || !read_replay_ns(&text, &pair->b.ns_per_query))
        return 0;
    size_t length = strcspn(text, " \t\r");
    const char *rest = text + length;
    if (length >= size || rest[strspn(rest, " \t\r")] != '\0')
        return 0;
    memcpy(word, text, length);
    word[length] = '\0';
    return plausible_ns(pair->a.ns_per_query) && plausible_ns(pair->b.ns_per_query);
}

/* Pair `index` (line index + 1) from the replay file; AB_REPLAY_ENDED at
 * its end, 2 on a malformed line: too long, not two numbers, or ns that
 * no side's round gives (plausible_ns()). */
static int replay_pair(const char *path, int index, struct ab_pair *pair)
{
    static FILE *in;
    char shown[1024]; /* the path as messages show it (escape_text) */
    escape_text(path, shown, sizeof shown);
    if (in == NULL && (in = fopen(path, "r")) == NULL) {
        fprintf(stderr, "attackbench ab: %s=%s: %s\n", REPLAY_VARIABLE, shown, strerror(errno));
        return AB_EXIT_USAGE;
    }
    char line[256], word[AB_DISTURBANCE_SIZE] = "";
    errno = 0;
    int read = read_replay_line(in, line, sizeof line);
    if (read == LINE_END)
        return AB_REPLAY_ENDED;
    if (read == LINE_ERROR) {
        /* A folder opens, and its read fails: not an empty replay. */
        fprintf(stderr, "attackbench ab: %s=%s: %s\n", REPLAY_VARIABLE, shown,
                errno ? strerror(errno) : "cannot read it");
        return AB_EXIT_USAGE;
    }
    if (read == LINE_LONG) {
        fprintf(stderr, "attackbench ab: %s:%d: longer than %zu bytes: expected A_NS B_NS [DISTURBANCE]\n", shown,
                index + 1, sizeof line - 1);
        return AB_EXIT_USAGE;
    }
    if (read == LINE_NUL) {
        fprintf(stderr, "attackbench ab: %s:%d: a NUL byte: expected A_NS B_NS [DISTURBANCE]\n", shown, index + 1);
        return AB_EXIT_USAGE;
    }
    if (!parse_replay_line(line, pair, word, sizeof word)) {
        fprintf(stderr,
                "attackbench ab: %s:%d: expected A_NS B_NS [DISTURBANCE], decimal ns per query from 1e-6 to 1e9 "
                "and at most one word\n",
                shown, index + 1);
        return AB_EXIT_USAGE;
    }
    pair->log_ratio = log(pair->b.ns_per_query / pair->a.ns_per_query);
    escape_text(word, pair->disturbed, sizeof pair->disturbed);
    return 0;
}

int ab_replaying(void)
{
    const char *replay = getenv(REPLAY_VARIABLE);
    return replay && replay[0];
}

int ab_measure_pair(struct ab_run *run, int index)
{
    struct ab_pair *pair = &run->pairs[index];
    *pair = (struct ab_pair){.b_first = index % 2};
    const char *replay = getenv(REPLAY_VARIABLE);
    if (replay && replay[0])
        return replay_pair(replay, index, pair);
    return measure_live_pair(run, pair);
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
        else if (pid > 0 && WIFSIGNALED(status))
            fprintf(stderr, "attackbench ab: --plugin=%s: it crashed while loading (signal %d, %s)\n", file,
                    WTERMSIG(status), strsignal(WTERMSIG(status)));
        return AB_EXIT_USAGE;
    }
    name[got] = '\0';
    return 0;
#endif
}

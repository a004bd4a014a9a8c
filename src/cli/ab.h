/* `attackbench ab A B`: two builds, two plugins or two methods timed in
 * pairs of fresh processes, whose rounds alternate a millisecond apart
 * (A B B A ...), the ratio B/A of each pair, and a sequential test that
 * stops as soon as the pairs decide (measure/sequential_test.h).
 * ab_command.c reads the command line and runs the pairs; ab_side.c
 * starts a pair's two processes and alternates their rounds (their end is
 * ab_serve.c); ab_report.c writes the progress, the verdict and the
 * --csv/--json files. */
#ifndef ATTACKBENCH_AB_H
#define ATTACKBENCH_AB_H

#include <limits.h>
#include <stddef.h>

#include "measure/sequential_test.h"

enum ab_kind { AB_BUILDS, AB_PLUGINS, AB_METHODS };

enum {
    AB_EXIT_SLOWER = 3,
    AB_EXIT_USAGE = 2,
    AB_NAME_SIZE = 64,
    AB_DISTURBANCE_SIZE = 64,
    /* No verdict before this: a shared host's spells, in which B's cost
     * against A moves, last 15 to 30 s on the Intel Xeon guest
     * (docs/measurement.md). */
    AB_MIN_SECONDS = 30,
    AB_PAIR_SECONDS = 1, /* --pair-time's default */
    /* ab_measure_pair(): the replay file has no more pairs (a status no
     * exit of ab or of a side can be). */
    AB_REPLAY_ENDED = -1,
    /* The grace past --max-time, on top of two pairs' --pair-time (the
     * pair started before the limit, and its sides' start): a side still
     * not answering then is stopped, with its processes, and has failed. */
    AB_GRACE_SECONDS = 10,
    AB_MAX_SIDE_ARGUMENTS = 256, /* the words of a side's command line */
};

/* What one side runs: `program` [--plugin=`plugin`] [--method=`method`]. */
struct ab_side {
    const char *label; /* as the user named it: a path or a method */
    const char *program;
    const char *plugin;        /* or NULL */
    char method[AB_NAME_SIZE]; /* or "" (a build: the benchmark options choose) */
};

/* One side of a pair: the median over its rounds of their ns per query
 * (the geometric mean over the methods it times, the null row, the
 * harness, left out), and the CPU it ran on. */
struct ab_measurement {
    double ns_per_query;
    int cpu;
};

/* A pair: a fresh process of each side, their rounds alternated in
 * blocks of four (A B B A, or B A A B when B went first), and the ratio
 * B/A of the pair, the trimmed mean of the blocks' log ratios. */
struct ab_pair {
    int b_first; /* the order of the pair: 0 A then B, 1 B then A */
    struct ab_measurement a, b;
    double log_ratio;                    /* ln(B/A) */
    int blocks;                          /* blocks of four rounds timed; 0 for a replayed pair */
    int preempted_blocks;                /* blocks left out: a round of theirs was preempted */
    char disturbed[AB_DISTURBANCE_SIZE]; /* why the pair is left out, or "" */
};

struct ab_run {
    enum ab_kind kind;
    struct ab_side sides[2];
    struct sequential_settings settings;
    double max_seconds;
    double pair_seconds; /* --pair-time: the rounds of one pair */
    double min_seconds;  /* --min-time: no verdict before it (AB_MIN_SECONDS; 0 for a replay) */
    int cpu;             /* where both sides' rounds run; -1: unpinned */
    int keep_disturbed;  /* --keep-disturbed: only pairs on different CPUs are left out */
    const char *csv_file, *json_file;
    char **benchmark_arguments; /* the options after A and B, for every side */
    int benchmark_count;
    const char *work_directory;
    struct ab_pair *pairs;
    int pair_count, pair_capacity;
    int side_broke;     /* a side crashed, exited or stopped answering (exit 2): the pairs before are reported */
    double *log_ratios; /* of the pairs kept, in order */
    int kept;
    double seconds;
    double deadline; /* CLOCK_MONOTONIC seconds at which every wait on a side ends */
    struct sequential_state state;
};

/* Measure pair number `index` (even: A then B; odd: B then A) into
 * run->pairs[index], on run->cpu.  Returns 0; AB_REPLAY_ENDED when a replay file has
 * no more pairs; otherwise the exit status, after one line on what failed
 * (1 when a side gave wrong attack sets). */
int ab_measure_pair(struct ab_run *run, int index);

/* The argument list of side `side`'s process: its program, --plugin,
 * ab's default options (random queens, batched), --pin=none when ab pins
 * the sides itself, its --method and the benchmark options (the last of
 * an option wins); the strings live in `storage`.  Returns the count;
 * words[count] is NULL (`words` holds AB_MAX_SIDE_ARGUMENTS + 1). */
int ab_side_arguments(const struct ab_run *run, const struct ab_side *side, char **words,
                      char storage[2][PATH_MAX + 16]);

/* Whether the pairs come from a replay file (the tests), not processes. */
int ab_replaying(void);

/* The method name the plugin in `file` registers, read in a child process
 * (two plugins of one name cannot share a registry).  0, or 2 after one
 * line on what is wrong with the file. */
int ab_plugin_method(const char *file, char *name, size_t size);

/* A line on standard error after every tenth pair, while it is a
 * terminal: the pairs, those left out, the ratio so far and the time. */
void ab_show_progress(const struct ab_run *run);

/* The verdict on standard output and the --csv/--json files.  Returns 0,
 * or 2 when standard output or a file could not be written. */
int ab_report(const struct ab_run *run);

#endif

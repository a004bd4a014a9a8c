/* What `attackbench perft` holds while it runs: the settings from the
 * command line, the chosen methods with their timings, the block of
 * positions being counted.  perft_run.c counts and times, perft_workers.c
 * counts with threads or processes, perft_figures.c reduces the timings
 * (cli/perft_report.c prints them). */
#ifndef ATTACKBENCH_PERFT_STATE_H
#define ATTACKBENCH_PERFT_STATE_H

#include <limits.h>
#include <stddef.h>
#include <stdint.h>

#include "attackbench/backend.h"
#include "chess/engine_memory.h"
#include "chess/position.h"

enum {
    /* Positions read, counted and timed together: enough to time (a
     * block at depth 1 takes a fraction of a millisecond), few enough to
     * keep memory small whatever the input's length. */
    PERFT_BLOCK_POSITIONS = 1024,
    /* Each repetition counts every position again: a perft run is long. */
    PERFT_MAX_REPS = 1000,
    PERFT_EXIT_MISMATCH = 1,
    PERFT_EXIT_USAGE = 2,
};

struct perft_settings {
    const char *method_list;
    const char *csv_file; /* or NULL */
    int bmf;              /* --format=bmf: Bencher's JSON on stdout, not the rows */
    const char **files;
    size_t file_count;
    int depth; /* 0: from each line's ;Dn counts */
    int divide;
    int reps;
    int threads;               /* 1: the calling thread alone */
    int processes;             /* 1: this process alone */
    size_t pressure_bytes;     /* hash table probed per node; 0: none */
    const char *pressure_text; /* --pressure's value as given, for messages */
    size_t eval_bytes;         /* network bytes read per node; 0: none */
};

struct perft_method {
    const struct backend *backend;
    size_t table_bytes;
    double init_ms;
    uint64_t nodes;       /* over the positions finished */
    double *rep_seconds;  /* [reps]: each repetition, summed over the blocks */
    double *solo_seconds; /* [reps]: the same with one worker (with workers only) */
};

struct perft_entry {
    struct position position;
    const char *file_name;
    long line_number;
    int depth;
};

struct perft_workers;

struct perft_run {
    const struct perft_settings *settings;
    struct perft_method *methods;
    size_t method_count;
    /* The block being read; then its counts ([method][position]) and
     * times ([method][rep]), added to the totals once it is finished. */
    struct perft_entry *block;
    size_t block_count;
    /* The block's file as messages show it, kept here: the reader's copy
     * is gone once it returns, and the block is finished after that. */
    char block_file_name[PATH_MAX + 64];
    uint64_t *block_nodes;    /* the first repetition's */
    uint64_t *repeated_nodes; /* [position]: a later repetition's, checked against them */
    unsigned char *differs;   /* [method][position]: a repetition's count differed (said once) */
    double *block_seconds;
    double *block_solo_seconds;
    struct perft_workers *workers; /* --threads or --processes above 1, or NULL */
    struct engine_memory memory;   /* the calling thread's, without workers */
    size_t blocks_finished;
    size_t positions;    /* finished */
    int depth;           /* of every finished position, or -1 when mixed */
    long mismatches;     /* counts that differ from the EPD or between methods */
    int rows_started;    /* the CSV header is on stdout */
    int failed;          /* an input or output error was reported */
    int input_failed;    /* the error was the input's (an illegal or
                            unreadable line on standard input): the run
                            stopped, its finished blocks still reported */
    int output_failed;   /* standard output could not be written: the run
                            stopped, its finished blocks still reported */
    int unchecked_noted; /* a line's counts too large to check, said */
};

#endif

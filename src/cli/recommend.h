/* `attackbench recommend`: which attack technique to use on this machine,
 * from two views measured side by side: alone (random queens, batched: the
 * benchmark's headline) and inside perft with the machine's threads and a
 * typical hash pressure.  recommend.c chooses the candidates and runs the
 * two measurements as child processes of this program (the commands it
 * prints to reproduce them); recommend_verdict.c reads their CSV files and
 * writes the verdict. */
#ifndef ATTACKBENCH_RECOMMEND_H
#define ATTACKBENCH_RECOMMEND_H

#include <stddef.h>

#include "attackbench/backend.h"

enum {
    RECOMMEND_COMMAND_SIZE = 4096, /* the longest command line of its two measurements */
    RECOMMEND_MAX_CANDIDATES = 32,
    RECOMMEND_MAX_SAMPLES = 64,
    RECOMMEND_EXIT_USAGE = 2,
};

struct candidate {
    const struct backend *backend;
    const char *skipped;                            /* why this CPU cannot run it (skipped_text), or NULL */
    char skipped_text[320];                         /* its own copy: the registry's text is overwritten */
    double isolated_ns;                             /* median ns per queen query, alone */
    double isolated_samples[RECOMMEND_MAX_SAMPLES]; /* ns per query, each repetition */
    int isolated_reps;
    double engine_nodes_per_second;
    double engine_seconds[RECOMMEND_MAX_SAMPLES]; /* each repetition */
    int engine_reps;
    size_t table_bytes;
    int isolated_rank, engine_rank; /* 1 = fastest; 0 = not measured */
    /* The ranks the repetitions allow (rank_intervals), in each view. */
    int isolated_rank_low, isolated_rank_high, engine_rank_low, engine_rank_high;
};

struct recommendation {
    int quick;
    const char *method_list; /* or NULL: the techniques engines ship */
    const char *csv_file, *json_file;
    struct candidate candidates[RECOMMEND_MAX_CANDIDATES];
    int count;   /* candidates, skipped ones included */
    int threads; /* of the engine view */
    int depth, reps;
    int print_positions; /* --print-positions: the engine view's positions, no measurement */
    /* The commands that measure the two views again, from any folder: the
     * first writes the engine view's positions (built in) into
     * RECOMMEND_POSITIONS_FILE, which the engine command reads. */
    char positions_command[RECOMMEND_COMMAND_SIZE];
    char isolated_command[RECOMMEND_COMMAND_SIZE], engine_command[RECOMMEND_COMMAND_SIZE];
};

#define RECOMMEND_POSITIONS_FILE "recommend-positions.epd"

/* Read the two CSV files into the candidates and rank them.  Returns 0,
 * or -1 after printing what is missing. */
int recommend_read(struct recommendation *recommendation, const char *isolated_csv, const char *engine_csv);

/* The verdict on stdout and the --csv/--json files.  Returns the exit
 * status. */
int recommend_report(const struct recommendation *recommendation);

#endif

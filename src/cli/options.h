/* The command line of the main benchmark. */
#ifndef ATTACKBENCH_OPTIONS_H
#define ATTACKBENCH_OPTIONS_H

#include <stddef.h>
#include <stdint.h>

#include "platform/timer.h"
#include "measure/workload.h"

enum output_format { FORMAT_TABLE, FORMAT_CSV, FORMAT_JSON, FORMAT_BMF };
enum action {
    ACTION_BENCHMARK,
    ACTION_LIST,
    ACTION_DUMP,
    ACTION_VERIFY_ONLY,
    ACTION_HELP,
    ACTION_VERSION,
    ACTION_LIST_DEVICES
};

enum { MAX_PARAMETERS = 16, PARAMETER_TEXT_SIZE = 128 };

struct options {
    enum action action;
    const char *methods; /* comma-separated names or "all" */
    int method_given;    /* --method was given (--dump's default is reference, not "all") */
    unsigned workloads;  /* bit per workload_kind */
    unsigned pieces;     /* bit per piece_kind */
    int pieces_given;    /* --piece was on the command line */
    unsigned dispatches; /* bit per dispatch_kind */
    int verify;
    uint64_t verify_boards; /* random boards of each backend's check (--verify-boards) */
    int verify_boards_given;
    int chained;
    size_t pressure_bytes;     /* 0: off */
    const char *pressure_text; /* --pressure's value as given, for messages */
    int split_phases;
    int threads;
    int pin_cpu; /* -1: choose one; -2: --pin=none */
    int reps;
    double target_spread; /* percent; 0: no target */
    double min_time;      /* seconds a group may take to reach the target; 0: the default */
    uint64_t calls;
    uint64_t seed;
    size_t random_queries;
    int queries_given;         /* --queries was on the command line */
    enum stream_layout layout; /* --layout */
    size_t random_positions;   /* --positions */
    int positions_given;
    size_t max_queries;
    int max_queries_given;
    enum timer_kind timer;
    int fixed_formulations; /* --formulation=fixed: no calibration, the defaults */
    const char *csv_path;
    const char *json_path;
    int count_instructions; /* --count=instructions */
    enum output_format format;
    const char *device; /* --device=opencl[:N], or NULL: the CPU */
    int device_index;
    int skip_invalid;
    int quiet;
    const char *parameters[MAX_PARAMETERS];                   /* "NAME=VALUE", a number's normalised */
    const char *parameters_typed[MAX_PARAMETERS];             /* the same as typed, for the messages */
    char parameter_text[MAX_PARAMETERS][PARAMETER_TEXT_SIZE]; /* the normalised, where parameters point */
    int parameter_count;
    char **files;
    int file_count;
};

/* Parse argv into options (argv is kept: files point into it).  Returns 0,
 * or -1 with a message in `error` (the caller exits with status 2). */
int parse_options(int argc, char **argv, struct options *options, char *error, size_t error_size);

/* Parse a size with an optional K, M or G suffix (powers of 1024); -1
 * also when it does not fit a size_t. */
int parse_size(const char *text, size_t *size);

/* Parse --pressure=TEXT: a power of two from 4K to the largest buffer this
 * build can walk (256G; 1G under wasm32).  0, or -1 with the one-line
 * message in `error`, which names the limit. */
int parse_pressure(const char *text, size_t *size, char *error, size_t error_size);

/* Whether any of `workloads` (bits of workload_kind) times the pieces
 * --piece chooses: every one but the side-wise sets and sides, which time
 * all of a side's sliders at once. */
int workloads_take_piece(unsigned workloads);

/* The workloads the last --workload among the benchmark options `words`
 * names (bits of workload_kind), or `fallback` where none is given or
 * none can be read (parse_options then gives the message).  ab reads its
 * user's workload so, to give --piece=queen only where a workload takes it. */
unsigned workloads_given(int count, char **words, unsigned fallback);

/* Whether the benchmark has the long option `name` (its first `length`
 * letters, without the dashes). */
int benchmark_has_option(const char *name, size_t length);

extern const char usage_text[];

#endif

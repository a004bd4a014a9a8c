/* The output files a command writes at its end (--csv, --json, perft's
 * --csv, ab's and recommend's), checked before the run: each can be
 * written, none replaces one of the run's inputs, and the two are not one
 * file. */
#ifndef ATTACKBENCH_OUTPUT_CHECKS_H
#define ATTACKBENCH_OUTPUT_CHECKS_H

struct output_files {
    const char *prefix;        /* starts every message: "attackbench", "attackbench: perft" */
    const char *csv, *json;    /* NULL: not asked for */
    const char *const *inputs; /* the files the run reads ("-" is standard input) */
    int input_count;
    const char *csv_option; /* how messages name csv: NULL for "--csv" (genpos: "--out") */
};

/* Returns 0, or 2 after one line: an output that names an input (one of
 * `inputs` or a loaded plugin's file) or the running program's file, that
 * cannot be written, or the same file for --csv and --json. */
int check_output_files(const struct output_files *files);

/* Returns 0, or 2 after one line starting with `prefix` when '-'
 * (standard input, which can be read once) is among `inputs` more than
 * once. */
int check_standard_input_once(const char *prefix, const char *const *inputs, int input_count);

#endif

/* The commands of the main program, each a function main() dispatches to:
 * the benchmark and its actions once the options are parsed and the
 * backends chosen (the subcommands, with the arguments after their word,
 * are in subcommands.h). */
#ifndef ATTACKBENCH_COMMANDS_H
#define ATTACKBENCH_COMMANDS_H

#include "attackbench/backend.h"
#include "options.h"

/* The benchmark (and --verify-only): returns the exit status. */
int benchmark_command(const struct options *options, const struct backend **selected, int count);

/* The one group an ab side times (ab_serve.h): one workload, piece and
 * dispatch, no --phase, and a FEN/EPD file for a file workload.  0, or 2
 * after one line; ab checks its sides' options with it before they start. */
int check_ab_side_group(const struct options *options);

/* --dump: CSV of every slider's attack set, from one backend. */
int dump_command(const struct options *options, const struct backend **selected, int count);

/* --list: one line per backend. */
int list_command(const struct options *options);

/* --version: the build, then "cpu: BRAND" and "cpu identity: VENDOR family
 * F model M", the names every CSV, JSON and context line gives. */
int version_command(void);

#endif

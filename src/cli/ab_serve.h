/* The side of `attackbench ab` a benchmark process becomes when ab starts
 * it with ATTACKBENCH_AB_SERVE in its environment: after its warm-up it
 * times one round at a time on ab's word and answers with the round's
 * figures, so that ab can alternate A and B a millisecond apart
 * (src/cli/ab_side.c is the other end). */
#ifndef ATTACKBENCH_AB_SERVE_H
#define ATTACKBENCH_AB_SERVE_H

#include "measure/runner.h"

/* The environment variable: "COMMANDS,REPLIES,CPU,BLOCK_US", the file
 * descriptors of the two pipes, the CPU to pin to once warm (-1: none)
 * and the length of a round in microseconds. */
#define AB_SERVE_VARIABLE "ATTACKBENCH_AB_SERVE"

/* 0 when this process is not a side of ab; 1 when it is (*server is set);
 * -1 after one line on a malformed variable (trailing text included) or
 * one naming descriptors that are not ab's pipes: the commands a pipe open
 * for reading, the replies one open for writing, neither a standard
 * stream. */
int ab_serve_setup(struct round_server *server);

#endif

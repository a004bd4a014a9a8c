/* perft's workers for --threads and --processes: N threads sharing one
 * copy of each method's tables, or N processes that each build their own
 * after they start; each pinned to its own CPU where the affinity allows.
 * A pass hands a method and a list of subtrees (a block's positions split
 * at their root moves) to some of the workers, which take subtrees one
 * at a time until none is left; the coordinator times the pass from the
 * first command to the last answer. */
#ifndef ATTACKBENCH_PERFT_WORKERS_H
#define ATTACKBENCH_PERFT_WORKERS_H

#include <stddef.h>
#include <stdint.h>

#include "perft_state.h"

struct perft_workers;

/* Start run->settings->threads threads or ->processes processes (whichever
 * is above 1).  Processes are started before the parent builds any table
 * (call it before the methods are initialised); threads use the parent's
 * tables (call it after).  Returns NULL after printing why not. */
struct perft_workers *perft_workers_start(struct perft_run *run);

/* The block's positions as subtrees: boards, root moves (listed with the
 * first method, untimed).  Returns 0, or -1 on a signal. */
int perft_workers_load_block(struct perft_workers *workers, const struct perft_run *run);

/* Count the loaded block with method m on the first `participants`
 * workers: each position's count into nodes[], the seconds into *seconds.
 * Returns 0; -1 on a signal (passed on to worker processes; one that the
 * signal ended, a stuck plugin named by the worker itself, counts as
 * stopped by it); -2 when a worker died otherwise (reported with the
 * method and the position it was counting). */
int perft_workers_count(struct perft_workers *workers, const struct perft_run *run, size_t m, int participants,
                        uint64_t *nodes, double *seconds);

/* How many workers there are. */
int perft_workers_count_of(const struct perft_workers *workers);

/* Stop and collect every worker, free everything (NULL is fine). */
void perft_workers_stop(struct perft_workers *workers);

#endif

/* Perft (the number of leaf nodes of the legal move tree to a fixed
 * depth) through a backend's attack functions (the `perft` command is
 * cli/perft_command.c). */
#ifndef ATTACKBENCH_PERFT_H
#define ATTACKBENCH_PERFT_H

#include <stdint.h>
#include <stdio.h>

#include "attackbench/backend.h"
#include "engine_memory.h"
#include "movegen.h"

/* Leaf nodes at `depth` plies below the board (1 at depth 0).  The last
 * ply is counted in bulk: the legal moves are generated and counted, not
 * played.  Once a SIGINT or SIGTERM has arrived (interrupt.h) the count
 * ends early and its value means nothing. */
uint64_t perft(const struct backend *backend, const struct board *board, int depth);

/* perft() that also touches the engine's other memory at every node it
 * visits (each move generation: the leaves are counted, not visited), as
 * a search probes its hash table and evaluates; memory may be NULL. */
uint64_t perft_in_engine(const struct backend *backend, const struct board *board, int depth,
                         struct engine_memory *memory);

/* perft() with the count under each root move printed as "e2e4: 20". */
uint64_t perft_divide(const struct backend *backend, const struct board *board, int depth, FILE *out);

#endif

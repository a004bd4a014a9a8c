/* The engine's other memory: what a search touches at every node besides
 * the attack tables, so that perft can make a technique's tables compete
 * for the caches as they do inside an engine.  A transposition-table
 * probe reads one entry (a cache line) at a place given by the position's
 * key; an evaluation reads a stretch of network weights.  Both buffers are
 * filled with data before use, so that every page is a page of its own
 * (an untouched buffer maps every page to the one zero page). */
#ifndef ATTACKBENCH_ENGINE_MEMORY_H
#define ATTACKBENCH_ENGINE_MEMORY_H

#include <stddef.h>
#include <stdint.h>

#include "movegen.h"

enum {
    ENGINE_MEMORY_LINE = 64,
    /* The network buffer --eval-bytes reads from: the size of a large
     * 2026 evaluation network (docs/perft.md gives the source). */
    ENGINE_NETWORK_BYTES = 64 << 20,
};

struct engine_memory {
    const uint8_t *hash_table; /* or NULL: no probe */
    uint64_t hash_line_mask;   /* lines in the table, less one */
    const uint8_t *network;    /* or NULL: no evaluation reads */
    uint64_t network_line_mask;
    size_t eval_lines; /* cache lines read per node */
    uint64_t sink;     /* what was read, folded, so that the reads stay */
};

/* Allocate and fill the buffers: hash_bytes a power of two of at least one
 * line (0: none), eval_bytes read per node (0: none; at most
 * ENGINE_NETWORK_BYTES).  Returns 0, or -1 when out of memory. */
int engine_memory_open(struct engine_memory *memory, size_t hash_bytes, size_t eval_bytes);
void engine_memory_close(struct engine_memory *memory);

/* Whether `copies` hash tables of hash_bytes each can be had at once:
 * asked of the allocator (and given back untouched) before any worker
 * starts, so that a size this machine refuses is one line, not a line
 * from each worker.  1 or 0. */
int engine_memory_fits(size_t hash_bytes, int copies);

/* A 64-bit key of the position (a multiply-xor fold of its bitboards): the
 * place of its hash entry and of the weights it reads. */
static inline uint64_t engine_position_key(const struct board *board)
{
    uint64_t key = board->side_to_move + 0x9e3779b97f4a7c15ULL * (board->castling + 1u);
    for (int color = 0; color < 2; color++)
        for (int type = 0; type < PIECE_TYPE_COUNT; type++)
            key = (key ^ board->pieces[color][type]) * 0xff51afd7ed558ccdULL;
    return key ^ (key >> 29);
}

/* The reads of one node. */
static inline void engine_memory_touch(struct engine_memory *memory, const struct board *board)
{
    uint64_t key = engine_position_key(board), folded = 0;
    if (memory->hash_table)
        folded +=
            *(const uint64_t *)(const void *)(memory->hash_table + (key & memory->hash_line_mask) * ENGINE_MEMORY_LINE);
    if (memory->network) {
        uint64_t line = (key >> 32) & memory->network_line_mask;
        for (size_t i = 0; i < memory->eval_lines; i++)
            folded += *(const uint64_t *)(const void *)(memory->network +
                                                        ((line + i) & memory->network_line_mask) * ENGINE_MEMORY_LINE);
    }
    memory->sink = (memory->sink << 1 | memory->sink >> 63) ^ folded;
}

#endif

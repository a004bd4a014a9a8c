/* Perft with copy-make; at the last ply the legal moves are counted by
 * population counts of their target sets, not listed or played. */
#include "perft.h"

#include "platform/interrupt.h"

/* Every inner node looks at the interrupt flag: one load beside a whole
 * move generation, and a deep count still stops within milliseconds. */
static uint64_t perft_below(const struct backend *backend, const struct board *board, int depth,
                            struct engine_memory *memory)
{
    if (memory)
        engine_memory_touch(memory, board);
    if (depth == 1)
        return (uint64_t)count_legal_moves(backend, board);
    if (interrupt_signal)
        return 0;
    struct move_list list;
    int count = generate_legal_moves(backend, board, &list);
    uint64_t nodes = 0;
    for (int i = 0; i < count; i++) {
        struct board child = *board;
        board_make_move(&child, list.moves[i]);
        nodes += perft_below(backend, &child, depth - 1, memory);
    }
    return nodes;
}

uint64_t perft(const struct backend *backend, const struct board *board, int depth)
{
    return perft_in_engine(backend, board, depth, NULL);
}

uint64_t perft_in_engine(const struct backend *backend, const struct board *board, int depth,
                         struct engine_memory *memory)
{
    if (depth <= 0)
        return 1;
    return perft_below(backend, board, depth, memory);
}

uint64_t perft_divide(const struct backend *backend, const struct board *board, int depth, FILE *out)
{
    if (depth <= 0)
        return 1;
    struct move_list list;
    int count = generate_legal_moves(backend, board, &list);
    uint64_t nodes = 0;
    for (int i = 0; i < count && !interrupt_requested(); i++) {
        struct board child = *board;
        board_make_move(&child, list.moves[i]);
        uint64_t below = perft(backend, &child, depth - 1);
        char name[6];
        move_name(list.moves[i], name);
        fprintf(out, "%s: %llu\n", name, (unsigned long long)below);
        nodes += below;
    }
    return nodes;
}

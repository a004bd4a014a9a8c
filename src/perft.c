/* Perft with copy-make; at the last ply the legal moves are counted by
 * population counts of their target sets, not listed or played. */
#include "perft.h"

static const volatile sig_atomic_t never_stop = 0;

/* Every inner node looks at the stop flag: one load beside a whole move
 * generation, and a deep count still stops within milliseconds. */
static uint64_t perft_below(const struct backend *backend, const struct board *board, int depth,
                            const volatile sig_atomic_t *stop)
{
    if (depth == 1)
        return (uint64_t)count_legal_moves(backend, board);
    if (*stop)
        return 0;
    struct move_list list;
    int count = generate_legal_moves(backend, board, &list);
    uint64_t nodes = 0;
    for (int i = 0; i < count; i++) {
        struct board child = *board;
        board_make_move(&child, list.moves[i]);
        nodes += perft_below(backend, &child, depth - 1, stop);
    }
    return nodes;
}

uint64_t perft(const struct backend *backend, const struct board *board, int depth, const volatile sig_atomic_t *stop)
{
    if (depth <= 0)
        return 1;
    return perft_below(backend, board, depth, stop ? stop : &never_stop);
}

uint64_t perft_divide(const struct backend *backend, const struct board *board, int depth, FILE *out,
                      const volatile sig_atomic_t *stop)
{
    if (depth <= 0)
        return 1;
    struct move_list list;
    int count = generate_legal_moves(backend, board, &list);
    uint64_t nodes = 0;
    for (int i = 0; i < count && !(stop && *stop); i++) {
        struct board child = *board;
        board_make_move(&child, list.moves[i]);
        uint64_t below = perft(backend, &child, depth - 1, stop);
        char name[6];
        move_name(list.moves[i], name);
        fprintf(out, "%s: %llu\n", name, (unsigned long long)below);
        nodes += below;
    }
    return nodes;
}

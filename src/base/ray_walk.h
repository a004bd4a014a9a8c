/* Sliding attacks the slow, obviously correct way: walk each ray square by
 * square until the edge or the first occupied square, which is included.
 * The reference backend is exactly this walk; the other backends use it
 * only to fill their tables at start-up, never in a timed lookup. */
#ifndef ATTACKBENCH_RAY_WALK_H
#define ATTACKBENCH_RAY_WALK_H

#include "attackbench/bitboard.h"

/* The ray from `square` (excluded) in the direction (file_step,
 * rank_step), each -1, 0 or +1, up to the first occupied square or the
 * edge. */
static inline bitboard ray_walk(int square, bitboard occupied, int file_step, int rank_step)
{
    bitboard attacks = 0;
    int file = square_file(square) + file_step;
    int rank = square_rank(square) + rank_step;
    while (file >= 0 && file < 8 && rank >= 0 && rank < 8) {
        bitboard bit = square_bit(make_square(file, rank));
        attacks |= bit;
        if (occupied & bit)
            break;
        file += file_step;
        rank += rank_step;
    }
    return attacks;
}

/* Always inlined, so that a caller (the reference backend's rook and
 * bishop) holds the walk itself rather than a jump to a copy of it. */
static inline __attribute__((always_inline)) bitboard ray_walk_rook(int square, bitboard occupied)
{
    return ray_walk(square, occupied, 1, 0) | ray_walk(square, occupied, -1, 0) | ray_walk(square, occupied, 0, 1) |
           ray_walk(square, occupied, 0, -1);
}

static inline __attribute__((always_inline)) bitboard ray_walk_bishop(int square, bitboard occupied)
{
    return ray_walk(square, occupied, 1, 1) | ray_walk(square, occupied, -1, 1) | ray_walk(square, occupied, 1, -1) |
           ray_walk(square, occupied, -1, -1);
}

/* The squares of a ray whose occupancy can change the attacks: the whole
 * ray but its last square, since a piece on the edge hides nothing. */
static inline bitboard ray_walk_relevant(int square, int file_step, int rank_step)
{
    bitboard ray = ray_walk(square, 0, file_step, rank_step);
    if (ray == 0)
        return 0;
    int last = file_step + 8 * rank_step > 0 ? highest_square(ray) : lowest_square(ray);
    return ray & ~square_bit(last);
}

/* The relevant occupancy masks: the lines through the square without the
 * square and without the last square of each ray. */
static inline bitboard ray_walk_rook_relevant(int square)
{
    return ray_walk_relevant(square, 1, 0) | ray_walk_relevant(square, -1, 0) | ray_walk_relevant(square, 0, 1) |
           ray_walk_relevant(square, 0, -1);
}

static inline bitboard ray_walk_bishop_relevant(int square)
{
    return ray_walk_relevant(square, 1, 1) | ray_walk_relevant(square, -1, 1) | ray_walk_relevant(square, 1, -1) |
           ray_walk_relevant(square, -1, -1);
}

/* The attacks along one line of eight from position `file`, given the
 * line's occupancy as a byte (bit n = position n): the first rank of the
 * board, which line techniques map every line onto. */
static inline unsigned ray_walk_first_rank(int file, unsigned occupied)
{
    return (unsigned)(ray_walk(file, occupied, 1, 0) | ray_walk(file, occupied, -1, 0));
}

#endif

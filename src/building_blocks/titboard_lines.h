/* The line geometry shared by titboard.c and titboard_compact.c: per
 * square its four lines (file, rank, diagonal, anti-diagonal) without the
 * square, each with the direction of its positive half; a line's occupancy,
 * extracted in square order (PEXT), is read as base-3 digits (0 empty,
 * 1 own, 2 enemy), 3^7 = 2,187 indices per line. */
#ifndef ATTACKBENCH_TITBOARD_LINES_H
#define ATTACKBENCH_TITBOARD_LINES_H

#include <stdint.h>

#include "attackbench/bitboard.h"
#include "base/ray_walk.h"

enum { TITBOARD_LINES = 4, TITBOARD_INDICES = 2187 };

/* The step (file, rank) of each line's positive half: north, east,
 * north-east, north-west. */
static const int titboard_steps[TITBOARD_LINES][2] = {{0, 1}, {1, 0}, {1, 1}, {-1, 1}};

static inline bitboard titboard_line(int square, int line)
{
    int file_step = titboard_steps[line][0], rank_step = titboard_steps[line][1];
    return ray_walk(square, 0, file_step, rank_step) | ray_walk(square, 0, -file_step, -rank_step);
}

/* The line's attack set with `blockers` on the board. */
static inline bitboard titboard_line_attacks(int square, int line, bitboard blockers)
{
    int file_step = titboard_steps[line][0], rank_step = titboard_steps[line][1];
    return ray_walk(square, blockers, file_step, rank_step) | ray_walk(square, blockers, -file_step, -rank_step);
}

/* The occupancy that an index's non-zero digits stand for: digit j (of
 * 3^j) is the line's j-th square counted from a1. */
static inline bitboard titboard_blockers(bitboard line, unsigned index)
{
    bitboard blockers = 0;
    for (; line && index; line = without_lowest(line), index /= 3)
        if (index % 3)
            blockers |= square_bit(lowest_square(line));
    return blockers;
}

/* Whether an index has digits beyond the line's squares (an entry no
 * lookup reads). */
static inline int titboard_index_fits(bitboard line, unsigned index)
{
    for (int squares = population_count(line); squares > 0; squares--)
        index /= 3;
    return index == 0;
}

/* 2 * (the 7-bit pattern read in base 3): every piece an enemy digit. */
static inline void titboard_enemy_digits(uint16_t table[128])
{
    for (unsigned pattern = 0; pattern < 128; pattern++) {
        unsigned value = 0;
        for (int bit = 6; bit >= 0; bit--)
            value = value * 3 + (pattern >> bit & 1);
        table[pattern] = (uint16_t)(2 * value);
    }
}

#endif

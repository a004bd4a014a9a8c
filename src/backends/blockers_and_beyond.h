/* Blockers and Beyond's one attack routine, exposed so that the unit tests
 * can run it with other pieces' tables (king and knight).  Internal to the
 * backend in blockers_and_beyond.c; the driver never includes this. */
#ifndef ATTACKBENCH_BLOCKERS_AND_BEYOND_H
#define ATTACKBENCH_BLOCKERS_AND_BEYOND_H

#include "attackbench/loops.h"

/* One piece kind on one square: its attack set on the empty board, and
 * the squares whose occupancy can shorten it (the blockers-and-beyond
 * mask: the attack set without the last square of each ray; empty for a
 * piece that does not slide). */
struct blockers_and_beyond_entry {
    bitboard empty_board_attacks;
    bitboard blockers_and_beyond;
};

/* The attacks from `square` of the piece whose 64 entries are `table`,
 * given the occupancy.  The behind table is built by the backend's init(),
 * which must have run first. */
bitboard blockers_and_beyond_attacks(const struct blockers_and_beyond_entry table[SQUARE_COUNT], int square,
                                     bitboard occupied);

#endif

/* Bitboards as a reader sees them, for the mismatch reports. */
#ifndef ATTACKBENCH_BOARD_DIAGRAM_H
#define ATTACKBENCH_BOARD_DIAGRAM_H

#include <stdio.h>

#include "attackbench/bitboard.h"

/* Print an occupancy as an 8x8 diagram, rank 8 first, marking `square`
 * (none when it is -1). */
void print_board(FILE *out, bitboard board, int square);

#endif

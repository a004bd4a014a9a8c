/* The move generator's own small tables: knight, king and pawn attacks and
 * the geometry of lines between squares (src/chess/movegen_tables.c), shared by
 * move generation (src/chess/movegen.c) and making moves (src/chess/board.c).  Built
 * once by movegen_init(). */
#ifndef ATTACKBENCH_MOVEGEN_TABLES_H
#define ATTACKBENCH_MOVEGEN_TABLES_H

#include <stdint.h>

#include "attackbench/bitboard.h"

extern bitboard knight_attacks[64];
extern bitboard king_attacks[64];
extern bitboard pawn_attacks[2][64]; /* [color][square] */
/* Squares strictly between two squares on a line, 0 when not aligned. */
extern bitboard between[64][64];
/* The whole line through two squares, 0 when not aligned. */
extern bitboard line[64][64];
/* Castling rights that survive a move from or to each square. */
extern uint8_t castling_kept[64];

/* Builds the knight/king/pawn and geometry tables; idempotent. */
void movegen_init(void);

#endif

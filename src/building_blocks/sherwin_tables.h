/* Table builders shared by the Sherwin family of backends (sherwin,
 * sherwin-union, sherwin-hash, possible-bits, sissy).  No backend lives
 * here and nothing here holds state: every builder fills arrays that the
 * calling backend owns, so no two backends share a mutable table.
 * Source: seed 000 (Chessprogramming wiki, "Sherwin Bitboards"), converted
 * from its big-endian file mapping to a1 = 0. */
#ifndef ATTACKBENCH_SHERWIN_TABLES_H
#define ATTACKBENCH_SHERWIN_TABLES_H

#include <stdint.h>

#include "attackbench/bitboard.h"

enum {
    /* Dense attack-table sizes: the sum over squares of 2^(relevant bits). */
    SHERWIN_BISHOP_ENTRIES = 5248,
    SHERWIN_ROOK_ENTRIES = 102400,
    /* Bishops look at the six inner rows (ranks 2-7) through six inner
     * bits each; rooks at all eight rows through all eight bits. */
    SHERWIN_BISHOP_ROWS = 6,
    SHERWIN_BISHOP_PATTERNS = 64,
    SHERWIN_ROOK_ROWS = 8,
    SHERWIN_ROOK_PATTERNS = 256,
    /* The bishop occupancy is shifted down by 9 so that b2 is bit 0 and
     * row k of the six inner rows is bits 8k .. 8k+5. */
    SHERWIN_BISHOP_SHIFT = 9,
};

/* Spread the low bits of `index` over the set bits of `mask`, lowest
 * first (a portable PDEP), and its inverse (a portable PEXT). */
bitboard sherwin_deposit(uint64_t index, bitboard mask);
uint64_t sherwin_extract(bitboard board, bitboard mask);

/* The two Sherwin tables for bishops: the per-square, per-row first-level
 * table (16-bit entries whose OR is the index) and the dense attack table
 * of SHERWIN_BISHOP_ENTRIES bitboards, squares ordered by decreasing
 * number of index bits (9, 7, 6, 5) so that each square's base index is a
 * multiple of its own table size and ORing it in several times is
 * harmless.  Also fills relevant[64] (ray_walk_bishop_relevant(), the
 * page's bishopBits; ray_walk_rook_relevant() is its rookBits). */
void sherwin_build_bishop_tables(uint16_t rows[64][SHERWIN_BISHOP_ROWS][SHERWIN_BISHOP_PATTERNS],
                                 bitboard attacks[SHERWIN_BISHOP_ENTRIES], bitboard relevant[64]);

/* The same for rooks: 32-bit first-level entries (the index needs 17
 * bits), squares ordered 12, 11, 10 index bits. */
void sherwin_build_rook_tables(uint32_t rows[64][SHERWIN_ROOK_ROWS][SHERWIN_ROOK_PATTERNS],
                               bitboard attacks[SHERWIN_ROOK_ENTRIES], bitboard relevant[64]);

#endif

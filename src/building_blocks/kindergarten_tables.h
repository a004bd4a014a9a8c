/* Shared pieces of the kindergarten backends (kindergarten*.c): the
 * first-rank attack sets, the table builders and the index computations
 * of the Chessprogramming wiki page "Kindergarten Bitboards" (seed
 * 003_92b150df8cf32a5a.txt).  Internal: no backend lives here; each
 * backend keeps its own static tables and passes them in, so that the
 * inlined lookups address them directly. */
#ifndef ATTACKBENCH_KINDERGARTEN_TABLES_H
#define ATTACKBENCH_KINDERGARTEN_TABLES_H

#include <stdint.h>

#include "attackbench/bitboard.h"

/* The B-file: multiplying a line with at most one bit per file by it
 * gathers files b..g of the line into bits 58..63. */
static const bitboard KINDERGARTEN_FILE_B = 0x0202020202020202ULL;

/* The c2-h7 diagonal: multiplying the a-file by it gathers a2..a7 into
 * bits 58..63, reversed (a7 in bit 58, a2 in bit 63). */
static const bitboard KINDERGARTEN_DIAGONAL_C2_H7 = 0x0080402010080400ULL;

/* a2..a7: the inner six squares of the a-file. */
static const bitboard KINDERGARTEN_INNER_FILE_A = 0x0001010101010100ULL;

/* The squares attacked along one line of eight from position `file`,
 * given the line's occupancy as a byte (bit n = position n). */
uint8_t kindergarten_first_rank_attacks(int file, unsigned occupied);

/* Bit n of `byte` moved to square a(n+1): a rank pattern stood on the
 * a-file. */
bitboard kindergarten_byte_to_file_a(unsigned byte);

/* Six-bit index of a line with at most one bit per file (a rank, a
 * diagonal or an anti-diagonal, already masked): its files b..g. */
static inline unsigned kindergarten_inner_index(bitboard line_occupancy)
{
    return (unsigned)((line_occupancy * KINDERGARTEN_FILE_B) >> 58);
}

/* Six-bit index of the a-file occupancy a2..a7 (already masked to the
 * a-file), reversed by the c2-h7 multiply. */
static inline unsigned kindergarten_file_a_index(bitboard file_a_occupancy)
{
    return (unsigned)((file_a_occupancy * KINDERGARTEN_DIAGONAL_C2_H7) >> 58);
}

/* first_rank[file][index]: the first-rank attacks of a slider on `file`
 * with inner occupancy `index` (files b..g, as kindergarten_inner_index()
 * orders them), one byte each.  512 bytes. */
void kindergarten_build_first_rank(uint8_t first_rank[8][64]);

/* fill_up[file][index]: the first-rank attacks of a slider on `file`
 * with inner occupancy `index`, copied into all eight ranks, so that
 * and-ing with a rank, diagonal or anti-diagonal mask gives that line's
 * attacks.  4 KB. */
void kindergarten_build_fill_up(bitboard fill_up[8][64]);

/* file_a[rank][index]: the a-file attacks of a slider on (a, rank), by
 * kindergarten_file_a_index() of the a-file occupancy.  4 KB. */
void kindergarten_build_file_a(bitboard file_a[8][64]);

/* Attacks along one line with at most one square per file (rank,
 * diagonal, anti-diagonal): mask, B-file multiply, look up in the
 * fill-up row of the slider's file (fill_up[file]), mask again. */
static inline bitboard kindergarten_line_attacks(bitboard line, bitboard occupied, const bitboard *fill_up_row)
{
    return line & fill_up_row[kindergarten_inner_index(line & occupied)];
}

/* Attacks along the file of a slider on (file, rank): shift the file to
 * the a-file, c2-h7 multiply, look up in the row of the slider's rank
 * (file_a[rank]), shift back. */
static inline bitboard kindergarten_file_attacks(unsigned file, bitboard occupied, const bitboard *file_a_row)
{
    bitboard file_a_occupancy = FILE_A & (occupied >> file);
    return file_a_row[kindergarten_file_a_index(file_a_occupancy)] << file;
}

#endif

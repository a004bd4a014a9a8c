/* Bitboard vocabulary shared by every part of attackbench.
 * Squares are little-endian rank-file: a1 = 0, b1 = 1, ..., h1 = 7,
 * a8 = 56, h8 = 63 (square = 8 * rank + file); bit n of a bitboard is
 * square n. */
#ifndef ATTACKBENCH_BITBOARD_H
#define ATTACKBENCH_BITBOARD_H

#include <stdint.h>

typedef uint64_t bitboard;

enum { SQUARE_COUNT = 64 };

static const bitboard FILE_A = 0x0101010101010101ULL;
static const bitboard FILE_H = 0x8080808080808080ULL;
static const bitboard RANK_1 = 0x00000000000000FFULL;
static const bitboard RANK_8 = 0xFF00000000000000ULL;
static const bitboard DIAGONAL_A1_H8 = 0x8040201008040201ULL;
static const bitboard ANTI_DIAGONAL_H1_A8 = 0x0102040810204080ULL;

static inline bitboard square_bit(int square)
{
    return (bitboard)1 << square;
}

static inline int square_file(int square)
{
    return square & 7;
}

static inline int square_rank(int square)
{
    return square >> 3;
}

static inline int make_square(int file, int rank)
{
    return 8 * rank + file;
}

static inline int population_count(bitboard board)
{
    return __builtin_popcountll(board);
}

/* Index of the least significant set bit; board must not be empty. */
static inline int lowest_square(bitboard board)
{
    return __builtin_ctzll(board);
}

/* Index of the most significant set bit; board must not be empty. */
static inline int highest_square(bitboard board)
{
    return 63 - __builtin_clzll(board);
}

static inline bitboard without_lowest(bitboard board)
{
    return board & (board - 1);
}

/* Mirror ranks: a1 <-> a8. */
static inline bitboard flip_vertical(bitboard board)
{
    return __builtin_bswap64(board);
}

/* A shift by `delta` squares towards a compass direction: +8 north, +1
 * east, +9 north-east, +7 north-west, and negative for the opposite ones
 * (positive deltas shift left, negative right).  Bits that leave the edge
 * files wrap round to the other side; mask with landing_squares().  Called
 * with a constant delta, it folds to one shift. */
static inline bitboard shift_by(bitboard board, int delta)
{
    return delta > 0 ? board << delta : board >> -delta;
}

/* The squares a one-square step of `delta` can land on without wrapping
 * from one edge file to the other: not file A going east, not file H going
 * west, anywhere going straight north or south. */
static inline bitboard landing_squares(int delta)
{
    switch (delta) {
    case 1:
    case 9:
    case -7:
        return ~FILE_A;
    case -1:
    case -9:
    case 7:
        return ~FILE_H;
    default:
        return ~(bitboard)0;
    }
}

/* The file, rank, diagonal and anti-diagonal through a square: always
 * inlined, as the techniques that compute their lines in the lookup need
 * (gcc 12 left diagonal_mask a call in bitrotation's rook-and-bishop
 * loops once they grew). */
static inline __attribute__((always_inline)) bitboard file_mask(int square)
{
    return FILE_A << square_file(square);
}

static inline __attribute__((always_inline)) bitboard rank_mask(int square)
{
    return RANK_1 << (8 * square_rank(square));
}

/* The diagonals by two shifts, down by the negative part of the distance
 * from the long diagonal and up by the positive part, with no condition:
 * gcc 12 compiled `shift >= 0 ? line << shift : line >> -shift` to a
 * branch, mispredicted about half the time on random squares, where clang
 * used a conditional move (CPW, "On an empty Board", Gerd Isenberg's
 * diagonalMask).  The sign spread by an arithmetic right shift, as gcc and
 * clang define it. */
static inline __attribute__((always_inline)) bitboard shift_line(bitboard line, int shift)
{
    int negative = shift >> 31;
    return (line >> (-shift & negative)) << (shift & ~negative);
}

static inline __attribute__((always_inline)) bitboard diagonal_mask(int square)
{
    return shift_line(DIAGONAL_A1_H8, 8 * (square_rank(square) - square_file(square)));
}

static inline __attribute__((always_inline)) bitboard anti_diagonal_mask(int square)
{
    return shift_line(ANTI_DIAGONAL_H1_A8, 8 * (square_rank(square) + square_file(square) - 7));
}

/* Name of a square, "a1" .. "h8", into a buffer of at least 3 bytes. */
static inline void square_name(int square, char name[3])
{
    name[0] = (char)('a' + square_file(square));
    name[1] = (char)('1' + square_rank(square));
    name[2] = '\0';
}

#endif

/* Null: does no lookup at all, returning occupied ^ square, so that its
 * figure is the cost of the harness itself (loads, loop, accumulation and,
 * in the per-call mode, the indirect call).  Its results are not attack
 * sets, so it is exempt from verification and from the checksum check. */
#include "attackbench/loops.h"

static inline bitboard null_rook(int square, bitboard occupied)
{
    return occupied ^ (bitboard)square;
}

static inline bitboard null_bishop(int square, bitboard occupied)
{
    return null_rook(square, occupied);
}

static inline bitboard null_queen(int square, bitboard occupied)
{
    return null_rook(square, occupied);
}

BACKEND(null, "null", "no lookup (returns occupied ^ square): the harness's own cost", "attackbench", .baseline = 1)

/* The line scans of leorik and slide-arithmetic (Thomas Jahn's Leorik;
 * Daniel Infuehr's Slide Arithmetic): on a line through the slider, BLSMSK
 * of the pieces above it sets every bit up to the nearest of them, a mask
 * shifted by the leading zeros of the pieces below starts at the nearest
 * of those, and the attacks are where the two overlap, within the line.
 * The two backends differ in where their line masks come from. */
#ifndef ATTACKBENCH_SLIDE_SCANS_H
#define ATTACKBENCH_SLIDE_SCANS_H

#include "attackbench/loops.h"
#include "lanes.h"

#if !(defined(__AVX512CD__) && defined(__AVX512VL__))
/* The attacks along one line, from the occupied squares above and below
 * the slider (computed once for all its lines).  up_to_upper: every bit
 * up to and including the lowest blocker above the square (all bits when
 * there is none).  from_lower: every bit from the highest blocker below
 * upwards, its index 63 - LZCNT (all bits when there is none: the 1 ORed
 * in stands for a blocker on bit 0 and keeps LZCNT under 64).  They
 * overlap exactly from the lower blocker to the upper one.  (Leorik XORs
 * the bits under the lower blocker instead; the AND with a left shift
 * needs no 64-bit constant, which leaves gcc one more register.) */
BIT_SCAN_ATTRIBUTE static inline bitboard line_attacks(bitboard occupied_above, bitboard occupied_below, bitboard line)
{
    bitboard upper = occupied_above & line;
    bitboard lower = occupied_below & line;
    bitboard up_to_upper = upper ^ (upper - 1);
    bitboard from_lower = ~(bitboard)0 << (63 ^ __builtin_clzll(lower | 1));
    return up_to_upper & from_lower & line;
}
#endif

/* The slider's square belongs to neither part; the line masks leave it
 * out anyway. */
static inline bitboard occupied_below(int square, bitboard occupied)
{
    return occupied & (square_bit(square) - 1);
}

static inline bitboard occupied_above(int square, bitboard occupied)
{
    return occupied & (~(bitboard)1 << square);
}

#if defined(__AVX512CD__) && defined(__AVX512VL__)
/* The four lines side by side in one ymm, with one VPLZCNTQ for their
 * lower blockers: clang finds this form by itself from the scalar code,
 * gcc (12, 13) does not and keeps four scalar chains with spills, at about
 * a third of the speed. */
#define SLIDE_LINES4 "the four lines in one ymm, VPLZCNTQ (AVX-512 CD and VL in this build)"
#define SLIDE_LINES4_EVERY_PIECE 1
static inline bitboard slide_lines4(int square, bitboard occupied, lanes4 lines)
{
    lanes4 upper = occupied_above(square, occupied) & lines;
    lanes4 lower = occupied_below(square, occupied) & lines;
    lanes4 up_to_upper = upper ^ (upper - 1);
    lanes4 from_lower = ((lanes4){0} + ~(bitboard)0) << (63 ^ leading_zeros_lanes4(lower | 1));
    return or_lanes4(up_to_upper & from_lower & lines);
}
#elif defined(__AVX2__)
/* With AVX2 alone, the four lines in one ymm as well, with no count of
 * leading zeros (AVX2 has none): the bits up to the highest lower blocker
 * are smeared down from it by six shift-and-ORs, and from_lower is the
 * complement of that mask shifted down by one.  clang 14 vectorised the
 * scalar code by itself, emulating LZCNT by VPSHUFB nibble counts, and ran
 * it at 0.70 of gcc's scalar time (docs/findings.md).  For the queen
 * only: a rook's or bishop's two lines ran 1.28 to 1.36 times slower so
 * than one at a time with LZCNT, with gcc. */
#define SLIDE_LINES4 \
    "queens: the four lines in one ymm, the lower blockers by shift-and-OR smears (AVX2 in this build); rooks and " \
    "bishops: one line at a time, LZCNT"
static inline bitboard slide_lines4(int square, bitboard occupied, lanes4 lines)
{
    lanes4 upper = occupied_above(square, occupied) & lines;
    lanes4 below = smear_down_lanes4((occupied_below(square, occupied) & lines) | 1);
    lanes4 up_to_upper = upper ^ (upper - 1);
    return or_lanes4(up_to_upper & ~(below >> 1) & lines);
}
#endif

#endif

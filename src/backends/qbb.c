/* QBBEngine's slider attacks: in each of a line's two directions the
 * nearest piece is found with one bit scan, the board's edge standing in
 * as a piece (a sentinel) so that a scan always finds one; a constant line
 * shifted back from each of the two pieces covers the squares up to it,
 * and the two overlap exactly on the squares between them.  No tables.
 * Source: Fabio Gobbato, QBBEngine (2015, as measured in Gigantua's
 * Chess_Movegen, "QBBEngine"); written here from that description. */
#include "attackbench/loops.h"
#include "building_blocks/lanes.h"

/* a1, then every seventh square: h1-a8's squares between a1 and h8. */
static const bitboard SEVEN_STEP_LINE = 0x8102040810204081ULL;

#if !(defined(__AVX512CD__) && defined(__AVX512VL__))
/* The nearest piece above the slider (the lowest set bit of `pieces`) and
 * the nearest below it (the highest), as square numbers. */
static inline int lowest_square_of(bitboard pieces)
{
    return __builtin_ctzll(pieces);
}

static inline int highest_square_of(bitboard pieces)
{
    return 63 - __builtin_clzll(pieces);
}

/* One line through `square` taken as two directions.  `upward` is the
 * line's constant starting at bit 0 (a1, then one step up the line per
 * square), `downward` the same line ending at bit 63; `far_edge` and
 * `near_edge` are the board edges the line ends on going up and down,
 * the sentinels.  The slider is not in `occupied`. */
static inline bitboard qbb_line(int square, bitboard occupied, bitboard upward, bitboard downward, bitboard far_edge,
                                bitboard near_edge)
{
    int above = lowest_square_of((upward << square) & (occupied | far_edge));
    int below = highest_square_of((downward >> (63 - square)) & (occupied | near_edge));
    /* In general registers: clang 14 otherwise pairs two lines in an xmm
     * and emulates the bit scans there with PSHUFB nibble counts. */
    __asm__("" : "+r"(above), "+r"(below));
    /* The line from `above` down, and from `below` up: they share the
     * squares between the two pieces, both included, and the slider. */
    return (downward >> (63 - above)) & (upward << below);
}

#endif

#if defined(__AVX512CD__) && defined(__AVX512VL__)
/* Where the build has AVX-512 CD and VL, the four lines side by side in
 * one ymm (file, rank, diagonal, anti-diagonal): the nearest piece above
 * by the trailing zeros of the lowest set bit (63 - VPLZCNTQ of it; the
 * sentinel keeps it non-zero), the nearest below by VPLZCNTQ, the shifts
 * per lane (VPSLLVQ, VPSRLVQ).  gcc keeps the four scalar chains apart and
 * runs them at half clang's speed. */
#define QBB_PATH "path: the four lines in one ymm, VPLZCNTQ (AVX-512 CD and VL in this build)"
static inline bitboard qbb_lines(int square, bitboard occupied, lanes4 selected)
{
    const lanes4 upward = {FILE_A, RANK_1, DIAGONAL_A1_H8, SEVEN_STEP_LINE};
    const lanes4 downward = {FILE_H, RANK_8, DIAGONAL_A1_H8, SEVEN_STEP_LINE};
    const lanes4 far_edge = {RANK_8, FILE_H, RANK_8 | FILE_H, RANK_8 | FILE_A};
    const lanes4 near_edge = {RANK_1, FILE_A, RANK_1 | FILE_A, RANK_1 | FILE_H};
    bitboard slider = square_bit(square);
    occupied &= ~slider;
    lanes4 up = shift_left_lanes4(upward, square) & (occupied | far_edge);
    lanes4 down = shift_right_lanes4(downward, 63 - square) & (occupied | near_edge);
    lanes4 above = 63 - leading_zeros_lanes4(up & -up);
    lanes4 below = 63 - leading_zeros_lanes4(down);
    lanes4 segments = (downward >> (63 - above)) & (upward << below) & selected;
    return or_lanes4(segments) ^ slider;
}

static inline bitboard qbb_rook(int square, bitboard occupied)
{
    return qbb_lines(square, occupied, (lanes4){~(bitboard)0, ~(bitboard)0, 0, 0});
}

static inline bitboard qbb_bishop(int square, bitboard occupied)
{
    return qbb_lines(square, occupied, (lanes4){0, 0, ~(bitboard)0, ~(bitboard)0});
}

static inline bitboard qbb_queen(int square, bitboard occupied)
{
    return qbb_lines(square, occupied, (lanes4){0} + ~(bitboard)0);
}
#else
#define QBB_PATH "path: one line at a time, scalar bit scans (no AVX-512 CD and VL in this build)"
static inline bitboard qbb_rook(int square, bitboard occupied)
{
    bitboard slider = square_bit(square);
    occupied &= ~slider;
    bitboard file = qbb_line(square, occupied, FILE_A, FILE_H, RANK_8, RANK_1);
    bitboard rank = qbb_line(square, occupied, RANK_1, RANK_8, FILE_H, FILE_A);
    return (file | rank) ^ slider;
}

static inline bitboard qbb_bishop(int square, bitboard occupied)
{
    bitboard slider = square_bit(square);
    occupied &= ~slider;
    /* The a1-h8 diagonal steps 9 squares up; the line of steps of 7 from
     * a1 to h8 (a1, h1-a8's squares, h8) serves the anti-diagonals, whose
     * upward end is rank 8 or the a-file and whose downward end is rank 1
     * or the h-file. */
    bitboard diagonal = qbb_line(square, occupied, DIAGONAL_A1_H8, DIAGONAL_A1_H8, RANK_8 | FILE_H, RANK_1 | FILE_A);
    bitboard anti = qbb_line(square, occupied, SEVEN_STEP_LINE, SEVEN_STEP_LINE, RANK_8 | FILE_A, RANK_1 | FILE_H);
    return (diagonal | anti) ^ slider;
}

static inline bitboard qbb_queen(int square, bitboard occupied)
{
    return qbb_rook(square, occupied) | qbb_bishop(square, occupied);
}
#endif

static const char *qbb_note(void)
{
    return QBB_PATH;
}

BACKEND(qbb, "qbb",
        "per direction: the nearest piece by one bit scan, the board edge as sentinel; lines shifted back from the two "
        "pieces overlap on the attacks; no tables",
        "Fabio Gobbato, QBBEngine (as listed in Gigantua's Chess_Movegen)", .note = qbb_note)

/* QBBEngine's slider attacks with a shifted mask: the nearest piece in
 * each of a line's two directions by one bit scan, the board's edge
 * standing in as a piece (a sentinel), as in `qbb`; then one constant
 * line, started at the lower piece by a left shift, is cut above the
 * upper piece by shifting it left by that piece's distance from bit 63
 * and back right again.  What differs from `qbb`: there the line from the
 * upper piece down (a second constant, shifted right) is ANDed with the
 * line from the lower piece up, and the slider removed by an XOR; here a
 * line needs one constant in its final step, and the two (four) lines'
 * segments, which share only the slider's square, are XORed, which
 * removes the slider with them.  The chain from the scan is one shift
 * longer.  No tables.
 * Source: Fabio Gobbato, QBBEngine (2015), as "QBBEngine - Shifted Mask"
 * in Gigantua's Chess_Movegen (GeneticQBB.hpp, the final step's shifts by
 * Daniel Infuehr, 2022; talkchess topic 79005); written here from that
 * description. */
#include "building_blocks/gcc_schedule.h" /* first: gcc schedules the whole file */
#include "attackbench/loops.h"
#include "building_blocks/lanes.h"

/* a1, then every seventh square: h1-a8's squares between a1 and h8. */
static const bitboard SEVEN_STEP_LINE = 0x8102040810204081ULL;

#if defined(__AVX2__)
/* The four lines in lanes (file, rank, diagonal, anti-diagonal): each
 * line's constant from bit 0 and the same line ending at bit 63, and the
 * board edges the line ends on going up and down, the sentinels. */
static const lanes4 upward_lines = {FILE_A, RANK_1, DIAGONAL_A1_H8, SEVEN_STEP_LINE};
static const lanes4 downward_lines = {FILE_H, RANK_8, DIAGONAL_A1_H8, SEVEN_STEP_LINE};
static const lanes4 far_edges = {RANK_8, FILE_H, RANK_8 | FILE_H, RANK_8 | FILE_A};
static const lanes4 near_edges = {RANK_1, FILE_A, RANK_1 | FILE_A, RANK_1 | FILE_H};

/* In each lane, the pieces and the edge (the sentinel) on the line from
 * the slider up (`up`) and down (`down`), as shifted_line's first two
 * steps. */
static inline void nearest_pieces_lanes4(int square, bitboard occupied, lanes4 *up, lanes4 *down)
{
    occupied &= ~square_bit(square);
    *up = shift_left_lanes4(upward_lines, square) & (occupied | far_edges);
    *down = shift_right_lanes4(downward_lines, 63 - square) & (occupied | near_edges);
}
#endif

#if !(defined(__AVX512CD__) && defined(__AVX512VL__))

/* One line through `square` (not in `occupied`).  `upward` is the line's
 * constant from bit 0 (a1, then one step up the line per square),
 * `downward` the same line ending at bit 63; `far_edge` and `near_edge`
 * the board edges the line ends on going up and down, the sentinels.
 * Returns the squares from the lower piece to the upper one, both
 * included, the slider among them. */
static inline bitboard shifted_line(int square, bitboard occupied, bitboard upward, bitboard downward,
                                    bitboard far_edge, bitboard near_edge)
{
    bitboard up = (upward << square) & (occupied | far_edge);
    bitboard down = (downward >> (63 - square)) & (occupied | near_edge);
    int above_gap = 63 ^ __builtin_ctzll(up); /* 63 - the upper piece's square */
    int below = 63 ^ __builtin_clzll(down);   /* the lower piece's square */
    return ((upward << below) << above_gap) >> above_gap;
}

static inline bitboard qbb_shifted_mask_rook(int square, bitboard occupied)
{
    occupied &= ~square_bit(square);
    return shifted_line(square, occupied, FILE_A, FILE_H, RANK_8, RANK_1) ^
           shifted_line(square, occupied, RANK_1, RANK_8, FILE_H, FILE_A);
}

/* The a1-h8 diagonal steps 9 squares up; the line of steps of 7 from a1
 * to h8 serves the anti-diagonals, whose upward end is rank 8 or the
 * a-file and whose downward end is rank 1 or the h-file. */
static inline bitboard qbb_shifted_mask_bishop(int square, bitboard occupied)
{
    occupied &= ~square_bit(square);
    return shifted_line(square, occupied, DIAGONAL_A1_H8, DIAGONAL_A1_H8, RANK_8 | FILE_H, RANK_1 | FILE_A) ^
           shifted_line(square, occupied, SEVEN_STEP_LINE, SEVEN_STEP_LINE, RANK_8 | FILE_A, RANK_1 | FILE_H);
}

#if defined(__AVX2__)
/* With AVX2 and no AVX-512, queens: the four lines in one ymm (file, rank,
 * diagonal, anti-diagonal), the two counts by population counts of lanes
 * (AVX2 has no count of leading or trailing zeros): the upper piece's
 * distance from bit 63 is 63 less the bits below it, the lower piece's
 * square the bits up to it, smeared down by six shift-and-ORs, less one.
 * clang 14 vectorised the scalar queen so by itself and ran it at 0.76 of
 * gcc's time, which kept four scalar chains (docs/findings.md).  Rooks
 * and bishops stay one line at a time, as slide-arithmetic's do. */
#define QBB_SHIFTED_MASK_PATH \
    "path: queens, the four lines in one ymm, bit scans by population counts (AVX2 in this build); rooks and " \
    "bishops, one line at a time, scalar bit scans"
static inline bitboard qbb_shifted_mask_queen(int square, bitboard occupied)
{
    lanes4 up, down;
    nearest_pieces_lanes4(square, occupied, &up, &down);
    lanes4 above_gap = 63 - population_lanes4((up & -up) - 1);
    lanes4 below = population_lanes4(smear_down_lanes4(down)) - 1;
    return xor_lanes4(((upward_lines << below) << above_gap) >> above_gap);
}
#else
#define QBB_SHIFTED_MASK_PATH "path: one line at a time, scalar bit scans (no AVX-512 CD and VL in this build)"
static inline bitboard qbb_shifted_mask_queen(int square, bitboard occupied)
{
    return qbb_shifted_mask_rook(square, occupied) ^ qbb_shifted_mask_bishop(square, occupied);
}
#endif
#else
/* Where the build has AVX-512 CD and VL, as `qbb` does there: the four
 * lines side by side in one ymm (file, rank, diagonal, anti-diagonal).
 * The upper piece's distance from bit 63 is VPLZCNTQ of its bit, the
 * lower piece's square 63 - VPLZCNTQ of the pieces below; the three
 * shifts are per lane (VPSLLVQ, VPSRLVQ). */
#define QBB_SHIFTED_MASK_PATH "path: the four lines in one ymm, VPLZCNTQ (AVX-512 CD and VL in this build)"

/* `selected` keeps an even number of lanes, so the slider, in every
 * line's segment, cancels out of the XOR. */
static inline bitboard qbb_shifted_mask_lines(int square, bitboard occupied, lanes4 selected)
{
    lanes4 up, down;
    nearest_pieces_lanes4(square, occupied, &up, &down);
    lanes4 above_gap = leading_zeros_lanes4(up & -up);
    lanes4 below = 63 - leading_zeros_lanes4(down);
    return xor_lanes4((((upward_lines << below) << above_gap) >> above_gap) & selected);
}

static inline bitboard qbb_shifted_mask_rook(int square, bitboard occupied)
{
    return qbb_shifted_mask_lines(square, occupied, (lanes4){~(bitboard)0, ~(bitboard)0, 0, 0});
}

static inline bitboard qbb_shifted_mask_bishop(int square, bitboard occupied)
{
    return qbb_shifted_mask_lines(square, occupied, (lanes4){0, 0, ~(bitboard)0, ~(bitboard)0});
}

static inline bitboard qbb_shifted_mask_queen(int square, bitboard occupied)
{
    return qbb_shifted_mask_lines(square, occupied, (lanes4){0} + ~(bitboard)0);
}
#endif

static const char *qbb_shifted_mask_note(void)
{
    return QBB_SHIFTED_MASK_PATH;
}

BACKEND(
    qbb_shifted_mask, "qbb-shifted-mask",
    "qbb's nearest piece per direction by one bit scan (board edge as sentinel), but each line's attacks one constant "
    "shifted to the lower piece, left by the upper piece's distance from bit 63 and back; lines XORed; no tables",
    "Fabio Gobbato, QBBEngine; shifted mask by Daniel Infuehr (as listed in Gigantua's Chess_Movegen)",
    .note = qbb_shifted_mask_note)

/* Obstruction difference: on each line through the slider, split the
 * occupancy into the part below the slider and the part above it.  Twice
 * the lowest upper blocker minus the highest lower blocker (found with a
 * leading-zero count) leaves exactly the squares between the two blockers,
 * both included; the line mask then drops the slider and the wrap-around.
 * Source: Chessprogramming wiki, "Obstruction Difference" (Michael
 * Hoffmann). */
/* gcc runs each lookup's long chain of vector shifts in program order,
 * one query after the next, unless asked to schedule before register
 * allocation; scheduled (minding register pressure, which spared 37
 * register copies in the rook loop) and unrolled eight times, it
 * interleaves queries as clang does.  On the Zen 3 guest that made gcc's
 * queen loop 10% faster and its rook loop 15% (attackbench ab,
 * docs/findings.md). */
#include "building_blocks/gcc_schedule.h"
#if defined(__GNUC__) && !defined(__clang__)
#define ATTACKBENCH_ONE_QUERY_AT_A_TIME_UNROLLED ATTACKBENCH_ONE_QUERY_AT_A_TIME _Pragma("GCC unroll 8")
#endif
#include "attackbench/loops.h"
#include "building_blocks/lanes.h"

/* Per square: the rank, the file, the diagonal and the anti-diagonal. */
enum line { RANK_LINE, FILE_LINE, DIAGONAL_LINE, ANTI_DIAGONAL_LINE, LINE_COUNT };

/* The squares of each line below and above a square, and both together,
 * each kind a vector with one lane per line, so that a lookup works on the
 * four lines side by side (one ymm) and loads each kind with one vector
 * load.  (24-byte structs by line, computed one line at a time, made
 * clang gather them with VPGATHERQQ, slow on this project's AMD machines,
 * and gcc keep them scalar.) */
struct line_halves {
    lanes4 lower;
    lanes4 upper;
    lanes4 line;
};

static struct line_halves line_halves[SQUARE_COUNT];

static size_t obstruction_difference_init(void)
{
    for (int square = 0; square < SQUARE_COUNT; square++) {
        bitboard below = square_bit(square) - 1;
        bitboard above = ~below & ~square_bit(square);
        bitboard lines[LINE_COUNT] = {rank_mask(square), file_mask(square), diagonal_mask(square),
                                      anti_diagonal_mask(square)};
        for (int line = 0; line < LINE_COUNT; line++) {
            line_halves[square].lower[line] = lines[line] & below;
            line_halves[square].upper[line] = lines[line] & above;
            line_halves[square].line[line] = lines[line] & (below | above);
        }
    }
    return sizeof line_halves;
}

/* The four lines side by side, one per lane; a lane whose line mask is
 * empty contributes nothing. */
static inline bitboard lines_attacks(bitboard occupied, const struct line_halves *halves, lanes4 selected)
{
    lanes4 lower = occupied & halves->lower;
    lanes4 upper = occupied & halves->upper;
    /* Without a lower blocker, bit 0 makes the difference reach a1. */
    lanes4 lower_blocker = highest_bit_lanes4(lower | 1);
    /* Without an upper blocker (or with one on h8) 2 * 0 borrows from 2^64. */
    lanes4 upper_blocker = upper & -upper;
    lanes4 difference = 2 * upper_blocker - lower_blocker;
    return or_lanes4(difference & halves->line & selected);
}

static inline bitboard obstruction_difference_rook(int square, bitboard occupied)
{
    return lines_attacks(occupied, &line_halves[square], (lanes4){~(bitboard)0, ~(bitboard)0, 0, 0});
}

static inline bitboard obstruction_difference_bishop(int square, bitboard occupied)
{
    return lines_attacks(occupied, &line_halves[square], (lanes4){0, 0, ~(bitboard)0, ~(bitboard)0});
}

static inline bitboard obstruction_difference_queen(int square, bitboard occupied)
{
    return lines_attacks(occupied, &line_halves[square], (lanes4){0} + ~(bitboard)0);
}

BACKEND(obstruction_difference, "obstruction-diff",
        "per line: 2 * lowest upper blocker - highest lower blocker (lzcnt), masked by the line",
        "Chessprogramming wiki, Obstruction Difference (Michael Hoffmann)", .init = obstruction_difference_init)

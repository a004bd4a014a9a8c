/* Slide arithmetic: on each line through the square, the occupancy is
 * split at the slider into the part below and the part above it; BLSMSK
 * of the part above sets every bit up to its nearest blocker, and a mask
 * shifted by the leading zeros of the part below starts at its nearest
 * blocker; the attacks are where the two overlap, within the line.  Four
 * slider-less line masks per square, 2 KB.  Sources: Daniel Infuehr, Slide
 * Arithmetic (2022, Gigantua's Chess_Movegen); Thomas Jahn's line scans in
 * the Leorik chess engine (2022), which it generalises. */
#include <stdalign.h>

#include "attackbench/loops.h"
#include "building_blocks/lanes.h"
#include "building_blocks/slide_scans.h"

/* One 32-byte entry per square: file, rank, diagonal and anti-diagonal,
 * each without the square itself. */
struct line_masks {
    bitboard file;
    bitboard rank;
    bitboard diagonal;
    bitboard anti_diagonal;
};

static alignas(32) struct line_masks line_masks[SQUARE_COUNT];

static size_t slide_arithmetic_init(void)
{
    for (int square = 0; square < SQUARE_COUNT; square++) {
        bitboard self = square_bit(square);
        line_masks[square] = (struct line_masks){
            .file = file_mask(square) & ~self,
            .rank = rank_mask(square) & ~self,
            .diagonal = diagonal_mask(square) & ~self,
            .anti_diagonal = anti_diagonal_mask(square) & ~self,
        };
    }
    return sizeof line_masks;
}

#if defined(SLIDE_LINES4)
/* Where the build has AVX2, the four lines side by side in one ymm
 * (building_blocks/slide_scans.h): file, rank, diagonal, anti-diagonal. */
#define SLIDE_ARITHMETIC_PATH "path: " SLIDE_LINES4
static inline bitboard lines_attacks(int square, bitboard occupied, lanes4 selected)
{
    lanes4 lines = *(const lanes4 *)&line_masks[square] & selected;
    return slide_lines4(square, occupied, lines);
}

#if defined(SLIDE_LINES4_EVERY_PIECE)
static inline bitboard slide_arithmetic_rook(int square, bitboard occupied)
{
    return lines_attacks(square, occupied, (lanes4){~(bitboard)0, ~(bitboard)0, 0, 0});
}

static inline bitboard slide_arithmetic_bishop(int square, bitboard occupied)
{
    return lines_attacks(square, occupied, (lanes4){0, 0, ~(bitboard)0, ~(bitboard)0});
}
#endif

static inline bitboard slide_arithmetic_queen(int square, bitboard occupied)
{
    return lines_attacks(square, occupied, (lanes4){0} + ~(bitboard)0);
}
#else
#define SLIDE_ARITHMETIC_PATH "path: one line at a time, LZCNT (no AVX2 in this build)"
#endif

#if !defined(SLIDE_LINES4_EVERY_PIECE)
BIT_SCAN_ATTRIBUTE static inline bitboard slide_arithmetic_rook(int square, bitboard occupied)
{
    const struct line_masks *masks = &line_masks[square];
    bitboard above = occupied_above(square, occupied), below = occupied_below(square, occupied);
    return line_attacks(above, below, masks->file) | line_attacks(above, below, masks->rank);
}

BIT_SCAN_ATTRIBUTE static inline bitboard slide_arithmetic_bishop(int square, bitboard occupied)
{
    const struct line_masks *masks = &line_masks[square];
    bitboard above = occupied_above(square, occupied), below = occupied_below(square, occupied);
    return line_attacks(above, below, masks->diagonal) | line_attacks(above, below, masks->anti_diagonal);
}
#endif

#if !defined(SLIDE_LINES4)
BIT_SCAN_ATTRIBUTE static inline bitboard slide_arithmetic_queen(int square, bitboard occupied)
{
    const struct line_masks *masks = &line_masks[square];
    bitboard above = occupied_above(square, occupied), below = occupied_below(square, occupied);
    bitboard attacks = line_attacks(above, below, masks->file);
    attacks |= line_attacks(above, below, masks->rank);
    attacks |= line_attacks(above, below, masks->diagonal);
    return attacks | line_attacks(above, below, masks->anti_diagonal);
}
#endif

static const char *slide_arithmetic_note(void)
{
    return SLIDE_ARITHMETIC_PATH;
}

BACKEND(slide_arithmetic, "slide-arithmetic",
        "per line: BLSMSK up to the nearest blocker above, LZCNT of the blockers below for the "
        "bits from the nearest one there, their overlap within the line",
        "Daniel Infuehr, Slide Arithmetic (2022, Gigantua's Chess_Movegen); Thomas Jahn, Leorik (2022)",
        TARGET_BIT_SCANS, .init = slide_arithmetic_init, .note = slide_arithmetic_note)

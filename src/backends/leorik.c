/* Leorik's line scans: on each line through the square, the nearest
 * blocker above the square is found by a forward scan (BLSMSK sets every
 * bit up to the lowest blocker above) and the nearest blocker below by a
 * reverse one (LZCNT of the blockers below gives the shift of a mask of
 * the bits from the highest of them up); the attacks are where the two
 * masks overlap, within the line.  As in Leorik, the rank and the file are
 * a rank and a file constant shifted to the square, and only the two
 * diagonals are read, from a 1 KB table (slide-arithmetic reads all four
 * lines from 2 KB).  Source: Thomas Jahn, Leorik chess engine (2022),
 * Slider/Classic.cs. */
#include <stdalign.h>

#include "attackbench/loops.h"
#include "building_blocks/lanes.h"
#include "building_blocks/slide_scans.h"

/* One 16-byte entry per square: the diagonal and the anti-diagonal, each
 * without the square itself. */
struct diagonal_masks {
    bitboard diagonal;
    bitboard anti_diagonal;
};

static alignas(16) struct diagonal_masks diagonal_masks[SQUARE_COUNT];

static size_t leorik_init(void)
{
    for (int square = 0; square < SQUARE_COUNT; square++) {
        bitboard self = square_bit(square);
        diagonal_masks[square] = (struct diagonal_masks){
            .diagonal = diagonal_mask(square) & ~self,
            .anti_diagonal = anti_diagonal_mask(square) & ~self,
        };
    }
    return sizeof diagonal_masks;
}

/* The file and the rank without the square: constants shifted to it. */
static inline bitboard shifted_file(int square)
{
    return (FILE_A << (square & 7)) ^ square_bit(square);
}

static inline bitboard shifted_rank(int square)
{
    return (RANK_1 << (square & 56)) ^ square_bit(square);
}

#if defined(SLIDE_LINES4)
/* Where the build has AVX2, the four lines side by side in one ymm
 * (building_blocks/slide_scans.h): file, rank, diagonal, anti-diagonal. */
#define LEORIK_PATH "path: " SLIDE_LINES4
/* The lines `selected` keeps; `straight` (a constant in each caller) says
 * whether the file and rank are among them. */
static inline bitboard lines_attacks(int square, bitboard occupied, lanes4 selected, int straight)
{
    const struct diagonal_masks *diagonals = &diagonal_masks[square];
    bitboard file = 0, rank = 0;
    if (straight) {
        file = shifted_file(square);
        rank = shifted_rank(square);
#if defined(__clang__)
        /* clang 14 built the file and rank in vector registers (a
         * broadcast, a widening and a variable shift): its queens 1.20x
         * slower on a Zen 5 than from general registers, as gcc builds
         * them.  Not for gcc: 1.5% slower. */
        __asm__("" : "+r"(file), "+r"(rank));
#endif
    } else {
#if defined(__clang__)
        /* Lines that `selected` drops: zeros cost clang 14 a blend per
         * lookup (bishops 1.07x slower); these it folds away.  gcc 12 did
         * not, and its bishops run 1.16x faster with the zeros. */
        file = shifted_file(square);
        rank = shifted_rank(square);
#endif
    }
    lanes4 lines = join_lanes4(file, rank, &diagonals->diagonal) & selected;
    return slide_lines4(square, occupied, lines);
}

#if defined(SLIDE_LINES4_EVERY_PIECE)
static inline bitboard leorik_rook(int square, bitboard occupied)
{
    return lines_attacks(square, occupied, (lanes4){~(bitboard)0, ~(bitboard)0, 0, 0}, 1);
}

static inline bitboard leorik_bishop(int square, bitboard occupied)
{
    return lines_attacks(square, occupied, (lanes4){0, 0, ~(bitboard)0, ~(bitboard)0}, 0);
}
#endif

static inline bitboard leorik_queen(int square, bitboard occupied)
{
    return lines_attacks(square, occupied, (lanes4){0} + ~(bitboard)0, 1);
}
#else
#define LEORIK_PATH "path: one line at a time, LZCNT (no AVX2 in this build)"
#endif

#if !defined(SLIDE_LINES4_EVERY_PIECE)
BIT_SCAN_ATTRIBUTE static inline bitboard leorik_rook(int square, bitboard occupied)
{
    bitboard above = occupied_above(square, occupied), below = occupied_below(square, occupied);
    return line_attacks(above, below, shifted_file(square)) | line_attacks(above, below, shifted_rank(square));
}

BIT_SCAN_ATTRIBUTE static inline bitboard leorik_bishop(int square, bitboard occupied)
{
    const struct diagonal_masks *masks = &diagonal_masks[square];
    bitboard above = occupied_above(square, occupied), below = occupied_below(square, occupied);
    return line_attacks(above, below, masks->diagonal) | line_attacks(above, below, masks->anti_diagonal);
}
#endif

#if !defined(SLIDE_LINES4)
BIT_SCAN_ATTRIBUTE static inline bitboard leorik_queen(int square, bitboard occupied)
{
    const struct diagonal_masks *masks = &diagonal_masks[square];
    bitboard above = occupied_above(square, occupied), below = occupied_below(square, occupied);
    bitboard attacks = line_attacks(above, below, shifted_file(square));
    attacks |= line_attacks(above, below, shifted_rank(square));
    attacks |= line_attacks(above, below, masks->diagonal);
    return attacks | line_attacks(above, below, masks->anti_diagonal);
}
#endif

static const char *leorik_note(void)
{
    return LEORIK_PATH;
}

BACKEND(leorik, "leorik",
        "per line: BLSMSK up to the nearest blocker above, LZCNT of the blockers below for the "
        "bits from the nearest one there, their overlap within the line",
        "Thomas Jahn, Leorik chess engine (2022), Slider/Classic.cs", TARGET_BIT_SCANS, .init = leorik_init,
        .note = leorik_note)

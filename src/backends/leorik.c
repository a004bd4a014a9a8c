/* Leorik's line scans: on each line through the square, the nearest
 * blocker above the square is found by a forward scan (BLSMSK sets every
 * bit up to the lowest blocker above) and the nearest blocker below by a
 * reverse one (LZCNT of the blockers below, which shifts a mask of the
 * bits under the highest of them); the attacks are the bits where the two
 * masks differ, within the line.  The line masks come from a 2 KB table.
 * Source: Thomas Jahn, Leorik chess engine (2022), Slider/Classic.cs. */
#include <stdalign.h>

#include "backend.h"

/* One 32-byte entry per square: file, rank, diagonal and anti-diagonal,
 * each without the square itself. */
struct line_masks {
    bitboard file;
    bitboard rank;
    bitboard diagonal;
    bitboard anti_diagonal;
};

static alignas(32) struct line_masks line_masks[SQUARE_COUNT];

static size_t leorik_init(void)
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

/* The attacks along one line; `below` holds the bits under the square.
 * up_to_upper: every bit up to and including the lowest blocker above
 * the square (all bits when there is none).  under_lower: every bit under
 * the highest blocker below (none when there is none: the 1 ORed in
 * stands for a blocker on bit 0 and keeps LZCNT under 64).  They differ
 * exactly from the lower blocker to the upper one, both included. */
__attribute__((target("bmi,lzcnt"))) static inline bitboard line_attacks(bitboard occupied, bitboard line,
                                                                          bitboard below)
{
    bitboard blockers = occupied & line;
    bitboard upper = blockers & ~below;
    bitboard lower = blockers & below;
    bitboard up_to_upper = upper ^ (upper - 1);
    bitboard under_lower = ~(bitboard)0 >> 1 >> __builtin_clzll(lower | 1);
    return (up_to_upper ^ under_lower) & line;
}

__attribute__((target("bmi,lzcnt"))) static inline bitboard leorik_rook(int square, bitboard occupied)
{
    const struct line_masks *masks = &line_masks[square];
    bitboard below = square_bit(square) - 1;
    return line_attacks(occupied, masks->file, below) | line_attacks(occupied, masks->rank, below);
}

__attribute__((target("bmi,lzcnt"))) static inline bitboard leorik_bishop(int square, bitboard occupied)
{
    const struct line_masks *masks = &line_masks[square];
    bitboard below = square_bit(square) - 1;
    return line_attacks(occupied, masks->diagonal, below) | line_attacks(occupied, masks->anti_diagonal, below);
}

__attribute__((target("bmi,lzcnt"))) static inline bitboard leorik_queen(int square, bitboard occupied)
{
    return leorik_rook(square, occupied) | leorik_bishop(square, occupied);
}

__attribute__((target("bmi,lzcnt"))) static uint64_t leorik_rook_loop(const struct run *run)
{
    return run_lookup_loop(leorik_rook, run);
}

__attribute__((target("bmi,lzcnt"))) static uint64_t leorik_bishop_loop(const struct run *run)
{
    return run_lookup_loop(leorik_bishop, run);
}

__attribute__((target("bmi,lzcnt"))) static uint64_t leorik_queen_loop(const struct run *run)
{
    return run_lookup_loop(leorik_queen, run);
}

const struct backend leorik_backend = {
    .name = "leorik",
    .description = "per line: BLSMSK up to the nearest blocker above, LZCNT of the blockers below, the "
                   "difference within the line",
    .source = "Thomas Jahn, Leorik chess engine (2022), Slider/Classic.cs",
    .features = CPU_FEATURE_BMI1 | CPU_FEATURE_LZCNT,
    .init = leorik_init,
    .rook = leorik_rook,
    .bishop = leorik_bishop,
    .queen = leorik_queen,
    .rook_loop = leorik_rook_loop,
    .bishop_loop = leorik_bishop_loop,
    .queen_loop = leorik_queen_loop,
};

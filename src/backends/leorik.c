/* Leorik's line scans: on each line through the square, the nearest
 * blocker above the square is found by a forward scan (BLSMSK sets every
 * bit up to the lowest blocker above) and the nearest blocker below by a
 * reverse one (LZCNT of the blockers below gives the shift of a mask of
 * the bits from the highest of them up); the attacks are where the two
 * masks overlap, within the line.  The line masks come from a 2 KB table.
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

/* The attacks along one line, from the occupied squares above and below
 * the slider (computed once for all its lines).  up_to_upper: every bit
 * up to and including the lowest blocker above the square (all bits when
 * there is none).  from_lower: every bit from the highest blocker below
 * upwards, its index 63 - LZCNT (all bits when there is none: the 1 ORed
 * in stands for a blocker on bit 0 and keeps LZCNT under 64).  They
 * overlap exactly from the lower blocker to the upper one.  (Leorik XORs
 * the bits under the lower blocker instead; the AND with a left shift
 * needs no 64-bit constant, which leaves gcc one more register.) */
__attribute__((target("bmi,lzcnt"))) static inline bitboard line_attacks(bitboard occupied_above,
                                                                          bitboard occupied_below, bitboard line)
{
    bitboard upper = occupied_above & line;
    bitboard lower = occupied_below & line;
    bitboard up_to_upper = upper ^ (upper - 1);
    bitboard from_lower = ~(bitboard)0 << (63 ^ __builtin_clzll(lower | 1));
    return up_to_upper & from_lower & line;
}

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

__attribute__((target("bmi,lzcnt"))) static inline bitboard leorik_rook(int square, bitboard occupied)
{
    const struct line_masks *masks = &line_masks[square];
    bitboard above = occupied_above(square, occupied), below = occupied_below(square, occupied);
    return line_attacks(above, below, masks->file) | line_attacks(above, below, masks->rank);
}

__attribute__((target("bmi,lzcnt"))) static inline bitboard leorik_bishop(int square, bitboard occupied)
{
    const struct line_masks *masks = &line_masks[square];
    bitboard above = occupied_above(square, occupied), below = occupied_below(square, occupied);
    return line_attacks(above, below, masks->diagonal) | line_attacks(above, below, masks->anti_diagonal);
}

__attribute__((target("bmi,lzcnt"))) static inline bitboard leorik_queen(int square, bitboard occupied)
{
    const struct line_masks *masks = &line_masks[square];
    bitboard above = occupied_above(square, occupied), below = occupied_below(square, occupied);
    bitboard attacks = line_attacks(above, below, masks->file);
    attacks |= line_attacks(above, below, masks->rank);
    attacks |= line_attacks(above, below, masks->diagonal);
    return attacks | line_attacks(above, below, masks->anti_diagonal);
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

SIDE_PASSES_FOR_TARGET("bmi,lzcnt", leorik, leorik_rook, leorik_bishop, leorik_queen)

const struct backend leorik_backend = {
    .name = "leorik",
    .description = "per line: BLSMSK up to the nearest blocker above, LZCNT of the blockers below for the "
                   "bits from the nearest one there, their overlap within the line",
    .source = "Thomas Jahn, Leorik chess engine (2022), Slider/Classic.cs",
    .features = CPU_FEATURE_BMI1 | CPU_FEATURE_LZCNT,
    .init = leorik_init,
    .rook = leorik_rook,
    .bishop = leorik_bishop,
    .queen = leorik_queen,
    .rook_loop = leorik_rook_loop,
    .bishop_loop = leorik_bishop_loop,
    .queen_loop = leorik_queen_loop,
    .sets_loop = leorik_sets_loop,
    .sides_loop = leorik_sides_loop,
};

/* Hyperbola quintessence with a full bit reversal on all four lines: on
 * each line through the square (the slider left out of the line's mask),
 * o - 2s finds the attacks up the board, and the same subtraction on the
 * bit-reversed board finds them down it; the two, XORed within the line,
 * are the line's attacks.  A bit reversal (unlike the byte swap of
 * `hyperbola`) reverses ranks too, so no first-rank table is needed.
 * aarch64 reverses 64 bits in one instruction, RBIT, which makes this the
 * form Stockfish adopted on ARM.  Sources: Stockfish pull request #6795
 * (2026, rbit hyperbola quintessence for ARM builds: +1.8% on Neoverse V2,
 * +1.7% on Apple M1, as its author measured); Chessprogramming wiki,
 * "Hyperbola Quintessence" (Gerd Isenberg, Aleks Peshkov).  Elsewhere the
 * reversal is bit_reverse.h's best for the build, named by --list. */
#include "attackbench/loops.h"
#include "base/ray_walk.h"
#include "building_blocks/bit_reverse.h"

/* The four lines through each square, without the square: 2 KB. */
struct square_lines {
    bitboard file, rank, diagonal, anti_diagonal;
};

static _Alignas(32) struct square_lines own_lines[SQUARE_COUNT];

static size_t hyperbola_rbit_init(void)
{
    for (int square = 0; square < SQUARE_COUNT; square++) {
        bitboard outside = ~square_bit(square);
        own_lines[square] =
            (struct square_lines){file_mask(square) & outside, rank_mask(square) & outside,
                                  diagonal_mask(square) & outside, anti_diagonal_mask(square) & outside};
    }
    return sizeof own_lines;
}

#if defined(REVERSE_BITS_LANES4)
/* Where the build has AVX2, the four lines side by side in one ymm: each
 * 64-bit lane reversed at once (building_blocks/bit_reverse.h: GF2P8AFFINEQB
 * and VPSHUFB with GFNI, three VPSHUFB without), so a lookup crosses
 * between general and vector registers twice, not twelve times (gcc keeps
 * the scalar form's twelve; clang pairs the lines by itself). */
#define HYPERBOLA_RBIT_PATH "bit reversal: the four lines in one ymm, " REVERSE_BITS_LANES4

static inline LOOKUP_INLINE bitboard lines_attacks(int square, bitboard occupied, lanes4 selected)
{
    const lanes4 lines = *(const lanes4 *)&own_lines[square];
    const lanes4 slider = (lanes4){0} + square_bit(square);
    lanes4 forward = occupied & lines & selected;
    lanes4 reverse = reverse_bits_lanes4(forward);
    forward -= slider;
    reverse -= reverse_bits_lanes4(slider);
    return or_lanes4((forward ^ reverse_bits_lanes4(reverse)) & lines & selected);
}

static inline LOOKUP_INLINE bitboard hyperbola_rbit_rook(int square, bitboard occupied)
{
    return lines_attacks(square, occupied, (lanes4){~(bitboard)0, ~(bitboard)0, 0, 0});
}

static inline LOOKUP_INLINE bitboard hyperbola_rbit_bishop(int square, bitboard occupied)
{
    return lines_attacks(square, occupied, (lanes4){0, 0, ~(bitboard)0, ~(bitboard)0});
}

static inline LOOKUP_INLINE bitboard hyperbola_rbit_queen(int square, bitboard occupied)
{
    return lines_attacks(square, occupied, (lanes4){0} + ~(bitboard)0);
}
#else
#define HYPERBOLA_RBIT_PATH "bit reversal: " BIT_REVERSAL

static inline bitboard line_attacks(bitboard occupied, bitboard line, bitboard slider)
{
    bitboard forward = occupied & line;
    bitboard reverse = reverse_bits(forward);
    forward -= slider;
    reverse -= reverse_bits(slider);
    return (forward ^ reverse_bits(reverse)) & line;
}

static inline LOOKUP_INLINE bitboard hyperbola_rbit_rook(int square, bitboard occupied)
{
    const struct square_lines *own = &own_lines[square];
    bitboard slider = square_bit(square);
    return line_attacks(occupied, own->file, slider) | line_attacks(occupied, own->rank, slider);
}

static inline LOOKUP_INLINE bitboard hyperbola_rbit_bishop(int square, bitboard occupied)
{
    const struct square_lines *own = &own_lines[square];
    bitboard slider = square_bit(square);
    return line_attacks(occupied, own->diagonal, slider) | line_attacks(occupied, own->anti_diagonal, slider);
}

QUEEN_FROM_ROOK_AND_BISHOP(hyperbola_rbit)
#endif

static const char *hyperbola_rbit_note(void)
{
    return HYPERBOLA_RBIT_PATH;
}

BACKEND(hyperbola_rbit, "hyperbola-rbit",
        "o ^ (o - 2s) on each of the four lines, the lower ray by the same subtraction on the bit-reversed board "
        "(RBIT on aarch64); 2 KB of line masks",
        "Stockfish PR #6795 (2026, rbit hyperbola quintessence on ARM); CPW Hyperbola Quintessence (Isenberg, Peshkov)",
        .init = hyperbola_rbit_init, .note = hyperbola_rbit_note)

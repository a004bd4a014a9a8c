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
#include "bit_reverse.h"

/* The four lines through each square, without the square: 2 KB. */
struct square_lines {
    bitboard file, rank, diagonal, anti_diagonal;
};

static struct square_lines lines[SQUARE_COUNT];

static size_t hyperbola_rbit_init(void)
{
    for (int square = 0; square < SQUARE_COUNT; square++) {
        bitboard outside = ~square_bit(square);
        lines[square] = (struct square_lines){file_mask(square) & outside, rank_mask(square) & outside,
                                              diagonal_mask(square) & outside, anti_diagonal_mask(square) & outside};
    }
    return sizeof lines;
}

static inline bitboard line_attacks(bitboard occupied, bitboard line, bitboard slider)
{
    bitboard forward = occupied & line;
    bitboard reverse = reverse_bits(forward);
    forward -= slider;
    reverse -= reverse_bits(slider);
    return (forward ^ reverse_bits(reverse)) & line;
}

static inline bitboard hyperbola_rbit_rook(int square, bitboard occupied)
{
    const struct square_lines *own = &lines[square];
    bitboard slider = square_bit(square);
    return line_attacks(occupied, own->file, slider) | line_attacks(occupied, own->rank, slider);
}

static inline bitboard hyperbola_rbit_bishop(int square, bitboard occupied)
{
    const struct square_lines *own = &lines[square];
    bitboard slider = square_bit(square);
    return line_attacks(occupied, own->diagonal, slider) | line_attacks(occupied, own->anti_diagonal, slider);
}

QUEEN_FROM_ROOK_AND_BISHOP(hyperbola_rbit)

static const char *hyperbola_rbit_note(void)
{
    return "bit reversal: " BIT_REVERSAL;
}

BACKEND(hyperbola_rbit, "hyperbola-rbit",
        "o ^ (o - 2s) on each of the four lines, the lower ray by the same subtraction on the bit-reversed board "
        "(RBIT on aarch64); 2 KB of line masks",
        "Stockfish PR #6795 (2026, rbit hyperbola quintessence on ARM); CPW Hyperbola Quintessence (Isenberg, Peshkov)",
        .init = hyperbola_rbit_init, .note = hyperbola_rbit_note)

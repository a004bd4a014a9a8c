/* Bit rotation: "subtracting a rook from a blocking piece" on all four
 * lines.  On a line whose pieces lie above the slider, o - 2s borrows from
 * the nearest blocker down to the slider; the same on the bit-reversed
 * board does the squares below it, and the XOR of the two, masked by the
 * line, is the line's attacks (hyperbola quintessence with a full 64-bit
 * reversal on every line, where the byte swap serves only files and
 * diagonals).  The line masks are computed from the square: no table.
 * Source: Chessprogramming wiki, "Subtracting a Rook from a Blocking
 * Piece" (Gerd Isenberg, Aleks Peshkov); "Bit-Twiddling, Reverse"
 * (Hacker's Delight's swaps); measured as "Bitrotation" in Gigantua's
 * Chess_Movegen. */
#include "attackbench/loops.h"
#include "building_blocks/bit_reverse.h"

#if defined(REVERSE_BITS_LANES4)
/* With GFNI and AVX2 the four lines share one ymm register: each lane is
 * reversed by one GF2P8AFFINEQB and one VPSHUFB (building_blocks/bit_reverse.h), where
 * gcc 12 compiled the scalar form to four separate reversals. */
static inline bitboard lines_attacks(int square, bitboard occupied, lanes4 selected)
{
    const bitboard slider = square_bit(square);
    const lanes4 lines =
        (lanes4){rank_mask(square), file_mask(square), diagonal_mask(square), anti_diagonal_mask(square)} &
        ~((lanes4){0} + slider) & selected;
    const lanes4 pieces = occupied & lines;
    const lanes4 up = pieces - 2 * ((lanes4){0} + slider);
    const lanes4 down = reverse_bits_lanes4(reverse_bits_lanes4(pieces) - 2 * ((lanes4){0} + square_bit(63 - square)));
    return or_lanes4((up ^ down) & lines);
}

static inline bitboard bitrotation_rook(int square, bitboard occupied)
{
    return lines_attacks(square, occupied, (lanes4){~(bitboard)0, ~(bitboard)0, 0, 0});
}

static inline bitboard bitrotation_bishop(int square, bitboard occupied)
{
    return lines_attacks(square, occupied, (lanes4){0, 0, ~(bitboard)0, ~(bitboard)0});
}

static inline bitboard bitrotation_queen(int square, bitboard occupied)
{
    return lines_attacks(square, occupied, (lanes4){0} + ~(bitboard)0);
}
#else
/* One line: the attacks from both sides of the slider at once. */
static inline bitboard rotated_line(bitboard occupied, bitboard line, bitboard slider, bitboard slider_reversed)
{
    bitboard pieces = occupied & line;
    bitboard up = pieces - 2 * slider;
    bitboard down = reverse_bits(reverse_bits(pieces) - 2 * slider_reversed);
    return (up ^ down) & line;
}

static inline bitboard bitrotation_rook(int square, bitboard occupied)
{
    bitboard slider = square_bit(square), reversed = square_bit(63 - square);
    return rotated_line(occupied, rank_mask(square) ^ slider, slider, reversed) |
           rotated_line(occupied, file_mask(square) ^ slider, slider, reversed);
}

static inline bitboard bitrotation_bishop(int square, bitboard occupied)
{
    bitboard slider = square_bit(square), reversed = square_bit(63 - square);
    return rotated_line(occupied, diagonal_mask(square) ^ slider, slider, reversed) |
           rotated_line(occupied, anti_diagonal_mask(square) ^ slider, slider, reversed);
}

static inline bitboard bitrotation_queen(int square, bitboard occupied)
{
    return bitrotation_rook(square, occupied) | bitrotation_bishop(square, occupied);
}
#endif

static const char *bitrotation_note(void)
{
    return "bit reversal: " BIT_REVERSAL;
}

BACKEND(bitrotation, "bitrotation",
        "per line: (o - 2s) ^ reverse(reverse(o) - 2 reverse(s)) with a full 64-bit bit reversal on all four lines "
        "(GFNI where the build has it); line masks computed from the square, no table",
        "CPW Subtracting a Rook from a Blocking Piece (Gerd Isenberg, Aleks Peshkov); as measured in Gigantua's "
        "Chess_Movegen",
        .note = bitrotation_note)

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
#include "backend.h"

/* The 64-bit reversal: the compiler's builtin where it has one (clang,
 * which lowers it to GFNI itself where the build has it); else with GFNI,
 * one GF2P8AFFINEQB reverses the bits of every byte (the matrix
 * 0x8040201008040201) and a byte swap does the rest; else a byte swap and
 * the reversal of each byte's bits in three swaps. */
#if defined(__has_builtin) && __has_builtin(__builtin_bitreverse64)
#define BIT_REVERSAL "the compiler's __builtin_bitreverse64"
static inline bitboard reverse_bits(bitboard board)
{
    return __builtin_bitreverse64(board);
}
#elif defined(__GFNI__) && defined(__SSE2__)
#include <immintrin.h>
#define BIT_REVERSAL "GF2P8AFFINEQB and a byte swap (GFNI in this build)"
static inline bitboard reverse_bits(bitboard board)
{
    __m128i bytes = _mm_cvtsi64_si128((long long)board);
    bytes = _mm_gf2p8affine_epi64_epi8(bytes, _mm_set1_epi64x((long long)0x8040201008040201ULL), 0);
    return __builtin_bswap64((bitboard)_mm_cvtsi128_si64(bytes));
}
#else
#define BIT_REVERSAL "a byte swap and three swaps of bit groups"
static inline bitboard reverse_bits(bitboard board)
{
    board = __builtin_bswap64(board);
    board = ((board >> 1) & 0x5555555555555555ULL) | ((board & 0x5555555555555555ULL) << 1);
    board = ((board >> 2) & 0x3333333333333333ULL) | ((board & 0x3333333333333333ULL) << 2);
    return ((board >> 4) & 0x0F0F0F0F0F0F0F0FULL) | ((board & 0x0F0F0F0F0F0F0F0FULL) << 4);
}
#endif

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

static const char *bitrotation_note(void)
{
    return "bit reversal: " BIT_REVERSAL;
}

BACKEND(bitrotation, "bitrotation",
        "per line: (o - 2s) ^ reverse(reverse(o) - 2 reverse(s)) with a full 64-bit bit reversal on all four lines (GFNI where the build has it); line masks computed from the square, no table",
        "CPW Subtracting a Rook from a Blocking Piece (Gerd Isenberg, Aleks Peshkov); as measured in Gigantua's Chess_Movegen",
        .note = bitrotation_note)

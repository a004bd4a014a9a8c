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
 * Chess_Movegen.  Two formulations on x86-64: the four lines in one ymm
 * (bitrotation:lanes, with GFNI and AVX2) or one after the other
 * (bitrotation:scalar). */
#include "building_blocks/gcc_schedule.h" /* first: gcc schedules the whole file */
#include "attackbench/loops.h"
#include "building_blocks/bit_reverse.h"

/* One line: the attacks from both sides of the slider at once. */
static inline LOOKUP_INLINE bitboard rotated_line(bitboard occupied, bitboard line, bitboard slider,
                                                  bitboard slider_reversed)
{
    bitboard pieces = occupied & line;
    bitboard up = pieces - 2 * slider;
    bitboard down = reverse_bits(reverse_bits(pieces) - 2 * slider_reversed);
    return (up ^ down) & line;
}

/* The scalar formulation: one line after the other. */
static inline LOOKUP_INLINE bitboard bitrotation_scalar_rook(int square, bitboard occupied)
{
    bitboard slider = square_bit(square), reversed = square_bit(63 - square);
    return rotated_line(occupied, rank_mask(square) ^ slider, slider, reversed) |
           rotated_line(occupied, file_mask(square) ^ slider, slider, reversed);
}

static inline LOOKUP_INLINE bitboard bitrotation_scalar_bishop(int square, bitboard occupied)
{
    bitboard slider = square_bit(square), reversed = square_bit(63 - square);
    return rotated_line(occupied, diagonal_mask(square) ^ slider, slider, reversed) |
           rotated_line(occupied, anti_diagonal_mask(square) ^ slider, slider, reversed);
}

static inline LOOKUP_INLINE bitboard bitrotation_scalar_queen(int square, bitboard occupied)
{
    return bitrotation_scalar_rook(square, occupied) | bitrotation_scalar_bishop(square, occupied);
}

#if defined(REVERSE_BITS_LANES4)
/* With AVX2 the four lines share one ymm register, each lane reversed at
 * once (building_blocks/bit_reverse.h: GF2P8AFFINEQB and VPSHUFB with
 * GFNI, three VPSHUFB without), where gcc 12 compiled the scalar form to
 * four separate reversals. */
static inline LOOKUP_INLINE bitboard lines_attacks(int square, bitboard occupied, lanes4 selected)
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

static inline LOOKUP_INLINE bitboard bitrotation_rook(int square, bitboard occupied)
{
    return lines_attacks(square, occupied, (lanes4){~(bitboard)0, ~(bitboard)0, 0, 0});
}

static inline LOOKUP_INLINE bitboard bitrotation_bishop(int square, bitboard occupied)
{
    return lines_attacks(square, occupied, (lanes4){0, 0, ~(bitboard)0, ~(bitboard)0});
}

static inline LOOKUP_INLINE bitboard bitrotation_queen(int square, bitboard occupied)
{
    return lines_attacks(square, occupied, (lanes4){0} + ~(bitboard)0);
}
#else
static inline LOOKUP_INLINE bitboard bitrotation_rook(int square, bitboard occupied)
{
    return bitrotation_scalar_rook(square, occupied);
}

static inline LOOKUP_INLINE bitboard bitrotation_bishop(int square, bitboard occupied)
{
    return bitrotation_scalar_bishop(square, occupied);
}

static inline LOOKUP_INLINE bitboard bitrotation_queen(int square, bitboard occupied)
{
    return bitrotation_scalar_queen(square, occupied);
}
#endif

#define BITROTATION_SOURCE \
    "CPW Subtracting a Rook from a Blocking Piece (Gerd Isenberg, Aleks Peshkov); as measured in Gigantua's " \
    "Chess_Movegen"

#if defined(__x86_64__)
#include <immintrin.h>

/* The lanes formulations, for any x86-64 CPU with AVX2 whatever the
 * build's -march: the four lines in one ymm, as above, in intrinsics under
 * the target attribute.  `lanes` reverses each lane by GF2P8AFFINEQB and
 * VPSHUFB (GFNI), `lanes-nibbles` by three VPSHUFB: two lookups of each
 * byte's nibbles in tables of reversed nibbles, then the bytes (both in
 * building_blocks/bit_reverse.h). */
#define LANES_TARGET "avx2,gfni"
#define NIBBLES_TARGET "avx2"

/* The four lines of the square, computed in the lanes from the square
 * alone: each lane's line through a1 (or h1) shifted by a distance d in
 * squares, up by d and down by -d at once (a variable shift by 64 or more
 * gives 0 in VPSLLVQ and VPSRLVQ, so the wrong way yields nothing).
 * Rank: 8 rank; file: file; diagonal: 8 (rank - file); anti-diagonal:
 * 8 (rank + file - 7).  8 file is (8 square) & 56, so the four distances
 * take one shift, three masks and two additions; d and -d then one each
 * (gcc 12 took eleven operations from a form that masked the file and
 * shifted it after).  Built in general registers and moved into the lanes
 * one by one, the four masks took seven shuffles and transfers. */
TARGET_ATTRIBUTE(NIBBLES_TARGET) static inline LOOKUP_INLINE __m256i lines_of(__m256i square)
{
    const __m256i eight_files = _mm256_slli_epi64(square, 3); /* 8 file in bits 3-5 */
    const __m256i rank_or_file = _mm256_and_si256(square, _mm256_setr_epi64x(56, 7, 56, 56));
    const __m256i minus_file = _mm256_and_si256(eight_files, _mm256_setr_epi64x(0, 0, 56, 0));
    const __m256i plus_file = _mm256_and_si256(eight_files, _mm256_setr_epi64x(0, 0, 0, 56));
    const __m256i sum = _mm256_add_epi64(_mm256_sub_epi64(rank_or_file, minus_file), plus_file);
    const __m256i up = _mm256_add_epi64(sum, _mm256_setr_epi64x(0, 0, 0, -56));
    const __m256i down = _mm256_sub_epi64(_mm256_setr_epi64x(0, 0, 0, 56), sum);
    const __m256i through_a1 = _mm256_setr_epi64x((long long)RANK_1, (long long)FILE_A, (long long)DIAGONAL_A1_H8,
                                                  (long long)ANTI_DIAGONAL_H1_A8);
    return _mm256_or_si256(_mm256_sllv_epi64(through_a1, up), _mm256_srlv_epi64(through_a1, down));
}

/* A rook's two lines (rank, file) or a bishop's (diagonal,
 * anti-diagonal) in the two lanes of an xmm, as lines_of does four: the
 * distance is square & rank_or_file, less (8 square) & minus_file, plus
 * (8 square) & plus_file, plus offset. */
TARGET_ATTRIBUTE(NIBBLES_TARGET)
static inline LOOKUP_INLINE __m128i two_lines_of(__m128i square, __m128i rank_or_file, __m128i minus_file,
                                                 __m128i plus_file, __m128i offset, __m128i through_a1)
{
    const __m128i eight_files = _mm_slli_epi64(square, 3);
    const __m128i sum =
        _mm_add_epi64(_mm_sub_epi64(_mm_and_si128(square, rank_or_file), _mm_and_si128(eight_files, minus_file)),
                      _mm_and_si128(eight_files, plus_file));
    const __m128i distance = _mm_add_epi64(sum, offset);
    return _mm_or_si128(_mm_sllv_epi64(through_a1, distance),
                        _mm_srlv_epi64(through_a1, _mm_sub_epi64(_mm_setzero_si128(), distance)));
}

TARGET_ATTRIBUTE(NIBBLES_TARGET) static inline LOOKUP_INLINE __m128i rook_lines_of(__m128i square)
{
    const __m128i none = _mm_setzero_si128();
    return two_lines_of(square, _mm_set_epi64x(7, 56), none, none, none,
                        _mm_set_epi64x((long long)FILE_A, (long long)RANK_1));
}

TARGET_ATTRIBUTE(NIBBLES_TARGET) static inline LOOKUP_INLINE __m128i bishop_lines_of(__m128i square)
{
    return two_lines_of(square, _mm_set1_epi64x(56), _mm_set_epi64x(0, 56), _mm_set_epi64x(56, 0),
                        _mm_set_epi64x(-56, 0),
                        _mm_set_epi64x((long long)ANTI_DIAGONAL_H1_A8, (long long)DIAGONAL_A1_H8));
}

/* A queen's four lines of the square in a ymm (rank, file, diagonal,
 * anti-diagonal), each lane reversed by REVERSE; a rook or a bishop takes
 * its two lines in an xmm (PAIR_REVERSE): in the four lanes with two of
 * them masked off, gcc 12 computed and masked all four.  One definition
 * of a formulation's functions for each reversal. */
#define LANES_FORMULATION(NAME, STRING_TARGET, REVERSE, PAIR_REVERSE) \
    TARGET_ATTRIBUTE(STRING_TARGET) \
    static inline LOOKUP_INLINE bitboard NAME##_lines(int square, bitboard occupied) \
    { \
        const __m256i squares = _mm256_set1_epi64x(square); \
        const __m256i one = _mm256_set1_epi64x(1); \
        const __m256i slider = _mm256_sllv_epi64(one, squares); \
        const __m256i reversed_slider = _mm256_sllv_epi64(one, _mm256_sub_epi64(_mm256_set1_epi64x(63), squares)); \
        const __m256i lines = _mm256_andnot_si256(slider, lines_of(squares)); \
        const __m256i pieces = _mm256_and_si256(_mm256_set1_epi64x((long long)occupied), lines); \
        const __m256i up = _mm256_sub_epi64(pieces, _mm256_add_epi64(slider, slider)); \
        const __m256i down = \
            REVERSE(_mm256_sub_epi64(REVERSE(pieces), _mm256_add_epi64(reversed_slider, reversed_slider))); \
        const __m256i attacks = _mm256_and_si256(_mm256_xor_si256(up, down), lines); \
        const __m128i halves = _mm_or_si128(_mm256_castsi256_si128(attacks), _mm256_extracti128_si256(attacks, 1)); \
        return (bitboard)_mm_cvtsi128_si64(_mm_or_si128(halves, _mm_unpackhi_epi64(halves, halves))); \
    } \
    TARGET_ATTRIBUTE(STRING_TARGET) \
    static inline LOOKUP_INLINE bitboard NAME##_pair(int square, bitboard occupied, __m128i line_pair) \
    { \
        const __m128i squares = _mm_set1_epi64x(square); \
        const __m128i one = _mm_set1_epi64x(1); \
        const __m128i slider = _mm_sllv_epi64(one, squares); \
        const __m128i reversed_slider = _mm_sllv_epi64(one, _mm_sub_epi64(_mm_set1_epi64x(63), squares)); \
        const __m128i lines = _mm_andnot_si128(slider, line_pair); \
        const __m128i pieces = _mm_and_si128(_mm_set1_epi64x((long long)occupied), lines); \
        const __m128i up = _mm_sub_epi64(pieces, _mm_add_epi64(slider, slider)); \
        const __m128i down = \
            PAIR_REVERSE(_mm_sub_epi64(PAIR_REVERSE(pieces), _mm_add_epi64(reversed_slider, reversed_slider))); \
        const __m128i attacks = _mm_and_si128(_mm_xor_si128(up, down), lines); \
        return (bitboard)_mm_cvtsi128_si64(_mm_or_si128(attacks, _mm_unpackhi_epi64(attacks, attacks))); \
    } \
    TARGET_ATTRIBUTE(STRING_TARGET) static inline LOOKUP_INLINE bitboard NAME##_rook(int square, bitboard occupied) \
    { \
        return NAME##_pair(square, occupied, rook_lines_of(_mm_set1_epi64x(square))); \
    } \
    TARGET_ATTRIBUTE(STRING_TARGET) static inline LOOKUP_INLINE bitboard NAME##_bishop(int square, bitboard occupied) \
    { \
        return NAME##_pair(square, occupied, bishop_lines_of(_mm_set1_epi64x(square))); \
    } \
    TARGET_ATTRIBUTE(STRING_TARGET) static inline LOOKUP_INLINE bitboard NAME##_queen(int square, bitboard occupied) \
    { \
        return NAME##_lines(square, occupied); \
    }

LANES_FORMULATION(bitrotation_lanes, LANES_TARGET, reverse_lanes_by_gfni, reverse_pair_by_gfni)
LANES_FORMULATION(bitrotation_lanes_nibbles, NIBBLES_TARGET, reverse_lanes_by_nibbles, reverse_pair_by_nibbles)

BACKEND(bitrotation_lanes, "bitrotation:lanes",
        "a queen's four lines in one ymm, a rook's or bishop's two in an xmm, reversed by GF2P8AFFINEQB and vpshufb",
        BITROTATION_SOURCE, TARGET(LANES_TARGET))
BACKEND(bitrotation_lanes_nibbles, "bitrotation:lanes-nibbles",
        "a queen's four lines in one ymm, a rook's or bishop's two in an xmm, reversed by vpshufb lookups of reversed "
        "nibbles, then of bytes",
        BITROTATION_SOURCE, TARGET(NIBBLES_TARGET))
BACKEND(bitrotation_scalar, "bitrotation:scalar", "one line after the other, a 64-bit reversal each (" BIT_REVERSAL ")",
        BITROTATION_SOURCE)

/* Lanes first: --formulation=fixed runs it where the CPU has GFNI, the
 * nibbles where it has AVX2 alone. */
static const struct backend *const bitrotation_formulations[] = {
    &bitrotation_lanes_backend, &bitrotation_lanes_nibbles_backend, &bitrotation_scalar_backend, NULL};
#define BITROTATION_FORMULATIONS bitrotation_formulations
#else
#define BITROTATION_FORMULATIONS NULL /* one formulation: the scalar one */
#endif

static const char *bitrotation_note(void)
{
    return "bit reversal: " BIT_REVERSAL;
}

BACKEND(bitrotation, "bitrotation",
        "per line: (o - 2s) ^ reverse(reverse(o) - 2 reverse(s)) with a full 64-bit bit reversal on all four lines "
        "(GFNI where the build has it); line masks computed from the square, no table",
        BITROTATION_SOURCE, .note = bitrotation_note, .formulations = BITROTATION_FORMULATIONS)

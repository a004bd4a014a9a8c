/* Hyperbola Quintessence in AVX2 lanes: the multi-square kernel of
 * hyperbola-lanes for CPUs with AVX2 and no AVX-512 (four sliders per ymm;
 * the layout: side_lanes_avx2.h).  Each lane runs o - 2s along its line,
 * and the same on the bit-reversed board for the other direction.  AVX2
 * has no bit reversal: VPSHUFB reverses the bytes of each lane, and two
 * more VPSHUFB look up the reversed low and high nibble of each byte in
 * 16-byte tables, so ranks need no table either.  No tables beyond those
 * 32 bytes.  A pass without ranks (files, diagonals) needs only the byte
 * swap.  Single lookups put a query's lines in the lanes instead.
 * The obstruction difference has no AVX2 form here: it needs the highest
 * blocker below the slider (VPLZCNTQ, AVX-512 CD), and smearing the bits
 * down takes twelve operations where the reversal takes seven.
 * Sources: Chessprogramming wiki "Hyperbola Quintessence" (Gerd Isenberg,
 * after Ryan Mack) and "Bit Reversal"; the lane layout is this project's. */
#define LANES_BACKEND hyperbola_lanes_avx2
#define KERNEL_TARGET "avx2"
#if defined(__x86_64__)
#include <immintrin.h>

/* The reversal's vectors, kept with the layout's (side_lanes_avx2.h). */
struct line_constants {
    __m256i byte_order, reversed_to_high, reversed_to_low, nibble, two;
};

#include "building_blocks/side_lanes_avx2.h"

LANE_FUNCTION struct line_constants line_constants(void)
{
    struct line_constants constants;
    constants.byte_order = _mm256_setr_epi8(7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1,
                                            0, 15, 14, 13, 12, 11, 10, 9, 8);
    /* The reversal of each nibble, in the high nibble and in the low. */
    constants.reversed_to_high = _mm256_setr_epi8(0x00, 0x80, 0x40, 0xC0, 0x20, 0xA0, 0x60, 0xE0, 0x10, 0x90, 0x50,
                                                  0xD0, 0x30, 0xB0, 0x70, 0xF0, 0x00, 0x80, 0x40, 0xC0, 0x20, 0xA0,
                                                  0x60, 0xE0, 0x10, 0x90, 0x50, 0xD0, 0x30, 0xB0, 0x70, 0xF0);
    constants.reversed_to_low =
        _mm256_setr_epi8(0x0, 0x8, 0x4, 0xC, 0x2, 0xA, 0x6, 0xE, 0x1, 0x9, 0x5, 0xD, 0x3, 0xB, 0x7, 0xF, 0x0, 0x8, 0x4,
                         0xC, 0x2, 0xA, 0x6, 0xE, 0x1, 0x9, 0x5, 0xD, 0x3, 0xB, 0x7, 0xF);
    constants.nibble = _mm256_set1_epi8(0x0F);
    constants.two = _mm256_set1_epi64x(2);
    return constants;
}

LANE_FUNCTION void hide_line_constants(struct line_constants *constants)
{
    HIDE_VECTOR(constants->byte_order);
    HIDE_VECTOR(constants->reversed_to_high);
    HIDE_VECTOR(constants->reversed_to_low);
    HIDE_VECTOR(constants->nibble);
    HIDE_VECTOR(constants->two);
}

/* Every lane's 64 bits in reverse order: bytes reversed within each lane,
 * then each byte's bits through the nibble tables (the low nibble's
 * reversal becomes the high nibble and the other way round). */
LANE_FUNCTION __m256i reverse_bits(__m256i board, const struct line_constants *constants)
{
    const __m256i bytes = _mm256_shuffle_epi8(board, constants->byte_order);
    const __m256i low = _mm256_and_si256(bytes, constants->nibble);
    const __m256i high = _mm256_and_si256(_mm256_srli_epi16(bytes, 4), constants->nibble);
    return _mm256_or_si256(_mm256_shuffle_epi8(constants->reversed_to_high, low),
                           _mm256_shuffle_epi8(constants->reversed_to_low, high));
}

/* The reversal a line needs: any line is reversed by the full bit
 * reversal; one with at most a square per rank (a file or a diagonal) by
 * the byte swap alone, one VPSHUFB, since its order follows the ranks. */
LANE_FUNCTION __m256i reverse_line(__m256i board, const int ranks, const struct line_constants *constants)
{
    return ranks ? reverse_bits(board, constants) : _mm256_shuffle_epi8(board, constants->byte_order);
}

/* o - 2s sets the squares from the slider up to the first blocker; on the
 * reversed board the same subtraction gives the other direction. */
LANE_FUNCTION __m256i line_attacks(const struct lane_constants *constants, const struct lane_squares *lanes,
                                   __m256i occupied, __m256i line, const int ranks)
{
    /* 2s on the reversed board: 2 << (63 - square) after the full
     * reversal, 2 << (square ^ 56) after the byte swap (0 for bit 63). */
    const __m256i reversed_square = ranks ? _mm256_sub_epi64(constants->square_mask, lanes->square)
                                          : _mm256_xor_si256(lanes->square, constants->rank_mask);
    const __m256i reversed_twice_slider = _mm256_sllv_epi64(constants->line.two, reversed_square);
    const __m256i blockers = _mm256_and_si256(_mm256_andnot_si256(lanes->bit, occupied), line);
    const __m256i forward = _mm256_sub_epi64(blockers, _mm256_add_epi64(lanes->bit, lanes->bit));
    const __m256i reversed = reverse_line(blockers, ranks, &constants->line);
    const __m256i backward = reverse_line(_mm256_sub_epi64(reversed, reversed_twice_slider), ranks, &constants->line);
    return _mm256_and_si256(_mm256_xor_si256(forward, backward), line);
}

BACKEND(hyperbola_lanes_avx2, "hyperbola-lanes-avx2",
        "multi-square AVX2 kernel: a side's sliders in 4-lane ymm, hyperbola with a VPSHUFB bit reversal",
        "CPW Hyperbola Quintessence, Bit Reversal; lane layout this project's", TARGET(KERNEL_TARGET),
        .side_attacks = lanes_side, .sides_loop = lanes_sides_pass)
#else
#include "attackbench/loops.h"

BACKEND_NOT_ON_THIS_ARCHITECTURE(hyperbola_lanes_avx2, "hyperbola-lanes-avx2", "x86-64 only: AVX2")
#endif

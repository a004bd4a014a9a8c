/* Dumb7Fill, directions side by side with AVX-512: each 64-bit lane floods
 * one direction, the four rook or bishop rays in one ymm and the queen's
 * eight in one zmm.  Every direction is a left rotation by its own amount
 * (vprolvq), masked with the avoid-wrap sets, as in the seed's generalized
 * rays; dumb7fill-avx2 is the same fill with AVX2's shifts.
 * Source: seed 002_0262fda5460adf24.txt, Chessprogramming wiki "Dumb7Fill"
 * ("at its best processing several directions in parallel"). */
#if defined(__x86_64__)
#include "attackbench/loops.h"

/* The target of every lookup and loop here; the features --list names and
 * the driver checks are derived from it. */
#define DUMB7FILL_AVX512_TARGET "avx512f,avx512vl"

#include <immintrin.h>

#include "building_blocks/ymm_lanes.h"

/* A left rotate by 64 - n is a right shift by n plus the bits that came
 * round; the avoid-wrap masks (landing squares of one step that neither
 * wrap across files nor come round across ranks) remove those. */
TARGET_ATTRIBUTE(DUMB7FILL_AVX512_TARGET)
static inline __m256i fill_avx512_ymm(__m256i slider, __m256i occupied, __m256i amounts, __m256i landing)
{
    const __m256i empty = _mm256_andnot_si256(occupied, landing);
    __m256i flood = slider;
    flood = _mm256_or_si256(flood, slider = _mm256_and_si256(_mm256_rolv_epi64(slider, amounts), empty));
    flood = _mm256_or_si256(flood, slider = _mm256_and_si256(_mm256_rolv_epi64(slider, amounts), empty));
    flood = _mm256_or_si256(flood, slider = _mm256_and_si256(_mm256_rolv_epi64(slider, amounts), empty));
    flood = _mm256_or_si256(flood, slider = _mm256_and_si256(_mm256_rolv_epi64(slider, amounts), empty));
    flood = _mm256_or_si256(flood, slider = _mm256_and_si256(_mm256_rolv_epi64(slider, amounts), empty));
    flood = _mm256_or_si256(flood, _mm256_and_si256(_mm256_rolv_epi64(slider, amounts), empty));
    return _mm256_and_si256(_mm256_rolv_epi64(flood, amounts), landing);
}

/* Lanes north, east, south, west. */
TARGET_ATTRIBUTE(DUMB7FILL_AVX512_TARGET) static inline bitboard dumb7fill_avx512_rook(int square, bitboard occupied)
{
    const __m256i amounts = _mm256_setr_epi64x(8, 1, 56, 63);
    const __m256i landing =
        _mm256_setr_epi64x((long long)~RANK_1, (long long)~FILE_A, (long long)~RANK_8, (long long)~FILE_H);
    return or_ymm_lanes(fill_avx512_ymm(_mm256_set1_epi64x((long long)square_bit(square)),
                                        _mm256_set1_epi64x((long long)occupied), amounts, landing));
}

/* Lanes north-east, north-west, south-east, south-west. */
TARGET_ATTRIBUTE(DUMB7FILL_AVX512_TARGET) static inline bitboard dumb7fill_avx512_bishop(int square, bitboard occupied)
{
    const __m256i amounts = _mm256_setr_epi64x(9, 7, 57, 55);
    const __m256i landing = _mm256_setr_epi64x((long long)~(FILE_A | RANK_1), (long long)~(FILE_H | RANK_1),
                                               (long long)~(FILE_A | RANK_8), (long long)~(FILE_H | RANK_8));
    return or_ymm_lanes(fill_avx512_ymm(_mm256_set1_epi64x((long long)square_bit(square)),
                                        _mm256_set1_epi64x((long long)occupied), amounts, landing));
}

/* All eight directions in one zmm: the rook's lanes, then the bishop's,
 * each flooding from its own generator lane (a fill from a union of
 * squares is the union of their fills). */
TARGET_ATTRIBUTE(DUMB7FILL_AVX512_TARGET) static inline bitboard fill_avx512_zmm(__m512i slider, bitboard occupied)
{
    const __m512i amounts = _mm512_setr_epi64(8, 1, 56, 63, 9, 7, 57, 55);
    const __m512i landing = _mm512_setr_epi64(
        (long long)~RANK_1, (long long)~FILE_A, (long long)~RANK_8, (long long)~FILE_H, (long long)~(FILE_A | RANK_1),
        (long long)~(FILE_H | RANK_1), (long long)~(FILE_A | RANK_8), (long long)~(FILE_H | RANK_8));
    const __m512i empty = _mm512_andnot_si512(_mm512_set1_epi64((long long)occupied), landing);
    __m512i flood = slider;
    flood = _mm512_or_si512(flood, slider = _mm512_and_si512(_mm512_rolv_epi64(slider, amounts), empty));
    flood = _mm512_or_si512(flood, slider = _mm512_and_si512(_mm512_rolv_epi64(slider, amounts), empty));
    flood = _mm512_or_si512(flood, slider = _mm512_and_si512(_mm512_rolv_epi64(slider, amounts), empty));
    flood = _mm512_or_si512(flood, slider = _mm512_and_si512(_mm512_rolv_epi64(slider, amounts), empty));
    flood = _mm512_or_si512(flood, slider = _mm512_and_si512(_mm512_rolv_epi64(slider, amounts), empty));
    flood = _mm512_or_si512(flood, _mm512_and_si512(_mm512_rolv_epi64(slider, amounts), empty));
    return (bitboard)_mm512_reduce_or_epi64(_mm512_and_si512(_mm512_rolv_epi64(flood, amounts), landing));
}

TARGET_ATTRIBUTE(DUMB7FILL_AVX512_TARGET) static inline bitboard dumb7fill_avx512_queen(int square, bitboard occupied)
{
    return fill_avx512_zmm(_mm512_set1_epi64((long long)square_bit(square)), occupied);
}

/* Set-wise, as the seed describes the fill: the rook-wise set is the
 * generator in the rook's lanes and the bishop-wise set in the bishop's,
 * one zmm fill for every slider of a side. */
TARGET_ATTRIBUTE(DUMB7FILL_AVX512_TARGET)
static inline bitboard dumb7fill_avx512_set(bitboard rook_sliders, bitboard bishop_sliders, bitboard occupied)
{
    const long long rooks = (long long)rook_sliders, bishops = (long long)bishop_sliders;
    return fill_avx512_zmm(_mm512_setr_epi64(rooks, rooks, rooks, rooks, bishops, bishops, bishops, bishops), occupied);
}

BACKEND(dumb7fill_avx512, "dumb7fill-avx512",
        "unrolled fill with the directions side by side in AVX-512 lanes (vprolvq, queen in one zmm)",
        "seed 002 (CPW Dumb7Fill, several directions in parallel)", TARGET(DUMB7FILL_AVX512_TARGET),
        .set_attacks = dumb7fill_avx512_set)
#else
#include "attackbench/loops.h"

BACKEND_NOT_ON_THIS_ARCHITECTURE(dumb7fill_avx512, "dumb7fill-avx512", "x86-64 only: AVX-512")
#endif

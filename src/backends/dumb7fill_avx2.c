/* Dumb7Fill, directions side by side with AVX2: each 64-bit lane of a ymm
 * register floods one direction, so the four rook or bishop rays take one
 * register and the queen's eight two.  AVX2 shifts each lane by its own
 * count (vpsllvq/vpsrlvq).  dumb7fill-avx512 is the same fill with
 * AVX-512's rotations, a queen in one zmm.
 * Source: seed 002_0262fda5460adf24.txt, Chessprogramming wiki "Dumb7Fill"
 * ("at its best processing several directions in parallel"). */
#if defined(__x86_64__)
#include "attackbench/loops.h"

/* The target of every lookup and loop here; the features --list names and
 * the driver checks are derived from it. */
#define DUMB7FILL_AVX2_TARGET "avx2"

#include <immintrin.h>

#include "building_blocks/ymm_lanes.h"

/* A lane shifts left by its left count and right by its right count; a
 * count of 64 shifts everything out, so a lane with 64 in one of them
 * moves one way only.  After a step, the landing mask drops squares that
 * wrapped from one edge file to the other. */
enum shift_way { SHIFT_LEFT, SHIFT_RIGHT, SHIFT_BOTH };

TARGET_ATTRIBUTE(DUMB7FILL_AVX2_TARGET)
static inline __m256i step_avx2(__m256i board, enum shift_way way, __m256i left, __m256i right)
{
    switch (way) {
    case SHIFT_LEFT:
        return _mm256_sllv_epi64(board, left);
    case SHIFT_RIGHT:
        return _mm256_srlv_epi64(board, right);
    default:
        return _mm256_or_si256(_mm256_sllv_epi64(board, left), _mm256_srlv_epi64(board, right));
    }
}

/* The seed's unrolled attack fill, four directions at once: six fill
 * cycles through the empty landing squares (written out, as the seed's
 * "real" dumb7fill is), then one step from the flood. */
TARGET_ATTRIBUTE(DUMB7FILL_AVX2_TARGET)
static inline __m256i fill_avx2(__m256i slider, __m256i occupied, enum shift_way way, __m256i left, __m256i right,
                                __m256i landing)
{
    const __m256i empty = _mm256_andnot_si256(occupied, landing);
    __m256i flood = slider;
    flood = _mm256_or_si256(flood, slider = _mm256_and_si256(step_avx2(slider, way, left, right), empty));
    flood = _mm256_or_si256(flood, slider = _mm256_and_si256(step_avx2(slider, way, left, right), empty));
    flood = _mm256_or_si256(flood, slider = _mm256_and_si256(step_avx2(slider, way, left, right), empty));
    flood = _mm256_or_si256(flood, slider = _mm256_and_si256(step_avx2(slider, way, left, right), empty));
    flood = _mm256_or_si256(flood, slider = _mm256_and_si256(step_avx2(slider, way, left, right), empty));
    flood = _mm256_or_si256(flood, _mm256_and_si256(step_avx2(slider, way, left, right), empty));
    return _mm256_and_si256(step_avx2(flood, way, left, right), landing);
}

/* Lanes north, east, south, west: two go left, two right.  From every
 * square of `sliders` at once (a fill from a union of squares is the
 * union of their fills). */
TARGET_ATTRIBUTE(DUMB7FILL_AVX2_TARGET) static inline bitboard rook_fill(bitboard sliders, bitboard occupied)
{
    const __m256i left = _mm256_setr_epi64x(8, 1, 64, 64);
    const __m256i right = _mm256_setr_epi64x(64, 64, 8, 1);
    const __m256i landing = _mm256_setr_epi64x(-1, (long long)~FILE_A, -1, (long long)~FILE_H);
    __m256i attacks = fill_avx2(_mm256_set1_epi64x((long long)sliders), _mm256_set1_epi64x((long long)occupied),
                                SHIFT_BOTH, left, right, landing);
    return or_ymm_lanes(attacks);
}

TARGET_ATTRIBUTE(DUMB7FILL_AVX2_TARGET) static inline bitboard dumb7fill_avx2_rook(int square, bitboard occupied)
{
    return rook_fill(square_bit(square), occupied);
}

/* Mirrors ranks (a byte swap) in lanes 2 and 3, leaving lanes 0 and 1. */
TARGET_ATTRIBUTE(DUMB7FILL_AVX2_TARGET) static inline __m256i flip_upper_lanes(__m256i board)
{
    const __m256i order = _mm256_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,  /* lanes 0, 1 */
                                           7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8); /* lanes 2, 3 */
    return _mm256_shuffle_epi8(board, order);
}

/* Lanes north-east, north-west, south-east, south-west, the last two on
 * the board mirrored top to bottom, where they run north-east and
 * north-west: every lane shifts left, one shift per step instead of two. */
TARGET_ATTRIBUTE(DUMB7FILL_AVX2_TARGET) static inline bitboard bishop_fill(bitboard sliders, bitboard occupied)
{
    const __m256i left = _mm256_setr_epi64x(9, 7, 9, 7);
    const __m256i landing =
        _mm256_setr_epi64x((long long)~FILE_A, (long long)~FILE_H, (long long)~FILE_A, (long long)~FILE_H);
    __m256i slider = flip_upper_lanes(_mm256_set1_epi64x((long long)sliders));
    __m256i blockers = flip_upper_lanes(_mm256_set1_epi64x((long long)occupied));
    __m256i attacks = fill_avx2(slider, blockers, SHIFT_LEFT, left, left, landing);
    return or_ymm_lanes(flip_upper_lanes(attacks));
}

TARGET_ATTRIBUTE(DUMB7FILL_AVX2_TARGET) static inline bitboard dumb7fill_avx2_bishop(int square, bitboard occupied)
{
    return bishop_fill(square_bit(square), occupied);
}

/* Lanes north, north-east, north-west, east in one register (all left)
 * and the opposite directions in the other (all right). */
TARGET_ATTRIBUTE(DUMB7FILL_AVX2_TARGET) static inline bitboard dumb7fill_avx2_queen(int square, bitboard occupied)
{
    const __m256i counts = _mm256_setr_epi64x(8, 9, 7, 1);
    const __m256i left_landing = _mm256_setr_epi64x(-1, (long long)~FILE_A, (long long)~FILE_H, (long long)~FILE_A);
    const __m256i right_landing = _mm256_setr_epi64x(-1, (long long)~FILE_H, (long long)~FILE_A, (long long)~FILE_H);
    __m256i slider = _mm256_set1_epi64x((long long)square_bit(square));
    __m256i blockers = _mm256_set1_epi64x((long long)occupied);
    __m256i up = fill_avx2(slider, blockers, SHIFT_LEFT, counts, counts, left_landing);
    __m256i down = fill_avx2(slider, blockers, SHIFT_RIGHT, counts, counts, right_landing);
    return or_ymm_lanes(_mm256_or_si256(up, down));
}

/* Set-wise, as the seed describes the fill: the rook-wise set fills the
 * rook's lanes and the bishop-wise set the bishop's, one fill of each for
 * every slider of a side. */
TARGET_ATTRIBUTE(DUMB7FILL_AVX2_TARGET)
static inline bitboard dumb7fill_avx2_set(bitboard rook_sliders, bitboard bishop_sliders, bitboard occupied)
{
    return rook_fill(rook_sliders, occupied) | bishop_fill(bishop_sliders, occupied);
}

BACKEND(dumb7fill_avx2, "dumb7fill-avx2",
        "unrolled fill with the directions side by side in AVX2 lanes (vpsllvq/vpsrlvq, queen in two ymm)",
        "seed 002 (CPW Dumb7Fill, several directions in parallel)", TARGET(DUMB7FILL_AVX2_TARGET),
        .set_attacks = dumb7fill_avx2_set)
#else
#include "attackbench/loops.h"

BACKEND_NOT_ON_THIS_ARCHITECTURE(dumb7fill_avx2, "dumb7fill-avx2", "x86-64 only: AVX2")
#endif

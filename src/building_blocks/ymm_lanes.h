/* The union of the four 64-bit lanes of a ymm register, for the fills that
 * run a piece's four directions side by side: halves ORed in vector
 * registers, one move out.  AVX2; a function of a wider target (AVX-512VL)
 * inlines it too.  x86-64 only. */
#ifndef ATTACKBENCH_YMM_LANES_H
#define ATTACKBENCH_YMM_LANES_H

#include <immintrin.h>

#include "attackbench/bitboard.h"

__attribute__((target("avx2"), always_inline)) static inline bitboard or_ymm_lanes(__m256i lanes)
{
    __m128i half = _mm_or_si128(_mm256_castsi256_si128(lanes), _mm256_extracti128_si256(lanes, 1));
    return (bitboard)_mm_cvtsi128_si64(_mm_or_si128(half, _mm_unpackhi_epi64(half, half)));
}

#endif

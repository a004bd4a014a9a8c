/* The reversal of a bitboard's 64 bits (a1 <-> h8), for the techniques
 * that run a line's lower half upwards on the reversed board.  BIT_REVERSAL
 * names the instructions this build uses, for --list's note. */
#ifndef ATTACKBENCH_BIT_REVERSE_H
#define ATTACKBENCH_BIT_REVERSE_H

#include "attackbench/bitboard.h"

#if defined(__x86_64__)
#include <immintrin.h>

#include "attackbench/loops.h"

/* The nibble tables of the x86-64 forms without GFNI, as the two 64-bit
 * halves of 16 bytes: REVERSED_LOW_NIBBLES[n] holds n's four bits
 * reversed in the high nibble (where a byte's low nibble's bits go),
 * REVERSED_HIGH_NIBBLES[n] reversed in the low nibble. */
#define REVERSED_LOW_NIBBLES_0 ((long long)0xE060A020C0408000ULL)
#define REVERSED_LOW_NIBBLES_1 ((long long)0xF070B030D0509010ULL)
#define REVERSED_HIGH_NIBBLES_0 0x0E060A020C040800LL
#define REVERSED_HIGH_NIBBLES_1 0x0F070B030D050901LL

/* VPSHUFB's index of each lane's bytes in reverse order. */
TARGET_ATTRIBUTE("avx2") static inline LOOKUP_INLINE __m256i lane_byte_reversal(void)
{
    return _mm256_setr_epi64x(0x0001020304050607LL, 0x08090A0B0C0D0E0FLL, 0x0001020304050607LL, 0x08090A0B0C0D0E0FLL);
}

/* Each 64-bit lane's bits reversed with AVX2 alone, for any x86-64 build
 * (the run-time formulations call it from functions of the same target):
 * each byte's two nibbles looked up in the tables above by two VPSHUFB
 * (the table lookup clang 14 makes of a vectorized __builtin_bitreverse64,
 * written here for gcc too), then one VPSHUFB reverses the bytes. */
TARGET_ATTRIBUTE("avx2") static inline LOOKUP_INLINE __m256i reverse_lanes_by_nibbles(__m256i board)
{
    const __m256i reversed_low = _mm256_setr_epi64x(REVERSED_LOW_NIBBLES_0, REVERSED_LOW_NIBBLES_1,
                                                    REVERSED_LOW_NIBBLES_0, REVERSED_LOW_NIBBLES_1);
    const __m256i reversed_high = _mm256_setr_epi64x(REVERSED_HIGH_NIBBLES_0, REVERSED_HIGH_NIBBLES_1,
                                                     REVERSED_HIGH_NIBBLES_0, REVERSED_HIGH_NIBBLES_1);
    const __m256i nibble = _mm256_set1_epi8(0x0F);
    const __m256i low = _mm256_and_si256(board, nibble);
    const __m256i high = _mm256_and_si256(_mm256_srli_epi16(board, 4), nibble);
    const __m256i bits =
        _mm256_or_si256(_mm256_shuffle_epi8(reversed_low, low), _mm256_shuffle_epi8(reversed_high, high));
    return _mm256_shuffle_epi8(bits, lane_byte_reversal());
}

/* The same with GFNI: one GF2P8AFFINEQB reverses the bits of every byte,
 * one VPSHUFB the bytes of every lane. */
TARGET_ATTRIBUTE("avx2,gfni") static inline LOOKUP_INLINE __m256i reverse_lanes_by_gfni(__m256i board)
{
    __m256i bits = _mm256_gf2p8affine_epi64_epi8(board, _mm256_set1_epi64x((long long)0x8040201008040201ULL), 0);
    return _mm256_shuffle_epi8(bits, lane_byte_reversal());
}

/* The two forms above on two lanes, for a technique that needs two lines
 * (a rook's or a bishop's) and not four. */
TARGET_ATTRIBUTE("avx2") static inline LOOKUP_INLINE __m128i reverse_pair_by_nibbles(__m128i board)
{
    const __m128i reversed_low = _mm_set_epi64x(REVERSED_LOW_NIBBLES_1, REVERSED_LOW_NIBBLES_0);
    const __m128i reversed_high = _mm_set_epi64x(REVERSED_HIGH_NIBBLES_1, REVERSED_HIGH_NIBBLES_0);
    const __m128i nibble = _mm_set1_epi8(0x0F);
    const __m128i low = _mm_and_si128(board, nibble);
    const __m128i high = _mm_and_si128(_mm_srli_epi16(board, 4), nibble);
    const __m128i bits = _mm_or_si128(_mm_shuffle_epi8(reversed_low, low), _mm_shuffle_epi8(reversed_high, high));
    return _mm_shuffle_epi8(bits, _mm256_castsi256_si128(lane_byte_reversal()));
}

TARGET_ATTRIBUTE("avx2,gfni") static inline LOOKUP_INLINE __m128i reverse_pair_by_gfni(__m128i board)
{
    __m128i bits = _mm_gf2p8affine_epi64_epi8(board, _mm_set1_epi64x((long long)0x8040201008040201ULL), 0);
    return _mm_shuffle_epi8(bits, _mm256_castsi256_si128(lane_byte_reversal()));
}
#endif

/* The 64-bit reversal: aarch64's RBIT, one instruction in its base set;
 * GF2P8AFFINEQB and a byte swap where the build has GFNI, with either
 * compiler; else, on x86-64 with SSSE3, two PSHUFB lookups of each byte's
 * nibbles in tables of reversed nibbles and a byte swap; else the
 * compiler's builtin (clang); else a byte swap and three swaps.  clang 14
 * lowers a scalar __builtin_bitreverse64 to the byte swap and three swaps
 * even with GFNI (it uses GFNI and PSHUFB only for vectors), and gcc has no
 * such builtin: bitray was much slower with clang than with gcc before the
 * GFNI form (docs/findings.md, "Choices in the code"), and without GFNI
 * the nibble tables made genetic-8-ray and bitray about a third faster
 * with both compilers on an AMD Zen 3 (docs/findings.md). */
#if defined(__aarch64__)
#define BIT_REVERSAL "RBIT (aarch64)"
static inline __attribute__((always_inline)) bitboard reverse_bits(bitboard board)
{
    bitboard reversed;
    __asm__("rbit %0, %1" : "=r"(reversed) : "r"(board));
    return reversed;
}
#elif defined(__GFNI__) && defined(__SSE2__)
#include <immintrin.h>
#define BIT_REVERSAL "GF2P8AFFINEQB and a byte swap (GFNI in this build)"
static inline __attribute__((always_inline)) bitboard reverse_bits(bitboard board)
{
    __m128i bytes = _mm_cvtsi64_si128((long long)board);
    bytes = _mm_gf2p8affine_epi64_epi8(bytes, _mm_set1_epi64x((long long)0x8040201008040201ULL), 0);
    return __builtin_bswap64((bitboard)_mm_cvtsi128_si64(bytes));
}
#elif defined(__x86_64__) && defined(__SSSE3__)
#define BIT_REVERSAL "PSHUFB nibble tables and a byte swap (SSSE3)"
static inline __attribute__((always_inline)) bitboard reverse_bits(bitboard board)
{
    const __m128i reversed_low = _mm_set_epi64x(REVERSED_LOW_NIBBLES_1, REVERSED_LOW_NIBBLES_0);
    const __m128i reversed_high = _mm_set_epi64x(REVERSED_HIGH_NIBBLES_1, REVERSED_HIGH_NIBBLES_0);
    const __m128i nibble = _mm_set1_epi8(0x0F);
    const __m128i bytes = _mm_cvtsi64_si128((long long)board);
    const __m128i low = _mm_and_si128(bytes, nibble);
    const __m128i high = _mm_and_si128(_mm_srli_epi16(bytes, 4), nibble);
    const __m128i bits = _mm_or_si128(_mm_shuffle_epi8(reversed_low, low), _mm_shuffle_epi8(reversed_high, high));
    return __builtin_bswap64((bitboard)_mm_cvtsi128_si64(bits));
}
#elif defined(__has_builtin) && __has_builtin(__builtin_bitreverse64)
#define BIT_REVERSAL "the compiler's __builtin_bitreverse64"
static inline __attribute__((always_inline)) bitboard reverse_bits(bitboard board)
{
    return __builtin_bitreverse64(board);
}
#else
#define BIT_REVERSAL "a byte swap and three swaps of bit groups"
static inline __attribute__((always_inline)) bitboard reverse_bits(bitboard board)
{
    board = __builtin_bswap64(board);
    board = ((board >> 1) & 0x5555555555555555ULL) | ((board & 0x5555555555555555ULL) << 1);
    board = ((board >> 2) & 0x3333333333333333ULL) | ((board & 0x3333333333333333ULL) << 2);
    return ((board >> 4) & 0x0F0F0F0F0F0F0F0FULL) | ((board & 0x0F0F0F0F0F0F0F0FULL) << 4);
}
#endif

/* The reversal of each 64-bit lane of a four-lane vector, for the
 * techniques that reverse the four lines of a square at once, in builds
 * with AVX2: reverse_lanes_by_gfni with GFNI, reverse_lanes_by_nibbles
 * without.  REVERSE_BITS_LANES4 names the instructions. */
#if defined(__x86_64__) && defined(__GFNI__) && defined(__AVX2__)
#include "lanes.h"

#define REVERSE_BITS_LANES4 "GF2P8AFFINEQB and VPSHUFB (GFNI and AVX2)"
static inline __attribute__((always_inline)) lanes4 reverse_bits_lanes4(lanes4 board)
{
    return (lanes4)reverse_lanes_by_gfni((__m256i)board);
}
#elif defined(__x86_64__) && defined(__AVX2__)
#include "lanes.h"

#define REVERSE_BITS_LANES4 "VPSHUFB nibble tables and a VPSHUFB byte reversal (AVX2)"
static inline __attribute__((always_inline)) lanes4 reverse_bits_lanes4(lanes4 board)
{
    return (lanes4)reverse_lanes_by_nibbles((__m256i)board);
}
#endif

#endif

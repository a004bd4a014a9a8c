/* The reversal of a bitboard's 64 bits (a1 <-> h8), for the techniques
 * that run a line's lower half upwards on the reversed board.  BIT_REVERSAL
 * names the instructions this build uses, for --list's note. */
#ifndef ATTACKBENCH_BIT_REVERSE_H
#define ATTACKBENCH_BIT_REVERSE_H

#include "attackbench/bitboard.h"

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
#include <immintrin.h>
#define BIT_REVERSAL "PSHUFB nibble tables and a byte swap (SSSE3)"
static inline __attribute__((always_inline)) bitboard reverse_bits(bitboard board)
{
    const __m128i reversed_low = _mm_set_epi64x((long long)0xF070B030D0509010ULL, (long long)0xE060A020C0408000ULL);
    const __m128i reversed_high = _mm_set_epi64x(0x0F070B030D050901LL, 0x0E060A020C040800LL);
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
 * techniques that reverse the four lines of a square at once.  With GFNI
 * and AVX2, one GF2P8AFFINEQB reverses the bits of every byte and one
 * VPSHUFB the bytes of every lane.  With AVX2 alone, each byte's two
 * nibbles are looked up in two 16-entry tables of reversed nibbles by two
 * VPSHUFB (the table lookup clang 14 makes of a vectorized
 * __builtin_bitreverse64, written here for gcc too), then one VPSHUFB
 * reverses the bytes.  REVERSE_BITS_LANES4 names the instructions. */
#if defined(__x86_64__) && defined(__GFNI__) && defined(__AVX2__)
#include <immintrin.h>

#include "lanes.h"

#define REVERSE_BITS_LANES4 "GF2P8AFFINEQB and VPSHUFB (GFNI and AVX2)"
static inline __attribute__((always_inline)) lanes4 reverse_bits_lanes4(lanes4 board)
{
    const __m256i bit_reversal = _mm256_set1_epi64x((long long)0x8040201008040201ULL);
    const __m256i byte_reversal = _mm256_setr_epi8(7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3,
                                                   2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8);
    __m256i bits = _mm256_gf2p8affine_epi64_epi8((__m256i)board, bit_reversal, 0);
    return (lanes4)_mm256_shuffle_epi8(bits, byte_reversal);
}
#elif defined(__x86_64__) && defined(__AVX2__)
#include <immintrin.h>

#include "lanes.h"

#define REVERSE_BITS_LANES4 "VPSHUFB nibble tables and a VPSHUFB byte reversal (AVX2)"
static inline __attribute__((always_inline)) lanes4 reverse_bits_lanes4(lanes4 board)
{
    /* reversed_low[n]: n's four bits reversed, in the high nibble (it
     * came from the low one); reversed_high[n]: reversed, in the low. */
    const __m256i reversed_low = _mm256_setr_epi64x((long long)0xE060A020C0408000ULL, (long long)0xF070B030D0509010ULL,
                                                    (long long)0xE060A020C0408000ULL, (long long)0xF070B030D0509010ULL);
    const __m256i reversed_high =
        _mm256_setr_epi64x(0x0E060A020C040800LL, 0x0F070B030D050901LL, 0x0E060A020C040800LL, 0x0F070B030D050901LL);
    const __m256i byte_reversal = _mm256_setr_epi8(7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3,
                                                   2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8);
    const __m256i nibble = _mm256_set1_epi8(0x0F);
    const __m256i low = _mm256_and_si256((__m256i)board, nibble);
    const __m256i high = _mm256_and_si256(_mm256_srli_epi16((__m256i)board, 4), nibble);
    const __m256i bits =
        _mm256_or_si256(_mm256_shuffle_epi8(reversed_low, low), _mm256_shuffle_epi8(reversed_high, high));
    return (lanes4)_mm256_shuffle_epi8(bits, byte_reversal);
}
#endif

#endif

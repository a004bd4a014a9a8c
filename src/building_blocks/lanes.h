/* Bitboards side by side in the 64-bit lanes of one vector, for lookups
 * that work on several directions or lines of ONE query at once.  Written
 * with the vector extensions gcc and clang share, so the code is correct
 * for any target: the compiler picks the widest registers the build allows
 * (-march=native) and splits wider types into narrower registers, or into
 * scalar code, on CPUs without them. */
#ifndef ATTACKBENCH_LANES_H
#define ATTACKBENCH_LANES_H

#include <stdint.h>

#if defined(__AVX2__)
#include <immintrin.h>
#endif

#include "attackbench/bitboard.h"

/* These vectors never cross a function boundary that another translation
 * unit sees (everything here is static and inlined), so gcc's note that
 * passing them by value changes the ABI without AVX-512 does not apply
 * (the Makefile passes -Wno-psabi). */

typedef uint64_t lanes2 __attribute__((vector_size(16)));
typedef uint64_t lanes4 __attribute__((vector_size(32)));
typedef uint64_t lanes8 __attribute__((vector_size(64)));
typedef uint8_t bytes16 __attribute__((vector_size(16)));
typedef uint8_t bytes32 __attribute__((vector_size(32)));

/* The sum of stored lanes modulo 2^64, as the checksums add: unsigned,
 * where _mm512_reduce_add_epi64 adds signed 64-bit integers and may
 * overflow (undefined behaviour) on large attack sets.  The caller stores
 * its vector first: a 512-bit vector passed to a function built without
 * AVX-512 would change the call's ABI (clang refuses it). */
static inline uint64_t sum_of_lanes(const uint64_t *lanes, int count)
{
    uint64_t sum = 0;
    for (int lane = 0; lane < count; lane++)
        sum += lanes[lane];
    return sum;
}

/* (a & b) | c in every lane: one VPTERNLOGQ where the build has AVX-512
 * F and VL.  clang 14 finds that instruction for the plain expression;
 * gcc 12 keeps an AND and an OR. */
static inline lanes4 and_or_lanes4(lanes4 a, lanes4 b, lanes4 c)
{
#if defined(__AVX512F__) && defined(__AVX512VL__)
    return (lanes4)_mm256_ternarylogic_epi64((__m256i)a, (__m256i)b, (__m256i)c, 0xEA);
#else
    return (a & b) | c;
#endif
}

/* The leading zeros of every lane (none may be 0): one VPLZCNTQ where the
 * build has AVX-512 CD and VL, one LZCNT per lane otherwise. */
static inline lanes4 leading_zeros_lanes4(lanes4 board)
{
#if defined(__AVX512CD__) && defined(__AVX512VL__)
    return (lanes4)_mm256_lzcnt_epi64((__m256i)board);
#else
    return (lanes4){__builtin_clzll(board[0]), __builtin_clzll(board[1]), __builtin_clzll(board[2]),
                    __builtin_clzll(board[3])};
#endif
}

/* The highest set bit of every lane (none may be 0): bit 63 shifted down
 * by the lane's leading zeros, one VPLZCNTQ where the build has AVX-512
 * CD and VL.  With AVX2 alone, which has no count of leading zeros, the
 * bits below it smeared in by six shift-and-ORs, then the smear less
 * itself shifted down by one: gcc 12 took each lane out to a general
 * register for LZCNT and back, clang 14 emulated the count by VPSHUFB
 * nibble lookups (docs/findings.md). */
static inline lanes4 smear_down_lanes4(lanes4 board);

static inline lanes4 highest_bit_lanes4(lanes4 board)
{
#if (defined(__AVX512CD__) && defined(__AVX512VL__)) || !defined(__AVX2__)
    return ((lanes4){0} + 0x8000000000000000ULL) >> leading_zeros_lanes4(board);
#else
    board = smear_down_lanes4(board);
    return board ^ (board >> 1);
#endif
}

/* Every lane with the bits below its highest set bit set too, by six
 * shift-and-ORs: what AVX2, with no count of leading zeros, has instead. */
static inline lanes4 smear_down_lanes4(lanes4 board)
{
    board |= board >> 1;
    board |= board >> 2;
    board |= board >> 4;
    board |= board >> 8;
    board |= board >> 16;
    return board | board >> 32;
}

#if defined(__AVX2__)
/* The set bits of every lane, with AVX2 (which has no VPOPCNTQ): each
 * byte's two nibbles counted by VPSHUFB lookups in a table of 16 counts,
 * the bytes of each lane summed by VPSADBW against zero. */
static inline lanes4 population_lanes4(lanes4 board)
{
    const __m256i counts = _mm256_setr_epi8(0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 0, 1, 1, 2, 1, 2, 2, 3, 1,
                                            2, 2, 3, 2, 3, 3, 4);
    const __m256i nibble = _mm256_set1_epi8(0x0F);
    const __m256i low = _mm256_and_si256((__m256i)board, nibble);
    const __m256i high = _mm256_and_si256(_mm256_srli_epi16((__m256i)board, 4), nibble);
    const __m256i bytes = _mm256_add_epi8(_mm256_shuffle_epi8(counts, low), _mm256_shuffle_epi8(counts, high));
    return (lanes4)_mm256_sad_epu8(bytes, _mm256_setzero_si256());
}
#endif

/* The union of the four lanes: halves ORed in vector registers, as gcc
 * would otherwise move every lane out to a general register first.  With
 * AVX2 the last two lanes are ORed in a register too, by name: from the
 * generic form gcc 12 emitted VPERMQ, then VMOVQ and VPEXTRQ (two more
 * shuffle-port uops per lookup than clang's VEXTRACTI128, VPSHUFD, VMOVQ),
 * and the lane techniques were slower with gcc than with clang. */
static inline bitboard or_lanes4(lanes4 board)
{
#if defined(__AVX2__)
    __m128i half = _mm_or_si128(_mm256_castsi256_si128((__m256i)board), _mm256_extracti128_si256((__m256i)board, 1));
    return (bitboard)_mm_cvtsi128_si64(_mm_or_si128(half, _mm_unpackhi_epi64(half, half)));
#else
    lanes2 half = __builtin_shufflevector(board, board, 0, 1) | __builtin_shufflevector(board, board, 2, 3);
    return half[0] | half[1];
#endif
}

/* Lanes {low, high, pair[0], pair[1]}: two general registers and a
 * 16-byte-aligned pair in memory.  With AVX2 they are joined by name as
 * clang 14 joins them (VMOVQ twice, VPUNPCKLQDQ, VINSERTI128 from memory):
 * from the generic form gcc 12 emitted two VPINSRQs (from memory and from
 * a register, two uops each) and a VMOVQ load.  On a Zen 5 guest this
 * made leorik's gcc build 4% faster in both layouts (`attackbench ab`
 * of the two builds); its queens in the positions layout stay about
 * 1.17x slower with gcc than with clang, for a cause not found here. */
static inline lanes4 join_lanes4(uint64_t low, uint64_t high, const uint64_t *pair)
{
#if defined(__AVX2__)
    __m128i first = _mm_cvtsi64_si128((long long)low), second = _mm_cvtsi64_si128((long long)high);
#if !defined(__clang__)
    /* gcc 12 turns the intrinsics back into VMOVQ and VPINSRQ: the empty
     * asm hides that the two are VMOVQs. */
    __asm__("" : "+x"(first), "+x"(second));
#endif
    __m128i registers = _mm_unpacklo_epi64(first, second);
    return (lanes4)_mm256_inserti128_si256(_mm256_castsi128_si256(registers), _mm_load_si128((const __m128i *)pair), 1);
#else
    return (lanes4){low, high, pair[0], pair[1]};
#endif
}

/* The XOR of the four lanes, as or_lanes4 and for the same reason. */
static inline bitboard xor_lanes4(lanes4 board)
{
#if defined(__AVX2__)
    __m128i half = _mm_xor_si128(_mm256_castsi256_si128((__m256i)board), _mm256_extracti128_si256((__m256i)board, 1));
    return (bitboard)_mm_cvtsi128_si64(_mm_xor_si128(half, _mm_unpackhi_epi64(half, half)));
#else
    lanes2 half = __builtin_shufflevector(board, board, 0, 1) ^ __builtin_shufflevector(board, board, 2, 3);
    return half[0] ^ half[1];
#endif
}

/* Every lane shifted by one count, 0..63.  With AVX2 the count goes to
 * VPSLLQ/VPSRLQ by one VMOVD, by name: from `lanes << count` clang 14
 * broadcast the count and widened it first (two more shuffle-port uops
 * per shift), and qbb was slower with clang than with gcc. */
static inline lanes4 shift_left_lanes4(lanes4 board, int count)
{
#if defined(__AVX2__)
    return (lanes4)_mm256_sll_epi64((__m256i)board, _mm_cvtsi32_si128(count));
#else
    return board << count;
#endif
}

static inline lanes4 shift_right_lanes4(lanes4 board, int count)
{
#if defined(__AVX2__)
    return (lanes4)_mm256_srl_epi64((__m256i)board, _mm_cvtsi32_si128(count));
#else
    return board >> count;
#endif
}

/* The union of the eight lanes. */
static inline bitboard or_lanes8(lanes8 board)
{
#if defined(__AVX512F__)
    return (bitboard)_mm512_reduce_or_epi64((__m512i)board);
#else
    return or_lanes4(__builtin_shufflevector(board, board, 0, 1, 2, 3) |
                     __builtin_shufflevector(board, board, 4, 5, 6, 7));
#endif
}

/* Rotates each lane left by its own amount, 1..63.  clang turns the shift
 * pair into vprolvq when AVX-512 is there, gcc 12 does not (two shifts and
 * an OR), so gcc is given the instruction by name. */
static inline lanes8 rotate_lanes8(lanes8 board, lanes8 amount)
{
#if defined(__AVX512F__)
    return (lanes8)_mm512_rolv_epi64((__m512i)board, (__m512i)amount);
#else
    return (board << amount) | (board >> (64 - amount));
#endif
}

/* The union of two lanes: ORed with the lanes swapped, in the vector
 * register (one move out where gcc 12 would move each lane out). */
static inline bitboard or_lanes2(lanes2 board)
{
    return (board | __builtin_shufflevector(board, board, 1, 0))[0];
}

/* Mirrors ranks in both lanes (a byte swap per lane, one pshufb). */
static inline lanes2 flip_vertical_lanes2(lanes2 board)
{
    return (lanes2)__builtin_shufflevector((bytes16)board, (bytes16)board, 7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11,
                                           10, 9, 8);
}

/* Mirrors ranks in every lane (a byte swap per lane, one vpshufb). */
static inline lanes4 flip_vertical_lanes4(lanes4 board)
{
    return (lanes4)__builtin_shufflevector((bytes32)board, (bytes32)board, 7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11,
                                           10, 9, 8, 23, 22, 21, 20, 19, 18, 17, 16, 31, 30, 29, 28, 27, 26, 25, 24);
}

#endif

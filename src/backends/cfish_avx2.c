/* Cfish's AVX2 sliding attacks: a queen's eight rays in the four 64-bit
 * lanes of two ymm.  The rays going up the bit order take a vector
 * BLSMSK, (o - 1) ^ o, which sets every bit up to o's lowest; the rays
 * going down fill a shadow below each blocker by shifts of 1, 2 and 4 steps
 * in each lane's own direction (vpsrlvq) and keep what it leaves.  The
 * rook is Cfish's scalar BMI form (north by BLSMSK, south by the same on
 * the byte-swapped board, east-west from a 512-byte table); the bishop
 * byte-swaps the board into alternate lanes so its four rays are all BLSMSK
 * rays.  Source: syzygy1/Cfish/src/avx2-bitboard.h and avx2-bitboard.c
 * (pull requests #115 and #207, by okuhara), read at d77dd434f99c;
 * the AVX-512 form is cfish-avx512. */
#if defined(__x86_64__)
#include <immintrin.h>

#include "attackbench/loops.h"
#include "building_blocks/cfish_masks.h"

#define CFISH_TARGET "avx2,bmi"

static struct cfish_tables tables;

static size_t cfish_avx2_init(void)
{
    cfish_tables_init(&tables);
    return sizeof tables;
}

/* Three-input logic: VPTERNLOGQ where the build has AVX-512 VL (gcc 12
 * fuses these operations by itself; clang 14 kept two instructions each,
 * and its queens run 1.08x faster on a Zen 5 with the intrinsic), AVX2
 * pairs elsewhere.  The truth tables are written over A = 0xF0,
 * B = 0xCC, C = 0xAA. */
enum { TERNARY_A = 0xF0, TERNARY_B = 0xCC, TERNARY_C = 0xAA };
#if defined(__AVX512VL__)
#define TERNARY(A, B, C, TABLE, AVX2_FORM) _mm256_ternarylogic_epi64(A, B, C, (TABLE)&0xFF)
#else
#define TERNARY(A, B, C, TABLE, AVX2_FORM) (AVX2_FORM)
#endif

/* (lanes ^ (lanes - 1)) & within: each lane's bits up to its lowest set
 * one, kept within `within`. */
TARGET_ATTRIBUTE(CFISH_TARGET) static inline __m256i lowest_bit_masks_within(__m256i lanes, __m256i within)
{
    const __m256i less = _mm256_add_epi64(lanes, _mm256_set1_epi64x(-1));
    return TERNARY(less, lanes, within, (TERNARY_A ^ TERNARY_B) & TERNARY_C,
                   _mm256_and_si256(_mm256_xor_si256(less, lanes), within));
}

TARGET_ATTRIBUTE(CFISH_TARGET) static inline __m256i or_of_three(__m256i a, __m256i b, __m256i c)
{
    return TERNARY(a, b, c, TERNARY_A | TERNARY_B | TERNARY_C, _mm256_or_si256(a, _mm256_or_si256(b, c)));
}

TARGET_ATTRIBUTE(CFISH_TARGET) static inline bitboard or_lanes(__m256i lanes)
{
    __m128i two = _mm_or_si128(_mm256_castsi256_si128(lanes), _mm256_extracti128_si256(lanes, 1));
    return (bitboard)_mm_cvtsi128_si64(_mm_or_si128(two, _mm_unpackhi_epi64(two, two)));
}

/* Lanes west, south, south-west, south-east: steps 1, 8, 9, 7. */
TARGET_ATTRIBUTE(CFISH_TARGET) static inline __m256i shadow_below(__m256i blockers)
{
    const __m256i one_step = _mm256_setr_epi64x(1, 8, 9, 7);
    const __m256i two_steps = _mm256_setr_epi64x(2, 16, 18, 14);
    const __m256i four_steps = _mm256_setr_epi64x(4, 32, 36, 28);
    __m256i near = _mm256_or_si256(_mm256_srlv_epi64(blockers, two_steps), _mm256_srlv_epi64(blockers, one_step));
    return or_of_three(_mm256_srlv_epi64(near, four_steps), near, _mm256_srlv_epi64(near, two_steps));
}

/* The queen's rays up and down, joined lane by lane: the rook's lines in
 * lanes 0 and 1, the bishop's in 2 and 3. */
TARGET_ATTRIBUTE(CFISH_TARGET) static inline __m256i queen_lines(int square, bitboard occupied)
{
    const struct cfish_masks *masks = &tables.squares[square];
    const __m256i occupied4 = _mm256_set1_epi64x((long long)occupied);
    const __m256i up = _mm256_load_si256((const __m256i *)masks->up);
    const __m256i down = _mm256_load_si256((const __m256i *)masks->down);
    __m256i slides = lowest_bit_masks_within(_mm256_and_si256(occupied4, up), up);
    __m256i shadow = shadow_below(_mm256_and_si256(occupied4, down));
    return TERNARY(slides, shadow, down, TERNARY_A | (~TERNARY_B & TERNARY_C),
                   _mm256_or_si256(slides, _mm256_andnot_si256(shadow, down)));
}

TARGET_ATTRIBUTE(CFISH_TARGET) static inline bitboard cfish_avx2_queen(int square, bitboard occupied)
{
    return or_lanes(queen_lines(square, occupied));
}

TARGET_ATTRIBUTE(CFISH_TARGET) static inline bitboard or_two_lanes(__m128i lanes)
{
    return (bitboard)_mm_cvtsi128_si64(_mm_or_si128(lanes, _mm_unpackhi_epi64(lanes, lanes)));
}

/* Both at once: the queen's lanes, each half ORed on its own. */
TARGET_ATTRIBUTE(CFISH_TARGET)
static inline struct attackbench_both cfish_avx2_both_lanes(int square, bitboard occupied)
{
    __m256i lines = queen_lines(square, occupied);
    return (struct attackbench_both){.rook = or_two_lanes(_mm256_castsi256_si128(lines)),
                                     .bishop = or_two_lanes(_mm256_extracti128_si256(lines, 1))};
}

TARGET_ATTRIBUTE(CFISH_TARGET) static inline bitboard lowest_bit_mask(bitboard board)
{
    return board ^ (board - 1); /* BLSMSK */
}

TARGET_ATTRIBUTE(CFISH_TARGET) static inline bitboard cfish_avx2_rook(int square, bitboard occupied)
{
    const bitboard north_of_a1 = 0x0101010101010100ULL;
    bitboard mask = north_of_a1 << square;
    bitboard slides = lowest_bit_mask(occupied & mask) & mask;
    mask = north_of_a1 << (square ^ 56);
    slides |= __builtin_bswap64(lowest_bit_mask(__builtin_bswap64(occupied) & mask) & mask);
    int rank_shift = square & 56;
    unsigned row = (unsigned)(occupied >> rank_shift) & 0x7e;
    return slides | (bitboard)tables.rook_east_west[row * 4 + (unsigned)(square & 7)] << rank_shift;
}

/* The board and its byte swap alternate in the lanes (cfish_masks.h). */
TARGET_ATTRIBUTE(CFISH_TARGET) static inline bitboard cfish_avx2_bishop(int square, bitboard occupied)
{
    const __m256i occupied4 = cfish_bishop_board(occupied);
    const __m256i mask = _mm256_load_si256((const __m256i *)tables.squares[square].bishop);
    return cfish_join_bishop_lanes(lowest_bit_masks_within(_mm256_and_si256(occupied4, mask), mask));
}

BACKEND(cfish_avx2, "cfish-avx2",
        "queen: eight rays in two ymm, rays up by vector BLSMSK, rays down by a shift-filled shadow; "
        "rook scalar BLSMSK with a byte swap and a 512-byte rank table; bishop BLSMSK on the board and "
        "its byte swap in alternate lanes",
        "Cfish/src/avx2-bitboard.h (okuhara, syzygy1/Cfish pull requests #115 and #207)", TARGET(CFISH_TARGET),
        .init = cfish_avx2_init, .both = cfish_avx2_both_lanes)
#else
#include "attackbench/loops.h"

BACKEND_NOT_ON_THIS_ARCHITECTURE(cfish_avx2, "cfish-avx2", "x86-64 only: AVX2 and BMI1")
#endif

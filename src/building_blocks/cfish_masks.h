/* The masks of Cfish's AVX2 and AVX-512 sliding attacks (cfish_avx2.c,
 * cfish_avx512.c): per square the four rays going up the bit order and the
 * four going down, each in a 64-bit lane, the bishop's rays with the down
 * ones vertically flipped, and Cfish's 512-byte east-west table. */
#ifndef ATTACKBENCH_CFISH_MASKS_H
#define ATTACKBENCH_CFISH_MASKS_H

#include <stdalign.h>
#include <stdint.h>

#include "attackbench/bitboard.h"
#include "base/ray_walk.h"

struct cfish_masks {
    /* Lanes east, north, north-east, north-west (rays that grow the bit
     * index), then west, south, south-west, south-east. */
    alignas(32) bitboard up[4];
    bitboard down[4];
    /* Lanes north-east, south-west flipped, north-west, south-east
     * flipped: on the vertically flipped board a ray down is a ray up. */
    bitboard bishop[4];
    bitboard padding[4];
};

/* rook_east_west[occupancy & 0x7e][file], as Cfish indexes it:
 * ((occupied >> 8 * rank) & 0x7e) * 4 + file. */
struct cfish_tables {
    alignas(64) struct cfish_masks squares[SQUARE_COUNT];
    uint8_t rook_east_west[64 * 8];
};

static inline void cfish_tables_init(struct cfish_tables *tables)
{
    for (int square = 0; square < SQUARE_COUNT; square++) {
        int flipped = square ^ 56;
        tables->squares[square] = (struct cfish_masks){
            .up = {ray_walk(square, 0, 1, 0), ray_walk(square, 0, 0, 1), ray_walk(square, 0, 1, 1),
                   ray_walk(square, 0, -1, 1)},
            .down = {ray_walk(square, 0, -1, 0), ray_walk(square, 0, 0, -1), ray_walk(square, 0, -1, -1),
                     ray_walk(square, 0, 1, -1)},
            .bishop = {ray_walk(square, 0, 1, 1), ray_walk(flipped, 0, -1, 1), ray_walk(square, 0, -1, 1),
                       ray_walk(flipped, 0, 1, 1)},
        };
    }
    for (unsigned inner = 0; inner < 64; inner++)
        for (int file = 0; file < 8; file++)
            tables->rook_east_west[inner * 8 + (unsigned)file] = (uint8_t)ray_walk_first_rank(file, inner << 1);
}

#if defined(__x86_64__)
#include <immintrin.h>

/* The bishop of both forms reads its four rays as rays up the bit order:
 * the board in lanes 0 and 2 and its byte swap in lanes 1 and 3, against
 * the square's bishop masks.  The slides each form finds there are joined
 * by cfish_join_bishop_lanes().  Compiled for AVX2, which both forms'
 * targets include, so that they inline into either. */
__attribute__((target("avx2"))) static inline __m256i cfish_bishop_board(bitboard occupied)
{
    const __m128i board_and_flipped = _mm_set_epi64x((long long)__builtin_bswap64(occupied), (long long)occupied);
    return _mm256_broadcastsi128_si256(board_and_flipped);
}

/* The OR of the four lanes, the flipped ones swapped back by a byte shuffle. */
__attribute__((target("avx2"))) static inline bitboard cfish_join_bishop_lanes(__m256i slides)
{
    __m128i two = _mm_or_si128(_mm256_castsi256_si128(slides), _mm256_extracti128_si256(slides, 1));
    const __m128i high_swapped_low = _mm_setr_epi8(15, 14, 13, 12, 11, 10, 9, 8, 8, 9, 10, 11, 12, 13, 14, 15);
    return (bitboard)_mm_cvtsi128_si64(_mm_or_si128(two, _mm_shuffle_epi8(two, high_swapped_low)));
}
#endif

#endif

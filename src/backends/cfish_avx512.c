/* Cfish's AVX-512 sliding attacks: cfish-avx2's queen, but each ray going
 * down is found from its highest blocker directly: VPLZCNTQ counts the
 * zeros above it, and an arithmetic shift of the top bit by that count
 * (VPSRAVQ) sets every bit from the blocker up, which the ray mask cuts
 * to the ray's attacks (the whole ray when it is empty: a count of 64
 * shifts in the sign everywhere); VPTERNLOGQ joins masks and ORs.  The
 * rook takes the same path on two lanes (an xmm); the bishop is
 * cfish-avx2's.  Source: Cfish/src/avx2-bitboard.h, its AVX512CD and
 * AVX512VL branch (okuhara, syzygy1/Cfish pull requests #115 and #207),
 * read at d77dd434f99c.  Needs AVX-512 F, VL and CD. */
#if defined(__x86_64__)
#include <immintrin.h>

#include "attackbench/loops.h"
#include "building_blocks/cfish_masks.h"

#define CFISH_TARGET "avx2,bmi,avx512f,avx512vl,avx512cd"

static struct cfish_tables tables;

static size_t cfish_avx512_init(void)
{
    cfish_tables_init(&tables);
    return sizeof tables;
}

/* (lanes ^ (lanes - 1)) & mask: VPTERNLOGQ function 0x28. */
TARGET_ATTRIBUTE(CFISH_TARGET) static inline __m256i up_slides(__m256i occupied, __m256i mask)
{
    __m256i on_rays = _mm256_and_si256(occupied, mask);
    return _mm256_ternarylogic_epi64(on_rays, _mm256_add_epi64(on_rays, _mm256_set1_epi64x(-1)), mask, 0x28);
}

/* slides | (from the highest blocker up & mask): function 0xf8. */
TARGET_ATTRIBUTE(CFISH_TARGET) static inline __m256i add_down_slides(__m256i slides, __m256i occupied, __m256i mask)
{
    __m256i from_blocker = _mm256_srav_epi64(_mm256_set1_epi64x((long long)0x8000000000000000ULL),
                                             _mm256_lzcnt_epi64(_mm256_and_si256(occupied, mask)));
    return _mm256_ternarylogic_epi64(slides, from_blocker, mask, 0xf8);
}

TARGET_ATTRIBUTE(CFISH_TARGET) static inline bitboard or_two_lanes(__m128i lanes)
{
    return (bitboard)_mm_cvtsi128_si64(_mm_or_si128(lanes, _mm_unpackhi_epi64(lanes, lanes)));
}

/* The queen's rays up and down, joined lane by lane: the rook's lines in
 * lanes 0 and 1, the bishop's in 2 and 3. */
TARGET_ATTRIBUTE(CFISH_TARGET) static inline __m256i queen_lines(int square, bitboard occupied)
{
    const struct cfish_masks *masks = &tables.squares[square];
    const __m256i occupied4 = _mm256_set1_epi64x((long long)occupied);
    const __m256i up = _mm256_load_si256((const __m256i *)masks->up);
    const __m256i down = _mm256_load_si256((const __m256i *)masks->down);
    return add_down_slides(up_slides(occupied4, up), occupied4, down);
}

TARGET_ATTRIBUTE(CFISH_TARGET) static inline bitboard cfish_avx512_queen(int square, bitboard occupied)
{
    __m256i lines = queen_lines(square, occupied);
    return or_two_lanes(_mm_or_si128(_mm256_castsi256_si128(lines), _mm256_extracti128_si256(lines, 1)));
}

/* Both at once: the queen's lanes, each half ORed on its own. */
TARGET_ATTRIBUTE(CFISH_TARGET)
static inline struct attackbench_both cfish_avx512_both_lanes(int square, bitboard occupied)
{
    __m256i lines = queen_lines(square, occupied);
    return (struct attackbench_both){.rook = or_two_lanes(_mm256_castsi256_si128(lines)),
                                     .bishop = or_two_lanes(_mm256_extracti128_si256(lines, 1))};
}

/* Lanes east and north up, west and south down. */
TARGET_ATTRIBUTE(CFISH_TARGET) static inline bitboard cfish_avx512_rook(int square, bitboard occupied)
{
    const struct cfish_masks *masks = &tables.squares[square];
    const __m128i occupied2 = _mm_set1_epi64x((long long)occupied);
    const __m128i up = _mm_load_si128((const __m128i *)masks->up);
    const __m128i down = _mm_load_si128((const __m128i *)masks->down);
    __m128i on_up = _mm_and_si128(occupied2, up);
    __m128i slides = _mm_ternarylogic_epi64(on_up, _mm_add_epi64(on_up, _mm_set1_epi64x(-1)), up, 0x28);
    __m128i from_blocker = _mm_srav_epi64(_mm_set1_epi64x((long long)0x8000000000000000ULL),
                                          _mm_lzcnt_epi64(_mm_and_si128(occupied2, down)));
    return or_two_lanes(_mm_ternarylogic_epi64(slides, from_blocker, down, 0xf8));
}

TARGET_ATTRIBUTE(CFISH_TARGET) static inline bitboard cfish_avx512_bishop(int square, bitboard occupied)
{
    const __m256i occupied4 = cfish_bishop_board(occupied);
    const __m256i mask = _mm256_load_si256((const __m256i *)tables.squares[square].bishop);
    return cfish_join_bishop_lanes(up_slides(occupied4, mask));
}

BACKEND(cfish_avx512, "cfish-avx512",
        "queen in two ymm: rays up by BLSMSK, rays down from the highest blocker by VPLZCNTQ and VPSRAVQ, "
        "joined by VPTERNLOGQ; rook the same in one xmm; bishop as cfish-avx2",
        "Cfish/src/avx2-bitboard.h, AVX512CD branch (okuhara, syzygy1/Cfish pull requests #115 and #207)",
        TARGET(CFISH_TARGET), .init = cfish_avx512_init, .both = cfish_avx512_both_lanes)
#else
#include "attackbench/loops.h"

BACKEND_NOT_ON_THIS_ARCHITECTURE(cfish_avx512, "cfish-avx512", "x86-64 only: AVX-512 F, VL and CD")
#endif

/* Dumb7Fill, directions side by side: each 64-bit lane of a vector register
 * floods one direction, so the four rook or bishop rays take one ymm and
 * the queen's eight two ymm (AVX2) or one zmm (AVX-512).  AVX2 shifts each
 * lane by its own count (vpsllvq/vpsrlvq); AVX-512 rotates (vprolvq) and
 * masks with the avoid-wrap sets, as in the seed's generalized rays.
 * Source: seed 002_0262fda5460adf24.txt, Chessprogramming wiki "Dumb7Fill"
 * ("at its best processing several directions in parallel"). */
#include "backend.h"

#include <immintrin.h>

/* Chosen by init: non-zero when the CPU has AVX-512F and VL. */
static int use_avx512;

/* ---- AVX2: four lanes ---------------------------------------------------
 * A lane shifts left by its left count and right by its right count; a
 * count of 64 shifts everything out, so a lane with 64 in one of them
 * moves one way only.  After a step, the landing mask drops squares that
 * wrapped from one edge file to the other. */

enum shift_way { SHIFT_LEFT, SHIFT_RIGHT, SHIFT_BOTH };

__attribute__((target("avx2"))) static inline __m256i step_avx2(__m256i board, enum shift_way way, __m256i left,
                                                                 __m256i right)
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
__attribute__((target("avx2"))) static inline __m256i fill_avx2(__m256i slider, __m256i occupied, enum shift_way way,
                                                                 __m256i left, __m256i right, __m256i landing)
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

__attribute__((target("avx2"))) static inline bitboard or_lanes_avx2(__m256i lanes)
{
    __m128i half = _mm_or_si128(_mm256_castsi256_si128(lanes), _mm256_extracti128_si256(lanes, 1));
    return (bitboard)_mm_cvtsi128_si64(_mm_or_si128(half, _mm_unpackhi_epi64(half, half)));
}

/* Lanes north, east, south, west: two go left, two right. */
__attribute__((target("avx2"))) static inline bitboard avx2_rook(int square, bitboard occupied)
{
    const __m256i left = _mm256_setr_epi64x(8, 1, 64, 64);
    const __m256i right = _mm256_setr_epi64x(64, 64, 8, 1);
    const __m256i landing = _mm256_setr_epi64x(-1, (long long)~FILE_A, -1, (long long)~FILE_H);
    __m256i attacks = fill_avx2(_mm256_set1_epi64x((long long)square_bit(square)),
                                _mm256_set1_epi64x((long long)occupied), SHIFT_BOTH, left, right, landing);
    return or_lanes_avx2(attacks);
}

/* Mirrors ranks (a byte swap) in lanes 2 and 3, leaving lanes 0 and 1. */
__attribute__((target("avx2"))) static inline __m256i flip_upper_lanes(__m256i board)
{
    const __m256i order = _mm256_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, /* lanes 0, 1 */
                                           7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8); /* lanes 2, 3 */
    return _mm256_shuffle_epi8(board, order);
}

/* Lanes north-east, north-west, south-east, south-west, the last two on
 * the board mirrored top to bottom, where they run north-east and
 * north-west: every lane shifts left, one shift per step instead of two. */
__attribute__((target("avx2"))) static inline bitboard avx2_bishop(int square, bitboard occupied)
{
    const __m256i left = _mm256_setr_epi64x(9, 7, 9, 7);
    const __m256i landing = _mm256_setr_epi64x((long long)~FILE_A, (long long)~FILE_H, (long long)~FILE_A,
                                               (long long)~FILE_H);
    __m256i slider = flip_upper_lanes(_mm256_set1_epi64x((long long)square_bit(square)));
    __m256i blockers = flip_upper_lanes(_mm256_set1_epi64x((long long)occupied));
    __m256i attacks = fill_avx2(slider, blockers, SHIFT_LEFT, left, left, landing);
    return or_lanes_avx2(flip_upper_lanes(attacks));
}

/* Lanes north, north-east, north-west, east in one register (all left)
 * and the opposite directions in the other (all right). */
__attribute__((target("avx2"))) static inline bitboard avx2_queen(int square, bitboard occupied)
{
    const __m256i counts = _mm256_setr_epi64x(8, 9, 7, 1);
    const __m256i left_landing = _mm256_setr_epi64x(-1, (long long)~FILE_A, (long long)~FILE_H, (long long)~FILE_A);
    const __m256i right_landing = _mm256_setr_epi64x(-1, (long long)~FILE_H, (long long)~FILE_A, (long long)~FILE_H);
    __m256i slider = _mm256_set1_epi64x((long long)square_bit(square));
    __m256i blockers = _mm256_set1_epi64x((long long)occupied);
    __m256i up = fill_avx2(slider, blockers, SHIFT_LEFT, counts, counts, left_landing);
    __m256i down = fill_avx2(slider, blockers, SHIFT_RIGHT, counts, counts, right_landing);
    return or_lanes_avx2(_mm256_or_si256(up, down));
}

/* ---- AVX-512: rotate by a per-lane amount ------------------------------
 * A left rotate by 64 - n is a right shift by n plus the bits that came
 * round; the avoid-wrap masks (landing squares of one step that neither
 * wrap across files nor come round across ranks) remove those. */

__attribute__((target("avx512f,avx512vl"))) static inline __m256i fill_avx512_ymm(__m256i slider, __m256i occupied,
                                                                                   __m256i amounts, __m256i landing)
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

__attribute__((target("avx512f,avx512vl"))) static inline bitboard or_lanes_avx512_ymm(__m256i lanes)
{
    __m128i half = _mm_or_si128(_mm256_castsi256_si128(lanes), _mm256_extracti128_si256(lanes, 1));
    return (bitboard)_mm_cvtsi128_si64(_mm_or_si128(half, _mm_unpackhi_epi64(half, half)));
}

/* Lanes north, east, south, west. */
__attribute__((target("avx512f,avx512vl"))) static inline bitboard avx512_rook(int square, bitboard occupied)
{
    const __m256i amounts = _mm256_setr_epi64x(8, 1, 56, 63);
    const __m256i landing = _mm256_setr_epi64x((long long)~RANK_1, (long long)~FILE_A, (long long)~RANK_8,
                                               (long long)~FILE_H);
    return or_lanes_avx512_ymm(fill_avx512_ymm(_mm256_set1_epi64x((long long)square_bit(square)),
                                               _mm256_set1_epi64x((long long)occupied), amounts, landing));
}

/* Lanes north-east, north-west, south-east, south-west. */
__attribute__((target("avx512f,avx512vl"))) static inline bitboard avx512_bishop(int square, bitboard occupied)
{
    const __m256i amounts = _mm256_setr_epi64x(9, 7, 57, 55);
    const __m256i landing =
        _mm256_setr_epi64x((long long)~(FILE_A | RANK_1), (long long)~(FILE_H | RANK_1),
                           (long long)~(FILE_A | RANK_8), (long long)~(FILE_H | RANK_8));
    return or_lanes_avx512_ymm(fill_avx512_ymm(_mm256_set1_epi64x((long long)square_bit(square)),
                                               _mm256_set1_epi64x((long long)occupied), amounts, landing));
}

/* All eight directions in one zmm: the rook's lanes, then the bishop's. */
__attribute__((target("avx512f,avx512vl"))) static inline bitboard avx512_queen(int square, bitboard occupied)
{
    const __m512i amounts = _mm512_setr_epi64(8, 1, 56, 63, 9, 7, 57, 55);
    const __m512i landing = _mm512_setr_epi64(
        (long long)~RANK_1, (long long)~FILE_A, (long long)~RANK_8, (long long)~FILE_H, (long long)~(FILE_A | RANK_1),
        (long long)~(FILE_H | RANK_1), (long long)~(FILE_A | RANK_8), (long long)~(FILE_H | RANK_8));
    const __m512i empty = _mm512_andnot_si512(_mm512_set1_epi64((long long)occupied), landing);
    __m512i slider = _mm512_set1_epi64((long long)square_bit(square));
    __m512i flood = slider;
    flood = _mm512_or_si512(flood, slider = _mm512_and_si512(_mm512_rolv_epi64(slider, amounts), empty));
    flood = _mm512_or_si512(flood, slider = _mm512_and_si512(_mm512_rolv_epi64(slider, amounts), empty));
    flood = _mm512_or_si512(flood, slider = _mm512_and_si512(_mm512_rolv_epi64(slider, amounts), empty));
    flood = _mm512_or_si512(flood, slider = _mm512_and_si512(_mm512_rolv_epi64(slider, amounts), empty));
    flood = _mm512_or_si512(flood, slider = _mm512_and_si512(_mm512_rolv_epi64(slider, amounts), empty));
    flood = _mm512_or_si512(flood, _mm512_and_si512(_mm512_rolv_epi64(slider, amounts), empty));
    return (bitboard)_mm512_reduce_or_epi64(_mm512_and_si512(_mm512_rolv_epi64(flood, amounts), landing));
}

/* ---- Entry points: the path init chose ---------------------------------- */

__attribute__((target("avx512f,avx512vl"), noinline)) static bitboard avx512_rook_call(int square, bitboard occupied)
{
    return avx512_rook(square, occupied);
}

__attribute__((target("avx512f,avx512vl"), noinline)) static bitboard avx512_bishop_call(int square,
                                                                                         bitboard occupied)
{
    return avx512_bishop(square, occupied);
}

__attribute__((target("avx512f,avx512vl"), noinline)) static bitboard avx512_queen_call(int square, bitboard occupied)
{
    return avx512_queen(square, occupied);
}

__attribute__((target("avx2"))) static bitboard dumb7fill_simd_rook(int square, bitboard occupied)
{
    return use_avx512 ? avx512_rook_call(square, occupied) : avx2_rook(square, occupied);
}

__attribute__((target("avx2"))) static bitboard dumb7fill_simd_bishop(int square, bitboard occupied)
{
    return use_avx512 ? avx512_bishop_call(square, occupied) : avx2_bishop(square, occupied);
}

__attribute__((target("avx2"))) static bitboard dumb7fill_simd_queen(int square, bitboard occupied)
{
    return use_avx512 ? avx512_queen_call(square, occupied) : avx2_queen(square, occupied);
}

__attribute__((target("avx2"))) static uint64_t avx2_rook_loop(const struct run *run)
{
    return run_lookup_loop(avx2_rook, run);
}

__attribute__((target("avx2"))) static uint64_t avx2_bishop_loop(const struct run *run)
{
    return run_lookup_loop(avx2_bishop, run);
}

__attribute__((target("avx2"))) static uint64_t avx2_queen_loop(const struct run *run)
{
    return run_lookup_loop(avx2_queen, run);
}

__attribute__((target("avx512f,avx512vl"))) static uint64_t avx512_rook_loop(const struct run *run)
{
    return run_lookup_loop(avx512_rook, run);
}

__attribute__((target("avx512f,avx512vl"))) static uint64_t avx512_bishop_loop(const struct run *run)
{
    return run_lookup_loop(avx512_bishop, run);
}

__attribute__((target("avx512f,avx512vl"))) static uint64_t avx512_queen_loop(const struct run *run)
{
    return run_lookup_loop(avx512_queen, run);
}

static uint64_t dumb7fill_simd_rook_loop(const struct run *run)
{
    return use_avx512 ? avx512_rook_loop(run) : avx2_rook_loop(run);
}

static uint64_t dumb7fill_simd_bishop_loop(const struct run *run)
{
    return use_avx512 ? avx512_bishop_loop(run) : avx2_bishop_loop(run);
}

static uint64_t dumb7fill_simd_queen_loop(const struct run *run)
{
    return use_avx512 ? avx512_queen_loop(run) : avx2_queen_loop(run);
}

/* Set-wise on the AVX-512 path, as the seed describes the fill: the
 * whole set is the generator, the rook set in the rook's lanes and the
 * bishop set in the bishop's, one fill for every slider of a side.  The
 * AVX2 path composes the set from its lookups. */
__attribute__((target("avx512f,avx512vl"))) static inline bitboard avx512_set(bitboard rook_sliders,
                                                                              bitboard bishop_sliders,
                                                                              bitboard occupied)
{
    const __m256i rook_amounts = _mm256_setr_epi64x(8, 1, 56, 63);
    const __m256i rook_landing = _mm256_setr_epi64x((long long)~RANK_1, (long long)~FILE_A, (long long)~RANK_8,
                                                    (long long)~FILE_H);
    const __m256i bishop_amounts = _mm256_setr_epi64x(9, 7, 57, 55);
    const __m256i bishop_landing =
        _mm256_setr_epi64x((long long)~(FILE_A | RANK_1), (long long)~(FILE_H | RANK_1),
                           (long long)~(FILE_A | RANK_8), (long long)~(FILE_H | RANK_8));
    const __m256i blockers = _mm256_set1_epi64x((long long)occupied);
    __m256i rook_wise = fill_avx512_ymm(_mm256_set1_epi64x((long long)rook_sliders), blockers, rook_amounts, rook_landing);
    __m256i bishop_wise =
        fill_avx512_ymm(_mm256_set1_epi64x((long long)bishop_sliders), blockers, bishop_amounts, bishop_landing);
    return or_lanes_avx512_ymm(_mm256_or_si256(rook_wise, bishop_wise));
}

__attribute__((target("avx512f,avx512vl"), noinline)) static bitboard avx512_set_call(bitboard rook_sliders,
                                                                                      bitboard bishop_sliders,
                                                                                      bitboard occupied)
{
    return avx512_set(rook_sliders, bishop_sliders, occupied);
}

__attribute__((target("avx2"))) static bitboard dumb7fill_simd_set(bitboard rook_sliders, bitboard bishop_sliders,
                                                                   bitboard occupied)
{
    if (use_avx512)
        return avx512_set_call(rook_sliders, bishop_sliders, occupied);
    return compose_set_attacks(avx2_rook, avx2_bishop, rook_sliders, bishop_sliders, occupied);
}

SIDE_PASSES_FOR_TARGET("avx2", avx2, avx2_rook, avx2_bishop, avx2_queen)
SIDE_PASSES_WITH_SET_FOR_TARGET("avx512f,avx512vl", avx512, avx512_rook, avx512_bishop, avx512_queen, avx512_set)

static uint64_t dumb7fill_simd_sets_loop(const struct run *run)
{
    return use_avx512 ? avx512_sets_loop(run) : avx2_sets_loop(run);
}

static uint64_t dumb7fill_simd_sides_loop(const struct run *run)
{
    return use_avx512 ? avx512_sides_loop(run) : avx2_sides_loop(run);
}

static size_t dumb7fill_simd_init(void)
{
    use_avx512 = (cpu_features() & CPU_FEATURE_AVX512) != 0;
    return 0;
}

static const char *dumb7fill_simd_note(void)
{
    return use_avx512 ? "AVX-512 path: vprolvq, queen in one zmm" : "AVX2 path: vpsllvq/vpsrlvq, queen in two ymm";
}

const struct backend dumb7fill_simd_backend = {
    .name = "dumb7fill-simd",
    .description = "unrolled fill with the directions side by side in vector lanes (AVX2, or AVX-512 if present)",
    .source = "seed 002 (CPW Dumb7Fill, several directions in parallel)",
    .features = CPU_FEATURE_AVX2,
    .init = dumb7fill_simd_init,
    .rook = dumb7fill_simd_rook,
    .bishop = dumb7fill_simd_bishop,
    .queen = dumb7fill_simd_queen,
    .rook_loop = dumb7fill_simd_rook_loop,
    .bishop_loop = dumb7fill_simd_bishop_loop,
    .queen_loop = dumb7fill_simd_queen_loop,
    .sets_loop = dumb7fill_simd_sets_loop,
    .sides_loop = dumb7fill_simd_sides_loop,
    .set_attacks = dumb7fill_simd_set,
    .note = dumb7fill_simd_note,
};

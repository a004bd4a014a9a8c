/* Kogge-Stone with rotates, four directions in the four lanes of a ymm:
 * the rook's north, east, south and west in one register, the bishop's four
 * diagonals in another.  Each lane rotates left by its own amount
 * (VPROLVQ, AVX-512VL; a rotate by 64 - n is a right shift by n) and is
 * masked with the squares its direction can land on without coming round
 * the board, so steps of 1, 2 and 4 squares cover a ray in three.
 * Set-wise (the threat map of a side), the rook-wise sliders fill the rook
 * register and the bishop-wise sliders the bishop register: two independent
 * chains and one OR.  kogge-stone-shift-avx2 is the same fill with AVX2's
 * shifts; kogge-stone fills eight lanes of one zmm.
 * Sources: Reckless pull request #909 (set-wise slider attacks with AVX-512
 * rotates, 2026); Chessprogramming wiki "Kogge-Stone Algorithm" (Steffan
 * Westcott). */
#if defined(__x86_64__)
#include <immintrin.h>

#include "building_blocks/ymm_lanes.h"

#include "attackbench/loops.h"

/* The target of every lookup here; --list names its features and the
 * driver checks them. */
#define KOGGE_STONE_ROTATE_TARGET "avx2,avx512f,avx512vl"
#define FILL_FUNCTION TARGET_ATTRIBUTE(KOGGE_STONE_ROTATE_TARGET) static inline __attribute__((always_inline))

/* One direction's rotate amounts for steps of 1, 2 and 4 squares (modulo
 * 64: the same rotations), lane by lane, and its landing squares. */
struct rotate_directions {
    long long single[4], twice[4], four_times[4], landing[4];
};

/* North, east, south, west. */
static const struct rotate_directions rook_directions = {
    {8, 1, 56, 63},
    {16, 2, 48, 62},
    {32, 4, 32, 60},
    {(long long)~RANK_1, (long long)~FILE_A, (long long)~RANK_8, (long long)~FILE_H},
};

/* North-east, north-west, south-east, south-west. */
static const struct rotate_directions bishop_directions = {
    {9, 7, 57, 55},
    {18, 14, 50, 46},
    {36, 28, 36, 28},
    {(long long)~(FILE_A | RANK_1), (long long)~(FILE_H | RANK_1), (long long)~(FILE_A | RANK_8),
     (long long)~(FILE_H | RANK_8)},
};

FILL_FUNCTION __m256i load_lanes(const long long *lanes)
{
    return _mm256_loadu_si256((const __m256i *)lanes);
}

/* generator | (propagator & moved): one VPTERNLOGQ. */
FILL_FUNCTION __m256i add_where_empty(__m256i generator, __m256i propagator, __m256i moved)
{
    return _mm256_ternarylogic_epi64(generator, propagator, moved, 0xF8);
}

/* The occluded fill from every square of `sliders` in each lane's
 * direction, then one more step: the attacks, blockers included.  Masking
 * the propagator once with the landing squares cuts every stretch that
 * would come round the board, so the doubled steps cannot wrap either. */
FILL_FUNCTION __m256i rotate_fill(bitboard sliders, bitboard occupied, const struct rotate_directions *directions)
{
    const __m256i single = load_lanes(directions->single), landing = load_lanes(directions->landing);
    const __m256i twice = load_lanes(directions->twice), four_times = load_lanes(directions->four_times);
    __m256i generator = _mm256_set1_epi64x((long long)sliders);
    __m256i propagator = _mm256_andnot_si256(_mm256_set1_epi64x((long long)occupied), landing);
    generator = add_where_empty(generator, propagator, _mm256_rolv_epi64(generator, single));
    propagator = _mm256_and_si256(propagator, _mm256_rolv_epi64(propagator, single));
    generator = add_where_empty(generator, propagator, _mm256_rolv_epi64(generator, twice));
    propagator = _mm256_and_si256(propagator, _mm256_rolv_epi64(propagator, twice));
    generator = add_where_empty(generator, propagator, _mm256_rolv_epi64(generator, four_times));
    return _mm256_and_si256(_mm256_rolv_epi64(generator, single), landing);
}

FILL_FUNCTION bitboard kogge_stone_rotate_rook(int square, bitboard occupied)
{
    return or_ymm_lanes(rotate_fill(square_bit(square), occupied, &rook_directions));
}

FILL_FUNCTION bitboard kogge_stone_rotate_bishop(int square, bitboard occupied)
{
    return or_ymm_lanes(rotate_fill(square_bit(square), occupied, &bishop_directions));
}

FILL_FUNCTION bitboard kogge_stone_rotate_set(bitboard rook_sliders, bitboard bishop_sliders, bitboard occupied)
{
    return or_ymm_lanes(_mm256_or_si256(rotate_fill(rook_sliders, occupied, &rook_directions),
                                        rotate_fill(bishop_sliders, occupied, &bishop_directions)));
}

FILL_FUNCTION bitboard kogge_stone_rotate_queen(int square, bitboard occupied)
{
    return kogge_stone_rotate_set(square_bit(square), square_bit(square), occupied);
}

BACKEND(kogge_stone_rotate, "kogge-stone-rotate",
        "parallel-prefix fill, four directions in one ymm rotated by vprolvq (rook and bishop registers; set-wise "
        "threat map in two chains)",
        "Reckless PR #909 (AVX-512 rotates); CPW Kogge-Stone Algorithm", TARGET(KOGGE_STONE_ROTATE_TARGET),
        .set_attacks = kogge_stone_rotate_set)
#else
#include "attackbench/loops.h"

BACKEND_NOT_ON_THIS_ARCHITECTURE(kogge_stone_rotate, "kogge-stone-rotate", "x86-64 only: AVX-512VL")
#endif

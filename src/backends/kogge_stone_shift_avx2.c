/* Kogge-Stone with AVX2's shifts, four directions in the four lanes of a
 * ymm: AVX2 has no rotate, so each lane shifts left by its left count and
 * right by its right count (VPSLLVQ, VPSRLVQ) and ORs the two; a count of
 * 64 or more shifts everything out, so a lane moves one way only.  The
 * rook's north, east, south and west share one register, the bishop's
 * diagonals another; only the files need masking (a shift never comes
 * round between ranks).  Set-wise, the rook-wise sliders fill the rook
 * register and the bishop-wise sliders the bishop register.  The AVX2 form
 * of kogge-stone-rotate.
 * Sources: Reckless pull request #914 (set-wise slider attacks in AVX2,
 * 2026); Chessprogramming wiki "Kogge-Stone Algorithm" (Steffan Westcott). */
#if defined(__x86_64__)
#include <immintrin.h>

#include "building_blocks/ymm_lanes.h"

#include "attackbench/loops.h"

/* The target of every lookup here; --list names its features and the
 * driver checks them. */
#define KOGGE_STONE_SHIFT_TARGET "avx2"
#define FILL_FUNCTION TARGET_ATTRIBUTE(KOGGE_STONE_SHIFT_TARGET) static inline __attribute__((always_inline))

/* Lane by lane: the left and right counts of steps of 1, 2 and 4 squares
 * (64 and more: no move that way), and the squares a step can land on. */
struct shift_directions {
    long long left[3][4], right[3][4], landing[4];
};

/* North, east (left shifts), south, west (right shifts). */
static const struct shift_directions rook_directions = {
    {{8, 1, 64, 64}, {16, 2, 64, 64}, {32, 4, 64, 64}},
    {{64, 64, 8, 1}, {64, 64, 16, 2}, {64, 64, 32, 4}},
    {-1, (long long)~FILE_A, -1, (long long)~FILE_H},
};

/* North-east, north-west (left), south-east, south-west (right). */
static const struct shift_directions bishop_directions = {
    {{9, 7, 64, 64}, {18, 14, 64, 64}, {36, 28, 64, 64}},
    {{64, 64, 7, 9}, {64, 64, 14, 18}, {64, 64, 28, 36}},
    {(long long)~FILE_A, (long long)~FILE_H, (long long)~FILE_A, (long long)~FILE_H},
};

FILL_FUNCTION __m256i load_lanes(const long long *lanes)
{
    return _mm256_loadu_si256((const __m256i *)lanes);
}

FILL_FUNCTION __m256i shift_lanes(__m256i board, __m256i left, __m256i right)
{
    return _mm256_or_si256(_mm256_sllv_epi64(board, left), _mm256_srlv_epi64(board, right));
}

/* The occluded fill from every square of `sliders` in each lane's
 * direction, then one more step: the attacks, blockers included. */
FILL_FUNCTION __m256i shift_fill(bitboard sliders, bitboard occupied, const struct shift_directions *directions)
{
    const __m256i landing = load_lanes(directions->landing);
    __m256i left = load_lanes(directions->left[0]), right = load_lanes(directions->right[0]);
    __m256i generator = _mm256_set1_epi64x((long long)sliders);
    __m256i propagator = _mm256_andnot_si256(_mm256_set1_epi64x((long long)occupied), landing);
    generator = _mm256_or_si256(generator, _mm256_and_si256(propagator, shift_lanes(generator, left, right)));
    propagator = _mm256_and_si256(propagator, shift_lanes(propagator, left, right));
    left = load_lanes(directions->left[1]), right = load_lanes(directions->right[1]);
    generator = _mm256_or_si256(generator, _mm256_and_si256(propagator, shift_lanes(generator, left, right)));
    propagator = _mm256_and_si256(propagator, shift_lanes(propagator, left, right));
    left = load_lanes(directions->left[2]), right = load_lanes(directions->right[2]);
    generator = _mm256_or_si256(generator, _mm256_and_si256(propagator, shift_lanes(generator, left, right)));
    left = load_lanes(directions->left[0]), right = load_lanes(directions->right[0]);
    return _mm256_and_si256(shift_lanes(generator, left, right), landing);
}

FILL_FUNCTION bitboard kogge_stone_shift_avx2_rook(int square, bitboard occupied)
{
    return or_ymm_lanes(shift_fill(square_bit(square), occupied, &rook_directions));
}

FILL_FUNCTION bitboard kogge_stone_shift_avx2_bishop(int square, bitboard occupied)
{
    return or_ymm_lanes(shift_fill(square_bit(square), occupied, &bishop_directions));
}

FILL_FUNCTION bitboard kogge_stone_shift_avx2_set(bitboard rook_sliders, bitboard bishop_sliders, bitboard occupied)
{
    return or_ymm_lanes(_mm256_or_si256(shift_fill(rook_sliders, occupied, &rook_directions),
                                        shift_fill(bishop_sliders, occupied, &bishop_directions)));
}

FILL_FUNCTION bitboard kogge_stone_shift_avx2_queen(int square, bitboard occupied)
{
    return kogge_stone_shift_avx2_set(square_bit(square), square_bit(square), occupied);
}

BACKEND(kogge_stone_shift_avx2, "kogge-stone-shift-avx2",
        "parallel-prefix fill, four directions in one ymm, each lane vpsllvq | vpsrlvq by its own counts (rook and "
        "bishop registers; set-wise threat map in two chains)",
        "Reckless PR #914 (AVX2 set-wise attacks); CPW Kogge-Stone Algorithm", TARGET(KOGGE_STONE_SHIFT_TARGET),
        .set_attacks = kogge_stone_shift_avx2_set)
#else
#include "attackbench/loops.h"

BACKEND_NOT_ON_THIS_ARCHITECTURE(kogge_stone_shift_avx2, "kogge-stone-shift-avx2", "x86-64 only: AVX2")
#endif

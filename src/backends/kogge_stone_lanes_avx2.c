/* Kogge-Stone in AVX2 lanes: a multi-square kernel, four sliders (or a
 * queen's second pair of lines) per ymm in the layout of
 * side_lanes_avx2.h.  Each lane fills along its line both ways from its
 * slider through the line's empty squares, by parallel prefix: steps of
 * 1, 2 and 4 times the line's step, each followed by doubling the
 * propagator, then one more step onto the blocker.  Shifts, not
 * rotations, and the line as the propagator's mask, so nothing wraps: a
 * step off the end of a rank, diagonal or anti-diagonal lands on another
 * line.  The shift counts differ per lane (VPSLLVQ, VPSRLVQ).  No tables.
 * Single lookups put a query's lines in the lanes instead.
 * Sources: seed 002_0262fda5460adf24.txt ("Comparison with Kogge-Stone");
 * Chessprogramming wiki "Kogge-Stone Algorithm" (Steffan Westcott); the
 * lane layout is this project's. */
#define KERNEL_TARGET "avx2"
#include "side_lanes_avx2.h"

/* The fill towards higher squares: the slider and the empty squares
 * beyond it up to the first blocker (not included). */
LANE_FUNCTION __m256i fill_up(__m256i generator, __m256i propagator, __m256i step)
{
    const __m256i double_step = _mm256_add_epi64(step, step), quadruple_step = _mm256_add_epi64(double_step, double_step);
    generator = _mm256_or_si256(generator, _mm256_and_si256(propagator, _mm256_sllv_epi64(generator, step)));
    propagator = _mm256_and_si256(propagator, _mm256_sllv_epi64(propagator, step));
    generator = _mm256_or_si256(generator, _mm256_and_si256(propagator, _mm256_sllv_epi64(generator, double_step)));
    propagator = _mm256_and_si256(propagator, _mm256_sllv_epi64(propagator, double_step));
    return _mm256_or_si256(generator, _mm256_and_si256(propagator, _mm256_sllv_epi64(generator, quadruple_step)));
}

/* The same towards lower squares. */
LANE_FUNCTION __m256i fill_down(__m256i generator, __m256i propagator, __m256i step)
{
    const __m256i double_step = _mm256_add_epi64(step, step), quadruple_step = _mm256_add_epi64(double_step, double_step);
    generator = _mm256_or_si256(generator, _mm256_and_si256(propagator, _mm256_srlv_epi64(generator, step)));
    propagator = _mm256_and_si256(propagator, _mm256_srlv_epi64(propagator, step));
    generator = _mm256_or_si256(generator, _mm256_and_si256(propagator, _mm256_srlv_epi64(generator, double_step)));
    propagator = _mm256_and_si256(propagator, _mm256_srlv_epi64(propagator, double_step));
    return _mm256_or_si256(generator, _mm256_and_si256(propagator, _mm256_srlv_epi64(generator, quadruple_step)));
}

/* Both fills, each moved one step further onto the first blocker, within
 * the line (which also drops what a step carried off it). */
LANE_FUNCTION __m256i line_attacks(const struct lane_squares *lanes, __m256i occupied, __m256i line, __m256i step,
                                   const int ranks)
{
    (void)ranks;
    const __m256i empty = _mm256_andnot_si256(occupied, line);
    const __m256i up = fill_up(lanes->bit, empty, step), down = fill_down(lanes->bit, empty, step);
    return _mm256_and_si256(_mm256_or_si256(_mm256_sllv_epi64(up, step), _mm256_srlv_epi64(down, step)), line);
}

const struct backend kogge_stone_lanes_avx2_backend = {
    .name = "kogge-stone-lanes-avx2",
    .description = "multi-square AVX2 kernel: a side's sliders in 4-lane ymm, Kogge-Stone fill along each lane's line",
    .source = "seed 002 (CPW Dumb7Fill vs Kogge-Stone); CPW Kogge-Stone Algorithm; lane layout this project's",
    .features = CPU_FEATURE_AVX2,
    .rook = lanes_rook,
    .bishop = lanes_bishop,
    .queen = lanes_queen,
    .rook_loop = lanes_rook_loop,
    .bishop_loop = lanes_bishop_loop,
    .queen_loop = lanes_queen_loop,
    .sets_loop = lanes_sets_loop,
    .sides_loop = lanes_sides_loop,
    .side_attacks = lanes_side_call,
};

/* Kogge-Stone in AVX-512 lanes: a multi-square kernel, every slider of one
 * side against the one occupancy, one per 64-bit lane (the lane layout:
 * side_lanes.h, two line passes when the side's sliders and its queens fit
 * in eight lanes).  Each lane fills along its line both ways from its
 * slider through the line's empty squares, by parallel prefix: steps of 1,
 * 2 and 4 times the line's step, each followed by doubling the propagator,
 * then one more step onto the blocker.  Shifts, not rotations, and the
 * line as the propagator's mask, so nothing wraps: a step off the end of
 * a rank, diagonal or anti-diagonal lands on another line.  The shift
 * counts differ per lane (VPSLLVQ, VPSRLVQ); each generator step is a
 * shift and one VPTERNLOGQ.  No tables.
 * Why this layout, not a lane per slider with the eight directions in
 * turn (where the propagators, which depend on the board alone, would be
 * shared by all lanes): that needs eight fills per block, one per
 * direction, where a lane per line needs four (two lines, both ways), and
 * it leaves half of each fill's lanes idle (a rook in the diagonal
 * directions).  The layout hands the technique a line but not its kind, so
 * the step is read off the line (three tests: which of 1, 8, 9 joins two
 * of its squares; else 7), about a quarter of the pass.
 * Sources: seed 002_0262fda5460adf24.txt ("Comparison with Kogge-Stone");
 * Chessprogramming wiki "Kogge-Stone Algorithm" (Steffan Westcott); the
 * lane layout is this project's. */
#define KERNEL_TARGET "avx512f,avx512vl"
#include "side_lanes.h"

#define FILL_FUNCTION __attribute__((target(KERNEL_TARGET), always_inline)) static inline

/* Each lane's step along its line: 1 on a rank, 8 on a file, 9 on a
 * diagonal, else 7 (an anti-diagonal, or a line of one square, where any
 * step gives nothing).  A shift by 1 joins two squares of a rank only, by
 * 8 of a file only, by 9 of a diagonal only; a shift by 7 also joins a
 * rank's a- and h-squares, so it is the one left to the end. */
FILL_FUNCTION __m512i line_steps(__m512i line)
{
    __m512i step = _mm512_set1_epi64(7);
    step = _mm512_mask_mov_epi64(step, _mm512_test_epi64_mask(line, _mm512_slli_epi64(line, 9)), _mm512_set1_epi64(9));
    step = _mm512_mask_mov_epi64(step, _mm512_test_epi64_mask(line, _mm512_slli_epi64(line, 8)), _mm512_set1_epi64(8));
    return _mm512_mask_mov_epi64(step, _mm512_test_epi64_mask(line, _mm512_slli_epi64(line, 1)), _mm512_set1_epi64(1));
}

/* generator | (propagator & moved), one VPTERNLOGQ. */
FILL_FUNCTION __m512i grow(__m512i generator, __m512i propagator, __m512i moved)
{
    return _mm512_ternarylogic_epi64(generator, propagator, moved, 0xF8);
}

/* The fill towards higher squares: the slider and the empty squares
 * beyond it up to the first blocker (not included). */
FILL_FUNCTION __m512i fill_up(__m512i generator, __m512i propagator, __m512i step, __m512i double_step,
                              __m512i quadruple_step)
{
    generator = grow(generator, propagator, _mm512_sllv_epi64(generator, step));
    propagator = _mm512_and_si512(propagator, _mm512_sllv_epi64(propagator, step));
    generator = grow(generator, propagator, _mm512_sllv_epi64(generator, double_step));
    propagator = _mm512_and_si512(propagator, _mm512_sllv_epi64(propagator, double_step));
    return grow(generator, propagator, _mm512_sllv_epi64(generator, quadruple_step));
}

/* The same towards lower squares. */
FILL_FUNCTION __m512i fill_down(__m512i generator, __m512i propagator, __m512i step, __m512i double_step,
                                __m512i quadruple_step)
{
    generator = grow(generator, propagator, _mm512_srlv_epi64(generator, step));
    propagator = _mm512_and_si512(propagator, _mm512_srlv_epi64(propagator, step));
    generator = grow(generator, propagator, _mm512_srlv_epi64(generator, double_step));
    propagator = _mm512_and_si512(propagator, _mm512_srlv_epi64(propagator, double_step));
    return grow(generator, propagator, _mm512_srlv_epi64(generator, quadruple_step));
}

/* Both fills, each moved one step further onto the first blocker, within
 * the line (which also drops what a step carried off it). */
FILL_FUNCTION __m512i line_attacks(const struct lane_squares *lanes, __m512i occupied, __m512i line)
{
    const __m512i step = line_steps(line);
    const __m512i double_step = _mm512_add_epi64(step, step);
    const __m512i quadruple_step = _mm512_add_epi64(double_step, double_step);
    const __m512i empty = _mm512_andnot_si512(occupied, line);
    const __m512i up = fill_up(lanes->bit, empty, step, double_step, quadruple_step);
    const __m512i down = fill_down(lanes->bit, empty, step, double_step, quadruple_step);
    return _mm512_ternarylogic_epi64(_mm512_sllv_epi64(up, step), _mm512_srlv_epi64(down, step), line,
                                     0xA8); /* (a | b) & c */
}

const struct backend kogge_stone_lanes_backend = {
    .name = "kogge-stone-lanes",
    .description = "multi-square AVX-512 kernel: a side's sliders in 8 lanes, Kogge-Stone fill along each lane's line",
    .source = "seed 002 (CPW Dumb7Fill vs Kogge-Stone); CPW Kogge-Stone Algorithm; lane layout this project's",
    .features = CPU_FEATURE_AVX512,
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

/* Kogge-Stone in AVX-512 lanes: a multi-square kernel, every slider of one
 * side against the one occupancy, one slider per 64-bit lane (eight per
 * zmm), the eight directions in turn.  A fill's propagators (the empty
 * squares, then those whose stretch of 2 and 4 squares back is empty)
 * depend on the board alone, so each direction computes them once, in
 * general registers beside the vector work, for every lane; a lane then
 * only advances its slider by steps of 1, 2 and 4 squares (an immediate
 * shift and one VPTERNLOGQ each) and takes one more step onto the blocker.
 * Rook-wise lanes take the four orthogonal directions, bishop-wise lanes
 * the diagonal ones, a queen's lane both, so no lane is duplicated and
 * nothing is folded; shifts (not rotations) and the file masks of the
 * seed keep the fills from wrapping.  No tables.
 * Why not the line layout of building_blocks/side_lanes.h (a lane per slider and line,
 * both ways along it, as hyperbola-lanes does; this file's first version,
 * commit 62a0c2f): there it needs half as many fills, but each lane needs
 * its own propagators and shift counts (read off its line), and the kernel
 * its lines, the queens' spare lanes and the fold; measured side by side
 * on the sides workload, that version was the slower one by far.
 * Single lookups run the kernel with one lane.
 * Sources: seed 002_0262fda5460adf24.txt ("Comparison with Kogge-Stone");
 * Chessprogramming wiki "Kogge-Stone Algorithm" (Steffan Westcott). */
#if defined(__x86_64__)
#include <immintrin.h>

#include "attackbench/loops.h"
#include "building_blocks/lanes.h"

#define KERNEL_TARGET "avx512f,avx512vl"
#define FILL_FUNCTION __attribute__((target(KERNEL_TARGET), always_inline)) static inline

/* generator | (propagator & moved), one VPTERNLOGQ. */
FILL_FUNCTION __m512i grow(__m512i generator, bitboard propagator, __m512i moved)
{
    return _mm512_ternarylogic_epi64(generator, _mm512_set1_epi64((long long)propagator), moved, 0xF8);
}

/* The attacks towards higher squares, `shift` squares a step, of every
 * lane's generator; `landing` leaves out the file a step would wrap to.
 * `shift` is a constant after inlining, so the shifts take an immediate. */
FILL_FUNCTION __m512i fill_up(__m512i generator, bitboard empty, const int shift, bitboard landing)
{
    const bitboard propagator = empty & landing;
    const bitboard doubled = propagator & (propagator << shift);
    const bitboard quadrupled = doubled & (doubled << 2 * shift);
    generator = grow(generator, propagator, _mm512_slli_epi64(generator, shift));
    generator = grow(generator, doubled, _mm512_slli_epi64(generator, 2 * shift));
    generator = grow(generator, quadrupled, _mm512_slli_epi64(generator, 4 * shift));
    return _mm512_and_si512(_mm512_slli_epi64(generator, shift), _mm512_set1_epi64((long long)landing));
}

/* The same towards lower squares. */
FILL_FUNCTION __m512i fill_down(__m512i generator, bitboard empty, const int shift, bitboard landing)
{
    const bitboard propagator = empty & landing;
    const bitboard doubled = propagator & (propagator >> shift);
    const bitboard quadrupled = doubled & (doubled >> 2 * shift);
    generator = grow(generator, propagator, _mm512_srli_epi64(generator, shift));
    generator = grow(generator, doubled, _mm512_srli_epi64(generator, 2 * shift));
    generator = grow(generator, quadrupled, _mm512_srli_epi64(generator, 4 * shift));
    return _mm512_and_si512(_mm512_srli_epi64(generator, shift), _mm512_set1_epi64((long long)landing));
}

/* Eight lanes: each lane's slider bit in `rook_wise` lanes fills the four
 * orthogonal directions, in `bishop_wise` lanes the four diagonal ones
 * (north +8, east +1, north-east +9, north-west +7; the rest downwards). */
FILL_FUNCTION __m512i eight_directions(__m512i rook_wise, __m512i bishop_wise, bitboard occupied)
{
    const bitboard empty = ~occupied, anywhere = ~0ULL;
    __m512i attacks = _mm512_or_si512(fill_up(rook_wise, empty, 8, anywhere), fill_down(rook_wise, empty, 8, anywhere));
    attacks = _mm512_or_si512(attacks, fill_up(rook_wise, empty, 1, ~FILE_A));
    attacks = _mm512_or_si512(attacks, fill_down(rook_wise, empty, 1, ~FILE_H));
    attacks = _mm512_or_si512(attacks, fill_up(bishop_wise, empty, 9, ~FILE_A));
    attacks = _mm512_or_si512(attacks, fill_up(bishop_wise, empty, 7, ~FILE_H));
    attacks = _mm512_or_si512(attacks, fill_down(bishop_wise, empty, 9, ~FILE_H));
    return _mm512_or_si512(attacks, fill_down(bishop_wise, empty, 7, ~FILE_A));
}

/* Sliders [first, first + 8) of a side: their squares (the list has
 * ATTACKBENCH_SIDE_MAX_SLIDERS bytes, so the load stays inside it) and roles. */
FILL_FUNCTION __m512i side_block(const struct attackbench_side *side, int first, bitboard occupied)
{
    const unsigned rooks = side->rooks, bishops = side->bishops, sliders = rooks + bishops + side->queens;
    const unsigned live = (1u << sliders) - 1, queens = live & ~((1u << (rooks + bishops)) - 1);
    const __mmask8 rook_wise = (__mmask8)((((1u << rooks) - 1) | queens) >> first);
    const __mmask8 bishop_wise = (__mmask8)((live & ~((1u << rooks) - 1)) >> first);
    const __m512i squares =
        _mm512_cvtepu8_epi64(_mm_loadl_epi64((const __m128i *)(const void *)(side->squares + first)));
    const __m512i bits = _mm512_sllv_epi64(_mm512_set1_epi64(1), squares);
    return eight_directions(_mm512_maskz_mov_epi64(rook_wise, bits), _mm512_maskz_mov_epi64(bishop_wise, bits),
                            occupied);
}

/* The multi-square entry (include/attackbench/backend.h). */
FILL_FUNCTION void lanes_side(const struct attackbench_side *side, bitboard occupied, bitboard *attacks)
{
    const int sliders = attackbench_side_slider_count(side);
    _mm512_mask_storeu_epi64(attacks, (__mmask8)((1u << sliders) - 1), side_block(side, 0, occupied));
    if (sliders > 8)
        _mm512_mask_storeu_epi64(attacks + 8, (__mmask8)((1u << (sliders - 8)) - 1), side_block(side, 8, occupied));
}

/* Single lookups: the kernel with one lane. */
FILL_FUNCTION bitboard one_lane(int square, int rook_wise, int bishop_wise, bitboard occupied)
{
    const __m512i bit = _mm512_maskz_mov_epi64(1, _mm512_set1_epi64((long long)square_bit(square)));
    const __m512i attacks = eight_directions(rook_wise ? bit : _mm512_setzero_si512(),
                                             bishop_wise ? bit : _mm512_setzero_si512(), occupied);
    return (bitboard)_mm_cvtsi128_si64(_mm512_castsi512_si128(attacks));
}

FILL_FUNCTION bitboard kogge_stone_lanes_rook(int square, bitboard occupied)
{
    return one_lane(square, 1, 0, occupied);
}

FILL_FUNCTION bitboard kogge_stone_lanes_bishop(int square, bitboard occupied)
{
    return one_lane(square, 0, 1, occupied);
}

FILL_FUNCTION bitboard kogge_stone_lanes_queen(int square, bitboard occupied)
{
    return one_lane(square, 1, 1, occupied);
}

/* The timed sides pass: the lanes added in a vector register; the other
 * modes go through the shared loop. */
__attribute__((target(KERNEL_TARGET))) ATTACKBENCH_LINE_ALIGNED static uint64_t
lanes_sides_pass(const struct attackbench_run *run)
{
    if (run->mix_results || run->chained || run->pressure_buffer)
        return attackbench_sides_loop(kogge_stone_lanes_rook, kogge_stone_lanes_bishop, kogge_stone_lanes_queen,
                                      lanes_side, run);
    __m512i sum = _mm512_setzero_si512();
    ATTACKBENCH_ONE_QUERY_AT_A_TIME
    for (size_t i = 0; i < run->count; i++) {
        const struct attackbench_side *side = &run->sides[i];
        sum = _mm512_add_epi64(sum, side_block(side, 0, side->occupied));
        if (attackbench_side_slider_count(side) > 8)
            sum = _mm512_add_epi64(sum, side_block(side, 8, side->occupied));
    }
    uint64_t lanes[8];
    _mm512_storeu_si512((void *)lanes, sum);
    return sum_of_lanes(lanes, 8);
}

BACKEND(kogge_stone_lanes, "kogge-stone-lanes",
        "multi-square AVX-512 kernel: a side's sliders in 8 lanes, Kogge-Stone fills with shared propagators",
        "seed 002 (CPW Dumb7Fill vs Kogge-Stone); CPW Kogge-Stone Algorithm", TARGET(KERNEL_TARGET),
        .side_attacks = lanes_side, .sides_loop = lanes_sides_pass)
#else
#include "attackbench/loops.h"

BACKEND_NOT_ON_THIS_ARCHITECTURE(kogge_stone_lanes, "kogge-stone-lanes", "x86-64 only: AVX-512")
#endif

/* A side's sliders in AVX-512 lanes: what the multi-square kernels share
 * (src/backends/obstruction_lanes.c, hyperbola_lanes.c).  One slider per
 * 64-bit lane and one line (rank, file, diagonal, anti-diagonal) per lane
 * and pass, the lines from shifts of four constant lines.  A side with n
 * sliders and q queens needs n + q lines of each of two kinds, so when
 * n + q <= 8 two passes serve it (a queen's diagonals ride in a spare lane
 * and are folded back); otherwise four passes over eight sliders at a time.
 *
 * The including file defines LANES_BACKEND (its BACKEND id) and
 * KERNEL_TARGET (its target attribute string) before including this, and
 * then defines line_attacks(), the per-line technique.  Everything here is
 * static: each kernel gets its own copy, compiled for its own target.
 * This is explicit multi-query SIMD, the kind the one-query-at-a-time
 * rule (include/attackbench_plugin_loops.h) keeps out of every other loop. */
#ifndef ATTACKBENCH_SIDE_LANES_H
#define ATTACKBENCH_SIDE_LANES_H

#include <immintrin.h>

#include "attackbench/loops.h"
#include "lanes.h"

/* The single lookups are named after the including backend, which
 * defines LANES_BACKEND (its BACKEND id) before including this: they are
 * LANES_BACKEND_rook, _bishop and _queen, as BACKEND expects. */
#define LANES_LOOKUP(PIECE) LANES_LOOKUP_NAMED(LANES_BACKEND, PIECE)
#define LANES_LOOKUP_NAMED(ID, PIECE) LANES_LOOKUP_PASTED(ID, PIECE)
#define LANES_LOOKUP_PASTED(ID, PIECE) ID##_##PIECE

/* One 64-bit constant in every lane, hidden from gcc: gcc 12 rebuilds a
 * known constant inside the sides pass each time it is used (a MOV and a
 * VPBROADCASTQ from a general register, on the port the shuffles need)
 * rather than keep it in one of 32 registers; an opaque one it makes once,
 * before the loop.  On the Intel Xeon guest (2026-11-30, ab on the sides
 * of data/positions.fen) gcc's passes got 4.6% and 4.7% faster
 * (hyperbola-lanes, obstruction-lanes); clang, which keeps its constants
 * already, got 2.6% slower on hyperbola-lanes with them hidden, so it
 * sees them. */
__attribute__((target(KERNEL_TARGET), always_inline)) static inline __m512i lane_constant(long long value)
{
    __m512i vector = _mm512_set1_epi64(value);
#if !defined(__clang__)
    __asm__("" : "+v"(vector));
#endif
    return vector;
}

/* The two halves of a line around each lane's slider: squares below and
 * above the slider bit. */
struct lane_squares {
    __m512i bit, below, above, file, rank8;
};

__attribute__((target(KERNEL_TARGET), always_inline)) static inline struct lane_squares lane_squares(__m512i squares)
{
    const __m512i one = lane_constant(1);
    struct lane_squares lanes;
    lanes.bit = _mm512_sllv_epi64(one, squares);
    lanes.below = _mm512_sub_epi64(lanes.bit, one);
    lanes.above = _mm512_ternarylogic_epi64(lanes.below, lanes.bit, lanes.bit, 0x01); /* ~(below | bit) */
    lanes.file = _mm512_and_si512(squares, lane_constant(7));
    lanes.rank8 = _mm512_and_si512(squares, lane_constant(56));
    return lanes;
}

/* Orthogonal lines: the rank (first) or the file through each slider. */
__attribute__((target(KERNEL_TARGET), always_inline)) static inline __m512i rank_lines(const struct lane_squares *lanes)
{
    return _mm512_sllv_epi64(lane_constant(0xFF), lanes->rank8);
}

__attribute__((target(KERNEL_TARGET), always_inline)) static inline __m512i file_lines(const struct lane_squares *lanes)
{
    return _mm512_sllv_epi64(lane_constant((long long)FILE_A), lanes->file);
}

/* The a1-h8 diagonal moved by 8 * (file - rank) squares: right for a
 * positive distance, left for a negative one (a shift by 64 or more
 * gives 0 in these instructions, so one of the two is always 0). */
__attribute__((target(KERNEL_TARGET), always_inline)) static inline __m512i
diagonal_lines(const struct lane_squares *lanes)
{
    const __m512i diagonal = lane_constant((long long)0x8040201008040201ULL);
    __m512i distance = _mm512_sub_epi64(_mm512_slli_epi64(lanes->file, 3), lanes->rank8);
    return _mm512_or_si512(_mm512_srlv_epi64(diagonal, distance),
                           _mm512_sllv_epi64(diagonal, _mm512_sub_epi64(_mm512_setzero_si512(), distance)));
}

/* The h1-a8 anti-diagonal moved by 8 * (file + rank - 7) squares. */
__attribute__((target(KERNEL_TARGET), always_inline)) static inline __m512i
anti_diagonal_lines(const struct lane_squares *lanes)
{
    const __m512i anti_diagonal = lane_constant((long long)0x0102040810204080ULL);
    __m512i distance =
        _mm512_sub_epi64(_mm512_add_epi64(_mm512_slli_epi64(lanes->file, 3), lanes->rank8), lane_constant(56));
    return _mm512_or_si512(_mm512_sllv_epi64(anti_diagonal, distance),
                           _mm512_srlv_epi64(anti_diagonal, _mm512_sub_epi64(_mm512_setzero_si512(), distance)));
}

/* The technique: the attacks along `line` in each lane (0 for a lane whose
 * line is 0), defined by the including file. */
__attribute__((target(KERNEL_TARGET), always_inline)) static inline __m512i
line_attacks(const struct lane_squares *lanes, __m512i occupied, __m512i line);

/* Four passes: up to eight sliders, each lane rook-wise, bishop-wise or
 * both as the masks say.  Lanes in neither mask give 0. */
__attribute__((target(KERNEL_TARGET), always_inline)) static inline __m512i
four_line_kernel(__m512i squares, __mmask8 rook_wise, __mmask8 bishop_wise, bitboard occupied)
{
    const struct lane_squares lanes = lane_squares(squares);
    const __m512i board = _mm512_set1_epi64((long long)occupied);
    __m512i attacks = line_attacks(&lanes, board, _mm512_maskz_mov_epi64(rook_wise, rank_lines(&lanes)));
    attacks =
        _mm512_or_si512(attacks, line_attacks(&lanes, board, _mm512_maskz_mov_epi64(rook_wise, file_lines(&lanes))));
    attacks = _mm512_or_si512(attacks,
                              line_attacks(&lanes, board, _mm512_maskz_mov_epi64(bishop_wise, diagonal_lines(&lanes))));
    attacks = _mm512_or_si512(
        attacks, line_attacks(&lanes, board, _mm512_maskz_mov_epi64(bishop_wise, anti_diagonal_lines(&lanes))));
    return _mm512_maskz_andnot_epi64(rook_wise | bishop_wise, lanes.bit, attacks);
}

/* Two passes for a side whose sliders and extra queen lanes fit in eight:
 * lanes [0, n) the sliders, lanes [n, n + q) the queens again, bishop-wise;
 * the first pass takes ranks (rook-wise lanes) or diagonals, the second
 * files or anti-diagonals; then each spare lane is ORed into its queen's. */
__attribute__((target(KERNEL_TARGET), always_inline)) static inline __m512i
two_line_kernel(__m512i squares, int rooks, int bishops, int queens, bitboard occupied)
{
    const int sliders = rooks + bishops + queens;
    const __m512i lane_index = _mm512_setr_epi64(0, 1, 2, 3, 4, 5, 6, 7);
    const __mmask8 live = (__mmask8)((1u << sliders) - 1);
    const __mmask8 spare = (__mmask8)(((1u << (sliders + queens)) - 1) & ~(unsigned)live);
    const __mmask8 rook_wise = (__mmask8)(((1u << rooks) - 1) | (live & ~((1u << (rooks + bishops)) - 1)));
    const __m512i queen_offset = _mm512_set1_epi64(queens);
    /* Spare lane j holds the square of lane j - q, a queen. */
    squares = _mm512_mask_permutexvar_epi64(squares, spare, _mm512_sub_epi64(lane_index, queen_offset), squares);
    const struct lane_squares lanes = lane_squares(squares);
    const __m512i board = _mm512_set1_epi64((long long)occupied);
    __m512i first = _mm512_mask_mov_epi64(diagonal_lines(&lanes), rook_wise, rank_lines(&lanes));
    __m512i second = _mm512_mask_mov_epi64(anti_diagonal_lines(&lanes), rook_wise, file_lines(&lanes));
    __m512i attacks = _mm512_or_si512(line_attacks(&lanes, board, first), line_attacks(&lanes, board, second));
    /* Queen lane j takes spare lane j + q. */
    const __mmask8 queen_lanes = (__mmask8)(live & ~((1u << (rooks + bishops)) - 1));
    __m512i folded = _mm512_maskz_permutexvar_epi64(queen_lanes, _mm512_add_epi64(lane_index, queen_offset), attacks);
    return _mm512_maskz_andnot_epi64(live, lanes.bit, _mm512_or_si512(attacks, folded));
}

/* Eight slider squares from the record's byte list, from `first` on (the
 * list has ATTACKBENCH_SIDE_MAX_SLIDERS bytes, so the load stays inside it). */
__attribute__((target(KERNEL_TARGET), always_inline)) static inline __m512i
load_squares(const struct attackbench_side *side, int first)
{
    return _mm512_cvtepu8_epi64(_mm_loadl_epi64((const __m128i *)(const void *)(side->squares + first)));
}

/* Lanes [from, from + 8) of the rook-wise and bishop-wise masks. */
static inline __mmask8 lane_mask(unsigned mask, int from)
{
    return (__mmask8)(mask >> from);
}

/* The whole side into two blocks of eight lanes: the two-pass kernel, or
 * the four-pass one on sliders 0-7 and 8-15. */
__attribute__((target(KERNEL_TARGET), always_inline)) static inline void
side_kernel(const struct attackbench_side *side, bitboard occupied, __m512i blocks[2])
{
    const int rooks = side->rooks, bishops = side->bishops, queens = side->queens;
    const int sliders = rooks + bishops + queens;
    if (sliders + queens <= 8) {
        blocks[0] = two_line_kernel(load_squares(side, 0), rooks, bishops, queens, occupied);
        blocks[1] = _mm512_setzero_si512();
        return;
    }
    const unsigned live = (1u << sliders) - 1;
    const unsigned rook_wise = ((1u << rooks) - 1) | (live & ~((1u << (rooks + bishops)) - 1));
    const unsigned bishop_wise = live & ~((1u << rooks) - 1);
    blocks[0] = four_line_kernel(load_squares(side, 0), lane_mask(rook_wise, 0), lane_mask(bishop_wise, 0), occupied);
    blocks[1] = four_line_kernel(load_squares(side, 8), lane_mask(rook_wise, 8), lane_mask(bishop_wise, 8), occupied);
}

/* The multi-square entry (include/attackbench/backend.h). */
__attribute__((target(KERNEL_TARGET), always_inline)) static inline void
lanes_side(const struct attackbench_side *side, bitboard occupied, bitboard *attacks)
{
    __m512i blocks[2];
    side_kernel(side, occupied, blocks);
    const unsigned live = (1u << attackbench_side_slider_count(side)) - 1;
    _mm512_mask_storeu_epi64(attacks, (__mmask8)live, blocks[0]);
    _mm512_mask_storeu_epi64(attacks + 8, (__mmask8)(live >> 8), blocks[1]);
}

/* Single lookups: the four-pass kernel with one live lane. */
__attribute__((target(KERNEL_TARGET), always_inline)) static inline bitboard
one_lane(int square, __mmask8 rook_wise, __mmask8 bishop_wise, bitboard occupied)
{
    __m512i attacks = four_line_kernel(_mm512_set1_epi64(square), rook_wise, bishop_wise, occupied);
    return (bitboard)_mm_cvtsi128_si64(_mm512_castsi512_si128(attacks));
}

__attribute__((target(KERNEL_TARGET), always_inline)) static inline bitboard LANES_LOOKUP(rook)(int square,
                                                                                                bitboard occupied)
{
    return one_lane(square, 1, 0, occupied);
}

__attribute__((target(KERNEL_TARGET), always_inline)) static inline bitboard LANES_LOOKUP(bishop)(int square,
                                                                                                  bitboard occupied)
{
    return one_lane(square, 0, 1, occupied);
}

__attribute__((target(KERNEL_TARGET), always_inline)) static inline bitboard LANES_LOOKUP(queen)(int square,
                                                                                                 bitboard occupied)
{
    return one_lane(square, 1, 1, occupied);
}

/* The timed sides pass: each block's lanes added in a vector register (a
 * store of the block and a reload of its words would stall on store
 * forwarding); the other modes go through the shared loop. */
__attribute__((target(KERNEL_TARGET))) ATTACKBENCH_LINE_ALIGNED static uint64_t
lanes_sides_pass(const struct attackbench_run *run)
{
    if (run->mix_results || run->chained || run->pressure_buffer)
        return attackbench_sides_loop(LANES_LOOKUP(rook), LANES_LOOKUP(bishop), LANES_LOOKUP(queen), lanes_side, run);
    __m512i sum = _mm512_setzero_si512();
    ATTACKBENCH_ONE_QUERY_AT_A_TIME
    for (size_t i = 0; i < run->count; i++) {
        __m512i blocks[2];
        side_kernel(&run->sides[i], run->sides[i].occupied, blocks);
        sum = _mm512_add_epi64(sum, _mm512_add_epi64(blocks[0], blocks[1]));
    }
    uint64_t lanes[8];
    _mm512_storeu_si512((void *)lanes, sum);
    return sum_of_lanes(lanes, 8);
}

#endif

/* A side's sliders in AVX2 lanes, a line per lane: the layout of
 * side_lanes.h in four 64-bit lanes per ymm, for AVX2 multi-square kernels
 * of a technique that works along lines (src/backends/hyperbola_lanes_avx2.c).  A slider per lane,
 * a line per lane and pass; a side with n sliders and q queens needs n + q
 * lanes (a queen's diagonals ride in a spare lane, folded back after), so
 * when n + q <= 8 two passes over one or two ymm serve it, the usual case
 * in games; a larger side takes four passes over each four sliders.
 *
 * AVX2 has no mask registers: a lane's role (rook-wise, queen, live) is a
 * lane of all ones from a compare, lines are chosen by blends and cleared
 * by ANDs.  The queen fold moves lanes with VPERMD within each ymm and a
 * blend between the two.  The variable shifts (VPSLLVQ, VPSRLVQ) give 0
 * for a count of 64 or more, as in AVX-512, which the diagonals rely on.
 *
 * The including file defines LANES_BACKEND (its BACKEND id) and
 * KERNEL_TARGET (its target attribute string) before including this, then
 * line_attacks(), the per-line technique.  Everything here is static.
 * This is explicit multi-query SIMD, the kind the one-query-at-a-time
 * rule (include/attackbench_plugin_loops.h) keeps out of every other loop. */
#ifndef ATTACKBENCH_SIDE_LANES_AVX2_H
#define ATTACKBENCH_SIDE_LANES_AVX2_H

#include <immintrin.h>
#include <string.h>

#include "attackbench/loops.h"

/* The single lookups are named after the including backend, which
 * defines LANES_BACKEND (its BACKEND id) before including this: they are
 * LANES_BACKEND_rook, _bishop and _queen, as BACKEND expects. */
#define LANES_LOOKUP(PIECE) LANES_LOOKUP_NAMED(LANES_BACKEND, PIECE)
#define LANES_LOOKUP_NAMED(ID, PIECE) LANES_LOOKUP_PASTED(ID, PIECE)
#define LANES_LOOKUP_PASTED(ID, PIECE) ID##_##PIECE

#define LANE_FUNCTION __attribute__((target(KERNEL_TARGET), always_inline)) static inline

/* The vectors the passes use, built once and passed down rather than
 * written where they are used: the sides pass hides them from the
 * compiler before its loop (hide_lane_constants), so that they stay in
 * registers.  gcc 12 otherwise rebuilt eleven of them in every iteration,
 * a MOV and a VPBROADCASTQ each (docs/findings.md).  `line` holds the
 * technique's own (struct line_constants and line_constants(), defined
 * by the including file before it includes this). */
LANE_FUNCTION struct line_constants line_constants(void);
LANE_FUNCTION void hide_line_constants(struct line_constants *constants);

struct lane_constants {
    __m256i square_mask, file_mask, rank_mask, one, rank_one, file_a, diagonal, anti_diagonal;
    __m256i lane_index, lane_index_reversed, dword_index, dword_seven;
    struct line_constants line;
};

LANE_FUNCTION struct lane_constants lane_constants(void)
{
    struct lane_constants constants;
    constants.square_mask = _mm256_set1_epi64x(63);
    constants.file_mask = _mm256_set1_epi64x(7);
    constants.rank_mask = _mm256_set1_epi64x(56);
    constants.one = _mm256_set1_epi64x(1);
    constants.rank_one = _mm256_set1_epi64x(0xFF);
    constants.file_a = _mm256_set1_epi64x((long long)FILE_A);
    constants.diagonal = _mm256_set1_epi64x((long long)0x8040201008040201ULL);
    constants.anti_diagonal = _mm256_set1_epi64x((long long)0x0102040810204080ULL);
    constants.lane_index = _mm256_setr_epi64x(0, 1, 2, 3);
    constants.lane_index_reversed = _mm256_setr_epi64x(3, 2, 1, 0);
    constants.dword_index = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    constants.dword_seven = _mm256_set1_epi32(7);
    constants.line = line_constants();
    return constants;
}

/* An empty asm per vector: the compiler no longer knows their values, so
 * it cannot rebuild them inside a loop, only keep or reload them. */
#define HIDE_VECTOR(vector) __asm__("" : "+v"(vector))

LANE_FUNCTION void hide_lane_constants(struct lane_constants *constants)
{
    HIDE_VECTOR(constants->square_mask);
    HIDE_VECTOR(constants->file_mask);
    HIDE_VECTOR(constants->rank_mask);
    HIDE_VECTOR(constants->one);
    HIDE_VECTOR(constants->rank_one);
    HIDE_VECTOR(constants->file_a);
    HIDE_VECTOR(constants->diagonal);
    HIDE_VECTOR(constants->anti_diagonal);
    HIDE_VECTOR(constants->lane_index);
    HIDE_VECTOR(constants->lane_index_reversed);
    HIDE_VECTOR(constants->dword_index);
    HIDE_VECTOR(constants->dword_seven);
    hide_line_constants(&constants->line);
}

/* Each lane's slider: its bit, its square, its file and 8 * its rank. */
struct lane_squares {
    __m256i bit, square, file, rank8;
};

LANE_FUNCTION struct lane_squares lane_squares(__m256i squares, const struct lane_constants *constants)
{
    struct lane_squares lanes;
    lanes.square = _mm256_and_si256(squares, constants->square_mask);
    lanes.bit = _mm256_sllv_epi64(constants->one, lanes.square);
    lanes.file = _mm256_and_si256(squares, constants->file_mask);
    lanes.rank8 = _mm256_and_si256(squares, constants->rank_mask);
    return lanes;
}

LANE_FUNCTION __m256i rank_lines(const struct lane_squares *lanes, const struct lane_constants *constants)
{
    return _mm256_sllv_epi64(constants->rank_one, lanes->rank8);
}

LANE_FUNCTION __m256i file_lines(const struct lane_squares *lanes, const struct lane_constants *constants)
{
    return _mm256_sllv_epi64(constants->file_a, lanes->file);
}

/* The a1-h8 diagonal moved by 8 * (file - rank) squares, right or left
 * (one of the two shifts is by 64 or more and gives 0). */
LANE_FUNCTION __m256i diagonal_lines(const struct lane_squares *lanes, const struct lane_constants *constants)
{
    const __m256i diagonal = constants->diagonal;
    __m256i distance = _mm256_sub_epi64(_mm256_slli_epi64(lanes->file, 3), lanes->rank8);
    return _mm256_or_si256(_mm256_srlv_epi64(diagonal, distance),
                           _mm256_sllv_epi64(diagonal, _mm256_sub_epi64(_mm256_setzero_si256(), distance)));
}

/* The h1-a8 anti-diagonal moved by 8 * (file + rank - 7) squares. */
LANE_FUNCTION __m256i anti_diagonal_lines(const struct lane_squares *lanes, const struct lane_constants *constants)
{
    const __m256i anti_diagonal = constants->anti_diagonal;
    __m256i distance =
        _mm256_sub_epi64(_mm256_add_epi64(_mm256_slli_epi64(lanes->file, 3), lanes->rank8), constants->rank_mask);
    return _mm256_or_si256(_mm256_sllv_epi64(anti_diagonal, distance),
                           _mm256_srlv_epi64(anti_diagonal, _mm256_sub_epi64(_mm256_setzero_si256(), distance)));
}

/* The technique: the attacks along `line` in each lane, the slider's own
 * square left out or not (0 for a lane whose line is 0); `ranks`, a
 * constant, is 0 when no lane's line is a rank (every line then has at
 * most one square per rank, so a byte swap reverses it).  Defined by the
 * including file. */
LANE_FUNCTION __m256i line_attacks(const struct lane_constants *constants, const struct lane_squares *lanes,
                                   __m256i occupied, __m256i line, const int ranks);

/* All ones in the lanes whose index is below `limit`. */
LANE_FUNCTION __m256i lanes_below(__m256i index, int limit)
{
    return _mm256_cmpgt_epi64(_mm256_set1_epi64x(limit), index);
}

/* The roles of lanes [first, first + 4) when the lanes list the rooks,
 * the bishops, the queens, then (two-pass layout) the queens again. */
struct lane_roles {
    __m256i rook_wise, bishop_wise, queen, live;
};

LANE_FUNCTION struct lane_roles lane_roles(int first, int rooks, int bishops, int queens, int spares,
                                           const struct lane_constants *constants)
{
    const __m256i index = _mm256_add_epi64(constants->lane_index, _mm256_set1_epi64x(first));
    const int sliders = rooks + bishops + queens;
    struct lane_roles roles;
    roles.live = lanes_below(index, sliders);
    roles.queen = _mm256_andnot_si256(lanes_below(index, rooks + bishops), roles.live);
    roles.rook_wise = _mm256_or_si256(lanes_below(index, rooks), roles.queen);
    roles.bishop_wise = _mm256_andnot_si256(lanes_below(index, rooks), lanes_below(index, sliders + spares));
    return roles;
}

/* Two passes over four lanes: ranks then files in rook-wise lanes,
 * diagonals then anti-diagonals in the others; the slider left out. */
LANE_FUNCTION __m256i two_line_block(__m256i squares, __m256i rook_wise, __m256i board,
                                     const struct lane_constants *constants)
{
    const struct lane_squares lanes = lane_squares(squares, constants);
    const __m256i first =
        _mm256_blendv_epi8(diagonal_lines(&lanes, constants), rank_lines(&lanes, constants), rook_wise);
    const __m256i second =
        _mm256_blendv_epi8(anti_diagonal_lines(&lanes, constants), file_lines(&lanes, constants), rook_wise);
    __m256i attacks = _mm256_or_si256(line_attacks(constants, &lanes, board, first, 1),
                                      line_attacks(constants, &lanes, board, second, 0));
    return _mm256_andnot_si256(lanes.bit, attacks);
}

/* The lane squares of the two-pass layout as bytes: the record's sliders,
 * then its queens (the last q) again.  Needs sliders + queens <= 8. */
static inline uint64_t two_pass_square_bytes(const struct attackbench_side *side, int sliders, int queens)
{
    uint64_t listed;
    memcpy(&listed, side->squares, sizeof listed);
    const uint64_t kept = ((1ULL << (4 * sliders)) << (4 * sliders)) - 1; /* no shift by 64 */
    return (listed & kept) | ((listed << (8 * queens)) & ~kept);
}

LANE_FUNCTION __m256i bytes_to_lanes(uint64_t bytes)
{
    return _mm256_cvtepu8_epi64(_mm_cvtsi32_si128((int)(uint32_t)bytes));
}

/* Queen lane k takes lane k + q (its diagonals): the eight lanes of the
 * two blocks moved down by q lanes, VPERMD rotating each block and a
 * blend taking, for the low block's top lanes, the high block's. */
LANE_FUNCTION void fold_queens(__m256i blocks[2], int queens, const struct lane_roles roles[2],
                               const struct lane_constants *constants)
{
    const __m256i rotation = _mm256_and_si256(_mm256_add_epi32(constants->dword_index, _mm256_set1_epi32(2 * queens)),
                                              constants->dword_seven);
    const __m256i from_high = _mm256_cmpgt_epi64(_mm256_set1_epi64x(queens), constants->lane_index_reversed);
    const __m256i low = _mm256_permutevar8x32_epi32(blocks[0], rotation);
    const __m256i high = _mm256_permutevar8x32_epi32(blocks[1], rotation);
    blocks[0] = _mm256_or_si256(blocks[0], _mm256_and_si256(_mm256_blendv_epi8(low, high, from_high), roles[0].queen));
    blocks[1] = _mm256_or_si256(blocks[1], _mm256_and_si256(high, roles[1].queen));
}

/* A side whose sliders and extra queen lanes fit in eight: two passes
 * over the first four lanes and, when there are more, the next four. */
LANE_FUNCTION void two_line_kernel(const struct attackbench_side *side, int rooks, int bishops, int queens,
                                   bitboard occupied, __m256i blocks[2], const struct lane_constants *constants)
{
    const int sliders = rooks + bishops + queens;
    const uint64_t bytes = two_pass_square_bytes(side, sliders, queens);
    const __m256i board = _mm256_set1_epi64x((long long)occupied);
    struct lane_roles roles[2] = {lane_roles(0, rooks, bishops, queens, queens, constants),
                                  lane_roles(4, rooks, bishops, queens, queens, constants)};
    blocks[0] = two_line_block(bytes_to_lanes(bytes), roles[0].rook_wise, board, constants);
    blocks[1] = sliders + queens > 4 ? two_line_block(bytes_to_lanes(bytes >> 32), roles[1].rook_wise, board, constants)
                                     : _mm256_setzero_si256();
    fold_queens(blocks, queens, roles, constants);
    blocks[0] = _mm256_and_si256(blocks[0], roles[0].live);
    blocks[1] = _mm256_and_si256(blocks[1], roles[1].live);
}

/* Four passes over four sliders, each lane rook-wise, bishop-wise or both
 * as the roles say; lanes in neither give 0. */
LANE_FUNCTION __m256i four_line_block(__m256i squares, struct lane_roles roles, __m256i board,
                                      const struct lane_constants *constants)
{
    const struct lane_squares lanes = lane_squares(squares, constants);
    const __m256i rook_wise = roles.rook_wise, bishop_wise = roles.bishop_wise;
    __m256i attacks =
        line_attacks(constants, &lanes, board, _mm256_and_si256(rook_wise, rank_lines(&lanes, constants)), 1);
    attacks = _mm256_or_si256(
        attacks, line_attacks(constants, &lanes, board, _mm256_and_si256(rook_wise, file_lines(&lanes, constants)), 0));
    attacks =
        _mm256_or_si256(attacks, line_attacks(constants, &lanes, board,
                                              _mm256_and_si256(bishop_wise, diagonal_lines(&lanes, constants)), 0));
    attacks = _mm256_or_si256(attacks,
                              line_attacks(constants, &lanes, board,
                                           _mm256_and_si256(bishop_wise, anti_diagonal_lines(&lanes, constants)), 0));
    return _mm256_andnot_si256(lanes.bit, _mm256_and_si256(attacks, roles.live));
}

/* Block `block` (sliders 4 * block on) of a side too large for two
 * passes: four passes over its four sliders. */
LANE_FUNCTION __m256i large_side_block(const struct attackbench_side *side, int block, __m256i board,
                                       const struct lane_constants *constants)
{
    uint32_t bytes;
    memcpy(&bytes, side->squares + 4 * block, sizeof bytes);
    return four_line_block(bytes_to_lanes(bytes),
                           lane_roles(4 * block, side->rooks, side->bishops, side->queens, 0, constants), board,
                           constants);
}

/* The lane-wise sum of a side's attack sets (the timed pass): the
 * two-pass kernel, or the four-pass one on each four sliders. */
LANE_FUNCTION __m256i side_lane_sum(const struct attackbench_side *side, bitboard occupied,
                                    const struct lane_constants *constants)
{
    const int rooks = side->rooks, bishops = side->bishops, queens = side->queens;
    const int sliders = rooks + bishops + queens;
    __m256i blocks[2];
    if (sliders + queens <= 8) {
        two_line_kernel(side, rooks, bishops, queens, occupied, blocks, constants);
        return _mm256_add_epi64(blocks[0], blocks[1]);
    }
    const __m256i board = _mm256_set1_epi64x((long long)occupied);
    __m256i sum = _mm256_setzero_si256();
    for (int block = 0; 4 * block < sliders; block++)
        sum = _mm256_add_epi64(sum, large_side_block(side, block, board, constants));
    return sum;
}

/* The multi-square entry (include/attackbench/backend.h): the same kernels, only the
 * live lanes stored. */
LANE_FUNCTION void lanes_side(const struct attackbench_side *side, bitboard occupied, bitboard *attacks)
{
    const int rooks = side->rooks, bishops = side->bishops, queens = side->queens;
    const int sliders = rooks + bishops + queens;
    const struct lane_constants constants = lane_constants();
    const __m256i index = constants.lane_index;
    if (sliders + queens <= 8) {
        __m256i blocks[2];
        two_line_kernel(side, rooks, bishops, queens, occupied, blocks, &constants);
        _mm256_maskstore_epi64((long long *)(void *)attacks, lanes_below(index, sliders), blocks[0]);
        _mm256_maskstore_epi64((long long *)(void *)(attacks + 4), lanes_below(index, sliders - 4), blocks[1]);
        return;
    }
    const __m256i board = _mm256_set1_epi64x((long long)occupied);
    for (int block = 0; 4 * block < sliders; block++)
        _mm256_maskstore_epi64((long long *)(void *)(attacks + 4 * block), lanes_below(index, sliders - 4 * block),
                               large_side_block(side, block, board, &constants));
}

/* Single lookups: the query's lines side by side, one per lane (rank,
 * file, diagonal, anti-diagonal; a rook keeps the first two, a bishop the
 * last two), one pass, the lanes ORed. */
LANE_FUNCTION bitboard one_query(int square, bitboard occupied, __m256i kept_lines, const int ranks)
{
    /* The empty asm hides that the four lanes hold one square: clang 14
     * then shifted by one count, VPSLLQ ymm by xmm, two uops on Intel
     * with one on the shuffle port the VPSHUFBs need (docs/findings.md). */
    __m256i squares = _mm256_set1_epi64x(square);
    __asm__("" : "+x"(squares));
    const struct lane_constants constants = lane_constants();
    const struct lane_squares lanes = lane_squares(squares, &constants);
    const __m256i orthogonal = _mm256_blend_epi32(rank_lines(&lanes, &constants), file_lines(&lanes, &constants), 0x0C);
    const __m256i diagonal =
        _mm256_blend_epi32(diagonal_lines(&lanes, &constants), anti_diagonal_lines(&lanes, &constants), 0xC0);
    const __m256i lines = _mm256_and_si256(_mm256_blend_epi32(orthogonal, diagonal, 0xF0), kept_lines);
    const __m256i board = _mm256_set1_epi64x((long long)occupied);
    const __m256i attacks = _mm256_andnot_si256(lanes.bit, line_attacks(&constants, &lanes, board, lines, ranks));
    __m128i half = _mm_or_si128(_mm256_castsi256_si128(attacks), _mm256_extracti128_si256(attacks, 1));
    return (bitboard)_mm_cvtsi128_si64(_mm_or_si128(half, _mm_unpackhi_epi64(half, half)));
}

LANE_FUNCTION bitboard LANES_LOOKUP(rook)(int square, bitboard occupied)
{
    return one_query(square, occupied, _mm256_setr_epi64x(-1, -1, 0, 0), 1);
}

LANE_FUNCTION bitboard LANES_LOOKUP(bishop)(int square, bitboard occupied)
{
    return one_query(square, occupied, _mm256_setr_epi64x(0, 0, -1, -1), 0);
}

LANE_FUNCTION bitboard LANES_LOOKUP(queen)(int square, bitboard occupied)
{
    return one_query(square, occupied, _mm256_set1_epi64x(-1), 1);
}

/* The timed sides pass: the blocks added in a vector register; the other
 * modes go through the shared loop. */
__attribute__((target(KERNEL_TARGET))) ATTACKBENCH_LINE_ALIGNED static uint64_t
lanes_sides_pass(const struct attackbench_run *run)
{
    if (run->mix_results || run->chained || run->pressure_buffer)
        return attackbench_sides_loop(LANES_LOOKUP(rook), LANES_LOOKUP(bishop), LANES_LOOKUP(queen), lanes_side, run);
    struct lane_constants constants = lane_constants();
    hide_lane_constants(&constants);
    __m256i sum = _mm256_setzero_si256();
    ATTACKBENCH_ONE_QUERY_AT_A_TIME
    for (size_t i = 0; i < run->count; i++)
        sum = _mm256_add_epi64(sum, side_lane_sum(&run->sides[i], run->sides[i].occupied, &constants));
    __m128i half = _mm_add_epi64(_mm256_castsi256_si128(sum), _mm256_extracti128_si256(sum, 1));
    return (uint64_t)_mm_cvtsi128_si64(_mm_add_epi64(half, _mm_unpackhi_epi64(half, half)));
}

#endif

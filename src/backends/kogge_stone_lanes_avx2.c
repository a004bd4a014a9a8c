/* Kogge-Stone in AVX2 lanes: the multi-square kernel of kogge-stone-lanes
 * for CPUs with AVX2 and no AVX-512, four sliders per ymm (one, two or four
 * ymm as the side needs), the eight directions in turn.  Each direction's
 * propagators depend on the board alone, so they are computed once (four
 * directions a ymm, or in general registers: PROPAGATORS) and spread to
 * every lane; a lane only advances its slider by steps of 1, 2 and 4
 * squares (an immediate shift, an AND and an OR each, AVX2 having no
 * VPTERNLOGQ) and takes one more step onto the blocker.  Rook-wise lanes take the orthogonal directions, bishop-wise
 * lanes the diagonal ones, a queen's lane both; shifts and the file masks
 * of the seed keep the fills from wrapping.  No tables.  Single lookups put
 * a query's directions in the lanes instead.
 * Sources: seed 002_0262fda5460adf24.txt ("Comparison with Kogge-Stone");
 * Chessprogramming wiki "Kogge-Stone Algorithm" (Steffan Westcott). */
#if defined(__x86_64__)
#include <immintrin.h>
#include <string.h>

#include "attackbench/loops.h"

#define KERNEL_TARGET "avx2"
#define FILL_FUNCTION __attribute__((target(KERNEL_TARGET), always_inline)) static inline

enum { MAX_BLOCKS = ATTACKBENCH_SIDE_MAX_SLIDERS / 4 };
/* The loops over a side's blocks run a constant 1, 2 or 4 times; unrolled,
 * the blocks stay in registers.  clang 14 unrolled them under "GCC unroll"
 * only after it had placed the arrays of blocks on the stack (927 stack
 * references in the sides pass, 124 with "unroll(full)"). */
#if defined(__clang__)
#define BLOCKS_UNROLLED _Pragma("clang loop unroll(full)")
#else
#define BLOCKS_UNROLLED _Pragma("GCC unroll 4")
#endif

/* One step of every block's generators: generator | (propagator & moved),
 * `spread` the propagator in every lane. */
FILL_FUNCTION void grow(__m256i *generators, const int blocks, __m256i spread, const int shift)
{
    BLOCKS_UNROLLED
    for (int block = 0; block < blocks; block++) {
        const __m256i moved =
            shift > 0 ? _mm256_slli_epi64(generators[block], shift) : _mm256_srli_epi64(generators[block], -shift);
        generators[block] = _mm256_or_si256(generators[block], _mm256_and_si256(spread, moved));
    }
}

/* One direction's propagators: the lane `lane` of each of four directions'
 * (propagators[0], doubled [1], quadrupled [2], landing [3]) spread to
 * every lane. */
#define LANE_SPREAD(vector, lane) _mm256_permute4x64_epi64((vector), (lane)*0x55)

/* One direction, `shift` squares a step (negative: downwards), for every
 * block: the attacks ORed into attacks[].  `propagators` holds this
 * direction's propagator, doubled and quadrupled propagators and landing
 * squares, each spread to every lane; `shift` is a constant after
 * inlining. */
FILL_FUNCTION void fill(const __m256i *sliders, __m256i *attacks, const int blocks, const __m256i *propagators,
                        const int shift)
{
    __m256i generators[MAX_BLOCKS];
    BLOCKS_UNROLLED
    for (int block = 0; block < blocks; block++)
        generators[block] = sliders[block];
    grow(generators, blocks, propagators[0], shift);
    grow(generators, blocks, propagators[1], 2 * shift);
    grow(generators, blocks, propagators[2], 4 * shift);
    BLOCKS_UNROLLED
    for (int block = 0; block < blocks; block++) {
        const __m256i moved =
            shift > 0 ? _mm256_slli_epi64(generators[block], shift) : _mm256_srli_epi64(generators[block], -shift);
        attacks[block] = _mm256_or_si256(attacks[block], _mm256_and_si256(moved, propagators[3]));
    }
}

/* Four directions' propagators at once, a direction a lane, each lane
 * stepping by its own count (upward or downward, a constant), into
 * out[0..2]; out[3] is `landing`. */
FILL_FUNCTION void four_propagators(__m256i empty, __m256i steps, __m256i landing, const int upward, __m256i *out)
{
    const __m256i steps2 = _mm256_add_epi64(steps, steps);
    out[0] = _mm256_and_si256(empty, landing);
    out[1] = _mm256_and_si256(out[0], upward ? _mm256_sllv_epi64(out[0], steps) : _mm256_srlv_epi64(out[0], steps));
    out[2] = _mm256_and_si256(out[1], upward ? _mm256_sllv_epi64(out[1], steps2) : _mm256_srlv_epi64(out[1], steps2));
    out[3] = landing;
}

/* Lane `lane` (a literal) of each of four directions' propagators,
 * spread: an immediate operand, so a macro. */
#define DIRECTION_PROPAGATORS(four, lane, out) \
    do { \
        for (int i = 0; i < 4; i++) \
            (out)[i] = LANE_SPREAD((four)[i], lane); \
    } while (0)

/* One direction's propagators computed in general registers and each
 * broadcast, the form clang 14 runs fastest. */
FILL_FUNCTION void scalar_propagators(bitboard empty, const int shift, bitboard landing, __m256i *out)
{
    const bitboard propagator = empty & landing;
    const bitboard doubled = propagator & (shift > 0 ? propagator << shift : propagator >> -shift);
    const bitboard quadrupled = doubled & (shift > 0 ? doubled << 2 * shift : doubled >> -2 * shift);
    out[0] = _mm256_set1_epi64x((long long)propagator);
    out[1] = _mm256_set1_epi64x((long long)doubled);
    out[2] = _mm256_set1_epi64x((long long)quadrupled);
    out[3] = _mm256_set1_epi64x((long long)landing);
}

/* Where the propagators are made, chosen by measurement (sides, Zen 5,
 * docs/findings.md): gcc 12 runs 1.07 times faster with the propagators of
 * four directions computed in one ymm and spread, clang 14 1.15 times
 * slower; so gcc builds take the vector form and clang the general
 * registers.  The lane of the vector form and the shift and landing
 * squares of the other name the same direction. */
#if defined(__clang__)
#define PROPAGATORS(four, lane, shift, landing, out) scalar_propagators(~occupied, shift, landing, out)
#else
#define PROPAGATORS(four, lane, shift, landing, out) DIRECTION_PROPAGATORS(four, lane, out)
#endif

/* The eight directions: rook-wise sliders north (+8), south, east (+1)
 * and west; bishop-wise sliders north-east (+9), north-west (+7),
 * south-west and south-east.  In the vector form the four upward
 * directions are the lanes of one ymm and the four downward ones those of
 * another, in that order. */
FILL_FUNCTION void eight_directions(const __m256i *rook_wise, const __m256i *bishop_wise, __m256i *attacks,
                                    const int blocks, bitboard occupied)
{
    const __m256i empty = _mm256_set1_epi64x((long long)~occupied);
    const __m256i steps = _mm256_setr_epi64x(8, 1, 9, 7);
    __m256i up[4], down[4], direction[4];
    four_propagators(empty, steps, _mm256_setr_epi64x(-1, (long long)~FILE_A, (long long)~FILE_A, (long long)~FILE_H),
                     1, up);
    four_propagators(empty, steps, _mm256_setr_epi64x(-1, (long long)~FILE_H, (long long)~FILE_H, (long long)~FILE_A),
                     0, down);
    BLOCKS_UNROLLED
    for (int block = 0; block < blocks; block++)
        attacks[block] = _mm256_setzero_si256();
    PROPAGATORS(up, 0, 8, ~0ULL, direction);
    fill(rook_wise, attacks, blocks, direction, 8);
    PROPAGATORS(down, 0, -8, ~0ULL, direction);
    fill(rook_wise, attacks, blocks, direction, -8);
    PROPAGATORS(up, 1, 1, ~FILE_A, direction);
    fill(rook_wise, attacks, blocks, direction, 1);
    PROPAGATORS(down, 1, -1, ~FILE_H, direction);
    fill(rook_wise, attacks, blocks, direction, -1);
    PROPAGATORS(up, 2, 9, ~FILE_A, direction);
    fill(bishop_wise, attacks, blocks, direction, 9);
    PROPAGATORS(up, 3, 7, ~FILE_H, direction);
    fill(bishop_wise, attacks, blocks, direction, 7);
    PROPAGATORS(down, 2, -9, ~FILE_H, direction);
    fill(bishop_wise, attacks, blocks, direction, -9);
    PROPAGATORS(down, 3, -7, ~FILE_A, direction);
    fill(bishop_wise, attacks, blocks, direction, -7);
}

/* `board` in the lanes of block `block` whose bit is set in `bits`, zero
 * in the others: by a mask register where the build has AVX-512 VL (gcc's
 * sides 0.933 of the time of the compare's, by attackbench ab on a Zen 5;
 * docs/findings.md), else by a compare of the bits spread to every lane. */
FILL_FUNCTION __m256i kept_lanes(__m256i board, unsigned bits, int block)
{
#if defined(__AVX512VL__)
    return _mm256_maskz_mov_epi64((__mmask8)((bits >> (4 * block)) & 15), board);
#else
    const __m256i lane_bits = _mm256_setr_epi64x(1, 2, 4, 8);
    const __m256i spread = _mm256_set1_epi64x((long long)((bits >> (4 * block)) & 15));
    return _mm256_and_si256(board, _mm256_cmpeq_epi64(_mm256_and_si256(spread, lane_bits), lane_bits));
#endif
}

/* The first `blocks` blocks of four sliders of a side, into attacks[]. */
FILL_FUNCTION void side_blocks(const struct attackbench_side *side, bitboard occupied, __m256i *attacks,
                               const int blocks)
{
    const unsigned rooks = side->rooks, bishops = side->bishops, sliders = rooks + bishops + side->queens;
    const unsigned live = (1u << sliders) - 1, queens = live & ~((1u << (rooks + bishops)) - 1);
    const unsigned rook_bits = ((1u << rooks) - 1) | queens, bishop_bits = live & ~((1u << rooks) - 1);
    __m256i rook_wise[MAX_BLOCKS], bishop_wise[MAX_BLOCKS];
    BLOCKS_UNROLLED
    for (int block = 0; block < blocks; block++) {
        uint32_t bytes;
        memcpy(&bytes, side->squares + 4 * block, sizeof bytes);
        const __m256i squares = _mm256_cvtepu8_epi64(_mm_cvtsi32_si128((int)bytes));
        const __m256i bits = _mm256_sllv_epi64(_mm256_set1_epi64x(1), squares);
        rook_wise[block] = kept_lanes(bits, rook_bits, block);
        bishop_wise[block] = kept_lanes(bits, bishop_bits, block);
    }
    eight_directions(rook_wise, bishop_wise, attacks, blocks, occupied);
}

/* The lane-wise sum of a side's attack sets (the timed pass): one, two
 * or four blocks as its sliders need. */
FILL_FUNCTION __m256i side_lane_sum(const struct attackbench_side *side, bitboard occupied)
{
    const int sliders = attackbench_side_slider_count(side);
    __m256i attacks[MAX_BLOCKS];
    if (sliders <= 4) {
        side_blocks(side, occupied, attacks, 1);
        return attacks[0];
    }
    if (sliders <= 8) {
        side_blocks(side, occupied, attacks, 2);
        return _mm256_add_epi64(attacks[0], attacks[1]);
    }
    side_blocks(side, occupied, attacks, MAX_BLOCKS);
    return _mm256_add_epi64(_mm256_add_epi64(attacks[0], attacks[1]), _mm256_add_epi64(attacks[2], attacks[3]));
}

/* The multi-square entry (include/attackbench/backend.h): only the live lanes are
 * stored. */
FILL_FUNCTION void store_blocks(const __m256i *attacks, const int blocks, int sliders, bitboard *out)
{
    const __m256i index = _mm256_setr_epi64x(0, 1, 2, 3);
    BLOCKS_UNROLLED
    for (int block = 0; block < blocks; block++)
        _mm256_maskstore_epi64((long long *)(void *)(out + 4 * block),
                               _mm256_cmpgt_epi64(_mm256_set1_epi64x(sliders - 4 * block), index), attacks[block]);
}

FILL_FUNCTION void lanes_side(const struct attackbench_side *side, bitboard occupied, bitboard *out)
{
    const int sliders = attackbench_side_slider_count(side);
    __m256i attacks[MAX_BLOCKS];
    if (sliders <= 4) {
        side_blocks(side, occupied, attacks, 1);
        store_blocks(attacks, 1, sliders, out);
    } else if (sliders <= 8) {
        side_blocks(side, occupied, attacks, 2);
        store_blocks(attacks, 2, sliders, out);
    } else {
        side_blocks(side, occupied, attacks, MAX_BLOCKS);
        store_blocks(attacks, MAX_BLOCKS, sliders, out);
    }
}

/* ---- Single lookups: a query's directions side by side in the lanes
 * (as hyperbola-lanes-avx2's single lookups put a query's lines in its
 * lanes), the four upward ones in one ymm and the four downward ones in
 * another, each lane stepping by its own count: north +8, east +1,
 * north-east +9, north-west +7, and the same counts down.  A rook keeps
 * the first two lanes of each, a bishop the last two.  The kernel run
 * with one slider in one lane was eight directions in turn; clang 14
 * paired them in xmm lanes itself and gcc 12 did not, 1.2 times slower. */
/* Every lane moved by its own count, up or down (`upward`, a constant). */
FILL_FUNCTION __m256i stepped(__m256i board, __m256i counts, const int upward)
{
    return upward ? _mm256_sllv_epi64(board, counts) : _mm256_srlv_epi64(board, counts);
}

/* The kernel's steps of 1, 2 and 4 and the step onto the blocker, each
 * lane in its own direction. */
FILL_FUNCTION __m256i four_directions(__m256i sliders, __m256i empty, __m256i steps, __m256i landing, const int upward)
{
    const __m256i steps2 = _mm256_add_epi64(steps, steps), steps4 = _mm256_add_epi64(steps2, steps2);
    const __m256i propagator = _mm256_and_si256(empty, landing);
    const __m256i doubled = _mm256_and_si256(propagator, stepped(propagator, steps, upward));
    const __m256i quadrupled = _mm256_and_si256(doubled, stepped(doubled, steps2, upward));
    __m256i generator = sliders;
    generator = _mm256_or_si256(generator, _mm256_and_si256(propagator, stepped(generator, steps, upward)));
    generator = _mm256_or_si256(generator, _mm256_and_si256(doubled, stepped(generator, steps2, upward)));
    generator = _mm256_or_si256(generator, _mm256_and_si256(quadrupled, stepped(generator, steps4, upward)));
    return _mm256_and_si256(stepped(generator, steps, upward), landing);
}

/* `kept` is all ones in the lanes of the piece's directions. */
FILL_FUNCTION bitboard one_query(int square, bitboard occupied, __m256i kept)
{
    const __m256i steps = _mm256_setr_epi64x(8, 1, 9, 7);
    const __m256i landing_up = _mm256_setr_epi64x(-1, (long long)~FILE_A, (long long)~FILE_A, (long long)~FILE_H);
    const __m256i landing_down = _mm256_setr_epi64x(-1, (long long)~FILE_H, (long long)~FILE_H, (long long)~FILE_A);
    const __m256i sliders = _mm256_and_si256(_mm256_set1_epi64x((long long)square_bit(square)), kept);
    const __m256i empty = _mm256_set1_epi64x((long long)~occupied);
    const __m256i attacks = _mm256_or_si256(four_directions(sliders, empty, steps, landing_up, 1),
                                            four_directions(sliders, empty, steps, landing_down, 0));
    const __m128i half = _mm_or_si128(_mm256_castsi256_si128(attacks), _mm256_extracti128_si256(attacks, 1));
    return (bitboard)_mm_cvtsi128_si64(_mm_or_si128(half, _mm_unpackhi_epi64(half, half)));
}

FILL_FUNCTION bitboard kogge_stone_lanes_avx2_rook(int square, bitboard occupied)
{
    return one_query(square, occupied, _mm256_setr_epi64x(-1, -1, 0, 0));
}

FILL_FUNCTION bitboard kogge_stone_lanes_avx2_bishop(int square, bitboard occupied)
{
    return one_query(square, occupied, _mm256_setr_epi64x(0, 0, -1, -1));
}

FILL_FUNCTION bitboard kogge_stone_lanes_avx2_queen(int square, bitboard occupied)
{
    return one_query(square, occupied, _mm256_set1_epi64x(-1));
}

/* The timed sides pass: the lanes added in a vector register; the other
 * modes go through the shared loop. */
__attribute__((target(KERNEL_TARGET))) ATTACKBENCH_LINE_ALIGNED static uint64_t
lanes_sides_pass(const struct attackbench_run *run)
{
    if (run->mix_results || run->chained || run->pressure_buffer)
        return attackbench_sides_loop(kogge_stone_lanes_avx2_rook, kogge_stone_lanes_avx2_bishop,
                                      kogge_stone_lanes_avx2_queen, lanes_side, run);
    __m256i sum = _mm256_setzero_si256();
    ATTACKBENCH_ONE_QUERY_AT_A_TIME
    for (size_t i = 0; i < run->count; i++)
        sum = _mm256_add_epi64(sum, side_lane_sum(&run->sides[i], run->sides[i].occupied));
    __m128i half = _mm_add_epi64(_mm256_castsi256_si128(sum), _mm256_extracti128_si256(sum, 1));
    return (uint64_t)_mm_cvtsi128_si64(_mm_add_epi64(half, _mm_unpackhi_epi64(half, half)));
}

BACKEND(kogge_stone_lanes_avx2, "kogge-stone-lanes-avx2",
        "multi-square AVX2 kernel: a side's sliders in 4-lane ymm, Kogge-Stone fills with shared propagators",
        "seed 002 (CPW Dumb7Fill vs Kogge-Stone); CPW Kogge-Stone Algorithm", TARGET(KERNEL_TARGET),
        .side_attacks = lanes_side, .sides_loop = lanes_sides_pass)
#else
#include "attackbench/loops.h"

BACKEND_NOT_ON_THIS_ARCHITECTURE(kogge_stone_lanes_avx2, "kogge-stone-lanes-avx2", "x86-64 only: AVX2")
#endif

/* Kogge-Stone in AVX2 lanes: the multi-square kernel of kogge-stone-lanes
 * for CPUs with AVX2 and no AVX-512, with a direction, not a slider, in
 * each lane.  The four upward directions (north +8, east +1, north-east
 * +9, north-west +7) are the lanes of one ymm and the four downward ones
 * those of another, each lane stepping by its own count (VPSLLVQ,
 * VPSRLVQ).  A side's propagators depend on the board alone: computed once
 * a side, already in those lanes.  A rook uses the first two lanes and a
 * bishop the last two, so a rook and a bishop share a pair of ymm (a
 * slot) and a queen takes one alone: a side of two rooks, two bishops and
 * a queen is three slots, each four steps of Kogge-Stone (1, 2 and 4
 * squares and the step onto the blocker) a ymm.  A slider's attack set is
 * the OR of its lanes; the timed pass adds the lanes instead, the
 * directions' sets being disjoint.  Shifts and the file masks of the seed
 * keep the fills from wrapping.  No tables.  Single lookups are one slot.
 * Sources: seed 002_0262fda5460adf24.txt ("Comparison with Kogge-Stone");
 * Chessprogramming wiki "Kogge-Stone Algorithm" (Steffan Westcott). */
#if defined(__x86_64__)
#include <immintrin.h>

#include "attackbench/loops.h"

#define KERNEL_TARGET "avx2"
#define FILL_FUNCTION __attribute__((target(KERNEL_TARGET), always_inline)) static inline

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

/* The lanes' directions: north +8, east +1, north-east +9, north-west +7
 * (upward), the same counts downward; and the squares a step in each can
 * land on (landing_squares(), attackbench/bitboard.h). */
FILL_FUNCTION __m256i direction_steps(void)
{
    return _mm256_setr_epi64x(8, 1, 9, 7);
}

FILL_FUNCTION __m256i lane_landings(const int upward)
{
    const int sign = upward ? 1 : -1;
    return _mm256_setr_epi64x((long long)landing_squares(8 * sign), (long long)landing_squares(sign),
                              (long long)landing_squares(9 * sign), (long long)landing_squares(7 * sign));
}

/* Every lane moved by its own count, up or down (`upward`, a constant). */
FILL_FUNCTION __m256i stepped(__m256i board, __m256i counts, const int upward)
{
    return upward ? _mm256_sllv_epi64(board, counts) : _mm256_srlv_epi64(board, counts);
}

/* The kernel's steps of 1, 2 and 4 and the step onto the blocker, each
 * lane in its own direction, with four_propagators()' propagators. */
FILL_FUNCTION __m256i four_filled(__m256i generator, const __m256i *propagators, __m256i steps, const int upward)
{
    const __m256i steps2 = _mm256_add_epi64(steps, steps), steps4 = _mm256_add_epi64(steps2, steps2);
    generator = _mm256_or_si256(generator, _mm256_and_si256(propagators[0], stepped(generator, steps, upward)));
    generator = _mm256_or_si256(generator, _mm256_and_si256(propagators[1], stepped(generator, steps2, upward)));
    generator = _mm256_or_si256(generator, _mm256_and_si256(propagators[2], stepped(generator, steps4, upward)));
    return _mm256_and_si256(stepped(generator, steps, upward), propagators[3]);
}

/* A side's shared state: the propagators of the four upward directions
 * (north +8, east +1, north-east +9, north-west +7, a lane each) and of
 * the four downward ones. */
struct side_propagators {
    __m256i up[4], down[4];
};

FILL_FUNCTION void side_propagators(bitboard occupied, struct side_propagators *out)
{
    const __m256i empty = _mm256_set1_epi64x((long long)~occupied);
    four_propagators(empty, direction_steps(), lane_landings(1), 1, out->up);
    four_propagators(empty, direction_steps(), lane_landings(0), 0, out->down);
}

/* The eight directions' attacks of `sliders` (a rook's bit in the first
 * two lanes, a bishop's in the last two, or a queen's in all four), a
 * direction a lane in each half of the pair; ORed, the lanes hold
 * disjoint sets. */
FILL_FUNCTION __m256i paired_attacks(__m256i sliders, const struct side_propagators *propagators)
{
    return _mm256_or_si256(four_filled(sliders, propagators->up, direction_steps(), 1),
                           four_filled(sliders, propagators->down, direction_steps(), 0));
}

/* The sliders of slot `slot`: rook `slot` (if any) in the first two lanes
 * and bishop `slot` (if any) in the last two; past the pairs, queen `slot
 * - pairs` (if any) in all four.  Without branches: a side's counts are
 * not predictable (with a branch a slider, gcc 12 ran sides 2.1 times
 * slower).  The two bitboards pass through an empty asm: clang 14
 * otherwise built the vector from the squares' bytes and lane masks, a
 * VPINSRB and a VPERMQ a slot, 1.28 times slower on sides (Zen 5,
 * docs/findings.md). */
FILL_FUNCTION __m256i pair_sliders(const struct attackbench_side *side, int slot, int pairs)
{
    const int rooks = side->rooks, bishops = side->bishops, queens = side->queens;
    const bitboard rook = square_bit(side->squares[slot & 15]) & -(bitboard)(slot < rooks);
    const bitboard bishop = square_bit(side->squares[(rooks + slot) & 15]) & -(bitboard)(slot < bishops);
    const bitboard queen = square_bit(side->squares[(rooks + bishops + slot - pairs) & 15]) &
                           -(bitboard)((unsigned)(slot - pairs) < (unsigned)queens);
    bitboard rook_lanes = rook | queen, bishop_lanes = bishop | queen;
    __asm__("" : "+r"(rook_lanes), "+r"(bishop_lanes));
    return _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_set1_epi64x((long long)rook_lanes)),
                                   _mm_set1_epi64x((long long)bishop_lanes), 1);
}

FILL_FUNCTION int side_pairs(const struct attackbench_side *side)
{
    return side->rooks > side->bishops ? side->rooks : side->bishops;
}

/* The lane-wise sum of a side's attack sets (the timed pass): the sum of
 * its lanes is the sum of the sliders' attack sets.  A side of three
 * slots or fewer (all but a few sides of a game) runs three, the missing
 * sliders empty, written out so that both compilers keep the slots in
 * registers (as a loop of three, gcc 12 ran 1.34 times and clang 14 1.07
 * times slower). */
FILL_FUNCTION __m256i side_lane_sum(const struct attackbench_side *side, bitboard occupied)
{
    struct side_propagators propagators;
    side_propagators(occupied, &propagators);
    const int pairs = side_pairs(side), all = pairs + side->queens;
    if (all <= 3)
        return _mm256_add_epi64(_mm256_add_epi64(paired_attacks(pair_sliders(side, 0, pairs), &propagators),
                                                 paired_attacks(pair_sliders(side, 1, pairs), &propagators)),
                                paired_attacks(pair_sliders(side, 2, pairs), &propagators));
    __m256i sum = _mm256_setzero_si256();
    for (int slot = 0; slot < all; slot++)
        sum = _mm256_add_epi64(sum, paired_attacks(pair_sliders(side, slot, pairs), &propagators));
    return sum;
}

FILL_FUNCTION bitboard lanes_ored(__m128i low, __m128i high)
{
    const __m128i both = _mm_or_si128(low, high);
    return (bitboard)_mm_cvtsi128_si64(_mm_or_si128(both, _mm_unpackhi_epi64(both, both)));
}

/* Slot `slot`'s rook set in its first two lanes and its bishop set in the
 * last two (a queen's halves in both). */
FILL_FUNCTION __m256i slot_halves(const struct attackbench_side *side, int slot, int pairs,
                                  const struct side_propagators *propagators)
{
    const __m256i attacks = paired_attacks(pair_sliders(side, slot, pairs), propagators);
    return _mm256_or_si256(attacks, _mm256_shuffle_epi32(attacks, 0x4e));
}

/* Slot `slot`'s attack sets (`halves`, from slot_halves()) stored at its
 * sliders' places in `out`, a branch a slider: for the rare sides of more
 * than three slots. */
FILL_FUNCTION void slot_stored(const struct attackbench_side *side, int slot, int pairs, __m256i halves, bitboard *out)
{
    const int rooks = side->rooks, bishops = side->bishops;
    const bitboard rook = (bitboard)_mm_cvtsi128_si64(_mm256_castsi256_si128(halves));
    const bitboard bishop = (bitboard)_mm_cvtsi128_si64(_mm256_extracti128_si256(halves, 1));
    if (slot < rooks)
        out[slot] = rook;
    if (slot < bishops)
        out[rooks + slot] = bishop;
    if ((unsigned)(slot - pairs) < (unsigned)side->queens)
        out[rooks + bishops + slot - pairs] = rook | bishop;
}

/* Lanes first..end-1 of `sets` stored at `place`: a side's counts are not
 * predictable, so a masked store rather than a branch a slider. */
FILL_FUNCTION void lanes_stored(bitboard *place, __m256i sets, int first, int end)
{
    const __m256i lane = _mm256_setr_epi64x(0, 1, 2, 3);
    const __m256i kept = _mm256_andnot_si256(_mm256_cmpgt_epi64(_mm256_set1_epi64x(first), lane),
                                             _mm256_cmpgt_epi64(_mm256_set1_epi64x(end), lane));
    _mm256_maskstore_epi64((long long *)(void *)place, kept, sets);
}

/* The multi-square entry (include/attackbench/backend.h).  A side of
 * three slots or fewer is stored by three masked stores: its rooks' sets
 * (a slot's first lanes), its bishops' (the last lanes) and its queens'
 * (both), each gathered into one vector. */
FILL_FUNCTION void lanes_side(const struct attackbench_side *side, bitboard occupied, bitboard *out)
{
    struct side_propagators propagators;
    side_propagators(occupied, &propagators);
    const int pairs = side_pairs(side), all = pairs + side->queens;
    if (all <= 3) {
        const __m256i first_two =
            _mm256_unpacklo_epi64(slot_halves(side, 0, pairs, &propagators), slot_halves(side, 1, pairs, &propagators));
        const __m256i third = slot_halves(side, 2, pairs, &propagators);
        const __m256i rooks = _mm256_permute2x128_si256(first_two, third, 0x20);
        const __m256i bishops = _mm256_permute2x128_si256(first_two, third, 0x31);
        const int rook_count = side->rooks, bishop_count = side->bishops;
        lanes_stored(out, rooks, 0, rook_count);
        lanes_stored(out + rook_count, bishops, 0, bishop_count);
        lanes_stored(out + rook_count + bishop_count - pairs, _mm256_or_si256(rooks, bishops), pairs, all);
        return;
    }
    for (int slot = 0; slot < all; slot++)
        slot_stored(side, slot, pairs, slot_halves(side, slot, pairs, &propagators), out);
}

/* ---- Single lookups: one slot, the query's bit in the lanes of its
 * piece's directions (a rook the first two of each ymm, a bishop the last
 * two, a queen all four). */
/* The four directions of one half, their propagators made where they
 * are used: with both halves' propagators made first
 * (side_propagators()), gcc 12's queen loop held seven more register
 * copies and ran 1.5% slower. */
FILL_FUNCTION __m256i four_directions(__m256i sliders, __m256i empty, __m256i steps, __m256i landing, const int upward)
{
    __m256i propagators[4];
    four_propagators(empty, steps, landing, upward, propagators);
    return four_filled(sliders, propagators, steps, upward);
}

/* `kept` is all ones in the lanes of the piece's directions. */
FILL_FUNCTION bitboard one_query(int square, bitboard occupied, __m256i kept)
{
    const __m256i steps = direction_steps();
    const __m256i sliders = _mm256_and_si256(_mm256_set1_epi64x((long long)square_bit(square)), kept);
    const __m256i empty = _mm256_set1_epi64x((long long)~occupied);
    const __m256i attacks = _mm256_or_si256(four_directions(sliders, empty, steps, lane_landings(1), 1),
                                            four_directions(sliders, empty, steps, lane_landings(0), 0));
    return lanes_ored(_mm256_castsi256_si128(attacks), _mm256_extracti128_si256(attacks, 1));
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
        "multi-square AVX2 kernel: a direction a lane, a rook and a bishop a pair of ymm, Kogge-Stone with a side's "
        "propagators",
        "seed 002 (CPW Dumb7Fill vs Kogge-Stone); CPW Kogge-Stone Algorithm", TARGET(KERNEL_TARGET),
        .side_attacks = lanes_side, .sides_loop = lanes_sides_pass)
#else
#include "attackbench/loops.h"

BACKEND_NOT_ON_THIS_ARCHITECTURE(kogge_stone_lanes_avx2, "kogge-stone-lanes-avx2", "x86-64 only: AVX2")
#endif

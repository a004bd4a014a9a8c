/* Fancy magic bitboards in AVX-512 lanes: a multi-square kernel, every
 * slider line of one side against the one occupancy, one per 64-bit lane.
 * Each lane computes its index, offset + (((occupied & mask) * factor) >>
 * shift), with VPMULLQ, and one VPGATHERQQ fetches the attack sets of all
 * lanes from the table.  A queen takes two lanes, rook-wise among the
 * rooks and bishop-wise in a spare lane after the sliders, ORed back.
 * Gathers cost a load per lane, so only the factors and the attack sets
 * are gathered: the masks are computed from the square, the offsets and
 * shifts permuted from registers.  Factors and table are magic-fancy's
 * (magic_fancy.h): one attack table for both.
 * Sources: Chessprogramming wiki "Magic Bitboards" (Pradyumna Kannan's
 * fancy variable-shift tables); Intel SDM, VPGATHERQQ and VPMULLQ; the
 * lane layout is this project's. */
#if defined(__x86_64__)
#include <immintrin.h>
#include <stdalign.h>
#include <stdio.h>
#include <stdlib.h>

#include "attackbench/loops.h"
#include "building_blocks/lanes.h"
#include "magic_fancy.h"

#define KERNEL_TARGET "avx512f,avx512vl,avx512dq,avx512bw"

/* Per slider: rooks' squares in entries 0-63, bishops' in 64-127. */
enum { KEY_COUNT = 2 * SQUARE_COUNT, BISHOP_KEY = SQUARE_COUNT };

/* magic-fancy's factors, in the order of the keys. */
static alignas(64) uint64_t factors[KEY_COUNT];

/* Each slider's slice of the attack table and its index width in one
 * 16-bit code, (slice start / 32) << 4 | relevant bits.  Every slice
 * holds 2^bits entries, at least 32, so each starts at a multiple of 32,
 * and the table's 107648 entries need 12 bits.  The 128 codes fill four
 * zmm registers, so two permutes find eight lanes' codes. */
enum { SLICE_ALIGN_SHIFT = 5, CODE_BITS_FIELD = 15, CODE_START_SHIFT = 4 };
static alignas(64) uint16_t slice_codes[KEY_COUNT];

/* magic-fancy's attack table (its first slice: the rook on a1). */
static const bitboard *attack_table;

/* The code of one slider, from magic-fancy's packed word. */
static uint16_t slice_code(const struct fancy_magic *magic)
{
    const bitboard *slice = (const bitboard *)(uintptr_t)(magic->attacks_and_shift >> FANCY_SHIFT_BITS);
    size_t start = (size_t)(slice - attack_table);
    unsigned bits = 64u - (unsigned)(magic->attacks_and_shift & FANCY_SHIFT_FIELD);
    if (start % (1u << SLICE_ALIGN_SHIFT) || start >> (SLICE_ALIGN_SHIFT + 16 - CODE_START_SHIFT) ||
        bits > CODE_BITS_FIELD) {
        fprintf(stderr, "magic-lanes: a slice of magic-fancy's table does not fit a 16-bit code\n");
        abort();
    }
    return (uint16_t)((start >> SLICE_ALIGN_SHIFT) << CODE_START_SHIFT | bits);
}

/* Builds magic-fancy's tables (the kernel reads its attack table) and the
 * per-slider words in lane order. */
static size_t magic_lanes_init(void)
{
    size_t bytes = magic_fancy_build_tables();
    const struct fancy_square *squares = magic_fancy_squares();
    attack_table = (const bitboard *)(uintptr_t)(squares[0].rook.attacks_and_shift >> FANCY_SHIFT_BITS);
    for (int square = 0; square < SQUARE_COUNT; square++) {
        factors[square] = squares[square].rook.magic;
        factors[BISHOP_KEY + square] = squares[square].bishop.magic;
        slice_codes[square] = slice_code(&squares[square].rook);
        slice_codes[BISHOP_KEY + square] = slice_code(&squares[square].bishop);
    }
    return bytes + sizeof factors + sizeof slice_codes;
}

/* Rook-wise relevant masks: the rank without files a and h, the file
 * without ranks 1 and 8 (the slider's own bit is removed by the caller). */
__attribute__((target(KERNEL_TARGET), always_inline)) static inline __m512i rook_masks(__m512i file, __m512i rank8)
{
    const __m512i inner_rank = _mm512_sllv_epi64(_mm512_set1_epi64(0x7E), rank8);
    const __m512i inner_file = _mm512_sllv_epi64(_mm512_set1_epi64(0x0001010101010100LL), file);
    return _mm512_or_si512(inner_rank, inner_file);
}

/* Bishop-wise relevant masks: both diagonals, each the long one moved
 * by 8 * (file - rank) or 8 * (file + rank - 7) squares (a shift by 64 or
 * more gives 0, so of each right and left pair one is 0), without the
 * board's edges. */
__attribute__((target(KERNEL_TARGET), always_inline)) static inline __m512i bishop_masks(__m512i file, __m512i rank8)
{
    const __m512i diagonal = _mm512_set1_epi64((long long)0x8040201008040201ULL);
    const __m512i anti_diagonal = _mm512_set1_epi64((long long)0x0102040810204080ULL);
    const __m512i zero = _mm512_setzero_si512();
    const __m512i file8 = _mm512_slli_epi64(file, 3);
    __m512i distance = _mm512_sub_epi64(file8, rank8);
    __m512i anti_distance = _mm512_sub_epi64(_mm512_add_epi64(file8, rank8), _mm512_set1_epi64(56));
    __m512i lines = _mm512_ternarylogic_epi64(_mm512_srlv_epi64(diagonal, distance),
                                              _mm512_sllv_epi64(diagonal, _mm512_sub_epi64(zero, distance)),
                                              _mm512_sllv_epi64(anti_diagonal, anti_distance), 0xFE); /* a | b | c */
    lines = _mm512_or_si512(lines, _mm512_srlv_epi64(anti_diagonal, _mm512_sub_epi64(zero, anti_distance)));
    return _mm512_and_si512(lines, _mm512_set1_epi64(0x007E7E7E7E7E7E00LL));
}

/* Each lane's relevant mask, as magic_search.c defines it, computed
 * rather than gathered (the verifier checks every subset of every mask). */
__attribute__((target(KERNEL_TARGET), always_inline)) static inline __m512i relevant_masks(__m512i squares,
                                                                                           __mmask8 bishop_wise)
{
    const __m512i file = _mm512_and_si512(squares, _mm512_set1_epi64(7));
    const __m512i rank8 = _mm512_and_si512(squares, _mm512_set1_epi64(56));
    __m512i lines = _mm512_mask_mov_epi64(rook_masks(file, rank8), bishop_wise, bishop_masks(file, rank8));
    return _mm512_andnot_si512(_mm512_sllv_epi64(_mm512_set1_epi64(1), squares), lines);
}

/* Each lane's slice code: the square is the low word of its lane, so a
 * word permute over two registers of codes finds it; the other three
 * words of each lane are zeroed. */
__attribute__((target(KERNEL_TARGET), always_inline)) static inline __m512i lane_codes(__m512i squares,
                                                                                       __mmask8 bishop_wise)
{
    const __m512i *codes = (const __m512i *)(const void *)slice_codes;
    const __mmask32 low_words = 0x11111111;
    __m512i rook =
        _mm512_maskz_permutex2var_epi16(low_words, _mm512_load_si512(codes), squares, _mm512_load_si512(codes + 1));
    __m512i bishop =
        _mm512_maskz_permutex2var_epi16(low_words, _mm512_load_si512(codes + 2), squares, _mm512_load_si512(codes + 3));
    return _mm512_mask_blend_epi64(bishop_wise, rook, bishop);
}

/* The words at base[index] of the live lanes, 0 in the others.  A masked
 * lane saves no time: on the Zen 5 guest a 512-bit VPGATHERQQ cost the
 * same with one live lane as with eight, and a 256-bit one half of that,
 * so a block whose live lanes are all in the low four takes the narrow
 * form (a branch, mispredicted only where the count of lines changes
 * across four). */
__attribute__((target(KERNEL_TARGET), always_inline)) static inline __m512i gather_lanes(__mmask8 live, __m512i index,
                                                                                         const void *base)
{
    if (live <= 0xF)
        return _mm512_zextsi256_si512(
            _mm256_mmask_i64gather_epi64(_mm256_setzero_si256(), live, _mm512_castsi512_si256(index), base, 8));
    return _mm512_mask_i64gather_epi64(_mm512_setzero_si512(), live, index, base, 8);
}

/* The attack sets of the live lanes: lane i on square squares[i],
 * bishop-wise where `bishop_wise` has bit i, else rook-wise.  Dead lanes
 * give 0 and load nothing. */
__attribute__((target(KERNEL_TARGET), always_inline)) static inline __m512i
magic_lanes(const bitboard *table, __m512i squares, __mmask8 live, __mmask8 bishop_wise, bitboard occupied)
{
    __m512i key = _mm512_mask_add_epi64(squares, bishop_wise, squares, _mm512_set1_epi64(BISHOP_KEY));
    __m512i factor = gather_lanes(live, key, factors);
    __m512i relevant = _mm512_and_si512(_mm512_set1_epi64((long long)occupied), relevant_masks(squares, bishop_wise));
    __m512i code = lane_codes(squares, bishop_wise);
    __m512i shift = _mm512_sub_epi64(_mm512_set1_epi64(64), _mm512_and_si512(code, _mm512_set1_epi64(CODE_BITS_FIELD)));
    __m512i start = _mm512_slli_epi64(_mm512_srli_epi64(code, CODE_START_SHIFT), SLICE_ALIGN_SHIFT);
    __m512i index = _mm512_add_epi64(start, _mm512_srlv_epi64(_mm512_mullo_epi64(relevant, factor), shift));
    return gather_lanes(live, index, table);
}

/* Eight slider squares from the record's byte list, from `first` on (the
 * list has ATTACKBENCH_SIDE_MAX_SLIDERS bytes, so the load stays inside it). */
__attribute__((target(KERNEL_TARGET), always_inline)) static inline __m512i
load_squares(const struct attackbench_side *side, int first)
{
    return _mm512_cvtepu8_epi64(_mm_loadl_epi64((const __m128i *)(const void *)(side->squares + first)));
}

/* A side whose sliders and queens fit in eight lanes, in one gather of
 * attack sets: lanes [0, n) the sliders (rooks, bishops, queens), lanes
 * [n, n + q) the queens again, bishop-wise; then each queen's lane takes
 * its spare lane's set.  Lanes from n on give 0. */
__attribute__((target(KERNEL_TARGET), always_inline)) static inline __m512i
one_block(const bitboard *table, const struct attackbench_side *side, bitboard occupied)
{
    const unsigned rooks = side->rooks, bishops = side->bishops, queens = side->queens;
    const unsigned sliders = rooks + bishops + queens;
    const __m512i lane_index = _mm512_setr_epi64(0, 1, 2, 3, 4, 5, 6, 7);
    const __m512i queen_offset = _mm512_set1_epi64(queens);
    const __mmask8 live = (__mmask8)((1u << sliders) - 1);
    const __mmask8 spare = (__mmask8)(((1u << (sliders + queens)) - 1) & ~(unsigned)live);
    const __mmask8 queen_lanes = (__mmask8)(live & ~((1u << (rooks + bishops)) - 1));
    const __mmask8 bishop_wise = (__mmask8)((((1u << bishops) - 1) << rooks) | spare);
    __m512i squares = load_squares(side, 0);
    /* Spare lane j holds the square of lane j - q, a queen. */
    squares = _mm512_mask_permutexvar_epi64(squares, spare, _mm512_sub_epi64(lane_index, queen_offset), squares);
    __m512i attacks = magic_lanes(table, squares, live | spare, bishop_wise, occupied);
    __m512i folded = _mm512_maskz_permutexvar_epi64(queen_lanes, _mm512_add_epi64(lane_index, queen_offset), attacks);
    return _mm512_maskz_or_epi64(live, attacks, folded);
}

/* Sliders [first, first + 8) of a larger side: one gather of their
 * rook-wise sets (rooks, queens) and one of their bishop-wise sets
 * (bishops, queens). */
__attribute__((target(KERNEL_TARGET), always_inline)) static inline __m512i
two_gathers(const bitboard *table, const struct attackbench_side *side, int first, bitboard occupied)
{
    const unsigned rooks = side->rooks, bishop_end = rooks + side->bishops;
    const unsigned live = (1u << attackbench_side_slider_count(side)) - 1;
    const unsigned rook_wise = ((1u << rooks) - 1) | (live & ~((1u << bishop_end) - 1));
    const unsigned bishop_wise = live & ~((1u << rooks) - 1);
    const __m512i squares = load_squares(side, first);
    return _mm512_or_si512(magic_lanes(table, squares, (__mmask8)(rook_wise >> first), 0, occupied),
                           magic_lanes(table, squares, (__mmask8)(bishop_wise >> first), 0xFF, occupied));
}

/* The whole side into two blocks of eight lanes (the second 0 when the
 * side fits one, as every side of a real game without promotions does). */
__attribute__((target(KERNEL_TARGET), always_inline)) static inline void
side_kernel(const bitboard *table, const struct attackbench_side *side, bitboard occupied, __m512i blocks[2])
{
    if (attackbench_side_slider_count(side) + side->queens <= 8) {
        blocks[0] = one_block(table, side, occupied);
        blocks[1] = _mm512_setzero_si512();
        return;
    }
    blocks[0] = two_gathers(table, side, 0, occupied);
    blocks[1] = two_gathers(table, side, 8, occupied);
}

/* The multi-square entry (include/attackbench/backend.h). */
__attribute__((target(KERNEL_TARGET), always_inline)) static inline void
magic_lanes_side(const struct attackbench_side *side, bitboard occupied, bitboard *attacks)
{
    __m512i blocks[2];
    side_kernel(attack_table, side, occupied, blocks);
    const unsigned live = (1u << attackbench_side_slider_count(side)) - 1;
    _mm512_mask_storeu_epi64(attacks, (__mmask8)live, blocks[0]);
    _mm512_mask_storeu_epi64(attacks + 8, (__mmask8)(live >> 8), blocks[1]);
}

/* Single lookups: the kernel with one lane; a queen's rook-wise set in
 * lane 0 and its bishop-wise set in lane 1. */
__attribute__((target(KERNEL_TARGET), always_inline)) static inline bitboard magic_lanes_rook(int square,
                                                                                              bitboard occupied)
{
    __m512i attacks = magic_lanes(attack_table, _mm512_set1_epi64(square), 1, 0, occupied);
    return (bitboard)_mm_cvtsi128_si64(_mm512_castsi512_si128(attacks));
}

__attribute__((target(KERNEL_TARGET), always_inline)) static inline bitboard magic_lanes_bishop(int square,
                                                                                                bitboard occupied)
{
    __m512i attacks = magic_lanes(attack_table, _mm512_set1_epi64(square), 1, 1, occupied);
    return (bitboard)_mm_cvtsi128_si64(_mm512_castsi512_si128(attacks));
}

__attribute__((target(KERNEL_TARGET), always_inline)) static inline bitboard magic_lanes_queen(int square,
                                                                                               bitboard occupied)
{
    __m512i attacks = magic_lanes(attack_table, _mm512_set1_epi64(square), 3, 2, occupied);
    __m128i halves = _mm512_castsi512_si128(attacks);
    return (bitboard)_mm_cvtsi128_si64(_mm_or_si128(halves, _mm_unpackhi_epi64(halves, halves)));
}

/* The timed sides pass: each block's lanes added in a vector register (a
 * store of the block and a reload of its words would stall on store
 * forwarding); the other modes go through the shared loop. */
__attribute__((target(KERNEL_TARGET))) ATTACKBENCH_LINE_ALIGNED static uint64_t
magic_lanes_sides_pass(const struct attackbench_run *run)
{
    if (run->mix_results || run->chained || run->pressure_buffer)
        return attackbench_sides_loop(magic_lanes_rook, magic_lanes_bishop, magic_lanes_queen, magic_lanes_side, run);
    const bitboard *table = attack_table;
    __m512i sum = _mm512_setzero_si512();
    ATTACKBENCH_ONE_QUERY_AT_A_TIME
    for (size_t i = 0; i < run->count; i++) {
        __m512i blocks[2];
        side_kernel(table, &run->sides[i], run->sides[i].occupied, blocks);
        sum = _mm512_add_epi64(sum, _mm512_add_epi64(blocks[0], blocks[1]));
    }
    uint64_t lanes[8];
    _mm512_storeu_si512((void *)lanes, sum);
    return sum_of_lanes(lanes, 8);
}

BACKEND(magic_lanes, "magic-lanes",
        "multi-square AVX-512 kernel: a side's slider lines in 8 lanes, fancy magic indices by VPMULLQ, "
        "attack sets by VPGATHERQQ from magic-fancy's table",
        "CPW Magic Bitboards (Pradyumna Kannan's fancy tables); Intel SDM VPGATHERQQ; lane layout this project's",
        TARGET(KERNEL_TARGET), .init = magic_lanes_init, .side_attacks = magic_lanes_side,
        .sides_loop = magic_lanes_sides_pass)
#else
#include "attackbench/loops.h"

BACKEND_NOT_ON_THIS_ARCHITECTURE(magic_lanes, "magic-lanes", "x86-64 only: AVX-512")
#endif

/* Dumb7Fill with an early exit, the eight directions in the lanes of one
 * zmm: each lane steps its flood one square by rotating left by its own
 * amount (VPROLVQ) and masking with the empty squares it can land on, and
 * the loop ends as soon as no lane moved (VPTESTMQ, one branch a step)
 * instead of always running six steps.  A ray ends at its first blocker or
 * the edge, so on a crowded board most fills stop after two or three steps;
 * the price is a data-dependent branch.  Set-wise, the rook-wise sliders
 * are the generator in the rook lanes and the bishop-wise sliders in the
 * bishop lanes: the loop runs until the longest of a side's rays ends.
 * dumb7fill-avx512 is the same fill unrolled.
 * Sources: hoover-chess-utils, slider-attacks-avx512f.h (Sami Kiminki,
 * 2026: the fill loop with a data-dependent exit); seed
 * 002_0262fda5460adf24.txt, Chessprogramming wiki "Dumb7Fill" (fill
 * loop, several directions in parallel). */
#if defined(__x86_64__)
#include <immintrin.h>

#include "attackbench/loops.h"

/* The target of every lookup here; --list names its features and the
 * driver checks them. */
#define DUMB7FILL_EARLY_EXIT_TARGET "avx512f"
#define FILL_FUNCTION TARGET_ATTRIBUTE(DUMB7FILL_EARLY_EXIT_TARGET) static inline __attribute__((always_inline))

/* Lanes north, east, south, west, north-east, north-west, south-east,
 * south-west: the rotate amount of one step, and the squares a step lands
 * on without wrapping across files or coming round across ranks. */
static const long long step_amounts[8] = {8, 1, 56, 63, 9, 7, 57, 55};
static const long long landing_squares_of[8] = {(long long)~RANK_1,
                                                (long long)~FILE_A,
                                                (long long)~RANK_8,
                                                (long long)~FILE_H,
                                                (long long)~(FILE_A | RANK_1),
                                                (long long)~(FILE_H | RANK_1),
                                                (long long)~(FILE_A | RANK_8),
                                                (long long)~(FILE_H | RANK_8)};

/* Floods while any lane still advances, then takes one more step: the
 * attacks, blockers included, ORed over the lanes.  The empty asm keeps
 * each step in one register: gcc 12 otherwise computed it in a second and
 * copied it back, a zmm move on the loop's chain (rotate, AND, move). */
FILL_FUNCTION bitboard fill_until_stopped(__m512i slider, bitboard occupied)
{
    const __m512i amounts = _mm512_loadu_si512(step_amounts);
    const __m512i landing = _mm512_loadu_si512(landing_squares_of);
    const __m512i empty = _mm512_andnot_si512(_mm512_set1_epi64((long long)occupied), landing);
    __m512i flood = slider;
    for (;;) {
        slider = _mm512_and_si512(_mm512_rolv_epi64(slider, amounts), empty);
        __asm__("" : "+v"(slider));
        if (_mm512_test_epi64_mask(slider, slider) == 0)
            break;
        flood = _mm512_or_si512(flood, slider);
    }
    return (bitboard)_mm512_reduce_or_epi64(_mm512_and_si512(_mm512_rolv_epi64(flood, amounts), landing));
}

FILL_FUNCTION bitboard dumb7fill_early_exit_set(bitboard rook_sliders, bitboard bishop_sliders, bitboard occupied)
{
    const long long rooks = (long long)rook_sliders, bishops = (long long)bishop_sliders;
    return fill_until_stopped(_mm512_setr_epi64(rooks, rooks, rooks, rooks, bishops, bishops, bishops, bishops),
                              occupied);
}

/* The slider's bit, from the whole square in a register: clang 14
 * loaded only the square's byte into the low byte of a register (SHLX
 * reads six bits of the count), so the shift waited on that register's
 * old value, the previous lookup's result, and the lookups ran one after
 * another. */
static inline bitboard slider_bit(int square)
{
    __asm__("" : "+r"(square));
    return square_bit(square);
}

/* Single lookups are the set-wise fill of one slider, the other piece's
 * lanes empty (they end at once). */
FILL_FUNCTION bitboard dumb7fill_early_exit_rook(int square, bitboard occupied)
{
    return dumb7fill_early_exit_set(slider_bit(square), 0, occupied);
}

FILL_FUNCTION bitboard dumb7fill_early_exit_bishop(int square, bitboard occupied)
{
    return dumb7fill_early_exit_set(0, slider_bit(square), occupied);
}

FILL_FUNCTION bitboard dumb7fill_early_exit_queen(int square, bitboard occupied)
{
    bitboard slider = slider_bit(square);
    return dumb7fill_early_exit_set(slider, slider, occupied);
}

BACKEND(dumb7fill_early_exit, "dumb7fill-early-exit",
        "flood fill of the eight directions in one zmm (vprolvq) that stops as soon as no lane advances",
        "hoover-chess-utils slider-attacks-avx512f.h; seed 002 (CPW Dumb7Fill, fill loop)",
        TARGET(DUMB7FILL_EARLY_EXIT_TARGET), .set_attacks = dumb7fill_early_exit_set)
#else
#include "attackbench/loops.h"

BACKEND_NOT_ON_THIS_ARCHITECTURE(dumb7fill_early_exit, "dumb7fill-early-exit", "x86-64 only: AVX-512")
#endif

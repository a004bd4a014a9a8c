/* PEXT bitboards: the BMI2 instruction PEXT gathers the relevant occupancy
 * bits of a square into a dense index, a perfect hash with no factor, into
 * one dense table (102400 rook + 5248 bishop entries).  Sources:
 * Chessprogramming wiki, "BMI2" (PEXT Bitboards); Stockfish bitboard.cpp
 * (Magic::index() under USE_PEXT).  Two formulations: the index by the
 * instruction (pext:hardware, the default) or by a software gather
 * (pext:software). */
#if defined(__x86_64__)
#include <immintrin.h>
#include <stdalign.h>

#include "attackbench/loops.h"

/* The target of every lookup and loop here; the features --list names and
 * the driver checks are derived from it. */
#define PEXT_TARGET "bmi2"
#include "platform/cpu.h"
#include "building_blocks/magic_search.h"
#include "building_blocks/pext_tables.h"

enum { ROOK_TABLE_ENTRIES = 102400, BISHOP_TABLE_ENTRIES = 5248 };

/* What a lookup reads about its square, as arrays of 8-byte entries
 * indexed by the square: each load is then one scaled-index address with
 * no arithmetic on the square (docs/findings.md, "Choices in the code").
 * One slice pointer per square serves both sliders: the square's rook
 * entries start at it and its bishop entries lie just below it in reverse
 * order, so the bishop's entry for index i is slice[-1 - i].  A queen then
 * reads 7 words, not 8 (square, occupancy, 2 masks, 1 slice pointer, 2
 * attack sets), which matters where loads are the bound (two load ports:
 * docs/findings.md has the measurement).  The arrays (1.5 KiB) stay in L1. */
static alignas(64) bitboard pext_rook_masks[SQUARE_COUNT];
static alignas(64) bitboard pext_bishop_masks[SQUARE_COUNT];
static alignas(64) const bitboard *pext_slices[SQUARE_COUNT];
static alignas(64) bitboard pext_attacks[ROOK_TABLE_ENTRIES + BISHOP_TABLE_ENTRIES];

/* Fills one square's slice, starting at *next_free, which it advances:
 * its bishop entries reversed, then its rook entries; returns the slice
 * pointer (the first rook entry). */
TARGET_ATTRIBUTE(PEXT_TARGET) static const bitboard *pext_fill(int square, size_t *next_free)
{
    static struct magic_subsets rook, bishop;
    magic_enumerate_subsets(SLIDER_ROOK, square, &rook);
    magic_enumerate_subsets(SLIDER_BISHOP, square, &bishop);
    bitboard *slice = &pext_attacks[*next_free + (size_t)bishop.count];
    for (int i = 0; i < bishop.count; i++)
        slice[-1 - (ptrdiff_t)_pext_u64(bishop.occupancies[i], bishop.mask)] = bishop.attacks[i];
    for (int i = 0; i < rook.count; i++)
        slice[_pext_u64(rook.occupancies[i], rook.mask)] = rook.attacks[i];
    *next_free += (size_t)bishop.count + (size_t)rook.count;
    return slice;
}

TARGET_ATTRIBUTE(PEXT_TARGET) static size_t pext_init(void)
{
    size_t next_free = 0;
    for (int square = 0; square < SQUARE_COUNT; square++) {
        pext_rook_masks[square] = magic_relevant_mask(SLIDER_ROOK, square);
        pext_bishop_masks[square] = magic_relevant_mask(SLIDER_BISHOP, square);
        pext_slices[square] = pext_fill(square, &next_free);
    }
    return sizeof pext_rook_masks + sizeof pext_bishop_masks + sizeof pext_slices + sizeof pext_attacks;
}

/* The bishop's entry for index i, below the slice pointer. */
static inline bitboard pext_bishop_entry(const bitboard *slice, uint64_t index)
{
    return slice[-1 - (ptrdiff_t)index];
}

TARGET_ATTRIBUTE(PEXT_TARGET) static inline bitboard pext_rook(int square, bitboard occupied)
{
    return pext_slices[square][_pext_u64(occupied, pext_rook_masks[square])];
}

TARGET_ATTRIBUTE(PEXT_TARGET) static inline bitboard pext_bishop(int square, bitboard occupied)
{
    return pext_bishop_entry(pext_slices[square], _pext_u64(occupied, pext_bishop_masks[square]));
}

QUEEN_FROM_ROOK_AND_BISHOP(pext, TARGET_ATTRIBUTE(PEXT_TARGET))

/* ---- The formulations: the index by the PEXT instruction, or gathered
 * in software (one step per mask bit) from the same tables, which is
 * what a CPU with PEXT in microcode (AMD Zen 1 and 2: tens of cycles a
 * PEXT) may do faster.  The registry runs the faster here
 * (src/measure/formulation_choice.c); both build the tables with PEXT. */

TARGET_ATTRIBUTE(PEXT_TARGET) static inline bitboard pext_hardware_rook(int square, bitboard occupied)
{
    return pext_rook(square, occupied);
}

TARGET_ATTRIBUTE(PEXT_TARGET) static inline bitboard pext_hardware_bishop(int square, bitboard occupied)
{
    return pext_bishop(square, occupied);
}

QUEEN_FROM_ROOK_AND_BISHOP(pext_hardware, TARGET_ATTRIBUTE(PEXT_TARGET))

static inline bitboard pext_software_rook(int square, bitboard occupied)
{
    return pext_slices[square][software_pext(occupied, pext_rook_masks[square])];
}

static inline bitboard pext_software_bishop(int square, bitboard occupied)
{
    return pext_bishop_entry(pext_slices[square], software_pext(occupied, pext_bishop_masks[square]));
}

QUEEN_FROM_ROOK_AND_BISHOP(pext_software)

#define PEXT_SOURCE "Chessprogramming wiki, BMI2 (PEXT Bitboards); Stockfish bitboard.cpp"

BACKEND(pext_hardware, "pext:hardware", "the index by the BMI2 PEXT instruction", PEXT_SOURCE, TARGET(PEXT_TARGET),
        .init = pext_init, .instructions = INSTRUCTION_PEXT)
BACKEND(pext_software, "pext:software",
        "the index gathered in software, one step per mask bit (the tables are still built with PEXT)", PEXT_SOURCE,
        TARGET(PEXT_TARGET), .init = pext_init)

/* Hardware first: --formulation=fixed runs it, as before formulations. */
static const struct backend *const pext_formulations[] = {&pext_hardware_backend, &pext_software_backend, NULL};

BACKEND(pext, "pext", "BMI2 PEXT gathers the relevant occupancy into a dense index", PEXT_SOURCE, TARGET(PEXT_TARGET),
        .init = pext_init, .instructions = INSTRUCTION_PEXT, .formulations = pext_formulations)
#else
#include "attackbench/loops.h"

BACKEND_NOT_ON_THIS_ARCHITECTURE(pext, "pext", "x86-64 only: BMI2 PEXT")
#endif

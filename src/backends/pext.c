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

/* What a lookup reads about its square, as four arrays of 8-byte entries
 * indexed by the square: each load is then one scaled-index address with
 * no arithmetic on the square (a 32-byte struct per square needs a shift
 * and an add first).  Same 8 loads per queen either way (square,
 * occupancy, 2 masks, 2 slice pointers, 2 attack sets), but no address
 * arithmetic here (docs/findings.md, "Choices in the code", has the
 * measurement).  The four arrays (2 KiB) stay in L1. */
static alignas(64) bitboard pext_rook_masks[SQUARE_COUNT];
static alignas(64) bitboard pext_bishop_masks[SQUARE_COUNT];
static alignas(64) const bitboard *pext_rook_attacks[SQUARE_COUNT];
static alignas(64) const bitboard *pext_bishop_attacks[SQUARE_COUNT];
static alignas(64) bitboard pext_attacks[ROOK_TABLE_ENTRIES + BISHOP_TABLE_ENTRIES];

/* Fills one slider's slice of the table, starting at *next_free, which it
 * advances; returns the slice. */
TARGET_ATTRIBUTE(PEXT_TARGET) static const bitboard *pext_fill(enum slider piece, int square, size_t *next_free)
{
    static struct magic_subsets subsets;
    magic_enumerate_subsets(piece, square, &subsets);
    bitboard *slice = &pext_attacks[*next_free];
    for (int i = 0; i < subsets.count; i++)
        slice[_pext_u64(subsets.occupancies[i], subsets.mask)] = subsets.attacks[i];
    *next_free += (size_t)subsets.count;
    return slice;
}

TARGET_ATTRIBUTE(PEXT_TARGET) static size_t pext_init(void)
{
    size_t next_free = 0;
    for (int square = 0; square < SQUARE_COUNT; square++) {
        pext_rook_masks[square] = magic_relevant_mask(SLIDER_ROOK, square);
        pext_rook_attacks[square] = pext_fill(SLIDER_ROOK, square, &next_free);
    }
    for (int square = 0; square < SQUARE_COUNT; square++) {
        pext_bishop_masks[square] = magic_relevant_mask(SLIDER_BISHOP, square);
        pext_bishop_attacks[square] = pext_fill(SLIDER_BISHOP, square, &next_free);
    }
    return sizeof pext_rook_masks + sizeof pext_bishop_masks + sizeof pext_rook_attacks + sizeof pext_bishop_attacks +
           sizeof pext_attacks;
}

TARGET_ATTRIBUTE(PEXT_TARGET) static inline bitboard pext_rook(int square, bitboard occupied)
{
    return pext_rook_attacks[square][_pext_u64(occupied, pext_rook_masks[square])];
}

TARGET_ATTRIBUTE(PEXT_TARGET) static inline bitboard pext_bishop(int square, bitboard occupied)
{
    return pext_bishop_attacks[square][_pext_u64(occupied, pext_bishop_masks[square])];
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
    return pext_rook_attacks[square][software_pext(occupied, pext_rook_masks[square])];
}

static inline bitboard pext_software_bishop(int square, bitboard occupied)
{
    return pext_bishop_attacks[square][software_pext(occupied, pext_bishop_masks[square])];
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

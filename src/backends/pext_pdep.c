/* Compressed PEXT bitboards: PEXT of the relevant occupancy indexes, as in
 * `pext`, a per-square table; but each entry is a 16-bit code, the attack
 * set compressed by PEXT over the square's empty-board attacks (at most 14
 * bits), and PDEP spreads it back onto them.  A quarter of pext's table
 * for one more instruction per slider.  Sources: Stockfish PR #7108 (BMI2
 * PEXT/PDEP sliding-piece attacks, compressed table, 2026); Aryan
 * Naraghi, "From 20 Nanoseconds to One". */
#if defined(__x86_64__)
#include <immintrin.h>
#include <stdalign.h>

#include "attackbench/loops.h"

/* The target of every lookup and loop here; the features --list names and
 * the driver checks are derived from it. */
#define PEXT_PDEP_TARGET "bmi2"
#include "platform/cpu.h"
#include "building_blocks/magic_search.h"

enum { ROOK_TABLE_ENTRIES = 102400, BISHOP_TABLE_ENTRIES = 5248 };

/* Per square, as in pext.c, arrays of 8-byte entries indexed by the
 * square (one scaled-index load each): the relevant mask PEXT gathers, the
 * empty-board attacks PDEP spreads onto, and the square's slice. */
static alignas(64) bitboard rook_relevant[SQUARE_COUNT];
static alignas(64) bitboard bishop_relevant[SQUARE_COUNT];
static alignas(64) bitboard rook_reach[SQUARE_COUNT];
static alignas(64) bitboard bishop_reach[SQUARE_COUNT];
static alignas(64) const uint16_t *rook_codes[SQUARE_COUNT];
static alignas(64) const uint16_t *bishop_codes[SQUARE_COUNT];
static alignas(64) uint16_t codes[ROOK_TABLE_ENTRIES + BISHOP_TABLE_ENTRIES];

/* Fills one slider's slice of codes from *next_free, which it advances;
 * returns the slice. */
TARGET_ATTRIBUTE(PEXT_PDEP_TARGET)
static const uint16_t *fill_codes(enum slider piece, int square, bitboard reach, size_t *next_free)
{
    static struct magic_subsets subsets;
    magic_enumerate_subsets(piece, square, &subsets);
    uint16_t *slice = &codes[*next_free];
    for (int i = 0; i < subsets.count; i++)
        slice[_pext_u64(subsets.occupancies[i], subsets.mask)] = (uint16_t)_pext_u64(subsets.attacks[i], reach);
    *next_free += (size_t)subsets.count;
    return slice;
}

TARGET_ATTRIBUTE(PEXT_PDEP_TARGET) static size_t pext_pdep_init(void)
{
    size_t next_free = 0;
    for (int square = 0; square < SQUARE_COUNT; square++) {
        rook_relevant[square] = magic_relevant_mask(SLIDER_ROOK, square);
        rook_reach[square] = magic_ray_attacks(SLIDER_ROOK, square, 0);
        rook_codes[square] = fill_codes(SLIDER_ROOK, square, rook_reach[square], &next_free);
    }
    for (int square = 0; square < SQUARE_COUNT; square++) {
        bishop_relevant[square] = magic_relevant_mask(SLIDER_BISHOP, square);
        bishop_reach[square] = magic_ray_attacks(SLIDER_BISHOP, square, 0);
        bishop_codes[square] = fill_codes(SLIDER_BISHOP, square, bishop_reach[square], &next_free);
    }
    return sizeof rook_relevant + sizeof bishop_relevant + sizeof rook_reach + sizeof bishop_reach + sizeof rook_codes +
           sizeof bishop_codes + sizeof codes;
}

TARGET_ATTRIBUTE(PEXT_PDEP_TARGET) static inline bitboard pext_pdep_rook(int square, bitboard occupied)
{
    uint16_t code = rook_codes[square][_pext_u64(occupied, rook_relevant[square])];
    return _pdep_u64(code, rook_reach[square]);
}

TARGET_ATTRIBUTE(PEXT_PDEP_TARGET) static inline bitboard pext_pdep_bishop(int square, bitboard occupied)
{
    uint16_t code = bishop_codes[square][_pext_u64(occupied, bishop_relevant[square])];
    return _pdep_u64(code, bishop_reach[square]);
}

/* The two chains (PEXT, load, PDEP) are independent: the out-of-order
 * core overlaps them. */
QUEEN_FROM_ROOK_AND_BISHOP(pext_pdep, TARGET_ATTRIBUTE(PEXT_PDEP_TARGET))

BACKEND(pext_pdep, "pext-pdep",
        "PEXT index into 16-bit codes of the attack set, PDEP back onto the empty-board attacks",
        "Stockfish PR #7108; Aryan Naraghi, From 20 Nanoseconds to One", TARGET(PEXT_PDEP_TARGET),
        .init = pext_pdep_init, .instructions = INSTRUCTION_PEXT | INSTRUCTION_PDEP)
#else
#include "attackbench/loops.h"

BACKEND_NOT_ON_THIS_ARCHITECTURE(pext_pdep, "pext-pdep", "x86-64 only: BMI2 PEXT and PDEP")
#endif

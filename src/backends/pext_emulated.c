/* PEXT emulated: the tables of `pext`, indexed by a parallel bit extract
 * done in software, one loop step per bit of the relevant mask (at most 12
 * for a rook).  The choice that matters where PEXT is slow (AMD family 23,
 * Zen 1 and Zen 2, execute it in microcode) or absent (ARM without SVE2's
 * BEXT): the same 843 KB table with no BMI2 requirement.  Sources:
 * Chessprogramming wiki, "BMI2" (PEXT Bitboards); Intel SDM, PEXT
 * (the operation's definition); measured as "Pext Emulated" in Gigantua's
 * Chess_Movegen. */
#include <stdalign.h>

#include "attackbench/loops.h"
#include "magic_search.h"

enum {
    ROOK_TABLE_ENTRIES = 102400,
    BISHOP_TABLE_ENTRIES = 5248
};

static alignas(64) bitboard rook_masks[SQUARE_COUNT];
static alignas(64) bitboard bishop_masks[SQUARE_COUNT];
static alignas(64) const bitboard *rook_attacks[SQUARE_COUNT];
static alignas(64) const bitboard *bishop_attacks[SQUARE_COUNT];
static alignas(64) bitboard attacks_table[ROOK_TABLE_ENTRIES + BISHOP_TABLE_ENTRIES];

/* The bits of `value` under `mask`, packed to the low end in the mask's
 * order: what PEXT computes, one mask bit a step. */
static inline uint64_t software_pext(uint64_t value, uint64_t mask)
{
    uint64_t result = 0;
    for (uint64_t bit = 1; mask != 0; bit <<= 1) {
        if (value & mask & -mask)
            result |= bit;
        mask &= mask - 1;
    }
    return result;
}

static const bitboard *fill_slice(enum slider piece, int square, size_t *next_free)
{
    static struct magic_subsets subsets;
    magic_enumerate_subsets(piece, square, &subsets);
    bitboard *slice = &attacks_table[*next_free];
    for (int i = 0; i < subsets.count; i++)
        slice[software_pext(subsets.occupancies[i], subsets.mask)] = subsets.attacks[i];
    *next_free += (size_t)subsets.count;
    return slice;
}

static size_t pext_emulated_init(void)
{
    size_t next_free = 0;
    for (int square = 0; square < SQUARE_COUNT; square++) {
        rook_masks[square] = magic_relevant_mask(SLIDER_ROOK, square);
        rook_attacks[square] = fill_slice(SLIDER_ROOK, square, &next_free);
    }
    for (int square = 0; square < SQUARE_COUNT; square++) {
        bishop_masks[square] = magic_relevant_mask(SLIDER_BISHOP, square);
        bishop_attacks[square] = fill_slice(SLIDER_BISHOP, square, &next_free);
    }
    return sizeof rook_masks + sizeof bishop_masks + sizeof rook_attacks + sizeof bishop_attacks +
           sizeof attacks_table;
}

static inline bitboard pext_emulated_rook(int square, bitboard occupied)
{
    return rook_attacks[square][software_pext(occupied, rook_masks[square])];
}

static inline bitboard pext_emulated_bishop(int square, bitboard occupied)
{
    return bishop_attacks[square][software_pext(occupied, bishop_masks[square])];
}

static inline bitboard pext_emulated_queen(int square, bitboard occupied)
{
    return pext_emulated_rook(square, occupied) | pext_emulated_bishop(square, occupied);
}

BACKEND(pext_emulated, "pext-emulated",
        "pext's dense tables, the index gathered by a software parallel bit extract (a loop over the mask's bits); no BMI2",
        "CPW BMI2 (PEXT Bitboards); Intel SDM PEXT; as measured in Gigantua's Chess_Movegen",
        .init = pext_emulated_init)

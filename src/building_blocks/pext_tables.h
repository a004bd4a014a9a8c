/* The dense tables of the PEXT method, indexed by the bits of the
 * occupancy under each square's relevant mask packed to the low end (what
 * PEXT computes), built with a software bit extract so that they exist on
 * every CPU: pext-emulated (the extract in software) and pext-sve2 (SVE2's
 * BEXT) share one copy. */
#ifndef ATTACKBENCH_PEXT_TABLES_H
#define ATTACKBENCH_PEXT_TABLES_H

#include <stddef.h>

#include "attackbench/bitboard.h"

struct pext_tables {
    bitboard rook_masks[SQUARE_COUNT];
    bitboard bishop_masks[SQUARE_COUNT];
    const bitboard *rook_attacks[SQUARE_COUNT];
    const bitboard *bishop_attacks[SQUARE_COUNT];
};

extern struct pext_tables pext_tables;

/* Build them (once; later calls only return the size), 863,232 bytes. */
size_t pext_tables_build(void);

/* The bits of `value` under `mask`, packed to the low end in the mask's
 * order: what PEXT computes, one mask bit a step. */
static inline __attribute__((always_inline)) uint64_t software_pext(uint64_t value, uint64_t mask)
{
    uint64_t result = 0;
    for (uint64_t bit = 1; mask != 0; bit <<= 1) {
        if (value & mask & -mask)
            result |= bit;
        mask &= mask - 1;
    }
    return result;
}

#endif

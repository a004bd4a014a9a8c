/* PEXT emulated: the tables of `pext`, indexed by a parallel bit extract
 * done in software, one loop step per bit of the relevant mask (at most 12
 * for a rook).  The choice that matters where PEXT is slow (AMD family 23,
 * Zen 1 and Zen 2, execute it in microcode) or absent (ARM without SVE2's
 * BEXT): the same 843 KB table with no BMI2 requirement.  Sources:
 * Chessprogramming wiki, "BMI2" (PEXT Bitboards); Intel SDM, PEXT
 * (the operation's definition); measured as "Pext Emulated" in Gigantua's
 * Chess_Movegen. */
#include "attackbench/loops.h"
#include "building_blocks/pext_tables.h"

static size_t pext_emulated_init(void)
{
    return pext_tables_build();
}

static inline bitboard pext_emulated_rook(int square, bitboard occupied)
{
    return pext_tables.rook_attacks[square][software_pext(occupied, pext_tables.rook_masks[square])];
}

static inline bitboard pext_emulated_bishop(int square, bitboard occupied)
{
    return pext_tables.bishop_attacks[square][software_pext(occupied, pext_tables.bishop_masks[square])];
}

QUEEN_FROM_ROOK_AND_BISHOP(pext_emulated)

BACKEND(
    pext_emulated, "pext-emulated",
    "pext's dense tables, the index gathered by a software parallel bit extract (a loop over the mask's bits); no BMI2",
    "CPW BMI2 (PEXT Bitboards); Intel SDM PEXT; as measured in Gigantua's Chess_Movegen", .init = pext_emulated_init)

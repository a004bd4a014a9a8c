/* PEXT tables indexed with SVE2's BEXT: Arm's bit extract (the
 * SVE2-BitPerm extension) gathers the bits of the occupancy under the
 * relevant mask to the low end of a lane, as x86's PEXT does, so the PEXT
 * method runs on ARM CPUs that have it (Neoverse V2 and N2, Cortex-X2 and
 * later; not Apple's M-series).  One BEXT on lane 0 of an SVE register per
 * lookup, moved there and back through the SIMD registers.  Stockfish
 * measured this replacement and found it slower than its rbit hyperbola
 * quintessence on the cores it tried (pull request #6939, 2026).  Sources:
 * Arm Architecture Reference Manual, BEXT (SVE2); Chessprogramming wiki,
 * "BMI2" (PEXT Bitboards).  The tables are pext-emulated's. */
#include "attackbench/loops.h"

#if defined(__aarch64__)
#include "building_blocks/pext_tables.h"

/* BEXT on 64-bit lanes; the assembler is told the extension, so the build
 * needs no -march for it, and the CPU is checked at run time. */
static inline uint64_t bit_extract(uint64_t value, uint64_t mask)
{
    uint64_t result;
    __asm__(".arch_extension sve2-bitperm\n\t"
            "fmov d30, %1\n\t"
            "fmov d31, %2\n\t"
            "bext z30.d, z30.d, z31.d\n\t"
            "fmov %0, d30"
            : "=r"(result)
            : "r"(value), "r"(mask)
            : "v30", "v31");
    return result;
}

static size_t pext_sve2_init(void)
{
    return pext_tables_build();
}

static inline bitboard pext_sve2_rook(int square, bitboard occupied)
{
    return pext_tables.rook_attacks[square][bit_extract(occupied, pext_tables.rook_masks[square])];
}

static inline bitboard pext_sve2_bishop(int square, bitboard occupied)
{
    return pext_tables.bishop_attacks[square][bit_extract(occupied, pext_tables.bishop_masks[square])];
}

QUEEN_FROM_ROOK_AND_BISHOP(pext_sve2)

BACKEND(pext_sve2, "pext-sve2", "pext's dense tables, the index gathered by SVE2's BEXT (one lane of an SVE register)",
        "Arm ARM, BEXT (SVE2-BitPerm); CPW BMI2 (PEXT Bitboards); Stockfish PR #6939 (2026)",
        .features = ATTACKBENCH_FEATURE_SVE2_BITPERM, .init = pext_sve2_init)
#else
BACKEND_NOT_ON_THIS_ARCHITECTURE(pext_sve2, "pext-sve2", "aarch64 only: SVE2 BEXT")
#endif

/* The PEXT method's tables (pext_tables.h). */
#include "pext_tables.h"

#include <stdalign.h>

#include "magic_search.h"

enum { ROOK_TABLE_ENTRIES = 102400, BISHOP_TABLE_ENTRIES = 5248 };

alignas(64) struct pext_tables pext_tables;
static alignas(64) bitboard attacks_table[ROOK_TABLE_ENTRIES + BISHOP_TABLE_ENTRIES];

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

size_t pext_tables_build(void)
{
    static int built;
    if (!built) {
        size_t next_free = 0;
        for (int square = 0; square < SQUARE_COUNT; square++) {
            pext_tables.rook_masks[square] = magic_relevant_mask(SLIDER_ROOK, square);
            pext_tables.rook_attacks[square] = fill_slice(SLIDER_ROOK, square, &next_free);
        }
        for (int square = 0; square < SQUARE_COUNT; square++) {
            pext_tables.bishop_masks[square] = magic_relevant_mask(SLIDER_BISHOP, square);
            pext_tables.bishop_attacks[square] = fill_slice(SLIDER_BISHOP, square, &next_free);
        }
        built = 1;
    }
    return sizeof pext_tables + sizeof attacks_table;
}

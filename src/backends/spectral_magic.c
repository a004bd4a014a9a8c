/* Spectral magic bitboards: a magic-bitboard index whose 64-bit multiply
 * is replaced by a sum of shifted copies of the masked occupancy,
 *
 *     m = occupied | ~relevant_mask         (as in black magics)
 *     index = ((m << s1) + ... + (m << sk)) >> (64 - bits),
 *
 * the product by a factor with k set bits done with shifts and adds, no
 * multiplier.  The "factor" of a square is its list of shift amounts: 7
 * for a rook with a 12-bit index into the square's 4,096-entry slice, 6
 * for a bishop with a 9-bit index into 512 entries (the slices as in
 * plain magics; constructive collisions, occupancies with equal attacks
 * on one index, are allowed).  Source: Daniel Infuehr, "Spectral Magic",
 * talkchess 2023, https://www.talkchess.com/forum3/viewtopic.php?f=7&t=82224#p949688
 * (as in Gigantua's Chess_Movegen).  There the shift lists are shared by
 * groups of squares, shifted by the square's file; here each square has
 * its own list, searched by scripts/spectral-magic-search.c ("plain",
 * seeded, under a second) into spectral_magic_shifts.h.  The init enumerates every
 * occupancy subset of every square and aborts on a destructive
 * collision. */
#include <stdalign.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "attackbench/loops.h"
#include "building_blocks/magic_search.h"
#include "generated/spectral_magic_shifts.h"

enum { ROOK_SLICE_ENTRIES = 1 << SPECTRAL_ROOK_INDEX_BITS, BISHOP_SLICE_ENTRIES = 1 << SPECTRAL_BISHOP_INDEX_BITS };

_Static_assert(SPECTRAL_ROOK_TERMS == 7 && SPECTRAL_BISHOP_TERMS == 6,
               "the lookups below spell out seven rook and six bishop terms");

/* ~relevant_mask of each square: every bit but the relevant squares set. */
/* The generated shifts, each square's row padded to 8 bytes: a row is
 * then found by one scaled index (rows of 7 and 6 bytes cost gcc two
 * address instructions a lookup). */
enum { SHIFT_ROW = 8 };
/* Every table in one struct, addressed from one base register: with a
 * base per table, gcc kept the query stream's pointers on the stack in the
 * timed loops (position-independent code needs a register for each). */
static struct spectral_tables {
    alignas(64) uint8_t rook_shift_rows[SQUARE_COUNT][SHIFT_ROW];
    alignas(64) uint8_t bishop_shift_rows[SQUARE_COUNT][SHIFT_ROW];
    alignas(64) bitboard spectral_rook_outside[SQUARE_COUNT];
    alignas(64) bitboard spectral_bishop_outside[SQUARE_COUNT];
    alignas(64) bitboard spectral_rook_attacks[SQUARE_COUNT][ROOK_SLICE_ENTRIES];
    alignas(64) bitboard spectral_bishop_attacks[SQUARE_COUNT][BISHOP_SLICE_ENTRIES];
} tables;

/* The sum of the first four shifted copies.  With AVX2 they are four
 * lanes of one vector, one VPSLLVQ and a horizontal add: clang 14 finds
 * that form by itself from the scalar sum, gcc 12 kept thirteen scalar
 * shifts per queen, two per cycle at best, and was the slower of the two
 * (docs/findings.md, "Choices in the code").  The four terms belong to one
 * query: nothing is vectorised across queries. */
#if defined(__AVX2__)
#include <immintrin.h>

static inline uint64_t first_four_terms(bitboard m, const uint8_t *shift)
{
    uint32_t amounts;
    memcpy(&amounts, shift, sizeof amounts);
    __m256i terms =
        _mm256_sllv_epi64(_mm256_set1_epi64x((long long)m), _mm256_cvtepu8_epi64(_mm_cvtsi32_si128((int)amounts)));
    __m128i half = _mm_add_epi64(_mm256_castsi256_si128(terms), _mm256_extracti128_si256(terms, 1));
    return (uint64_t)_mm_cvtsi128_si64(_mm_add_epi64(half, _mm_unpackhi_epi64(half, half)));
}
#else
static inline uint64_t first_four_terms(bitboard m, const uint8_t *shift)
{
    return (m << shift[0]) + (m << shift[1]) + (m << shift[2]) + (m << shift[3]);
}
#endif

static inline uint64_t spectral_rook_index(int square, bitboard occupied)
{
    const uint8_t *shift = tables.rook_shift_rows[square];
    bitboard m = occupied | tables.spectral_rook_outside[square];
    uint64_t sum = first_four_terms(m, shift) + (m << shift[4]) + (m << shift[5]) + (m << shift[6]);
    return sum >> (64 - SPECTRAL_ROOK_INDEX_BITS);
}

static inline uint64_t spectral_bishop_index(int square, bitboard occupied)
{
    const uint8_t *shift = tables.bishop_shift_rows[square];
    bitboard m = occupied | tables.spectral_bishop_outside[square];
    uint64_t sum = first_four_terms(m, shift) + (m << shift[4]) + (m << shift[5]);
    return sum >> (64 - SPECTRAL_BISHOP_INDEX_BITS);
}

/* Fills one square's slice (`slice`, `entries` long, cleared here) from
 * every subset of its mask, through `index_of`, which reads the square's
 * outside mask; aborts when two different attack sets meet in a slot. */
static void spectral_fill(enum slider piece, int square, bitboard *slice, size_t entries,
                          uint64_t (*index_of)(int, bitboard))
{
    static struct magic_subsets subsets;
    static unsigned char filled[ROOK_SLICE_ENTRIES];
    magic_enumerate_subsets(piece, square, &subsets);
    for (size_t slot = 0; slot < entries; slot++)
        filled[slot] = 0;
    for (int i = 0; i < subsets.count; i++) {
        uint64_t slot = index_of(square, subsets.occupancies[i]);
        if (filled[slot] && slice[slot] != subsets.attacks[i]) {
            fprintf(stderr, "spectral-magic: the %s shifts of square %d put two attack sets in slot %llu\n",
                    piece == SLIDER_ROOK ? "rook" : "bishop", square, (unsigned long long)slot);
            abort();
        }
        filled[slot] = 1;
        slice[slot] = subsets.attacks[i];
    }
}

static size_t spectral_magic_init(void)
{
    for (int square = 0; square < SQUARE_COUNT; square++) {
        memcpy(tables.rook_shift_rows[square], spectral_rook_shifts[square], sizeof spectral_rook_shifts[square]);
        memcpy(tables.bishop_shift_rows[square], spectral_bishop_shifts[square], sizeof spectral_bishop_shifts[square]);
        tables.spectral_rook_outside[square] = ~magic_relevant_mask(SLIDER_ROOK, square);
        tables.spectral_bishop_outside[square] = ~magic_relevant_mask(SLIDER_BISHOP, square);
        spectral_fill(SLIDER_ROOK, square, tables.spectral_rook_attacks[square], ROOK_SLICE_ENTRIES,
                      spectral_rook_index);
        spectral_fill(SLIDER_BISHOP, square, tables.spectral_bishop_attacks[square], BISHOP_SLICE_ENTRIES,
                      spectral_bishop_index);
    }
    return sizeof tables;
}

static inline bitboard spectral_magic_rook(int square, bitboard occupied)
{
    return tables.spectral_rook_attacks[square][spectral_rook_index(square, occupied)];
}

static inline bitboard spectral_magic_bishop(int square, bitboard occupied)
{
    return tables.spectral_bishop_attacks[square][spectral_bishop_index(square, occupied)];
}

QUEEN_FROM_ROOK_AND_BISHOP(spectral_magic)

BACKEND(spectral_magic, "spectral-magic",
        "magic index with the multiply replaced by a sum of shifted copies of occupied | ~mask: 7 shifts per rook "
        "square (12-bit index), 6 per bishop square (9-bit), per-square slices",
        "Daniel Infuehr, Spectral Magic (talkchess 2023); shift lists from the project's seeded search",
        .init = spectral_magic_init)

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
 * its own list, searched by scripts/generators/spectral-magic-search.c ("plain",
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

/* The generated shifts, each square's row padded to 8 bytes: a row is
 * then found by one scaled index (rows of 7 and 6 bytes cost gcc two
 * address instructions a lookup). */
enum { SHIFT_ROW = 8 };
_Static_assert((int)SPECTRAL_ROOK_TERMS <= (int)SHIFT_ROW && (int)SPECTRAL_BISHOP_TERMS <= (int)SHIFT_ROW,
               "a square's shifts fit its row of eight, the two vectors of sum_of_copies");
/* Every table in one struct, addressed from one base register: with a
 * base per table, gcc kept the query stream's pointers on the stack in the
 * timed loops (position-independent code needs a register for each). */
static struct spectral_tables {
    alignas(64) uint8_t rook_shift_rows[SQUARE_COUNT][SHIFT_ROW];
    alignas(64) uint8_t bishop_shift_rows[SQUARE_COUNT][SHIFT_ROW];
    /* ~relevant_mask of each square: every bit but the relevant squares set. */
    alignas(64) bitboard spectral_rook_outside[SQUARE_COUNT];
    alignas(64) bitboard spectral_bishop_outside[SQUARE_COUNT];
    alignas(64) bitboard spectral_rook_attacks[SQUARE_COUNT][ROOK_SLICE_ENTRIES];
    alignas(64) bitboard spectral_bishop_attacks[SQUARE_COUNT][BISHOP_SLICE_ENTRIES];
} tables;

/* The sum of a square's shifted copies of m.  With AVX2 every copy is a
 * lane: the shift row's bytes 0-3 and 4-7 in two vectors, one VPSLLVQ
 * each, then a horizontal add; the row's unused bytes hold 64, whose
 * copies VPSLLVQ makes 0.  Four lanes and three scalar shifts before,
 * gcc 12 took 1.10-1.13 times clang 14's time (it computed an address
 * for the scalar shifts' loads that clang folded).  The copies belong to
 * one query: nothing is vectorised across queries.  Without AVX2 the
 * copies are summed in general registers (`terms`, a constant). */
#if defined(__AVX2__)
#include <immintrin.h>

static inline uint64_t sum_of_copies(bitboard m, const uint8_t *shift, const int terms)
{
    (void)terms;
    uint32_t low, high;
    memcpy(&low, shift, sizeof low);
    memcpy(&high, shift + sizeof low, sizeof high);
    const __m256i board = _mm256_set1_epi64x((long long)m);
    __m256i copies = _mm256_add_epi64(_mm256_sllv_epi64(board, _mm256_cvtepu8_epi64(_mm_cvtsi32_si128((int)low))),
                                      _mm256_sllv_epi64(board, _mm256_cvtepu8_epi64(_mm_cvtsi32_si128((int)high))));
    __m128i half = _mm_add_epi64(_mm256_castsi256_si128(copies), _mm256_extracti128_si256(copies, 1));
    return (uint64_t)_mm_cvtsi128_si64(_mm_add_epi64(half, _mm_unpackhi_epi64(half, half)));
}
#else
static inline uint64_t sum_of_copies(bitboard m, const uint8_t *shift, const int terms)
{
    uint64_t sum = 0;
    for (int term = 0; term < terms; term++)
        sum += m << shift[term];
    return sum;
}
#endif

static inline uint64_t spectral_rook_index(int square, bitboard occupied)
{
    bitboard m = occupied | tables.spectral_rook_outside[square];
    return sum_of_copies(m, tables.rook_shift_rows[square], SPECTRAL_ROOK_TERMS) >> (64 - SPECTRAL_ROOK_INDEX_BITS);
}

static inline uint64_t spectral_bishop_index(int square, bitboard occupied)
{
    bitboard m = occupied | tables.spectral_bishop_outside[square];
    return sum_of_copies(m, tables.bishop_shift_rows[square], SPECTRAL_BISHOP_TERMS) >>
           (64 - SPECTRAL_BISHOP_INDEX_BITS);
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
        memset(tables.rook_shift_rows[square], 64, SHIFT_ROW); /* unused bytes: copies shifted out */
        memset(tables.bishop_shift_rows[square], 64, SHIFT_ROW);
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

/* Spectral magic, switched: the spectral index (a magic multiply replaced
 * by a sum of shifted copies of m = occupied | ~relevant_mask) with only
 * three shifts per square, and a switch on the square so that each case
 * has its own shifts, outside mask, index shift and table offset compiled
 * in as constants: three shifts, two adds, a shift and one load, no data
 * read but the attack set.  Every square of both pieces indexes one
 * shared table in which the squares' index ranges overlap: a slot used
 * by two squares holds the same attack set for both.  Source: Daniel
 * Infuehr, "Spectral Magic Switched", talkchess 2023,
 * https://www.talkchess.com/forum3/viewtopic.php?f=7&t=79005&start=160
 * (as in Gigantua's Chess_Movegen, where the index shift is 46 for every
 * square).  Here the constants are the project's: scripts/generators/
 * spectral-magic-search.c ("switched") tried every list of three distinct
 * shifts for every square, each at the narrowest index width at which no
 * two different attack sets meet (widths vary by square), and placed the
 * squares greedily in the shared table, each at the lowest position
 * where it meets only equal attack sets; it wrote
 * spectral_magic_switched_shifts.h.  Three shifts suffice for every
 * square.  The init rebuilds the table from every occupancy subset of
 * every square and aborts on a destructive collision. */
#include <stdalign.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "attackbench/loops.h"
#include "building_blocks/magic_search.h"
#include "generated/spectral_magic_switched_shifts.h"

static alignas(64) bitboard spectral_switched_table[SPECTRAL_SWITCHED_TABLE_ENTRIES];

/* `value` unchanged, through an empty asm the compiler cannot see into.
 * Without it, with the shifts constant, gcc merges most cases' three
 * shifts and two adds back into one multiply by 2^first + 2^second +
 * 2^third, and clang also turns the rook switch into tables of the
 * cases' constants (a black magic with a load per constant); the
 * technique is the shifts and adds, with the constants in the code. */
static inline uint64_t spectral_switched_opaque(uint64_t value)
{
    __asm__("" : "+r"(value));
    return value;
}

/* The slot of the table holding the attacks; `offset` may be negative
 * (unsigned wrap-around adds it exactly). */
static inline uint64_t spectral_switched_slot(bitboard occupied, bitboard outside, int first, int second, int third,
                                              int index_shift, long offset)
{
    bitboard m = occupied | outside;
    uint64_t sum = spectral_switched_opaque(m << first) + spectral_switched_opaque(m << second) +
                   spectral_switched_opaque(m << third);
    return (sum >> index_shift) + (uint64_t)offset;
}

/* One case of the switches: every argument but `occupied` a constant. */
#define SPECTRAL_SWITCHED_CASE(square, outside, first, second, third, index_shift, offset) \
    case square: \
        return spectral_switched_table[spectral_switched_slot(occupied, outside, first, second, third, index_shift, \
                                                              offset)];

static inline bitboard spectral_magic_switched_rook(int square, bitboard occupied)
{
    switch (square) {
        SPECTRAL_SWITCHED_ROOK_CASES(SPECTRAL_SWITCHED_CASE)
    default:
        __builtin_unreachable(); /* squares are 0..63: no range check before the jump */
    }
}

static inline bitboard spectral_magic_switched_bishop(int square, bitboard occupied)
{
    switch (square) {
        SPECTRAL_SWITCHED_BISHOP_CASES(SPECTRAL_SWITCHED_CASE)
    default:
        __builtin_unreachable();
    }
}

/* The queen's own switch: one jump a queen, where rook | bishop take two,
 * each mispredicted on a random square (switch_lookup.c has the same).
 * Each square's rook and bishop case become a function of the occupancy
 * (spectral_switched_rook_0 ... _63, likewise bishop), and the queen's
 * case for a square ORs the two. */
#define SPECTRAL_SWITCHED_FUNCTION(PIECE, square, outside, first, second, third, index_shift, offset) \
    static inline LOOKUP_INLINE bitboard spectral_switched_##PIECE##_##square(bitboard occupied) \
    { \
        return spectral_switched_table[spectral_switched_slot(occupied, outside, first, second, third, index_shift, \
                                                              offset)]; \
    }
#define SPECTRAL_SWITCHED_ROOK_FUNCTION(...) SPECTRAL_SWITCHED_FUNCTION(rook, __VA_ARGS__)
#define SPECTRAL_SWITCHED_BISHOP_FUNCTION(...) SPECTRAL_SWITCHED_FUNCTION(bishop, __VA_ARGS__)
SPECTRAL_SWITCHED_ROOK_CASES(SPECTRAL_SWITCHED_ROOK_FUNCTION)
SPECTRAL_SWITCHED_BISHOP_CASES(SPECTRAL_SWITCHED_BISHOP_FUNCTION)

#define SPECTRAL_SWITCHED_QUEEN_CASE(square, ...) \
    case square: \
        return spectral_switched_rook_##square(occupied) | spectral_switched_bishop_##square(occupied);

static inline bitboard spectral_magic_switched_queen(int square, bitboard occupied)
{
    switch (square) {
        SPECTRAL_SWITCHED_ROOK_CASES(SPECTRAL_SWITCHED_QUEEN_CASE)
    default:
        __builtin_unreachable(); /* squares are 0..63: no range check before the jump */
    }
}

/* The same constants as data, for the init's check. */
struct spectral_switched_constants {
    bitboard outside;
    int first, second, third, index_shift;
    long offset;
};

#define SPECTRAL_SWITCHED_CONSTANTS(square, outside, first, second, third, index_shift, offset) \
    [square] = {outside, first, second, third, index_shift, offset},

static const struct spectral_switched_constants spectral_switched_rook_constants[SQUARE_COUNT] = {
    SPECTRAL_SWITCHED_ROOK_CASES(SPECTRAL_SWITCHED_CONSTANTS)};
static const struct spectral_switched_constants spectral_switched_bishop_constants[SQUARE_COUNT] = {
    SPECTRAL_SWITCHED_BISHOP_CASES(SPECTRAL_SWITCHED_CONSTANTS)};

static void spectral_switched_fail(enum slider piece, int square, const char *problem)
{
    fprintf(stderr, "spectral-magic-switched: the %s constants of square %d %s\n",
            piece == SLIDER_ROOK ? "rook" : "bishop", square, problem);
    abort();
}

/* Writes one square's attack sets into the shared table; aborts when its
 * outside mask is not the complement of the relevant mask, or a slot
 * falls outside the table or already holds a different attack set (no
 * attack set of a slider is empty, so 0 marks a free slot). */
static void spectral_switched_fill(enum slider piece, int square, const struct spectral_switched_constants *constants)
{
    static struct magic_subsets subsets;
    magic_enumerate_subsets(piece, square, &subsets);
    if (constants->outside != ~subsets.mask)
        spectral_switched_fail(piece, square, "have a wrong outside mask");
    for (int i = 0; i < subsets.count; i++) {
        uint64_t slot =
            spectral_switched_slot(subsets.occupancies[i], constants->outside, constants->first, constants->second,
                                   constants->third, constants->index_shift, constants->offset);
        if (slot >= SPECTRAL_SWITCHED_TABLE_ENTRIES)
            spectral_switched_fail(piece, square, "index past the table");
        bitboard present = spectral_switched_table[slot];
        if (present != 0 && present != subsets.attacks[i])
            spectral_switched_fail(piece, square, "put two different attack sets in one slot");
        spectral_switched_table[slot] = subsets.attacks[i];
    }
}

static size_t spectral_magic_switched_init(void)
{
    memset(spectral_switched_table, 0, sizeof spectral_switched_table);
    for (int square = 0; square < SQUARE_COUNT; square++) {
        spectral_switched_fill(SLIDER_ROOK, square, &spectral_switched_rook_constants[square]);
        spectral_switched_fill(SLIDER_BISHOP, square, &spectral_switched_bishop_constants[square]);
    }
    return sizeof spectral_switched_table;
}

BACKEND(spectral_magic_switched, "spectral-magic-switched",
        "spectral magic with three shifts per square, a switch on the square (one a queen) with each case's shifts, "
        "mask, index shift and offset compiled in, into one shared table where the squares overlap",
        "Daniel Infuehr, Spectral Magic Switched (talkchess 2023); constants from the project's exhaustive search",
        .init = spectral_magic_switched_init)

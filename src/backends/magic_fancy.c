/* Fancy magic bitboards: index = ((occupied & mask) * magic) >> shift with
 * a shift per square, so each square owns exactly 2^(relevant bits) slots
 * of one dense table (102400 rook + 5248 bishop entries).  Sources:
 * Chessprogramming wiki, "Magic Bitboards" (Pradu Kannan's variable-size
 * tables); Stockfish bitboard.cpp (the per-square Magic struct).  The
 * factors are searched at init() by magic_search.c from a seed per
 * square (src/generated/magic_seeds.h). */
#include <stdalign.h>
#include <stdio.h>
#include <stdlib.h>

#include "attackbench/loops.h"
#include "magic_fancy.h"
#include "building_blocks/magic_search.h"

enum { ROOK_TABLE_ENTRIES = 102400, BISHOP_TABLE_ENTRIES = 5248 };

static inline const bitboard *fancy_attacks_of(const struct fancy_magic *magic)
{
    return (const bitboard *)(uintptr_t)(magic->attacks_and_shift >> FANCY_SHIFT_BITS);
}

static inline unsigned fancy_shift_of(const struct fancy_magic *magic)
{
    return (unsigned)(magic->attacks_and_shift & FANCY_SHIFT_FIELD);
}

static struct fancy_square fancy_squares[SQUARE_COUNT];
static alignas(64) bitboard fancy_attacks[ROOK_TABLE_ENTRIES + BISHOP_TABLE_ENTRIES];

/* The seeds of the factor search, one per square and slider: any seed
 * gives valid factors, these (scripts/generators/magic-seeds-search.c) the least
 * work, as Stockfish seeds its search per rank to start quickly. */
#include "generated/magic_seeds.h"

/* Finds the factor for one slider on one square and fills its slice of
 * the table starting at *next_free, which it advances. */
static void fancy_fill(struct fancy_magic *magic, enum slider piece, int square, size_t *next_free)
{
    uint64_t random_state = fancy_magic_seeds[piece == SLIDER_ROOK ? 0 : 1][square];
    static struct magic_subsets subsets;
    magic_enumerate_subsets(piece, square, &subsets);
    int bits = population_count(subsets.mask);
    bitboard *slice = &fancy_attacks[*next_free];
    unsigned shift = 64u - (unsigned)bits;
    /* User-space addresses on x86-64 use 47 bits; 6 more must fit. */
    if ((uint64_t)(uintptr_t)slice >> (64 - FANCY_SHIFT_BITS)) {
        fprintf(stderr, "magic-fancy: table address too high to pack\n");
        abort();
    }
    magic->mask = subsets.mask;
    magic->magic = magic_find_factor(&subsets, bits, &random_state);
    magic->attacks_and_shift = ((uint64_t)(uintptr_t)slice << FANCY_SHIFT_BITS) | shift;
    for (int i = 0; i < subsets.count; i++)
        slice[(subsets.occupancies[i] * magic->magic) >> shift] = subsets.attacks[i];
    *next_free += (size_t)1 << bits;
}

size_t magic_fancy_build_tables(void)
{
    size_t next_free = 0;
    for (int square = 0; square < SQUARE_COUNT; square++)
        fancy_fill(&fancy_squares[square].rook, SLIDER_ROOK, square, &next_free);
    for (int square = 0; square < SQUARE_COUNT; square++)
        fancy_fill(&fancy_squares[square].bishop, SLIDER_BISHOP, square, &next_free);
    return sizeof fancy_squares + sizeof fancy_attacks;
}

const struct fancy_square *magic_fancy_squares(void)
{
    return fancy_squares;
}

static inline bitboard fancy_lookup(const struct fancy_magic *magic, bitboard occupied)
{
    return fancy_attacks_of(magic)[((occupied & magic->mask) * magic->magic) >> fancy_shift_of(magic)];
}

static inline bitboard magic_fancy_rook(int square, bitboard occupied)
{
    return fancy_lookup(&fancy_squares[square].rook, occupied);
}

static inline bitboard magic_fancy_bishop(int square, bitboard occupied)
{
    return fancy_lookup(&fancy_squares[square].bishop, occupied);
}

static inline bitboard magic_fancy_queen(int square, bitboard occupied)
{
    const struct fancy_square *entry = &fancy_squares[square];
    return fancy_lookup(&entry->rook, occupied) | fancy_lookup(&entry->bishop, occupied);
}

BACKEND(magic_fancy, "magic-fancy", "fancy magic bitboards: per-square shift into one dense table",
        "Chessprogramming wiki, Magic Bitboards (Pradu Kannan); Stockfish bitboard.cpp; seeded search",
        .init = magic_fancy_build_tables)

/* Plain magic bitboards: index = ((occupied & mask) * magic) >> shift with
 * a fixed 12-bit rook and 9-bit bishop index, so every square owns 4096 or
 * 512 slots (2.25 MiB).  Source: Chessprogramming wiki, "Magic Bitboards"
 * (Lasse Hansen's plain magics; the name is Robert Purves's).  The factors
 * are searched at init() by magic_search.c from a seed per square
 * (src/generated/magic_seeds.h). */
#include <stdalign.h>

#include "attackbench/loops.h"
#include "building_blocks/magic_search.h"

enum {
    ROOK_INDEX_BITS = 12,
    BISHOP_INDEX_BITS = 9,
    ROOK_SHIFT = 64 - ROOK_INDEX_BITS,
    BISHOP_SHIFT = 64 - BISHOP_INDEX_BITS
};

/* Everything a queen lookup reads about its square, in one 32-byte block
 * (half a cache line). */
struct plain_square {
    alignas(32) bitboard rook_mask;
    bitboard rook_magic;
    bitboard bishop_mask;
    bitboard bishop_magic;
};

static struct plain_square plain_squares[SQUARE_COUNT];
static alignas(64) bitboard plain_rook_attacks[SQUARE_COUNT][1 << ROOK_INDEX_BITS];
static alignas(64) bitboard plain_bishop_attacks[SQUARE_COUNT][1 << BISHOP_INDEX_BITS];

/* The seeds of the factor search, one per square and slider: any seed
 * gives valid factors, these (scripts/generators/magic-seeds-search.c) the least
 * work. */
#include "generated/magic_seeds.h"

static size_t magic_plain_init(void)
{
    static struct magic_subsets subsets;
    for (int square = 0; square < SQUARE_COUNT; square++) {
        struct plain_square *entry = &plain_squares[square];
        uint64_t random_state = plain_magic_seeds[0][square];

        magic_enumerate_subsets(SLIDER_ROOK, square, &subsets);
        entry->rook_mask = subsets.mask;
        entry->rook_magic = magic_find_factor(&subsets, ROOK_INDEX_BITS, &random_state);
        for (int i = 0; i < subsets.count; i++)
            plain_rook_attacks[square][(subsets.occupancies[i] * entry->rook_magic) >> ROOK_SHIFT] = subsets.attacks[i];

        magic_enumerate_subsets(SLIDER_BISHOP, square, &subsets);
        entry->bishop_mask = subsets.mask;
        random_state = plain_magic_seeds[1][square];
        entry->bishop_magic = magic_find_factor(&subsets, BISHOP_INDEX_BITS, &random_state);
        for (int i = 0; i < subsets.count; i++)
            plain_bishop_attacks[square][(subsets.occupancies[i] * entry->bishop_magic) >> BISHOP_SHIFT] =
                subsets.attacks[i];
    }
    return sizeof plain_squares + sizeof plain_rook_attacks + sizeof plain_bishop_attacks;
}

static inline bitboard magic_plain_rook(int square, bitboard occupied)
{
    const struct plain_square *entry = &plain_squares[square];
    return plain_rook_attacks[square][((occupied & entry->rook_mask) * entry->rook_magic) >> ROOK_SHIFT];
}

static inline bitboard magic_plain_bishop(int square, bitboard occupied)
{
    const struct plain_square *entry = &plain_squares[square];
    return plain_bishop_attacks[square][((occupied & entry->bishop_mask) * entry->bishop_magic) >> BISHOP_SHIFT];
}

QUEEN_FROM_ROOK_AND_BISHOP(magic_plain)

BACKEND(magic_plain, "magic-plain", "plain magic bitboards: fixed 12-bit rook / 9-bit bishop index per square",
        "Chessprogramming wiki, Magic Bitboards (Lasse Hansen); factors from a seeded search", .init = magic_plain_init)

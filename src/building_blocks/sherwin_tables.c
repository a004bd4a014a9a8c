/* Table builders shared by the Sherwin family (see sherwin_tables.h).
 * Source: seed 000 (Chessprogramming wiki, "Sherwin Bitboards"); the page's
 * big-endian file mapping is replaced by a1 = 0, which changes only which
 * square is bit 0, not the shape of the tables. */
#include "sherwin_tables.h"

#include <assert.h>

#include "base/ray_walk.h"

bitboard sherwin_deposit(uint64_t index, bitboard mask)
{
    bitboard board = 0;
    for (uint64_t bit = 1; mask; bit <<= 1, mask = without_lowest(mask))
        if (index & bit)
            board |= mask & -mask;
    return board;
}

uint64_t sherwin_extract(bitboard board, bitboard mask)
{
    uint64_t index = 0;
    for (uint64_t bit = 1; mask; bit <<= 1, mask = without_lowest(mask))
        if (board & mask & -mask)
            index |= bit;
    return index;
}

/* The dense attack table and each square's base index.  Squares come in
 * order of decreasing index-bit count (ties by square), as on the page:
 * then every base is a multiple of 2^bits of its square, so the base can
 * be ORed into every first-level entry of the square. */
static int build_attack_table(bitboard (*relevant_of)(int), bitboard (*walk)(int, bitboard), bitboard *attacks,
                              bitboard relevant[64], uint32_t base[64])
{
    int next = 0;
    for (int square = 0; square < 64; square++)
        relevant[square] = relevant_of(square);
    for (int bits = 12; bits >= 0; bits--) {
        for (int square = 0; square < 64; square++) {
            if (population_count(relevant[square]) != bits)
                continue;
            base[square] = (uint32_t)next;
            for (int index = 0; index < 1 << bits; index++)
                attacks[next + index] = walk(square, sherwin_deposit((uint64_t)index, relevant[square]));
            next += 1 << bits;
        }
    }
    return next;
}

/* One first-level entry: the square's base ORed with the index bits that
 * this row's occupancy pattern contributes (its relevant squares keep
 * their rank within the square's whole relevant mask, lowest first). */
static uint32_t row_entry(uint32_t base, bitboard relevant, int shift, int pattern)
{
    bitboard row_occupancy = ((bitboard)pattern << shift) & relevant;
    return base | (uint32_t)sherwin_extract(row_occupancy, relevant);
}

void sherwin_build_bishop_tables(uint16_t rows[64][SHERWIN_BISHOP_ROWS][SHERWIN_BISHOP_PATTERNS],
                                 bitboard attacks[SHERWIN_BISHOP_ENTRIES], bitboard relevant[64])
{
    uint32_t base[64];
    int total = build_attack_table(ray_walk_bishop_relevant, ray_walk_bishop, attacks, relevant, base);
    assert(total == SHERWIN_BISHOP_ENTRIES);
    (void)total;
    for (int square = 0; square < 64; square++)
        for (int row = 0; row < SHERWIN_BISHOP_ROWS; row++)
            for (int pattern = 0; pattern < SHERWIN_BISHOP_PATTERNS; pattern++)
                rows[square][row][pattern] =
                    (uint16_t)row_entry(base[square], relevant[square], SHERWIN_BISHOP_SHIFT + 8 * row, pattern);
}

void sherwin_build_rook_tables(uint32_t rows[64][SHERWIN_ROOK_ROWS][SHERWIN_ROOK_PATTERNS],
                               bitboard attacks[SHERWIN_ROOK_ENTRIES], bitboard relevant[64])
{
    uint32_t base[64];
    int total = build_attack_table(ray_walk_rook_relevant, ray_walk_rook, attacks, relevant, base);
    assert(total == SHERWIN_ROOK_ENTRIES);
    (void)total;
    for (int square = 0; square < 64; square++)
        for (int row = 0; row < SHERWIN_ROOK_ROWS; row++)
            for (int pattern = 0; pattern < SHERWIN_ROOK_PATTERNS; pattern++)
                rows[square][row][pattern] = row_entry(base[square], relevant[square], 8 * row, pattern);
}

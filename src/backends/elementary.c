/* Elementary Bitboards: an exact PEXT in software with no loop.  Each
 * relevant mask is split into at most three submasks whose bits one
 * multiply each moves, with no carry reaching them, onto the top bits in
 * PEXT's order; the three products ORed and shifted are PEXT's index into
 * PEXT's dense tables: no BMI2, no magic collisions.  Source: Sami
 * Kiminki, skiminki/hoover-chess-utils, pgn-reader/src/bitboard-attacks-
 * elementary.h (January 2026); submasks and multipliers from the
 * project's own search, scripts/generators/elementary-search.c. */
#include <stdalign.h>

#include "attackbench/loops.h"
#include "building_blocks/pext_tables.h"
#include "generated/elementary_factors.h"

/* What a lookup reads about its square, one 64-byte line: the three
 * submasks and multipliers, the square's slice of the dense table and
 * the right shift (64 minus the mask's bits). */
struct elementary_square {
    bitboard submasks[3];
    uint64_t multipliers[3];
    const bitboard *attacks;
    uint64_t shift;
};

static alignas(64) struct elementary_square elementary_rooks[SQUARE_COUNT];
static alignas(64) struct elementary_square elementary_bishops[SQUARE_COUNT];

/* One square's line from its generated split and the shared table. */
static struct elementary_square elementary_line(const struct elementary_split *split, bitboard mask,
                                                const bitboard *attacks)
{
    struct elementary_square line = {.attacks = attacks, .shift = (uint64_t)(64 - population_count(mask))};
    for (int which = 0; which < 3; which++) {
        line.submasks[which] = split->submasks[which];
        line.multipliers[which] = split->multipliers[which];
    }
    return line;
}

static size_t elementary_init(void)
{
    size_t table_bytes = pext_tables_build();
    for (int square = 0; square < SQUARE_COUNT; square++) {
        elementary_rooks[square] = elementary_line(&elementary_splits[0][square], pext_tables.rook_masks[square],
                                                   pext_tables.rook_attacks[square]);
        elementary_bishops[square] = elementary_line(&elementary_splits[1][square], pext_tables.bishop_masks[square],
                                                     pext_tables.bishop_attacks[square]);
    }
    return table_bytes + sizeof elementary_rooks + sizeof elementary_bishops;
}

/* PEXT(occupied, mask) by three multiplies. */
static inline uint64_t elementary_index(const struct elementary_square *line, bitboard occupied)
{
    return ((occupied & line->submasks[0]) * line->multipliers[0] |
            (occupied & line->submasks[1]) * line->multipliers[1] |
            (occupied & line->submasks[2]) * line->multipliers[2]) >>
           line->shift;
}

static inline bitboard elementary_rook(int square, bitboard occupied)
{
    const struct elementary_square *line = &elementary_rooks[square];
    return line->attacks[elementary_index(line, occupied)];
}

static inline bitboard elementary_bishop(int square, bitboard occupied)
{
    const struct elementary_square *line = &elementary_bishops[square];
    return line->attacks[elementary_index(line, occupied)];
}

QUEEN_FROM_ROOK_AND_BISHOP(elementary)

BACKEND(elementary, "elementary",
        "PEXT's index without BMI2: the mask split into at most three submasks, each moved onto the top bits in "
        "PEXT's order by one multiply with no carry, the products ORed and shifted; pext's dense tables",
        "Sami Kiminki, Elementary Bitboards (skiminki/hoover-chess-utils, 2026); splits from "
        "scripts/generators/elementary-search.c",
        .init = elementary_init)

/* Genetic obstruction difference: obstruction difference rewritten by the
 * expressions a program search over its syntax tree found.  Per line, the
 * highest blocker below the slider (one leading-zero count; bit 0 when
 * there is none) is subtracted from the blockers above it: the borrow runs
 * from that blocker up to the lowest blocker above, and the XOR with the
 * blockers above keeps exactly that run, both blockers included.  A 48-byte
 * record per square: the squares below and above it and its four lines.
 * Source: Daniel Infuehr, GeneticObstructionDiff (2022, in Gigantua's
 * Chess_Movegen), after Michael Hoffmann's Obstruction Difference
 * (Chessprogramming wiki). */
#include "building_blocks/gcc_schedule.h" /* first: gcc schedules the whole file */
#include <stdalign.h>

#include "attackbench/loops.h"
#include "building_blocks/lanes.h"

/* The four lines side by side in one vector (rank, file, diagonal,
 * anti-diagonal), so that the lookup works on them at once, one
 * VPLZCNTQ where the build has AVX-512 CD and VL. */
struct square_record {
    bitboard below, above; /* the squares under and over the slider */
    lanes4 lines;          /* without the slider */
};

static alignas(64) struct square_record records[SQUARE_COUNT];

static size_t genetic_obstruction_diff_init(void)
{
    for (int square = 0; square < SQUARE_COUNT; square++) {
        bitboard slider = square_bit(square);
        records[square].below = slider - 1;
        records[square].above = ~(slider - 1) ^ slider;
        records[square].lines = (lanes4){rank_mask(square) ^ slider, file_mask(square) ^ slider,
                                         diagonal_mask(square) ^ slider, anti_diagonal_mask(square) ^ slider};
    }
    return sizeof records;
}

static inline bitboard lines_attacks(int square, bitboard occupied, lanes4 selected)
{
    const struct square_record *record = &records[square];
    lanes4 lines = record->lines & selected;
    lanes4 upper = occupied & lines & record->above;
    lanes4 lower_or_bit0 = and_or_lanes4(occupied & lines, record->below + (lanes4){0}, (lanes4){0} + 1);
    lanes4 highest_lower = highest_bit_lanes4(lower_or_bit0);
    return or_lanes4(lines & (upper ^ (upper - highest_lower)));
}

static inline bitboard genetic_obstruction_diff_rook(int square, bitboard occupied)
{
    return lines_attacks(square, occupied, (lanes4){~(bitboard)0, ~(bitboard)0, 0, 0});
}

static inline bitboard genetic_obstruction_diff_bishop(int square, bitboard occupied)
{
    return lines_attacks(square, occupied, (lanes4){0, 0, ~(bitboard)0, ~(bitboard)0});
}

static inline bitboard genetic_obstruction_diff_queen(int square, bitboard occupied)
{
    return lines_attacks(square, occupied, (lanes4){0} + ~(bitboard)0);
}

BACKEND(genetic_obstruction_diff, "genetic-obstruction-diff",
        "per line: line & (upper ^ (upper - msb)), msb the highest blocker below by one leading-zero count (bit 0 when "
        "none); 48-byte records",
        "Daniel Infuehr, GeneticObstructionDiff (2022, Gigantua's Chess_Movegen), after CPW Obstruction Difference "
        "(Michael Hoffmann)",
        .init = genetic_obstruction_diff_init)

/* Genetic obstruction difference, second version: the same expression per
 * line as genetic-obstruction-diff, `line & (upper ^ (upper - msb))` with
 * msb the highest blocker below the slider, but with two masks per line
 * folded into the record so the lookup does less: the squares of the line
 * below the slider carry bit 0 as well (so the occupancy ORed once with
 * bit 0 gives the "none below" stop bit to every line, and the
 * leading-zero count never sees zero), and the squares above come
 * pre-cut to the line.  A 96-byte record per square: per line, its
 * squares below (with bit 0), its squares above, and the line without
 * the slider; the four lines side by side in vector lanes.
 * Source: Daniel Infuehr, GeneticObstructionDiffV2 (April 2022, in
 * Gigantua's Chess_Movegen: square masking removed by smarter mask
 * constants, `lower | 1` moved into the constants), after Michael
 * Hoffmann's Obstruction Difference (Chessprogramming wiki). */
#include "building_blocks/gcc_schedule.h" /* first: gcc schedules the whole file */
#include <stdalign.h>

#include "attackbench/loops.h"
#include "building_blocks/lanes.h"

/* Lanes: rank, file, diagonal, anti-diagonal. */
struct square_record {
    lanes4 below; /* each line's squares under the slider, and bit 0 */
    lanes4 above; /* each line's squares over the slider */
    lanes4 lines; /* each line without the slider */
};

static alignas(64) struct square_record records[SQUARE_COUNT];

static size_t genetic_obstruction_diff_v2_init(void)
{
    for (int square = 0; square < SQUARE_COUNT; square++) {
        bitboard slider = square_bit(square);
        bitboard below = (slider - 1) | 1, above = ~(slider - 1) ^ slider;
        lanes4 lines = {rank_mask(square) ^ slider, file_mask(square) ^ slider, diagonal_mask(square) ^ slider,
                        anti_diagonal_mask(square) ^ slider};
        records[square].below = (lines | 1) & below;
        records[square].above = lines & above;
        records[square].lines = lines;
    }
    return sizeof records;
}

/* The union of the attacks along the lines whose lanes `selected` keeps. */
static inline bitboard lines_attacks(int square, bitboard occupied, lanes4 selected)
{
    const struct square_record *record = &records[square];
    lanes4 stopped = (lanes4){0} + (occupied | 1);
    lanes4 lower = stopped & record->below;
    lanes4 upper = stopped & record->above;
    lanes4 highest_lower = highest_bit_lanes4(lower);
    return or_lanes4(record->lines & selected & (upper ^ (upper - highest_lower)));
}

static inline bitboard genetic_obstruction_diff_v2_rook(int square, bitboard occupied)
{
    return lines_attacks(square, occupied, (lanes4){~(bitboard)0, ~(bitboard)0, 0, 0});
}

static inline bitboard genetic_obstruction_diff_v2_bishop(int square, bitboard occupied)
{
    return lines_attacks(square, occupied, (lanes4){0, 0, ~(bitboard)0, ~(bitboard)0});
}

static inline bitboard genetic_obstruction_diff_v2_queen(int square, bitboard occupied)
{
    return lines_attacks(square, occupied, (lanes4){0} + ~(bitboard)0);
}

BACKEND(genetic_obstruction_diff_v2, "genetic-obstruction-diff-v2",
        "genetic-obstruction-diff with bit 0 and the line cuts folded into the masks: per line occupied|1 & below, "
        "occupied & above, one leading-zero count; 96-byte records",
        "Daniel Infuehr, GeneticObstructionDiffV2 (2022, Gigantua's Chess_Movegen), after CPW Obstruction "
        "Difference (Michael Hoffmann)",
        .init = genetic_obstruction_diff_v2_init)

/* Hyperbola quintessence: the o ^ (o - 2r) subtraction trick on the
 * occupancy of a file or diagonal, and on its byte-swapped image for the
 * opposite ray (a byte swap reverses a line with one square per rank).
 * Ranks have several squares per byte, so they use a 512-byte first-rank
 * table indexed by the six inner bits of the rank and the file.
 * Source: Chessprogramming wiki, "Hyperbola Quintessence" (Gerd Isenberg,
 * Aleks Peshkov). */
#include "attackbench/loops.h"
#include "building_blocks/first_rank_table.h"
#include "building_blocks/lanes.h"
#include "base/ray_walk.h"

/* The lines through a square, without the square itself, one per lane of
 * a 32-byte vector, in this order: file, diagonal, anti-diagonal, and a
 * fourth lane left empty.  A bishop or a queen works on its lines side by
 * side (one ymm with AVX2). */
enum { FILE_LANE = 0 };

static lanes4 line_masks[SQUARE_COUNT];

/* The first-rank table (building_blocks/first_rank_table.h). */
static uint8_t first_rank_attacks[64][8];

static size_t hyperbola_init(void)
{
    for (int square = 0; square < SQUARE_COUNT; square++) {
        bitboard self = square_bit(square);
        line_masks[square] = (lanes4){file_mask(square), diagonal_mask(square), anti_diagonal_mask(square), 0} & ~self;
    }
    first_rank_table_build(first_rank_attacks);
    return sizeof line_masks + sizeof first_rank_attacks;
}

/* Attacks along a line with at most one square per rank.  The mask leaves
 * the slider out of o, so o - r already is o - 2r of the original trick;
 * the swapped image gives the ray towards a1 the same way, and xor joins
 * the two rays (each subtraction's unchanged bits cancel). */
static inline bitboard line_attacks(bitboard occupied, bitboard mask, bitboard slider)
{
    bitboard forward = occupied & mask;
    bitboard reverse = flip_vertical(forward);
    forward -= slider;
    reverse -= flip_vertical(slider);
    return (forward ^ flip_vertical(reverse)) & mask;
}

/* The same on every lane at once; the union of the lanes' attacks. */
static inline bitboard lines_attacks(bitboard occupied, lanes4 masks, bitboard slider)
{
    lanes4 forward = occupied & masks;
    lanes4 reverse = flip_vertical_lanes4(forward);
    forward -= slider;
    reverse -= flip_vertical(slider);
    return or_lanes4((forward ^ flip_vertical_lanes4(reverse)) & masks);
}

static inline bitboard rank_attacks(int square, bitboard occupied)
{
    return first_rank_table_rank_attacks(first_rank_attacks, square, occupied);
}

static inline bitboard hyperbola_rook(int square, bitboard occupied)
{
    bitboard slider = square_bit(square);
    return line_attacks(occupied, line_masks[square][FILE_LANE], slider) | rank_attacks(square, occupied);
}

static inline bitboard hyperbola_bishop(int square, bitboard occupied)
{
    const lanes4 diagonals = {0, ~(bitboard)0, ~(bitboard)0, 0};
    return lines_attacks(occupied, line_masks[square] & diagonals, square_bit(square));
}

static inline bitboard hyperbola_queen(int square, bitboard occupied)
{
    return lines_attacks(occupied, line_masks[square], square_bit(square)) | rank_attacks(square, occupied);
}

BACKEND(hyperbola, "hyperbola",
        "o ^ (o - 2r) with a byte swap for files and diagonals; ranks from a 512-byte first-rank table",
        "Chessprogramming wiki, Hyperbola Quintessence", .init = hyperbola_init)

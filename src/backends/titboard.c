/* TITBOARD (Ternary Index Table bitboards), the attack form: per square and
 * line, PEXT gathers the line's occupancy, a 128-entry table reads the
 * pattern as base-3 digits, and the index picks the line's attack set from
 * 2,187 entries (3^7: each other square of the line empty, own or enemy):
 * [64][4][2187] bitboards, 4.3 MB.  TDFA splits own and enemy pieces into
 * the digits 1 and 2 (two PEXTs and two base-3 lookups a line) so that its
 * move table can leave own pieces out and hold encoded moves; in the attack
 * form own pieces block and are attacked like enemy ones, so an entry
 * depends on the occupancy alone, and a lookup, given only the occupancy,
 * enters every piece as an enemy (digit 2: one PEXT and one base-3 lookup a
 * line).  The move form adds the own side's PEXT and base-3 lookup, and
 * saves the caller's & ~own.  Sources: TiltedDFA/TDFA/src/Titboard.hpp
 * and the compact-titboard specification in TDFA's docs (2026-04-04);
 * Chess_Movegen pull request #5, "Titboard addition" (2026). */
#if defined(__x86_64__)
#include <immintrin.h>
#include <stdalign.h>

#include "attackbench/loops.h"
#include "building_blocks/titboard_lines.h"

#define TITBOARD_TARGET "bmi2"

static bitboard line_masks[SQUARE_COUNT][TITBOARD_LINES];
static uint16_t enemy_digits[128];
static alignas(64) bitboard line_attacks[SQUARE_COUNT][TITBOARD_LINES][TITBOARD_INDICES];

static size_t titboard_init(void)
{
    titboard_enemy_digits(enemy_digits);
    for (int square = 0; square < SQUARE_COUNT; square++)
        for (int line = 0; line < TITBOARD_LINES; line++) {
            bitboard mask = titboard_line(square, line);
            line_masks[square][line] = mask;
            for (unsigned index = 0; index < TITBOARD_INDICES; index++)
                line_attacks[square][line][index] =
                    titboard_index_fits(mask, index)
                        ? titboard_line_attacks(square, line, titboard_blockers(mask, index))
                        : 0;
        }
    return sizeof line_masks + sizeof enemy_digits + sizeof line_attacks;
}

/* A line's attack sets, indexed by its base-3 digits. */
typedef bitboard line_table[TITBOARD_INDICES];

/* One line of the square: `rows` is the square's four line tables, held
 * in one register (BASE_REGISTER) so that each line's read adds its offset
 * as a displacement; gcc 12 otherwise built every read's address by a
 * three-part LEA after the square's multiply. */
TARGET_ATTRIBUTE(TITBOARD_TARGET)
static inline bitboard line_lookup(const line_table *rows, const bitboard *masks, bitboard occupied, int line)
{
    unsigned pattern = (unsigned)_pext_u64(occupied, masks[line]);
    return rows[line][enemy_digits[pattern]];
}

TARGET_ATTRIBUTE(TITBOARD_TARGET) static inline bitboard titboard_rook(int square, bitboard occupied)
{
    const line_table *rows = line_attacks[square];
    BASE_REGISTER(rows);
    return line_lookup(rows, line_masks[square], occupied, 0) | line_lookup(rows, line_masks[square], occupied, 1);
}

TARGET_ATTRIBUTE(TITBOARD_TARGET) static inline bitboard titboard_bishop(int square, bitboard occupied)
{
    const line_table *rows = line_attacks[square];
    BASE_REGISTER(rows);
    return line_lookup(rows, line_masks[square], occupied, 2) | line_lookup(rows, line_masks[square], occupied, 3);
}

QUEEN_FROM_ROOK_AND_BISHOP(titboard, TARGET_ATTRIBUTE(TITBOARD_TARGET))

BACKEND(titboard, "titboard",
        "per line PEXT, a base-2 to base-3 table, and a 2,187-entry line table (3^7 own/enemy/empty); "
        "the attack form, every piece entered as an enemy; 4.3 MB",
        "TiltedDFA/TDFA/src/Titboard.hpp (TITBOARD, 2026); Chess_Movegen pull request #5", TARGET(TITBOARD_TARGET),
        .init = titboard_init, .instructions = INSTRUCTION_PEXT)
#else
#include "attackbench/loops.h"

BACKEND_NOT_ON_THIS_ARCHITECTURE(titboard, "titboard", "x86-64 only: BMI2 PEXT")
#endif

/* Compact TITBOARD, the attack form: TITBOARD's index (PEXT, base-3
 * table) reads one byte per line, the line's two reach lengths (squares
 * up to the first blocker each way, 3 bits each), instead of a bitboard:
 * [64][4][2187] bytes, 547 KB; a second, geometric table turns the byte
 * into the line's attack set ([64][4][64] bitboards, 128 KB).  TDFA's
 * endpoint byte also carries two capture flags and its second table holds
 * encoded moves; the attack form needs neither.  Source: TiltedDFA/TDFA,
 * its compact-titboard specification (2026-04-04-compact-titboard-
 * movegen.md, "Endpoint-Based Table Splitting"); see titboard.c. */
#if defined(__x86_64__)
#include <immintrin.h>
#include <stdalign.h>

#include "attackbench/loops.h"
#include "building_blocks/titboard_lines.h"

#define TITBOARD_TARGET "bmi2"

static bitboard line_masks[SQUARE_COUNT][TITBOARD_LINES];
static uint16_t enemy_digits[128];
static alignas(64) uint8_t line_reaches[SQUARE_COUNT][TITBOARD_LINES][TITBOARD_INDICES];
static alignas(64) bitboard reach_attacks[SQUARE_COUNT][TITBOARD_LINES][64];

/* The first `length` squares from `square` in the direction (file, rank). */
static bitboard first_squares(int square, int file_step, int rank_step, int length)
{
    bitboard ray = ray_walk(square, 0, file_step, rank_step), squares = 0;
    int step = file_step + 8 * rank_step;
    for (int taken = 0; taken < length && ray; taken++) {
        int next = step > 0 ? lowest_square(ray) : highest_square(ray);
        squares |= square_bit(next);
        ray &= ~square_bit(next);
    }
    return squares;
}

/* The byte: the positive half's reach in bits 0-2, the negative's in 3-5. */
static uint8_t reach_byte(int square, int line, bitboard blockers)
{
    int file_step = titboard_steps[line][0], rank_step = titboard_steps[line][1];
    int positive = population_count(ray_walk(square, blockers, file_step, rank_step));
    int negative = population_count(ray_walk(square, blockers, -file_step, -rank_step));
    return (uint8_t)(positive | negative << 3);
}

static void fill_line(int square, int line)
{
    int file_step = titboard_steps[line][0], rank_step = titboard_steps[line][1];
    bitboard mask = titboard_line(square, line);
    line_masks[square][line] = mask;
    for (unsigned index = 0; index < TITBOARD_INDICES; index++)
        line_reaches[square][line][index] =
            titboard_index_fits(mask, index) ? reach_byte(square, line, titboard_blockers(mask, index)) : 0;
    for (int reach = 0; reach < 64; reach++)
        reach_attacks[square][line][reach] = first_squares(square, file_step, rank_step, reach & 7) |
                                             first_squares(square, -file_step, -rank_step, reach >> 3);
}

static size_t titboard_compact_init(void)
{
    titboard_enemy_digits(enemy_digits);
    for (int square = 0; square < SQUARE_COUNT; square++)
        for (int line = 0; line < TITBOARD_LINES; line++)
            fill_line(square, line);
    return sizeof line_masks + sizeof enemy_digits + sizeof line_reaches + sizeof reach_attacks;
}

/* The square's attack sets, from one base register. */
static inline const bitboard (*square_reach_attacks(int square))[64]
{
    const bitboard(*attacks)[64] = reach_attacks[square];
    BASE_REGISTER(attacks);
    return attacks;
}

TARGET_ATTRIBUTE(TITBOARD_TARGET) static inline bitboard line_lookup(int square, bitboard occupied, int line)
{
    unsigned pattern = (unsigned)_pext_u64(occupied, line_masks[square][line]);
    return square_reach_attacks(square)[line][line_reaches[square][line][enemy_digits[pattern]]];
}

TARGET_ATTRIBUTE(TITBOARD_TARGET) static inline bitboard titboard_compact_rook(int square, bitboard occupied)
{
    return line_lookup(square, occupied, 0) | line_lookup(square, occupied, 1);
}

TARGET_ATTRIBUTE(TITBOARD_TARGET) static inline bitboard titboard_compact_bishop(int square, bitboard occupied)
{
    return line_lookup(square, occupied, 2) | line_lookup(square, occupied, 3);
}

QUEEN_FROM_ROOK_AND_BISHOP(titboard_compact, TARGET_ATTRIBUTE(TITBOARD_TARGET))

BACKEND(titboard_compact, "titboard-compact",
        "TITBOARD's PEXT and base-3 index into one byte per line (both reach lengths, 547 KB), then a "
        "geometric table of attack sets by square, line and byte (128 KB)",
        "TiltedDFA/TDFA compact TITBOARD specification (2026-04-04, endpoint bytes)", TARGET(TITBOARD_TARGET),
        .init = titboard_compact_init, .instructions = INSTRUCTION_PEXT)
#else
#include "attackbench/loops.h"

BACKEND_NOT_ON_THIS_ARCHITECTURE(titboard_compact, "titboard-compact", "x86-64 only: BMI2 PEXT")
#endif

/* Split PEXT bitboards: one PEXT per line (rank, file, diagonal,
 * anti-diagonal) instead of one per slider.  A line has at most six
 * relevant squares, so each square's per-line slice holds at most 64
 * attack sets and the four lines together 6,784 entries (53 KiB), against
 * the 107,648 (841 KiB) of one PEXT over the whole relevant mask, whose
 * index multiplies the lines' patterns.  The price: twice the PEXTs.
 * Source: the split-index PEXT variants discussed on talkchess (Daniel
 * Infuehr 2020, Thomas Jahn 2022, Michael Sherwin's split index; 2023).
 * Two formulations: the index by the instruction (split-pext:hardware,
 * the default) or by a software gather (split-pext:software). */
#if defined(__x86_64__)
#include <immintrin.h>
#include <stdalign.h>

#include "attackbench/loops.h"

/* The target of every lookup and loop here; the features --list names and
 * the driver checks are derived from it. */
#define SPLIT_PEXT_TARGET "bmi2"
#include "platform/cpu.h"
#include "base/ray_walk.h"
#include "building_blocks/pext_tables.h"

enum line { LINE_RANK, LINE_FILE, LINE_DIAGONAL, LINE_ANTI_DIAGONAL, LINE_COUNT };

enum {
    /* The sum over squares of 2^(relevant squares on the line): 2,560 for
     * ranks and for files, 832 for each diagonal direction. */
    SPLIT_TABLE_ENTRIES = 2560 + 2560 + 832 + 832
};

/* One step along each line, as (file, rank) deltas. */
static const int line_steps[LINE_COUNT][2] = {{1, 0}, {0, 1}, {1, 1}, {-1, 1}};

/* Per line and square, arrays of 8-byte entries indexed by the square as
 * in pext.c: the line's relevant squares and the square's slice. */
static alignas(64) bitboard line_relevant[LINE_COUNT][SQUARE_COUNT];
static alignas(64) const bitboard *line_slices[LINE_COUNT][SQUARE_COUNT];
static alignas(64) bitboard line_attacks_table[SPLIT_TABLE_ENTRIES];

/* The attacks along one line from the square, given only its relevant
 * squares' occupancy: both rays, walked. */
static bitboard walk_line(enum line line, int square, bitboard occupied)
{
    int file_step = line_steps[line][0], rank_step = line_steps[line][1];
    return ray_walk(square, occupied, file_step, rank_step) | ray_walk(square, occupied, -file_step, -rank_step);
}

/* Fills one line's slice for one square from *next_free, which it
 * advances, by every subset of the relevant squares (carry-rippler). */
TARGET_ATTRIBUTE(SPLIT_PEXT_TARGET) static const bitboard *fill_line(enum line line, int square, size_t *next_free)
{
    bitboard relevant = line_relevant[line][square];
    bitboard *slice = &line_attacks_table[*next_free];
    bitboard subset = 0;
    do {
        slice[_pext_u64(subset, relevant)] = walk_line(line, square, subset);
        subset = (subset - relevant) & relevant;
    } while (subset != 0);
    *next_free += (size_t)1 << population_count(relevant);
    return slice;
}

TARGET_ATTRIBUTE(SPLIT_PEXT_TARGET) static size_t split_pext_init(void)
{
    size_t next_free = 0;
    for (int line = 0; line < LINE_COUNT; line++)
        for (int square = 0; square < SQUARE_COUNT; square++) {
            int file_step = line_steps[line][0], rank_step = line_steps[line][1];
            line_relevant[line][square] =
                ray_walk_relevant(square, file_step, rank_step) | ray_walk_relevant(square, -file_step, -rank_step);
            line_slices[line][square] = fill_line((enum line)line, square, &next_free);
        }
    return sizeof line_relevant + sizeof line_slices + sizeof line_attacks_table;
}

TARGET_ATTRIBUTE(SPLIT_PEXT_TARGET) static inline bitboard line_lookup(enum line line, int square, bitboard occupied)
{
    return line_slices[line][square][_pext_u64(occupied, line_relevant[line][square])];
}

TARGET_ATTRIBUTE(SPLIT_PEXT_TARGET) static inline bitboard split_pext_rook(int square, bitboard occupied)
{
    return line_lookup(LINE_RANK, square, occupied) | line_lookup(LINE_FILE, square, occupied);
}

TARGET_ATTRIBUTE(SPLIT_PEXT_TARGET) static inline bitboard split_pext_bishop(int square, bitboard occupied)
{
    return line_lookup(LINE_DIAGONAL, square, occupied) | line_lookup(LINE_ANTI_DIAGONAL, square, occupied);
}

QUEEN_FROM_ROOK_AND_BISHOP(split_pext, TARGET_ATTRIBUTE(SPLIT_PEXT_TARGET))

/* ---- The formulations: each line's index by the PEXT instruction, or
 * gathered in software from the same tables (at most six steps a line),
 * for a CPU with PEXT in microcode (AMD Zen 1 and 2).  The registry runs
 * the faster here (src/measure/formulation_choice.c). */

TARGET_ATTRIBUTE(SPLIT_PEXT_TARGET) static inline bitboard split_pext_hardware_rook(int square, bitboard occupied)
{
    return split_pext_rook(square, occupied);
}

TARGET_ATTRIBUTE(SPLIT_PEXT_TARGET) static inline bitboard split_pext_hardware_bishop(int square, bitboard occupied)
{
    return split_pext_bishop(square, occupied);
}

QUEEN_FROM_ROOK_AND_BISHOP(split_pext_hardware, TARGET_ATTRIBUTE(SPLIT_PEXT_TARGET))

static inline bitboard software_line_lookup(enum line line, int square, bitboard occupied)
{
    return line_slices[line][square][software_pext(occupied, line_relevant[line][square])];
}

static inline bitboard split_pext_software_rook(int square, bitboard occupied)
{
    return software_line_lookup(LINE_RANK, square, occupied) | software_line_lookup(LINE_FILE, square, occupied);
}

static inline bitboard split_pext_software_bishop(int square, bitboard occupied)
{
    return software_line_lookup(LINE_DIAGONAL, square, occupied) |
           software_line_lookup(LINE_ANTI_DIAGONAL, square, occupied);
}

QUEEN_FROM_ROOK_AND_BISHOP(split_pext_software)

#define SPLIT_PEXT_SOURCE "talkchess split-index PEXT (Infuehr 2020, Jahn 2022, Sherwin; 2023)"

BACKEND(split_pext_hardware, "split-pext:hardware", "each line's index by the BMI2 PEXT instruction", SPLIT_PEXT_SOURCE,
        TARGET(SPLIT_PEXT_TARGET), .init = split_pext_init, .instructions = INSTRUCTION_PEXT)
BACKEND(split_pext_software, "split-pext:software",
        "each line's index gathered in software, one step per mask bit (the tables are still built with PEXT)",
        SPLIT_PEXT_SOURCE, TARGET(SPLIT_PEXT_TARGET), .init = split_pext_init)

/* Hardware first: --formulation=fixed runs it, as before formulations. */
static const struct backend *const split_pext_formulations[] = {&split_pext_hardware_backend,
                                                                &split_pext_software_backend, NULL};

BACKEND(split_pext, "split-pext", "one PEXT per line into per-square line tables of at most 64 entries (53 KiB in all)",
        SPLIT_PEXT_SOURCE, TARGET(SPLIT_PEXT_TARGET), .init = split_pext_init, .instructions = INSTRUCTION_PEXT,
        .formulations = split_pext_formulations)
#else
#include "attackbench/loops.h"

BACKEND_NOT_ON_THIS_ARCHITECTURE(split_pext, "split-pext", "x86-64 only: BMI2 PEXT")
#endif

/* SBAMG, subtraction based attack mask generation: on a rank or file,
 * o ^ (o - 3 * cbn), where o is the line's occupancy without the slider
 * and cbn the closest blocker below the slider (the most significant bit
 * of o below it).  Subtracting cbn clears the blocker, subtracting 2 * cbn
 * borrows from the square above it through the empty squares and the
 * slider up to the first blocker above; the XOR keeps that run, and the
 * line mask drops the slider and the squares off the line.  The line's
 * two outer squares are always set in o, as virtual blockers: they do not
 * change the attacks (an edge square is attacked whether it is occupied
 * or not), give the scan below a blocker and stop the borrow at the board
 * edge.  a1 is set too, so that a slider on the lower end of its line
 * (where o has nothing below it) takes a1 as its blocker: the borrow then
 * runs from b1 through squares off the line to the slider.  The diagonals
 * use hyperbola quintessence, o ^ (o - 2r) on the board and on its byte
 * swap.
 * Source: Syed Fahad, "SBAMG - Completing Hyperbola Quintessence"
 * (talkchess, April 2016) and the Chessprogramming wiki page "SBAMG"
 * (Syed Fahad, Gerd Isenberg); hyperbola quintessence: Chessprogramming
 * wiki, "Hyperbola Quintessence".  Written here from those descriptions.
 * Two shapes were written and measured (random occupancies, queens, batch
 * dispatch, gcc 12 -O2 -march=native, AMD EPYC guest): the masks read from
 * a 4 KB per-square table, and the masks computed from the square (rank
 * and file by shifts of constants, the diagonals by shifts of a1-h8 and
 * h1-a8), no table.  The table shape took 1.00-1.01 times classical's time
 * in the same runs, the table-free shape 1.25-1.78 times; the table shape
 * is the one kept. */
#include <stdalign.h>
#include <string.h>

#include "attackbench/loops.h"
#include "building_blocks/lanes.h"

/* The outer squares of every rank (files a and h) and of every file
 * (ranks 1 and 8). */
static const bitboard RANK_ENDS = 0x8181818181818181ULL;
static const bitboard FILE_ENDS = 0xFF000000000000FFULL;

#define SBAMG_SHAPE "shape: per-square mask table, measured faster than masks computed from the square"

/* Per square, one cache line: the wiki's mask structure for the rank and
 * the file (the line without the square, its outer squares without the
 * square and with a1, the squares below the square), the two diagonals
 * without the square, and the square's bit on the byte-swapped board (the
 * slider of the diagonals' reversed subtraction, read with the masks
 * rather than swapped per lookup). */
/* The slider's bit is in the record, and the squares below it computed
 * from it, so that no lookup shifts a constant 1: gcc 12 ran out of
 * general registers in the batched loop with that constant and kept the
 * table's base in a vector register (gcc / clang 1.14 on a 2-vCPU Intel
 * Xeon guest, 1.09 with the slider read, by attackbench ab; docs/findings.md). */
struct square_masks {
    bitboard slider;
    bitboard rank;
    bitboard rank_outer;
    bitboard file;
    bitboard file_outer;
    bitboard diagonal;
    bitboard anti_diagonal;
    bitboard flipped_slider;
};

static alignas(64) struct square_masks square_masks[SQUARE_COUNT];

static size_t sbamg_init(void)
{
    for (int square = 0; square < SQUARE_COUNT; square++) {
        bitboard self = square_bit(square);
        struct square_masks *masks = &square_masks[square];
        masks->slider = self;
        masks->rank = rank_mask(square) & ~self;
        masks->rank_outer = (masks->rank & RANK_ENDS) | 1;
        masks->file = file_mask(square) & ~self;
        masks->file_outer = (masks->file & FILE_ENDS) | 1;
        masks->diagonal = diagonal_mask(square) & ~self;
        masks->anti_diagonal = anti_diagonal_mask(square) & ~self;
        masks->flipped_slider = flip_vertical(self);
    }
    return sizeof square_masks;
}

/* o ^ (o - 3 cbn) on one rank or file; `line` is without the slider,
 * `outer` its outer squares and a1, `lower` the squares below the slider
 * (a1 for a1). */
static inline bitboard subtraction_line(bitboard occupied, bitboard line, bitboard outer, bitboard lower)
{
    bitboard blockers = (occupied & line) | outer;
    /* - 3 * cbn as + (-3 << square of cbn), and that square, 63 minus
     * the leading zeros, as the zeros XOR 63 (they are at most 63): a
     * leading-zero count, an XOR, a shift and an add, which gcc and clang
     * both keep (1 << highest_square(), times 3 and subtracted, cost gcc
     * two more instructions a line). */
    bitboard minus_three_closest_below = (bitboard)-3 << (__builtin_clzll(blockers & lower) ^ 63);
    return (blockers ^ (blockers + minus_three_closest_below)) & line;
}

/* Hyperbola quintessence on both diagonals (without the slider) at once,
 * one in each lane of a vector: the lines of one lookup, side by side;
 * `flipped_slider` is flip_vertical(slider).  clang 14 made this form
 * from the code for one line written twice; gcc 12 kept four 64-bit byte
 * swaps (two uops each on Intel) and was 1.5 times slower on bishops. */
static inline bitboard hyperbola_diagonals(bitboard occupied, lanes2 lines, bitboard slider, bitboard flipped_slider)
{
    lanes2 forward = occupied & lines;
    lanes2 reverse = flip_vertical_lanes2(forward);
    forward -= slider;
    reverse -= flipped_slider;
    return or_lanes2((forward ^ flip_vertical_lanes2(reverse)) & lines);
}

static inline bitboard rook_attacks(const struct square_masks *masks, bitboard occupied)
{
    bitboard lower = (masks->slider - 1) | 1;
    return subtraction_line(occupied, masks->rank, masks->rank_outer, lower) |
           subtraction_line(occupied, masks->file, masks->file_outer, lower);
}

static inline bitboard bishop_attacks(const struct square_masks *masks, bitboard occupied)
{
    lanes2 diagonals;
    memcpy(&diagonals, &masks->diagonal, sizeof diagonals);
    return hyperbola_diagonals(occupied, diagonals, masks->slider, masks->flipped_slider);
}

static inline bitboard sbamg_rook(int square, bitboard occupied)
{
    return rook_attacks(&square_masks[square], occupied);
}

static inline bitboard sbamg_bishop(int square, bitboard occupied)
{
    return bishop_attacks(&square_masks[square], occupied);
}

/* One address of the square's masks for both pieces, in one base
 * register for gcc (it computed the address again for the vector load);
 * clang 14 was 5% slower with BASE_REGISTER. */
static inline LOOKUP_INLINE bitboard sbamg_queen(int square, bitboard occupied)
{
    const struct square_masks *masks = &square_masks[square];
#if !defined(__clang__)
    BASE_REGISTER(masks);
#endif
    return rook_attacks(masks, occupied) | bishop_attacks(masks, occupied);
}

static const char *sbamg_note(void)
{
    return SBAMG_SHAPE;
}

BACKEND(sbamg, "sbamg",
        "ranks and files: o ^ (o - 3 cbn), cbn the closest blocker below by one leading-zero count, the line's outer "
        "squares and a1 set as virtual blockers; diagonals: o ^ (o - 2r) with a byte swap",
        "Syed Fahad, SBAMG (talkchess 2016; Chessprogramming wiki, SBAMG)", .init = sbamg_init, .note = sbamg_note)

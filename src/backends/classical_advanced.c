/* The classical approach, advanced: per direction one bit scan finds the
 * nearest blocker, and the ray beyond it is read from a table indexed by
 * the scan itself, TZCNT for the directions up the board and LZCNT (on a
 * table laid out in reverse) for those down it; a 65th entry, empty, stands
 * for "no blocker", so no test or stop square is needed.  Only the rays
 * beyond the blockers are read; their union, XORed once with the lines
 * through the square, leaves the attacks.  Source: Chessprogramming wiki,
 * "Classical Approach" (Robert Hyatt; Michael Sherwin's variant), with
 * Daniel Infuehr's improvements (2022), as measured in Gigantua's
 * Chess_Movegen ("Advanced Bob-Mike"). */
#include <stdalign.h>

#include "attackbench/loops.h"
#include "base/ray_walk.h"

/* A square's rays, without the square: four up the board (to higher
 * square numbers), four down it. */
enum direction { NORTH_WEST, NORTH, NORTH_EAST, EAST, SOUTH_EAST, SOUTH, SOUTH_WEST, WEST, DIRECTION_COUNT };
static const int file_steps[DIRECTION_COUNT] = {-1, 0, 1, 1, 1, 0, -1, -1};
static const int rank_steps[DIRECTION_COUNT] = {1, 1, 1, 0, -1, -1, -1, 0};

/* by_scan[d][s]: the ray in direction d of square s, indexed by TZCNT of
 * an upward ray's blockers; by_reverse_scan[d][k]: that of square 63 - k,
 * indexed by LZCNT of a downward ray's blockers.  Entry 64 (no blocker)
 * is empty.  An array per direction rather than a struct of eight rays
 * per square: the scan then indexes with the addressing mode's scale of
 * 8, where a 64-byte struct needs a shift first, eight shifts a queen
 * (docs/findings.md, "Choices in the code").  All in one struct, so that
 * every table is addressed from one base register: with a base per
 * table, gcc ran out of registers in the timed loops. */
static struct classical_advanced_tables {
    alignas(64) bitboard by_scan[DIRECTION_COUNT][SQUARE_COUNT + 1];
    alignas(64) bitboard by_reverse_scan[DIRECTION_COUNT][SQUARE_COUNT + 1];
    bitboard rook_lines[SQUARE_COUNT], bishop_lines[SQUARE_COUNT], queen_lines[SQUARE_COUNT];
} tables;

static size_t classical_advanced_init(void)
{
    for (int square = 0; square < SQUARE_COUNT; square++) {
        for (int direction = 0; direction < DIRECTION_COUNT; direction++) {
            bitboard ray = ray_walk(square, 0, file_steps[direction], rank_steps[direction]);
            tables.by_scan[direction][square] = ray;
            tables.by_reverse_scan[direction][63 - square] = ray;
        }
        tables.rook_lines[square] = (rank_mask(square) | file_mask(square)) ^ square_bit(square);
        tables.bishop_lines[square] = (diagonal_mask(square) | anti_diagonal_mask(square)) ^ square_bit(square);
        tables.queen_lines[square] = tables.rook_lines[square] | tables.bishop_lines[square];
    }
    return sizeof tables;
}

/* TZCNT and LZCNT: 64 for an empty board (x86-64's instructions with BMI1
 * and LZCNT, aarch64's RBIT+CLZ and CLZ, which give 64 too). */
BIT_SCAN_ATTRIBUTE static inline int trailing_zeros_or_64(bitboard board)
{
    return board ? __builtin_ctzll(board) : 64;
}

BIT_SCAN_ATTRIBUTE static inline int leading_zeros_or_64(bitboard board)
{
    return board ? __builtin_clzll(board) : 64;
}

/* The ray beyond the first blocker on the ray of SQUARE in DIRECTION,
 * found by a scan towards h8 (UP) or a1 (DOWN). */
#define BEYOND_UP(SQUARE, OCCUPIED, DIRECTION) \
    (tables.by_scan[DIRECTION][trailing_zeros_or_64(tables.by_scan[DIRECTION][SQUARE] & (OCCUPIED))])
#define BEYOND_DOWN(SQUARE, OCCUPIED, DIRECTION) \
    (tables.by_reverse_scan[DIRECTION][leading_zeros_or_64(tables.by_scan[DIRECTION][SQUARE] & (OCCUPIED))])

BIT_SCAN_ATTRIBUTE static inline LOOKUP_INLINE bitboard rook_beyond(int square, bitboard occupied)
{
    return BEYOND_UP(square, occupied, NORTH) | BEYOND_UP(square, occupied, EAST) |
           BEYOND_DOWN(square, occupied, SOUTH) | BEYOND_DOWN(square, occupied, WEST);
}

BIT_SCAN_ATTRIBUTE static inline LOOKUP_INLINE bitboard bishop_beyond(int square, bitboard occupied)
{
    return BEYOND_UP(square, occupied, NORTH_WEST) | BEYOND_UP(square, occupied, NORTH_EAST) |
           BEYOND_DOWN(square, occupied, SOUTH_EAST) | BEYOND_DOWN(square, occupied, SOUTH_WEST);
}

BIT_SCAN_ATTRIBUTE static inline LOOKUP_INLINE bitboard classical_advanced_rook(int square, bitboard occupied)
{
    return rook_beyond(square, occupied) ^ tables.rook_lines[square];
}

BIT_SCAN_ATTRIBUTE static inline LOOKUP_INLINE bitboard classical_advanced_bishop(int square, bitboard occupied)
{
    return bishop_beyond(square, occupied) ^ tables.bishop_lines[square];
}

/* One XOR with the queen's lines: the eight rays beyond are disjoint
 * parts of them. */
BIT_SCAN_ATTRIBUTE static inline LOOKUP_INLINE bitboard classical_advanced_queen(int square, bitboard occupied)
{
    return (rook_beyond(square, occupied) | bishop_beyond(square, occupied)) ^ tables.queen_lines[square];
}

BACKEND(classical_advanced, "classical-advanced",
        "per direction: the ray beyond the nearest blocker read by its TZCNT (up) or LZCNT (down, reversed table), a "
        "65th empty entry for no blocker; the union XORed with the lines",
        "CPW Classical Approach (Hyatt, Sherwin), Daniel Infuehr's advanced form (2022), as measured in Gigantua's "
        "Chess_Movegen",
        TARGET_BIT_SCANS, .init = classical_advanced_init)

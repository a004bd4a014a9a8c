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

/* A square's eight rays, without the square: the four up the board (to
 * higher square numbers) and the four down it. */
struct eight_rays {
    bitboard north_west, north, north_east, east;
    bitboard south_east, south, south_west, west;
};

/* by_scan[s]: the rays of square s, indexed by TZCNT of an upward ray's
 * blockers; by_reverse_scan[k]: the rays of square 63 - k, indexed by
 * LZCNT of a downward ray's blockers.  Entry 64 (no blocker) is empty. */
static alignas(64) struct eight_rays by_scan[SQUARE_COUNT + 1];
static alignas(64) struct eight_rays by_reverse_scan[SQUARE_COUNT + 1];
static bitboard rook_lines[SQUARE_COUNT], bishop_lines[SQUARE_COUNT];

static bitboard ray_of(int square, int file_step, int rank_step)
{
    return ray_walk(square, 0, file_step, rank_step);
}

static size_t classical_advanced_init(void)
{
    for (int square = 0; square < SQUARE_COUNT; square++) {
        by_scan[square] = (struct eight_rays){
            .north_west = ray_of(square, -1, 1),
            .north = ray_of(square, 0, 1),
            .north_east = ray_of(square, 1, 1),
            .east = ray_of(square, 1, 0),
            .south_east = ray_of(square, 1, -1),
            .south = ray_of(square, 0, -1),
            .south_west = ray_of(square, -1, -1),
            .west = ray_of(square, -1, 0),
        };
        rook_lines[square] = (rank_mask(square) | file_mask(square)) ^ square_bit(square);
        bishop_lines[square] = (diagonal_mask(square) | anti_diagonal_mask(square)) ^ square_bit(square);
    }
    for (int index = 0; index < SQUARE_COUNT; index++)
        by_reverse_scan[index] = by_scan[63 - index];
    return sizeof by_scan + sizeof by_reverse_scan + sizeof rook_lines + sizeof bishop_lines;
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

#define BEYOND_UP(SQUARE, OCCUPIED, RAY) (by_scan[trailing_zeros_or_64(by_scan[SQUARE].RAY & (OCCUPIED))].RAY)
#define BEYOND_DOWN(SQUARE, OCCUPIED, RAY) (by_reverse_scan[leading_zeros_or_64(by_scan[SQUARE].RAY & (OCCUPIED))].RAY)

BIT_SCAN_ATTRIBUTE static inline bitboard classical_advanced_rook(int square, bitboard occupied)
{
    bitboard beyond = BEYOND_UP(square, occupied, north) | BEYOND_UP(square, occupied, east) |
                      BEYOND_DOWN(square, occupied, south) | BEYOND_DOWN(square, occupied, west);
    return beyond ^ rook_lines[square];
}

BIT_SCAN_ATTRIBUTE static inline bitboard classical_advanced_bishop(int square, bitboard occupied)
{
    bitboard beyond = BEYOND_UP(square, occupied, north_west) | BEYOND_UP(square, occupied, north_east) |
                      BEYOND_DOWN(square, occupied, south_east) | BEYOND_DOWN(square, occupied, south_west);
    return beyond ^ bishop_lines[square];
}

BIT_SCAN_ATTRIBUTE static inline bitboard classical_advanced_queen(int square, bitboard occupied)
{
    return classical_advanced_rook(square, occupied) | classical_advanced_bishop(square, occupied);
}

BACKEND(classical_advanced, "classical-advanced",
        "per direction: the ray beyond the nearest blocker read by its TZCNT (up) or LZCNT (down, reversed table), a "
        "65th empty entry for no blocker; the union XORed with the lines",
        "CPW Classical Approach (Hyatt, Sherwin), Daniel Infuehr's advanced form (2022), as measured in Gigantua's "
        "Chess_Movegen",
        TARGET_BIT_SCANS, .init = classical_advanced_init)

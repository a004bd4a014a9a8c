/* SISSY bitboards (Split Index Super Set Yielding): the raw occupancy is
 * split into its rows; each row's byte indexes, per square, the attack set
 * that blockers on that row alone would leave (a superset of the true
 * attacks), and the AND of the row supersets is the attack set.  No mask,
 * no index arithmetic: eight loads and ANDs for a queen.
 * Source: Chessprogramming wiki, "SISSY Bitboards"
 * (https://www.chessprogramming.org/SISSY_Bitboards), Michael Sherwin, CCC,
 * February 2020: the general queen getter qss[8][64][256]; the bishop form
 * over the six inner rows and bits is the same idea on the relevant part. */
#include "attackbench/loops.h"
#include "base/ray_walk.h"
#include "building_blocks/sherwin_tables.h"

/* queen_supersets[square][byte][row]: queen attacks from `square` when the
 * only blockers are `byte` on `row`.  Square first so that one square's
 * tables (16 KiB) are contiguous; then the byte, so that the eight rows'
 * entries for one byte value fill one cache line.  Rows hold few men, so a
 * few byte values (empty, one man) take most lookups, and the lines one
 * square touches are fewer than with [row][byte], where each row has its
 * own line for them (fewer cache misses under cachegrind).  One unused
 * byte value pads each square to 257 lines: with 16 KiB per square, the
 * same byte value of every square fell into the same cache set, and the
 * popular ones (empty and one-man rows) evicted each other.
 * docs/findings.md, "Choices in the code", has the counts and the command. */
static bitboard queen_supersets[64][257][8];
/* bishop_supersets[square][row][pattern]: the same for bishops over the
 * inner rows 2..7 and inner files b..g, the only squares that can block. */
static bitboard bishop_supersets[64][SHERWIN_BISHOP_ROWS][SHERWIN_BISHOP_PATTERNS];
/* A rook is the queen's intersection restricted to the rook's lines. */
static bitboard rook_lines[64];

static inline bitboard sissy_queen(int square, bitboard occupied)
{
    const bitboard(*supersets)[8] = queen_supersets[square];
    return supersets[occupied & 255][0] & supersets[(occupied >> 8) & 255][1] & supersets[(occupied >> 16) & 255][2] &
           supersets[(occupied >> 24) & 255][3] & supersets[(occupied >> 32) & 255][4] &
           supersets[(occupied >> 40) & 255][5] & supersets[(occupied >> 48) & 255][6] & supersets[occupied >> 56][7];
}

static inline bitboard sissy_rook(int square, bitboard occupied)
{
    return sissy_queen(square, occupied) & rook_lines[square];
}

static inline bitboard sissy_bishop(int square, bitboard occupied)
{
    const bitboard(*supersets)[SHERWIN_BISHOP_PATTERNS] = bishop_supersets[square];
    return supersets[0][(occupied >> 9) & 63] & supersets[1][(occupied >> 17) & 63] &
           supersets[2][(occupied >> 25) & 63] & supersets[3][(occupied >> 33) & 63] &
           supersets[4][(occupied >> 41) & 63] & supersets[5][(occupied >> 49) & 63];
}

static size_t sissy_init(void)
{
    for (int square = 0; square < 64; square++) {
        rook_lines[square] = ray_walk_rook(square, 0);
        for (int row = 0; row < 8; row++)
            for (int pattern = 0; pattern < 256; pattern++) {
                bitboard blockers = (bitboard)pattern << (8 * row);
                queen_supersets[square][pattern][row] =
                    ray_walk_rook(square, blockers) | ray_walk_bishop(square, blockers);
            }
        for (int row = 0; row < SHERWIN_BISHOP_ROWS; row++)
            for (int pattern = 0; pattern < SHERWIN_BISHOP_PATTERNS; pattern++)
                bishop_supersets[square][row][pattern] =
                    ray_walk_bishop(square, (bitboard)pattern << (SHERWIN_BISHOP_SHIFT + 8 * row));
    }
    return sizeof queen_supersets + sizeof bishop_supersets + sizeof rook_lines;
}

BACKEND(sissy, "sissy", "AND of per-row attack supersets indexed by the raw row bytes (queen in 8 lookups)",
        "Chessprogramming wiki, SISSY Bitboards (Michael Sherwin, CCC 2020)", .init = sissy_init)

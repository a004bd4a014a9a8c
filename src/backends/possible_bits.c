/* Possible bits: start from the empty-board attacks and AND in, for every
 * row, a precomputed mask of the squares still reachable given that row's
 * blockers (row number and pattern index the table); no hash, no index.
 * Source: seed 004 (Michael Sherwin's row-signature post, its "alternative
 * method", possibleBits2..7[sq][blockers.rowN]), mapped to a1 = 0. */
#include "attackbench/loops.h"
#include "base/ray_walk.h"
#include "building_blocks/sherwin_tables.h"

/* possible[square][row][pattern]: the square's lines without whatever the
 * blockers `pattern` on that row shadow.  Bishop rows are the six inner
 * rows seen through their six inner bits, rook rows all eight bytes. */
static bitboard bishop_possible[64][SHERWIN_BISHOP_ROWS][SHERWIN_BISHOP_PATTERNS];
static bitboard rook_possible[64][SHERWIN_ROOK_ROWS][SHERWIN_ROOK_PATTERNS];
/* Per square: the empty-board attacks and the relevant (inner) squares. */
struct line_masks {
    bitboard lines;
    bitboard relevant;
};
static struct line_masks bishop_masks[64];
static struct line_masks rook_masks[64];

static inline bitboard possible_bits_bishop(int square, bitboard occupied)
{
    bitboard blockers = (occupied & bishop_masks[square].relevant) >> SHERWIN_BISHOP_SHIFT;
    const bitboard(*possible)[SHERWIN_BISHOP_PATTERNS] = bishop_possible[square];
    return bishop_masks[square].lines & possible[0][blockers & 63] & possible[1][(blockers >> 8) & 63] &
           possible[2][(blockers >> 16) & 63] & possible[3][(blockers >> 24) & 63] &
           possible[4][(blockers >> 32) & 63] & possible[5][(blockers >> 40) & 63];
}

static inline bitboard possible_bits_rook(int square, bitboard occupied)
{
    bitboard blockers = occupied & rook_masks[square].relevant;
    const bitboard(*possible)[SHERWIN_ROOK_PATTERNS] = rook_possible[square];
    return rook_masks[square].lines & possible[0][blockers & 255] & possible[1][(blockers >> 8) & 255] &
           possible[2][(blockers >> 16) & 255] & possible[3][(blockers >> 24) & 255] &
           possible[4][(blockers >> 32) & 255] & possible[5][(blockers >> 40) & 255] &
           possible[6][(blockers >> 48) & 255] & possible[7][blockers >> 56];
}

QUEEN_FROM_ROOK_AND_BISHOP(possible_bits)

static size_t possible_bits_init(void)
{
    for (int square = 0; square < 64; square++) {
        bishop_masks[square].lines = ray_walk_bishop(square, 0);
        bishop_masks[square].relevant = ray_walk_bishop_relevant(square);
        rook_masks[square].lines = ray_walk_rook(square, 0);
        rook_masks[square].relevant = ray_walk_rook_relevant(square);
        /* A mask clears exactly the squares that the blockers of its row
         * shadow (on any row); everything else stays possible. */
        bitboard bishop_lines = bishop_masks[square].lines;
        for (int row = 0; row < SHERWIN_BISHOP_ROWS; row++) {
            int shift = SHERWIN_BISHOP_SHIFT + 8 * row;
            for (int pattern = 0; pattern < SHERWIN_BISHOP_PATTERNS; pattern++)
                bishop_possible[square][row][pattern] =
                    ray_walk_bishop(square, (bitboard)pattern << shift) | ~bishop_lines;
        }
        bitboard rook_lines = rook_masks[square].lines;
        for (int row = 0; row < SHERWIN_ROOK_ROWS; row++) {
            for (int pattern = 0; pattern < SHERWIN_ROOK_PATTERNS; pattern++)
                rook_possible[square][row][pattern] =
                    ray_walk_rook(square, (bitboard)pattern << (8 * row)) | ~rook_lines;
        }
    }
    return sizeof bishop_possible + sizeof rook_possible + sizeof bishop_masks + sizeof rook_masks;
}

BACKEND(possible_bits, "possible-bits", "empty-board attacks ANDed with one still-possible mask per row of blockers",
        "seed 004: Sherwin's row-signature post, alternative method", .init = possible_bits_init)

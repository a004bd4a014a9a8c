/* Sherwin bitboards: mask the occupancy to the slider's relevant squares,
 * look each row up in a per-square, per-row table and OR the results into
 * one index into a dense attack table (5248 bishop, 102400 rook entries).
 * Rows are cut out with shifts and masks.  Source: seed 000 (Chessprogramming
 * wiki, "Sherwin Bitboards", Michael Sherwin's Elephant), mapped to a1 = 0. */
#include "attackbench/loops.h"
#include "building_blocks/sherwin_tables.h"

static uint16_t bishop_rows[64][SHERWIN_BISHOP_ROWS][SHERWIN_BISHOP_PATTERNS];
static uint32_t rook_rows[64][SHERWIN_ROOK_ROWS][SHERWIN_ROOK_PATTERNS];
static bitboard bishop_attacks[SHERWIN_BISHOP_ENTRIES];
static bitboard rook_attacks[SHERWIN_ROOK_ENTRIES];
static bitboard bishop_relevant[64];
static bitboard rook_relevant[64];

static inline bitboard sherwin_bishop(int square, bitboard occupied)
{
    /* b2 becomes bit 0: the six inner rows are bits 8k .. 8k+5. */
    bitboard blockers = (occupied & bishop_relevant[square]) >> SHERWIN_BISHOP_SHIFT;
    const uint16_t(*rows)[SHERWIN_BISHOP_PATTERNS] = bishop_rows[square];
    unsigned index = rows[0][blockers & 63] | rows[1][(blockers >> 8) & 63] | rows[2][(blockers >> 16) & 63] |
                     rows[3][(blockers >> 24) & 63] | rows[4][(blockers >> 32) & 63] | rows[5][(blockers >> 40) & 63];
    return bishop_attacks[index];
}

static inline bitboard sherwin_rook(int square, bitboard occupied)
{
    bitboard blockers = occupied & rook_relevant[square];
    const uint32_t(*rows)[SHERWIN_ROOK_PATTERNS] = rook_rows[square];
    uint32_t index = rows[0][blockers & 255] | rows[1][(blockers >> 8) & 255] | rows[2][(blockers >> 16) & 255] |
                     rows[3][(blockers >> 24) & 255] | rows[4][(blockers >> 32) & 255] |
                     rows[5][(blockers >> 40) & 255] | rows[6][(blockers >> 48) & 255] | rows[7][blockers >> 56];
    return rook_attacks[index];
}

QUEEN_FROM_ROOK_AND_BISHOP(sherwin)

static size_t sherwin_init(void)
{
    sherwin_build_bishop_tables(bishop_rows, bishop_attacks, bishop_relevant);
    sherwin_build_rook_tables(rook_rows, rook_attacks, rook_relevant);
    return sizeof bishop_rows + sizeof rook_rows + sizeof bishop_attacks + sizeof rook_attacks +
           sizeof bishop_relevant + sizeof rook_relevant;
}

BACKEND(sherwin, "sherwin", "per-row lookups ORed into an index into one dense attack table; rows cut by shifts",
        "seed 000: Chessprogramming wiki, Sherwin Bitboards", .init = sherwin_init)

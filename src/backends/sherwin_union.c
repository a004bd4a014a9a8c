/* Sherwin bitboards, union variant: the same two-level tables as sherwin,
 * but each row of the masked occupancy is read as one byte of a union of a
 * 64-bit word and eight bytes, instead of by a shift and a mask; the page
 * offers it as a possibly faster form.  Source: seed 000 (Chessprogramming
 * wiki, "Sherwin Bitboards", the BBUnion version), mapped to a1 = 0. */
/* gcc's loops stay rolled: rolled, gcc's queen loop here took 26% less
 * time on the Zen 3 guest than unrolled four times, as every other file's
 * is (attackbench ab, docs/findings.md).  clang keeps its own loops. */
#if defined(__GNUC__) && !defined(__clang__)
#define ATTACKBENCH_ONE_QUERY_AT_A_TIME_UNROLLED ATTACKBENCH_ONE_QUERY_AT_A_TIME
#endif
#include "attackbench/loops.h"
#include "building_blocks/sherwin_tables.h"

/* An occupancy seen as its eight rows: bytes[k] is rank k + 1 on a
 * little-endian machine.  gcc 12 and clang 14 turn a plain union read back
 * into the very shifts of sherwin.c (checked in the assembly), which would
 * make the two variants one program; keep_in_memory() makes the union live
 * in memory, so the rows really are eight byte loads from one store. */
union occupancy_rows {
    bitboard board;
    uint8_t bytes[8];
};

static inline void keep_in_memory(union occupancy_rows *rows)
{
    __asm__("" : "+m"(*rows));
}

static inline int row_byte(int row)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    return 7 - row;
#else
    return row;
#endif
}

static uint16_t bishop_rows[64][SHERWIN_BISHOP_ROWS][SHERWIN_BISHOP_PATTERNS];
static uint32_t rook_rows[64][SHERWIN_ROOK_ROWS][SHERWIN_ROOK_PATTERNS];
static bitboard bishop_attacks[SHERWIN_BISHOP_ENTRIES];
static bitboard rook_attacks[SHERWIN_ROOK_ENTRIES];
static bitboard bishop_relevant[64];
static bitboard rook_relevant[64];

static inline bitboard sherwin_union_bishop(int square, bitboard occupied)
{
    /* Shifted by one only, so that each inner row b..g is the low six bits
     * of its own byte; ranks 2..7 are bytes 1..6. */
    union occupancy_rows blockers = {.board = (occupied & bishop_relevant[square]) >> 1};
    keep_in_memory(&blockers);
    const uint16_t(*rows)[SHERWIN_BISHOP_PATTERNS] = bishop_rows[square];
    unsigned index = rows[0][blockers.bytes[row_byte(1)]] | rows[1][blockers.bytes[row_byte(2)]] |
                     rows[2][blockers.bytes[row_byte(3)]] | rows[3][blockers.bytes[row_byte(4)]] |
                     rows[4][blockers.bytes[row_byte(5)]] | rows[5][blockers.bytes[row_byte(6)]];
    return bishop_attacks[index];
}

static inline bitboard sherwin_union_rook(int square, bitboard occupied)
{
    union occupancy_rows blockers = {.board = occupied & rook_relevant[square]};
    keep_in_memory(&blockers);
    const uint32_t(*rows)[SHERWIN_ROOK_PATTERNS] = rook_rows[square];
    uint32_t index = rows[0][blockers.bytes[row_byte(0)]] | rows[1][blockers.bytes[row_byte(1)]] |
                     rows[2][blockers.bytes[row_byte(2)]] | rows[3][blockers.bytes[row_byte(3)]] |
                     rows[4][blockers.bytes[row_byte(4)]] | rows[5][blockers.bytes[row_byte(5)]] |
                     rows[6][blockers.bytes[row_byte(6)]] | rows[7][blockers.bytes[row_byte(7)]];
    return rook_attacks[index];
}

QUEEN_FROM_ROOK_AND_BISHOP(sherwin_union)

static size_t sherwin_union_init(void)
{
    sherwin_build_bishop_tables(bishop_rows, bishop_attacks, bishop_relevant);
    sherwin_build_rook_tables(rook_rows, rook_attacks, rook_relevant);
    return sizeof bishop_rows + sizeof rook_rows + sizeof bishop_attacks + sizeof rook_attacks +
           sizeof bishop_relevant + sizeof rook_relevant;
}

BACKEND(sherwin_union, "sherwin-union", "Sherwin bitboards with the rows read as the bytes of a union, not by shifts",
        "seed 000: Chessprogramming wiki, Sherwin Bitboards (union variant)", .init = sherwin_union_init)

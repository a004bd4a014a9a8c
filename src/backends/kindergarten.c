/* Kindergarten bitboards: a rank, diagonal or anti-diagonal is masked,
 * multiplied by the B-file to gather its inner six bits, and looked up in
 * one 4 KB fill-up table by file, then masked again; files are shifted to
 * the a-file and gathered by the c2-h7 diagonal multiply into their own
 * 4 KB table.  Source: seed 003_92b150df8cf32a5a.txt, Chessprogramming
 * wiki "Kindergarten Bitboards" (Gerd Isenberg, Aleks Peshkov). */
#include "attackbench/loops.h"
#include "building_blocks/kindergarten_tables.h"

/* Everything a lookup needs about its square, in one place: the three
 * line masks and the table rows of its file and of its rank. */
struct square_lines {
    bitboard rank;
    bitboard diagonal;
    bitboard anti_diagonal;
    const bitboard *fill_up_row; /* fill_up_attacks[file] */
    const bitboard *file_a_row;  /* file_a_attacks[rank] */
};

static struct square_lines square_lines[SQUARE_COUNT];
static bitboard fill_up_attacks[8][64];
static bitboard file_a_attacks[8][64];

static inline bitboard kindergarten_rook(int square, bitboard occupied)
{
    const struct square_lines *lines = &square_lines[(unsigned)square];
    return kindergarten_line_attacks(lines->rank, occupied, lines->fill_up_row) |
           kindergarten_file_attacks((unsigned)square & 7, occupied, lines->file_a_row);
}

static inline bitboard kindergarten_bishop(int square, bitboard occupied)
{
    const struct square_lines *lines = &square_lines[(unsigned)square];
    return kindergarten_line_attacks(lines->diagonal, occupied, lines->fill_up_row) |
           kindergarten_line_attacks(lines->anti_diagonal, occupied, lines->fill_up_row);
}

/* The queen as rook | bishop; with clang its attack set through an empty
 * asm, so that the four lines are ORed within each lookup. */
static inline LOOKUP_INLINE bitboard kindergarten_queen(int square, bitboard occupied)
{
    bitboard attacks = kindergarten_rook(square, occupied) | kindergarten_bishop(square, occupied);
#ifdef __clang__
    __asm__("" : "+r"(attacks));
#endif
    return attacks;
}

static size_t kindergarten_init(void)
{
    kindergarten_build_fill_up(fill_up_attacks);
    kindergarten_build_file_a(file_a_attacks);
    for (int square = 0; square < SQUARE_COUNT; square++) {
        struct square_lines *lines = &square_lines[square];
        lines->rank = rank_mask(square);
        lines->diagonal = diagonal_mask(square);
        lines->anti_diagonal = anti_diagonal_mask(square);
        lines->fill_up_row = fill_up_attacks[square_file(square)];
        lines->file_a_row = file_a_attacks[square_rank(square)];
    }
    return sizeof square_lines + sizeof fill_up_attacks + sizeof file_a_attacks;
}

BACKEND(kindergarten, "kindergarten",
        "B-file multiply into a shared 4 KB fill-up table; files by c2-h7 multiply into a 4 KB a-file table",
        "seed 003 (Chessprogramming wiki, Kindergarten Bitboards)", .init = kindergarten_init)

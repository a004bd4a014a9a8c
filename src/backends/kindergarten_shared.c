/* Kindergarten bitboards with the shared rank lookup: every line indexes
 * one 512-byte table of first-rank attack bytes.  Ranks and diagonals
 * spread the byte over the board by an A-file multiply and mask it; files
 * index it reversed (c2-h7 gather) and map it back onto the h-file with
 * an a1-h8 diagonal multiply before shifting to their own file.
 * Source: seed 003_92b150df8cf32a5a.txt, Chessprogramming wiki
 * "Kindergarten Bitboards", section "Shared Rank Lookup". */
#include "attackbench/loops.h"
#include "building_blocks/kindergarten_tables.h"

/* Everything a lookup needs about its square: the three masks of the
 * lines with one square per file, and the table rows of its file (for
 * those lines) and of its mirrored rank (for the file, whose index comes
 * out reversed, a7 first).  Padded to a 64-byte line, so that a square's
 * record is found by one shift (40 bytes took clang 14 three address
 * instructions a lookup). */
struct square_lines {
    _Alignas(64) bitboard rank;
    bitboard diagonal;
    bitboard anti_diagonal;
    const uint8_t *line_row; /* first_rank_attacks[file] */
    const uint8_t *file_row; /* first_rank_attacks[7 - rank] */
};

static struct square_lines square_lines[SQUARE_COUNT];
static uint8_t first_rank_attacks[8][64];

/* A rank, diagonal or anti-diagonal: gather, look up the byte, copy it
 * into every rank with the A-file multiply, keep the line. */
static inline bitboard shared_line_attacks(bitboard line, bitboard occupied, const uint8_t *line_row)
{
    return line & (FILE_A * line_row[kindergarten_inner_index(line & occupied)]);
}

/* The file: gather a2..a7 reversed, look up the byte as if the file were
 * the first rank seen from a8, turn the byte onto the h-file with the
 * a1-h8 diagonal multiply (bit n to h(8-n)), shift it to the slider's
 * file. */
static inline bitboard shared_file_attacks(unsigned file, bitboard occupied, const uint8_t *file_row)
{
    bitboard file_a_occupancy = FILE_A & (occupied >> file);
    bitboard spread = DIAGONAL_A1_H8 * file_row[kindergarten_file_a_index(file_a_occupancy)];
    return (FILE_H & spread) >> (file ^ 7);
}

static inline bitboard kindergarten_shared_rook(int square, bitboard occupied)
{
    const struct square_lines *lines = &square_lines[(unsigned)square];
    return shared_line_attacks(lines->rank, occupied, lines->line_row) |
           shared_file_attacks((unsigned)square & 7, occupied, lines->file_row);
}

static inline bitboard kindergarten_shared_bishop(int square, bitboard occupied)
{
    const struct square_lines *lines = &square_lines[(unsigned)square];
    return shared_line_attacks(lines->diagonal, occupied, lines->line_row) |
           shared_line_attacks(lines->anti_diagonal, occupied, lines->line_row);
}

/* The queen's four lines, for gcc from one base register (it ran short
 * of registers otherwise and rebuilt the table base and three constants
 * per lookup); clang 14 was 4% slower with BASE_REGISTER.  Written out
 * line by line: as rook | bishop through shared helpers, gcc 12 took
 * 2.65 ns a random queen against 2.35. */
static inline LOOKUP_INLINE bitboard kindergarten_shared_queen(int square, bitboard occupied)
{
    const struct square_lines *lines = &square_lines[(unsigned)square];
#if !defined(__clang__)
    BASE_REGISTER(lines);
#endif
    return shared_line_attacks(lines->rank, occupied, lines->line_row) |
           shared_file_attacks((unsigned)square & 7, occupied, lines->file_row) |
           shared_line_attacks(lines->diagonal, occupied, lines->line_row) |
           shared_line_attacks(lines->anti_diagonal, occupied, lines->line_row);
}

static size_t kindergarten_shared_init(void)
{
    kindergarten_build_first_rank(first_rank_attacks);
    for (int square = 0; square < SQUARE_COUNT; square++) {
        struct square_lines *lines = &square_lines[square];
        lines->rank = rank_mask(square);
        lines->diagonal = diagonal_mask(square);
        lines->anti_diagonal = anti_diagonal_mask(square);
        lines->line_row = first_rank_attacks[square_file(square)];
        lines->file_row = first_rank_attacks[7 - square_rank(square)];
    }
    return sizeof square_lines + sizeof first_rank_attacks;
}

BACKEND(kindergarten_shared, "kindergarten-shared",
        "one 512-byte first-rank table for every line; A-file and a1-h8 multiplies spread the byte back",
        "seed 003 (Chessprogramming wiki, Kindergarten Bitboards: Shared Rank Lookup)",
        .init = kindergarten_shared_init)

/* Kindergarten bitboards with magic compression of the file lookup: per
 * rank, a factor whose top six bits hold the right shift turns the a-file
 * occupancy into a 4- or 5-bit index of a dense table of that rank's file
 * attacks (1.5 KB in all instead of 4 KB); ranks and diagonals as in
 * kindergarten.  Source: seed 003_92b150df8cf32a5a.txt, Chessprogramming
 * wiki "Kindergarten Bitboards", section "Magic Compression" (Grant
 * Osborne); the factors are our own, from scripts/generators/. */
#include "attackbench/loops.h"
#include "building_blocks/kindergarten_tables.h"

/* Per rank of the slider, counted from rank 1: the factor file_factors,
 * with the right shift (64 - index bits) in bits 58..63, and the
 * FILE_ATTACK_ENTRIES of the dense file tables they index, from
 * scripts/generators/kindergarten-magic-file-search.c.  The occupancy a factor
 * multiplies is a2..a7 without the slider's own square (the page's example
 * table leaves that square empty too). */
#include "generated/kindergarten_magic_file_factors.h"

/* Everything a lookup needs about its square, in one 64-byte line: the
 * masks of its rank and diagonals with the fill-up row of its file, and
 * the magic lookup of its file (mask, factor, dense table of its rank). */
struct square_lines {
    _Alignas(64) bitboard rank;
    bitboard diagonal;
    bitboard anti_diagonal;
    const bitboard *fill_up_row; /* fill_up_attacks[file] */
    bitboard file_mask;          /* a2..a7 without the square's rank */
    bitboard file_factor;        /* file_factors[rank] */
    const bitboard *file_row;    /* this rank's part of file_attacks */
};

static struct square_lines square_lines[SQUARE_COUNT];
static bitboard fill_up_attacks[8][64];
static bitboard file_attacks[FILE_ATTACK_ENTRIES];

static inline size_t magic_file_index(bitboard factor, bitboard file_a_occupancy)
{
    return (size_t)((factor * file_a_occupancy) >> (factor >> 58));
}

/* The file: shift it to the a-file, mask, multiply by the rank's factor,
 * shift right by the amount in the factor's top bits, look up, shift
 * back. */
static inline bitboard magic_file_attacks(const struct square_lines *lines, unsigned file, bitboard occupied)
{
    bitboard file_a_occupancy = lines->file_mask & (occupied >> file);
    return lines->file_row[magic_file_index(lines->file_factor, file_a_occupancy)] << file;
}

static inline bitboard rook_attacks(const struct square_lines *lines, int square, bitboard occupied)
{
    return kindergarten_line_attacks(lines->rank, occupied, lines->fill_up_row) |
           magic_file_attacks(lines, (unsigned)square & 7, occupied);
}

static inline bitboard bishop_attacks(const struct square_lines *lines, bitboard occupied)
{
    return kindergarten_line_attacks(lines->diagonal, occupied, lines->fill_up_row) |
           kindergarten_line_attacks(lines->anti_diagonal, occupied, lines->fill_up_row);
}

static inline bitboard kindergarten_magic_file_rook(int square, bitboard occupied)
{
    return rook_attacks(&square_lines[(unsigned)square], square, occupied);
}

static inline bitboard kindergarten_magic_file_bishop(int square, bitboard occupied)
{
    return bishop_attacks(&square_lines[(unsigned)square], occupied);
}

/* The queen's four lines from one base register (gcc 12 otherwise ran
 * short of registers and reloaded the query stream's pointers; clang 14
 * is unchanged). */
static inline LOOKUP_INLINE bitboard kindergarten_magic_file_queen(int square, bitboard occupied)
{
    const struct square_lines *lines = &square_lines[(unsigned)square];
    BASE_REGISTER(lines);
    return rook_attacks(lines, square, occupied) | bishop_attacks(lines, occupied);
}

/* Fill each rank's dense table from every a2..a7 occupancy (the slider's
 * own square cleared); returns the entries used. */
static size_t build_file_attacks(const bitboard *rows[8], bitboard masks[8])
{
    size_t used = 0;
    for (int rank = 0; rank < 8; rank++) {
        unsigned bits = 64 - (unsigned)(file_factors[rank] >> 58);
        if (used + ((size_t)1 << bits) > FILE_ATTACK_ENTRIES)
            break; /* factors and FILE_ATTACK_ENTRIES disagree: leave the rest empty, verification fails */
        bitboard *row = &file_attacks[used];
        masks[rank] = KINDERGARTEN_INNER_FILE_A & ~square_bit(make_square(0, rank));
        rows[rank] = row;
        for (unsigned inner = 0; inner < 64; inner++) {
            unsigned line = (inner << 1) & ~(1u << rank);
            bitboard file_a_occupancy = kindergarten_byte_to_file_a(line);
            row[magic_file_index(file_factors[rank], file_a_occupancy)] =
                kindergarten_byte_to_file_a(kindergarten_first_rank_attacks(rank, line));
        }
        used += (size_t)1 << bits;
    }
    return used;
}

static size_t kindergarten_magic_file_init(void)
{
    const bitboard *file_rows[8] = {0};
    bitboard file_masks[8] = {0};
    size_t entries = build_file_attacks(file_rows, file_masks);
    kindergarten_build_fill_up(fill_up_attacks);
    for (int square = 0; square < SQUARE_COUNT; square++) {
        struct square_lines *lines = &square_lines[square];
        int rank = square_rank(square);
        lines->rank = rank_mask(square);
        lines->diagonal = diagonal_mask(square);
        lines->anti_diagonal = anti_diagonal_mask(square);
        lines->fill_up_row = fill_up_attacks[square_file(square)];
        lines->file_mask = file_masks[rank];
        lines->file_factor = file_factors[rank];
        lines->file_row = file_rows[rank] ? file_rows[rank] : file_attacks;
    }
    return sizeof square_lines + sizeof fill_up_attacks + entries * sizeof file_attacks[0];
}

BACKEND(kindergarten_magic_file, "kindergarten-magic-file",
        "kindergarten with files by per-rank magic factors (shift in the top bits) into 1.5 KB of dense tables",
        "seed 003 (Chessprogramming wiki, Kindergarten Bitboards: Magic Compression, Grant Osborne)",
        .init = kindergarten_magic_file_init)

/* Rotated bitboards: besides the normal occupancy, an engine keeps copies
 * rotated by 90, 45 and 315 degrees, in which every file or diagonal lies
 * in one byte; the six inner bits of that byte and the square index a
 * 64 x 64 attack table per line, as for ranks on the normal board.
 * Here the interface is stateless, so each query first builds, from the
 * occupancy, the one line of each rotated board it reads (shifts and ors,
 * no multiply, no pext): a file gathered into a byte (its rank of the
 * 90-degree board) and a diagonal gathered by folding the ranks onto each
 * other (its rank of the pseudo-rotated 45- or 315-degree board).
 * Source: Chessprogramming wiki, "Rotated Bitboards" (Robert Hyatt, Crafty;
 * Ernst A. Heinz, DarkThought) and "Flipping Mirroring and Rotating". */
#include "attackbench/loops.h"
#include "base/ray_walk.h"

enum line { RANK_LINE, FILE_LINE, DIAGONAL_LINE, ANTI_DIAGONAL_LINE, LINE_COUNT };

/* attacks: the four 64-entry attack tables of each square, indexed by
 * the six inner bits of the line: files b..g (bit 0 = b) on a rank or a
 * diagonal, ranks 2..7 (bit 0 = rank 2) on a file.  inner_diagonals: the
 * inner squares (files b..g) of the diagonal and anti-diagonal of each
 * square.  Both in one struct, addressed from one base register (with a
 * base per table, gcc kept the query stream's pointers on the stack in
 * the timed loops). */
static struct rotated_tables {
    bitboard attacks[SQUARE_COUNT][LINE_COUNT][64];
    bitboard inner_diagonals[SQUARE_COUNT][2];
} tables;

static const int file_steps[LINE_COUNT] = {1, 0, 1, -1};
static const int rank_steps[LINE_COUNT] = {0, 1, 1, 1};

/* The attacks along both rays of the line through `square`. */
static bitboard walk_line(int square, int line, bitboard occupied)
{
    return ray_walk(square, occupied, file_steps[line], rank_steps[line]) |
           ray_walk(square, occupied, -file_steps[line], -rank_steps[line]);
}

/* The occupancy of `square`'s line whose inner bits are `inner`. */
static bitboard spread_inner_bits(int square, int line, unsigned inner)
{
    bitboard line_squares = line == RANK_LINE       ? rank_mask(square)
                            : line == FILE_LINE     ? file_mask(square)
                            : line == DIAGONAL_LINE ? diagonal_mask(square)
                                                    : anti_diagonal_mask(square);
    bitboard occupied = 0;
    for (int bit = 0; bit < 6; bit++) {
        if (!(inner & (1u << bit)))
            continue;
        bitboard along = line == FILE_LINE ? RANK_1 << (8 * (bit + 1)) : FILE_A << (bit + 1);
        occupied |= line_squares & along;
    }
    return occupied;
}

static size_t rotated_init(void)
{
    const bitboard inner_files = ~(FILE_A | FILE_H);
    for (int square = 0; square < SQUARE_COUNT; square++) {
        tables.inner_diagonals[square][0] = diagonal_mask(square) & inner_files;
        tables.inner_diagonals[square][1] = anti_diagonal_mask(square) & inner_files;
        for (int line = 0; line < LINE_COUNT; line++)
            for (unsigned inner = 0; inner < 64; inner++)
                tables.attacks[square][line][inner] = walk_line(square, line, spread_inner_bits(square, line, inner));
    }
    return sizeof tables;
}

/* The square's rank on the normal board, as six inner bits. */
static inline unsigned rank_index(int square, bitboard occupied)
{
    return (unsigned)(occupied >> ((square & 56) + 1)) & 63;
}

/* The square's file as a rank of the 90-degree board: the file is moved to
 * the a-file, then three shift-or steps stack its bits in the low byte
 * (rank n at bit n - 1).  Shifting to the right keeps this a plain shift
 * and or: the same gathering to the left is a multiplication, which the
 * compiler would emit as one (the kindergarten technique). */
static inline unsigned file_index(int square, bitboard occupied)
{
    bitboard file = (occupied >> square_file(square)) & FILE_A;
    file |= file >> 7;
    file |= file >> 14;
    file |= file >> 28;
    return (unsigned)(file >> 1) & 63;
}

/* A diagonal (one square per file) as a rank of the 45- or 315-degree
 * board: folding the ranks onto the top one leaves file n at bit 56 + n;
 * the mask has no a- or h-file square, so shifting by 57 keeps files b..g. */
static inline unsigned diagonal_index(bitboard occupied, bitboard inner_diagonal)
{
    bitboard line = occupied & inner_diagonal;
    line |= line << 32;
    line |= line << 16;
    line |= line << 8;
    return (unsigned)(line >> 57);
}

/* The square's four line tables, from one base register. */
static inline const bitboard (*line_tables(int square))[64]
{
    const bitboard(*lines)[64] = tables.attacks[square];
    BASE_REGISTER(lines);
    return lines;
}

static inline bitboard rotated_rook(int square, bitboard occupied)
{
    const bitboard(*lines)[64] = line_tables(square);
    return lines[RANK_LINE][rank_index(square, occupied)] | lines[FILE_LINE][file_index(square, occupied)];
}

static inline bitboard rotated_bishop(int square, bitboard occupied)
{
    const bitboard(*lines)[64] = line_tables(square);
    return lines[DIAGONAL_LINE][diagonal_index(occupied, tables.inner_diagonals[square][0])] |
           lines[ANTI_DIAGONAL_LINE][diagonal_index(occupied, tables.inner_diagonals[square][1])];
}

QUEEN_FROM_ROOK_AND_BISHOP(rotated)

BACKEND(rotated, "rotated",
        "rotated-bitboard 64 x 64 line tables; each query builds the rotated lines it reads from the "
        "occupancy, a cost an engine avoids by updating the rotated boards incrementally",
        "Chessprogramming wiki, Rotated Bitboards (Hyatt, Heinz); Flipping Mirroring and Rotating",
        .init = rotated_init)

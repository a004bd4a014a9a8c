/* Kindergarten Super SISSY Bitboards (KGSSB): SISSY's split index, but
 * split by line instead of by row.  Each line's six inner squares are
 * gathered into a 6-bit index the kindergarten way (a B-file multiply for
 * diagonals, the c2-h7 multiply for files, a shift for ranks) and index a
 * per-square table holding that line's attack subset directly, so the
 * lookup needs no fill-up mask; a queen is the OR of four subsets.
 * Source: Michael Sherwin, "Kindergarten Super SISSY Bitboards", talkchess
 * 2022 (also in Thomas Jahn's Leorik as "KiSS"). */
#include "attackbench/loops.h"
#include "building_blocks/kindergarten_tables.h"
#include "base/ray_walk.h"

/* One square's four line tables, by each line's 6-bit index: the attacks
 * along that line from the square.  Kept together (2 KiB per square) so
 * that one base address serves all four lookups; the compilers otherwise
 * ran out of registers for four table bases and spilled them. */
struct square_subsets {
    bitboard file[64];
    bitboard rank[64];
    bitboard diagonal[64];
    bitboard anti_diagonal[64];
};

/* Every table in one struct, addressed from one base register: with a
 * base per table, gcc kept two of them and the query stream's pointers on
 * the stack in the timed loops (position-independent code needs a
 * register for each). */
static struct kgssb_tables {
    struct square_subsets subsets[SQUARE_COUNT];
    bitboard diagonal_lines[SQUARE_COUNT];
    bitboard anti_diagonal_lines[SQUARE_COUNT];
} tables;

/* The four indices, each from the whole occupancy. */
static inline unsigned file_index(int square, bitboard occupied)
{
    return kindergarten_file_a_index(FILE_A & (occupied >> square_file(square)));
}

static inline unsigned rank_index(int square, bitboard occupied)
{
    return (unsigned)(occupied >> (8 * square_rank(square) + 1)) & 63;
}

static inline unsigned diagonal_index(int square, bitboard occupied)
{
    return kindergarten_inner_index(occupied & tables.diagonal_lines[square]);
}

static inline unsigned anti_diagonal_index(int square, bitboard occupied)
{
    return kindergarten_inner_index(occupied & tables.anti_diagonal_lines[square]);
}

/* The square's line tables, from one base register. */
static inline const struct square_subsets *square_lines(int square)
{
    const struct square_subsets *lines = &tables.subsets[square];
    BASE_REGISTER(lines);
    return lines;
}

static inline bitboard kgssb_rook(int square, bitboard occupied)
{
    const struct square_subsets *lines = square_lines(square);
    return lines->file[file_index(square, occupied)] | lines->rank[rank_index(square, occupied)];
}

static inline bitboard kgssb_bishop(int square, bitboard occupied)
{
    const struct square_subsets *lines = square_lines(square);
    return lines->diagonal[diagonal_index(square, occupied)] |
           lines->anti_diagonal[anti_diagonal_index(square, occupied)];
}

QUEEN_FROM_ROOK_AND_BISHOP(kgssb)

/* Every occupancy of the line (at most 256) is mapped through the same
 * index function the lookup uses, so the tables cannot disagree with the
 * index however its bits are ordered; occupancies sharing an index differ
 * only on the line's ends or the square itself, which change nothing. */
static void fill_line(bitboard table[64], bitboard line, int square, unsigned (*index)(int square, bitboard occupied),
                      int file_step, int rank_step)
{
    bitboard occupied = 0;
    do {
        table[index(square, occupied)] =
            ray_walk(square, occupied, file_step, rank_step) | ray_walk(square, occupied, -file_step, -rank_step);
        occupied = (occupied - line) & line;
    } while (occupied != 0);
}

static size_t kgssb_init(void)
{
    for (int square = 0; square < SQUARE_COUNT; square++) {
        tables.diagonal_lines[square] = diagonal_mask(square);
        tables.anti_diagonal_lines[square] = anti_diagonal_mask(square);
        fill_line(tables.subsets[square].file, file_mask(square), square, file_index, 0, 1);
        fill_line(tables.subsets[square].rank, rank_mask(square), square, rank_index, 1, 0);
        fill_line(tables.subsets[square].diagonal, tables.diagonal_lines[square], square, diagonal_index, 1, 1);
        fill_line(tables.subsets[square].anti_diagonal, tables.anti_diagonal_lines[square], square, anti_diagonal_index,
                  -1, 1);
    }
    return sizeof tables;
}

BACKEND(kgssb, "kgssb", "kindergarten 6-bit index per line into per-square line subsets, ORed (queen in 4 lookups)",
        "Michael Sherwin, Kindergarten Super SISSY Bitboards (talkchess 2022)", .init = kgssb_init)

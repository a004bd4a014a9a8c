/* Obstruction difference: on each line through the slider, split the
 * occupancy into the part below the slider and the part above it.  Twice
 * the lowest upper blocker minus the highest lower blocker (found with a
 * leading-zero count) leaves exactly the squares between the two blockers,
 * both included; the line mask then drops the slider and the wrap-around.
 * Source: Chessprogramming wiki, "Obstruction Difference" (Michael
 * Hoffmann). */
#include "backend.h"

/* The squares of a line below and above a square, and both together. */
struct line_halves {
    bitboard lower;
    bitboard upper;
    bitboard line;
};

/* Per square: the rank, the file, the diagonal and the anti-diagonal. */
enum line { RANK_LINE, FILE_LINE, DIAGONAL_LINE, ANTI_DIAGONAL_LINE, LINE_COUNT };

static struct line_halves line_halves[SQUARE_COUNT][LINE_COUNT];

static size_t obstruction_difference_init(void)
{
    for (int square = 0; square < SQUARE_COUNT; square++) {
        bitboard below = square_bit(square) - 1;
        bitboard above = ~below & ~square_bit(square);
        bitboard lines[LINE_COUNT] = {rank_mask(square), file_mask(square), diagonal_mask(square),
                                      anti_diagonal_mask(square)};
        for (int line = 0; line < LINE_COUNT; line++)
            line_halves[square][line] = (struct line_halves){
                .lower = lines[line] & below, .upper = lines[line] & above, .line = lines[line] & (below | above)};
    }
    return sizeof line_halves;
}

/* The most significant bit of a non-empty board, isolated. */
static inline bitboard highest_bit(bitboard board)
{
    return (bitboard)1 << 63 >> __builtin_clzll(board);
}

static inline bitboard line_attacks(bitboard occupied, const struct line_halves *halves)
{
    bitboard lower = occupied & halves->lower;
    bitboard upper = occupied & halves->upper;
    /* Without a lower blocker, bit 0 makes the difference reach a1. */
    bitboard lower_blocker = highest_bit(lower | 1);
    /* Without an upper blocker (or with one on h8) 2 * 0 borrows from 2^64. */
    bitboard upper_blocker = upper & -upper;
    bitboard difference = 2 * upper_blocker - lower_blocker;
    return difference & halves->line;
}

static inline bitboard obstruction_difference_rook(int square, bitboard occupied)
{
    const struct line_halves *halves = line_halves[square];
    return line_attacks(occupied, &halves[RANK_LINE]) | line_attacks(occupied, &halves[FILE_LINE]);
}

static inline bitboard obstruction_difference_bishop(int square, bitboard occupied)
{
    const struct line_halves *halves = line_halves[square];
    return line_attacks(occupied, &halves[DIAGONAL_LINE]) | line_attacks(occupied, &halves[ANTI_DIAGONAL_LINE]);
}

static inline bitboard obstruction_difference_queen(int square, bitboard occupied)
{
    return obstruction_difference_rook(square, occupied) | obstruction_difference_bishop(square, occupied);
}

static uint64_t obstruction_difference_rook_loop(const struct run *run)
{
    return run_lookup_loop(obstruction_difference_rook, run);
}

static uint64_t obstruction_difference_bishop_loop(const struct run *run)
{
    return run_lookup_loop(obstruction_difference_bishop, run);
}

static uint64_t obstruction_difference_queen_loop(const struct run *run)
{
    return run_lookup_loop(obstruction_difference_queen, run);
}

SIDE_PASSES(obstruction_difference, obstruction_difference_rook, obstruction_difference_bishop, obstruction_difference_queen)

const struct backend obstruction_difference_backend = {
    .name = "obstruction-diff",
    .description = "per line: 2 * lowest upper blocker - highest lower blocker (lzcnt), masked by the line",
    .source = "Chessprogramming wiki, Obstruction Difference (Michael Hoffmann)",
    .features = 0,
    .init = obstruction_difference_init,
    .rook = obstruction_difference_rook,
    .bishop = obstruction_difference_bishop,
    .queen = obstruction_difference_queen,
    .rook_loop = obstruction_difference_rook_loop,
    .bishop_loop = obstruction_difference_bishop_loop,
    .queen_loop = obstruction_difference_queen_loop,
    .sets_loop = obstruction_difference_sets_loop,
    .sides_loop = obstruction_difference_sides_loop,
};

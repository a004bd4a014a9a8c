/* Rotated bitboards: besides the normal occupancy, an engine keeps copies
 * rotated by 90, 45 and 315 degrees, in which every file or diagonal lies
 * in one byte; the six inner bits of that byte and the square index a
 * 64 x 64 attack table per line, as for ranks on the normal board.
 * Here the interface is stateless, so each query first builds, from the
 * occupancy, the one line of each rotated board it reads (shifts and ors,
 * no multiply, no pext): a file collapsed into a byte (a rank of the
 * 90-degree board) and a diagonal collapsed by folding the ranks onto each
 * other (its rank of the pseudo-rotated 45- or 315-degree board, bit = file).
 * Source: Chessprogramming wiki, "Rotated Bitboards" (Robert Hyatt, Crafty;
 * Ernst A. Heinz, DarkThought) and "Flipping Mirroring and Rotating". */
#include "backend.h"

enum line { RANK_LINE, FILE_LINE, DIAGONAL_LINE, ANTI_DIAGONAL_LINE, LINE_COUNT };

/* attacks[line][square][inner]: the attacks along `line` of a slider on
 * `square` when the six inner squares of the line hold the bits of
 * `inner`.  Ranks and files count inner squares by file and rank b..g / 2..7;
 * diagonals by the file of each square, b..g, missing squares being 0. */
static bitboard attacks[LINE_COUNT][SQUARE_COUNT][64];

/* The diagonal and anti-diagonal through each square. */
static bitboard diagonal_masks[SQUARE_COUNT][2];

static const int file_steps[LINE_COUNT] = {1, 0, 1, -1};
static const int rank_steps[LINE_COUNT] = {0, 1, 1, 1};

static bitboard walk_line(int square, int line, bitboard occupied)
{
    bitboard result = 0;
    for (int sign = -1; sign <= 1; sign += 2) {
        int file = square_file(square) + sign * file_steps[line];
        int rank = square_rank(square) + sign * rank_steps[line];
        while (file >= 0 && file < 8 && rank >= 0 && rank < 8) {
            bitboard bit = square_bit(make_square(file, rank));
            result |= bit;
            if (occupied & bit)
                break;
            file += sign * file_steps[line];
            rank += sign * rank_steps[line];
        }
    }
    return result;
}

/* The occupancy of `square`'s line whose inner bits are `inner`. */
static bitboard spread_inner_bits(int square, int line, unsigned inner)
{
    bitboard line_squares = line == RANK_LINE       ? rank_mask(square)
                            : line == FILE_LINE     ? file_mask(square)
                            : line == DIAGONAL_LINE ? diagonal_mask(square)
                                                    : anti_diagonal_mask(square);
    bitboard occupied = 0;
    for (int position = 1; position <= 6; position++) {
        if (!(inner & (1u << (position - 1))))
            continue;
        /* A file counts by rank, every other line by file. */
        bitboard along = line == FILE_LINE ? RANK_1 << (8 * position) : FILE_A << position;
        occupied |= line_squares & along;
    }
    return occupied;
}

static size_t rotated_init(void)
{
    for (int line = 0; line < LINE_COUNT; line++)
        for (int square = 0; square < SQUARE_COUNT; square++)
            for (unsigned inner = 0; inner < 64; inner++)
                attacks[line][square][inner] = walk_line(square, line, spread_inner_bits(square, line, inner));
    for (int square = 0; square < SQUARE_COUNT; square++) {
        diagonal_masks[square][0] = diagonal_mask(square);
        diagonal_masks[square][1] = anti_diagonal_mask(square);
    }
    return sizeof attacks + sizeof diagonal_masks;
}

/* The rank of the square on the normal board, as six inner bits. */
static inline unsigned rank_index(int square, bitboard occupied)
{
    return (unsigned)(occupied >> ((square & 56) + 1)) & 63;
}

/* The square's file as a rank of the 90-degree board: the file is moved to
 * the a-file, then three shift-or steps gather its one bit per rank into
 * the low byte, rank n at bit n. */
static inline unsigned file_index(int square, bitboard occupied)
{
    bitboard file = (occupied >> square_file(square)) & FILE_A;
    file |= file >> 7;
    file |= file >> 14;
    file |= file >> 28;
    return (unsigned)(file >> 1) & 63;
}

/* A diagonal (one square per file) as a rank of the 45- or 315-degree
 * board: folding the ranks onto the first leaves file n at bit n. */
static inline unsigned diagonal_index(bitboard occupied, bitboard diagonal)
{
    bitboard line = occupied & diagonal;
    line |= line >> 32;
    line |= line >> 16;
    line |= line >> 8;
    return (unsigned)(line >> 1) & 63;
}

static inline bitboard rotated_rook(int square, bitboard occupied)
{
    return attacks[RANK_LINE][square][rank_index(square, occupied)] |
           attacks[FILE_LINE][square][file_index(square, occupied)];
}

static inline bitboard rotated_bishop(int square, bitboard occupied)
{
    return attacks[DIAGONAL_LINE][square][diagonal_index(occupied, diagonal_masks[square][0])] |
           attacks[ANTI_DIAGONAL_LINE][square][diagonal_index(occupied, diagonal_masks[square][1])];
}

static inline bitboard rotated_queen(int square, bitboard occupied)
{
    return rotated_rook(square, occupied) | rotated_bishop(square, occupied);
}

static uint64_t rotated_rook_loop(const struct run *run)
{
    return run_lookup_loop(rotated_rook, run);
}

static uint64_t rotated_bishop_loop(const struct run *run)
{
    return run_lookup_loop(rotated_bishop, run);
}

static uint64_t rotated_queen_loop(const struct run *run)
{
    return run_lookup_loop(rotated_queen, run);
}

const struct backend rotated_backend = {
    .name = "rotated",
    .description = "rotated-bitboard 64 x 64 line tables; each query builds the rotated lines it reads from the "
                   "occupancy, a cost an engine avoids by updating the rotated boards incrementally",
    .source = "Chessprogramming wiki, Rotated Bitboards (Hyatt, Heinz); Flipping Mirroring and Rotating",
    .features = 0,
    .init = rotated_init,
    .rook = rotated_rook,
    .bishop = rotated_bishop,
    .queen = rotated_queen,
    .rook_loop = rotated_rook_loop,
    .bishop_loop = rotated_bishop_loop,
    .queen_loop = rotated_queen_loop,
};

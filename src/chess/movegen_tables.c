/* The move generator's tables (src/chess/movegen_tables.h). */
#include "movegen_tables.h"
#include "position.h"
#include "base/ray_walk.h"

bitboard knight_attacks[64];
bitboard king_attacks[64];
bitboard pawn_attacks[2][64];
/* Squares strictly between two squares on a line, 0 when not aligned. */
bitboard between[64][64];
/* The whole line through two squares, 0 when not aligned. */
bitboard line[64][64];
/* Castling rights that survive a move from or to each square. */
uint8_t castling_kept[64];
static int initialized;

static bitboard step_attacks(int square, const int (*steps)[2], int count)
{
    bitboard attacks = 0;
    for (int i = 0; i < count; i++) {
        int file = square_file(square) + steps[i][0];
        int rank = square_rank(square) + steps[i][1];
        if (file >= 0 && file < 8 && rank >= 0 && rank < 8)
            attacks |= square_bit(make_square(file, rank));
    }
    return attacks;
}

void movegen_init(void)
{
    if (initialized)
        return;
    static const int knight_steps[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
    static const int king_steps[8][2] = {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
    static const int white_pawn_steps[2][2] = {{-1, 1}, {1, 1}};
    static const int black_pawn_steps[2][2] = {{-1, -1}, {1, -1}};

    for (int square = 0; square < 64; square++) {
        knight_attacks[square] = step_attacks(square, knight_steps, 8);
        king_attacks[square] = step_attacks(square, king_steps, 8);
        pawn_attacks[WHITE][square] = step_attacks(square, white_pawn_steps, 2);
        pawn_attacks[BLACK][square] = step_attacks(square, black_pawn_steps, 2);
    }

    /* Walk each of the eight directions from every square: the squares
     * passed on the way to `to` are between them; the line is the ray
     * both ways plus the origin. */
    for (int from = 0; from < 64; from++) {
        for (int direction = 0; direction < 8; direction++) {
            int file_step = king_steps[direction][0], rank_step = king_steps[direction][1];
            bitboard ray = ray_walk(from, 0, file_step, rank_step);
            bitboard full_line = ray | square_bit(from) | ray_walk(from, 0, -file_step, -rank_step);
            for (bitboard rest = ray; rest != 0; rest = without_lowest(rest)) {
                int to = lowest_square(rest);
                between[from][to] = ray_walk(from, square_bit(to), file_step, rank_step) & ~square_bit(to);
                line[from][to] = full_line;
            }
        }
    }

    for (int square = 0; square < 64; square++)
        castling_kept[square] = 15;
    castling_kept[4] &= (uint8_t) ~(CASTLE_WHITE_KING | CASTLE_WHITE_QUEEN);  /* e1 */
    castling_kept[7] &= (uint8_t)~CASTLE_WHITE_KING;                          /* h1 */
    castling_kept[0] &= (uint8_t)~CASTLE_WHITE_QUEEN;                         /* a1 */
    castling_kept[60] &= (uint8_t) ~(CASTLE_BLACK_KING | CASTLE_BLACK_QUEEN); /* e8 */
    castling_kept[63] &= (uint8_t)~CASTLE_BLACK_KING;                         /* h8 */
    castling_kept[56] &= (uint8_t)~CASTLE_BLACK_QUEEN;                        /* a8 */
    initialized = 1;
}

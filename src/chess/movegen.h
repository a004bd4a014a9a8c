/* A legal move generator built on the attack functions of one backend.
 *
 * Every rook, bishop and queen attack set the generator needs comes from
 * the backend, so perft through it measures a backend inside a real move
 * generator: checks and pins from its rook and bishop pointers, the
 * squares the king may not step on from its set-wise path (set_attacks,
 * or its lookups composed over the enemy's sliders), and slider moves from
 * its multi-square entry (side_attacks) when it has one, otherwise from
 * its rook/bishop/queen pointers one slider at a time.  Knight, king and pawn
 * attacks and the between/line geometry are small tables of its own.
 *
 * The board is a small struct that is copied to make a move (copy-make):
 * there is no unmake. */
#ifndef ATTACKBENCH_MOVEGEN_H
#define ATTACKBENCH_MOVEGEN_H

#include <stddef.h>
#include <stdint.h>

#include "attackbench/backend.h"
#include "position.h"
#include "movegen_tables.h"

struct board {
    bitboard pieces[2][PIECE_TYPE_COUNT]; /* [color][piece_type] */
    bitboard colors[2];                   /* all pieces of each color */
    uint8_t side_to_move;                 /* WHITE or BLACK */
    uint8_t castling;                     /* castling_right bits */
    int8_t en_passant;                    /* target square or NO_SQUARE */
    uint16_t halfmove_clock;
    uint16_t fullmove_number;
};

/* A move in 16 bits: from (bits 0-5), to (bits 6-11), kind (bits 12-15). */
typedef uint16_t move;

enum move_kind {
    MOVE_NORMAL = 0,
    MOVE_DOUBLE_PUSH = 1,
    MOVE_CASTLE = 2, /* the king's move; the rook follows */
    MOVE_EN_PASSANT = 3,
    MOVE_PROMOTE_KNIGHT = 4, /* MOVE_PROMOTE_KNIGHT + (piece - KNIGHT) */
    MOVE_PROMOTE_BISHOP = 5,
    MOVE_PROMOTE_ROOK = 6,
    MOVE_PROMOTE_QUEEN = 7,
};

/* The most moves the generator can list for any position the reader
 * accepts, reachable or not (a side may have up to 63 men: perft asks
 * only for one king each).  With n men of the side to move, a move goes
 * to one of the 64 - n squares it does not hold, and no man has more than
 * 27 targets (a queen in the centre; a rook 14, a bishop 13, a knight 8,
 * a king 8 and 2 castlings, a pawn 4), so the moves other than promotions
 * number at most n * min(27, 64 - n), whose largest value is 37 * 27 =
 * 999.  A pawn that promotes has at most 3 targets, each 4 moves: the at
 * most 8 such pawns add at most 8 * 12 = 96.  999 + 96 = 1095, which
 * is below this bound (the 218 of a reachable position is far below). */
enum { MAX_MOVES = 1096 };

struct move_list {
    int count;
    move moves[MAX_MOVES];
};

/* Squares attacked by all the pawns of a color. */
static inline bitboard pawn_set_attacks(bitboard pawns, int color)
{
    if (color == WHITE)
        return ((pawns & ~FILE_A) << 7) | ((pawns & ~FILE_H) << 9);
    return ((pawns & ~FILE_A) >> 9) | ((pawns & ~FILE_H) >> 7);
}

static inline move make_move_code(int from, int to, int kind)
{
    return (move)(from | (to << 6) | (kind << 12));
}

static inline int move_from(move m)
{
    return m & 63;
}

static inline int move_to(move m)
{
    return (m >> 6) & 63;
}

static inline int move_kind(move m)
{
    return m >> 12;
}

static inline int move_is_promotion(move m)
{
    return move_kind(m) >= MOVE_PROMOTE_KNIGHT;
}

/* Copy a parsed position into a board.  Castling rights without the king
 * and rook on their home squares, and an en-passant square without the
 * pawn that just made the double step, are dropped. */
void board_from_position(struct board *board, const struct position *position);

/* The board as a position (no expected node counts). */
void board_to_position(const struct board *board, struct position *position);

/* Why a position cannot be searched (not exactly one king per side, a pawn
 * on the first or last rank, the side not to move in check), or NULL. */
const char *position_illegal_reason(const struct backend *backend, const struct position *position);

/* Every legal move of the side to move; returns the count. */
int generate_legal_moves(const struct backend *backend, const struct board *board, struct move_list *list);

/* The number of legal moves, counted without listing them. */
int count_legal_moves(const struct backend *backend, const struct board *board);

/* The pieces of the other side that attack the king of the side to move. */
bitboard board_checkers(const struct backend *backend, const struct board *board);

/* Every square the pieces of `color` attack, with the board's occupancy. */
bitboard board_attacks(const struct backend *backend, const struct board *board, int color);

/* Play a legal move on the board. */
void board_make_move(struct board *board, move m);

/* The piece type on a square for the given color, or -1. */
int board_piece_on(const struct board *board, int color, int square);

/* UCI notation ("e2e4", "e7e8q") into a buffer of at least 6 bytes. */
void move_name(move m, char name[6]);

#endif

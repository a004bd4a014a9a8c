/* The board: from and to a parsed position, and making a move on a copy
 * (src/chess/movegen.h). */
#include <string.h>

#include "movegen.h"
#include "movegen_tables.h"

void board_from_position(struct board *board, const struct position *position)
{
    movegen_init();
    memset(board, 0, sizeof *board);
    memcpy(board->pieces, position->pieces, sizeof board->pieces);
    board->colors[WHITE] = position_color(position, WHITE);
    board->colors[BLACK] = position_color(position, BLACK);
    board->side_to_move = (uint8_t)position->side_to_move;
    board->halfmove_clock = (uint16_t)(position->halfmove_clock > 65535 ? 65535 : position->halfmove_clock);
    board->fullmove_number = (uint16_t)(position->fullmove_number > 65535 ? 65535 : position->fullmove_number);

    /* Keep only the castling rights whose king and rook stand at home. */
    int castling = position->castling;
    const bitboard *white = position->pieces[WHITE], *black = position->pieces[BLACK];
    if (!(white[KING] & square_bit(4)))
        castling &= ~(CASTLE_WHITE_KING | CASTLE_WHITE_QUEEN);
    if (!(white[ROOK] & square_bit(7)))
        castling &= ~CASTLE_WHITE_KING;
    if (!(white[ROOK] & square_bit(0)))
        castling &= ~CASTLE_WHITE_QUEEN;
    if (!(black[KING] & square_bit(60)))
        castling &= ~(CASTLE_BLACK_KING | CASTLE_BLACK_QUEEN);
    if (!(black[ROOK] & square_bit(63)))
        castling &= ~CASTLE_BLACK_KING;
    if (!(black[ROOK] & square_bit(56)))
        castling &= ~CASTLE_BLACK_QUEEN;
    board->castling = (uint8_t)castling;

    /* Keep the en-passant square only behind a pawn that just stepped two
     * squares, with both squares it crossed empty. */
    board->en_passant = NO_SQUARE;
    int target = position->en_passant;
    if (target >= 0 && target < 64) {
        int us = position->side_to_move, them = us ^ 1;
        int needed_rank = us == WHITE ? 5 : 2;
        int pawn_square = target ^ 8;
        int start_square = us == WHITE ? target + 8 : target - 8;
        bitboard occupied = board->colors[WHITE] | board->colors[BLACK];
        if (square_rank(target) == needed_rank && (position->pieces[them][PAWN] & square_bit(pawn_square)) &&
            !(occupied & (square_bit(target) | square_bit(start_square))))
            board->en_passant = (int8_t)target;
    }
}

void board_to_position(const struct board *board, struct position *position)
{
    memset(position, 0, sizeof *position);
    memcpy(position->pieces, board->pieces, sizeof position->pieces);
    position->side_to_move = board->side_to_move;
    position->castling = board->castling;
    position->en_passant = board->en_passant;
    position->halfmove_clock = board->halfmove_clock;
    position->fullmove_number = board->fullmove_number;
}

int board_piece_on(const struct board *board, int color, int square)
{
    bitboard bit = square_bit(square);
    if (!(board->colors[color] & bit))
        return -1;
    for (int piece = PAWN; piece < KING; piece++)
        if (board->pieces[color][piece] & bit)
            return piece;
    return KING;
}

static inline void toggle_piece(struct board *board, int color, int piece, bitboard bits)
{
    board->pieces[color][piece] ^= bits;
    board->colors[color] ^= bits;
}

void board_make_move(struct board *board, move m)
{
    const int us = board->side_to_move, them = us ^ 1;
    const int from = move_from(m), to = move_to(m), kind = move_kind(m);
    const bitboard from_bit = square_bit(from), to_bit = square_bit(to);
    const int piece = board_piece_on(board, us, from);

    board->halfmove_clock = (uint16_t)(board->halfmove_clock + (board->halfmove_clock < 65535));
    if (board->colors[them] & to_bit) {
        toggle_piece(board, them, board_piece_on(board, them, to), to_bit);
        board->halfmove_clock = 0;
    }
    toggle_piece(board, us, piece, from_bit | to_bit);
    if (piece == PAWN)
        board->halfmove_clock = 0;

    board->en_passant = NO_SQUARE;
    switch (kind) {
    case MOVE_DOUBLE_PUSH: {
        /* Recorded only when an enemy pawn could take, as most FEN
         * writers do; the move count is the same either way. */
        int target = (from + to) / 2;
        if (pawn_attacks[us][target] & board->pieces[them][PAWN])
            board->en_passant = (int8_t)target;
        break;
    }
    case MOVE_CASTLE:
        if (to > from)
            toggle_piece(board, us, ROOK, square_bit(from + 3) | square_bit(from + 1));
        else
            toggle_piece(board, us, ROOK, square_bit(from - 4) | square_bit(from - 1));
        break;
    case MOVE_EN_PASSANT:
        toggle_piece(board, them, PAWN, square_bit(to ^ 8));
        break;
    case MOVE_PROMOTE_KNIGHT:
    case MOVE_PROMOTE_BISHOP:
    case MOVE_PROMOTE_ROOK:
    case MOVE_PROMOTE_QUEEN:
        board->pieces[us][PAWN] ^= to_bit;
        board->pieces[us][KNIGHT + kind - MOVE_PROMOTE_KNIGHT] ^= to_bit;
        break;
    default:
        break;
    }

    board->castling &= castling_kept[from] & castling_kept[to];
    if (us == BLACK)
        board->fullmove_number = (uint16_t)(board->fullmove_number + (board->fullmove_number < 65535));
    board->side_to_move = (uint8_t)them;
}

void move_name(move m, char name[6])
{
    square_name(move_from(m), name);
    square_name(move_to(m), name + 2);
    if (move_is_promotion(m)) {
        name[4] = "nbrq"[move_kind(m) - MOVE_PROMOTE_KNIGHT];
        name[5] = '\0';
    }
}

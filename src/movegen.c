/* Legal move generation with check and pin masks.
 *
 * For the side to move: the enemy sliders that see the king through our
 * own pieces only (one rook and one bishop lookup from the king over the
 * enemy's pieces) are either checkers (nothing between) or pinners (one of
 * our pieces between).  The squares the king may not enter are the enemy's
 * attacks with our king taken off the board, from the backend's set-wise
 * path (its native fill of all the enemy's sliders at once, or its lookups
 * composed over them).  Then every piece's targets
 * are masked with the check mask (the checker and the squares between it
 * and the king) and, for a pinned piece, the line through king and piece,
 * so that every generated move is legal and none is tried and taken back.
 * A backend with a multi-square kernel gives all our sliders' attacks in
 * one call; the others are asked one slider at a time.  En passant, which
 * removes two pieces from one rank, is checked by looking at the king
 * again with both pawns gone. */
#include "movegen.h"

#include <string.h>

#include "ray_walk.h"
#include "sides.h"

static bitboard knight_attacks[64];
static bitboard king_attacks[64];
static bitboard pawn_attacks[2][64];
/* Squares strictly between two squares on a line, 0 when not aligned. */
static bitboard between[64][64];
/* The whole line through two squares, 0 when not aligned. */
static bitboard line[64][64];
/* Castling rights that survive a move from or to each square. */
static uint8_t castling_kept[64];
static int initialized;

static const bitboard RANK_3 = 0x0000000000FF0000ULL;
static const bitboard RANK_6 = 0x0000FF0000000000ULL;

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
    castling_kept[4] &= (uint8_t) ~(CASTLE_WHITE_KING | CASTLE_WHITE_QUEEN); /* e1 */
    castling_kept[7] &= (uint8_t)~CASTLE_WHITE_KING;                         /* h1 */
    castling_kept[0] &= (uint8_t)~CASTLE_WHITE_QUEEN;                        /* a1 */
    castling_kept[60] &= (uint8_t) ~(CASTLE_BLACK_KING | CASTLE_BLACK_QUEEN); /* e8 */
    castling_kept[63] &= (uint8_t)~CASTLE_BLACK_KING;                        /* h8 */
    castling_kept[56] &= (uint8_t)~CASTLE_BLACK_QUEEN;                       /* a8 */
    initialized = 1;
}

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

/* Pieces of `by` attacking a square, with the given occupancy. */
static inline bitboard attackers_of(const struct backend *backend, const bitboard pieces[2][PIECE_TYPE_COUNT],
                                    int square, int by, bitboard occupied)
{
    const bitboard *theirs = pieces[by];
    return (knight_attacks[square] & theirs[KNIGHT]) | (king_attacks[square] & theirs[KING]) |
           (pawn_attacks[by ^ 1][square] & theirs[PAWN]) |
           (backend->rook(square, occupied) & (theirs[ROOK] | theirs[QUEEN])) |
           (backend->bishop(square, occupied) & (theirs[BISHOP] | theirs[QUEEN]));
}

const char *position_illegal_reason(const struct backend *backend, const struct position *position)
{
    movegen_init();
    if (population_count(position->pieces[WHITE][KING]) != 1)
        return "white must have exactly one king";
    if (population_count(position->pieces[BLACK][KING]) != 1)
        return "black must have exactly one king";
    if ((position->pieces[WHITE][PAWN] | position->pieces[BLACK][PAWN]) & (RANK_1 | RANK_8))
        return "a pawn stands on the first or last rank";
    int waiting = position->side_to_move ^ 1;
    int king = lowest_square(position->pieces[waiting][KING]);
    if (attackers_of(backend, position->pieces, king, position->side_to_move, position_occupied(position)))
        return "the side not to move is in check";
    return NULL;
}

bitboard board_checkers(const struct backend *backend, const struct board *board)
{
    int us = board->side_to_move;
    int king = lowest_square(board->pieces[us][KING]);
    return attackers_of(backend, board->pieces, king, us ^ 1, board->colors[WHITE] | board->colors[BLACK]);
}

bitboard board_attacks(const struct backend *backend, const struct board *board, int color)
{
    const bitboard *pieces = board->pieces[color];
    const bitboard occupied = board->colors[WHITE] | board->colors[BLACK];
    bitboard attacks = pawn_set_attacks(pieces[PAWN], color);
    for (bitboard rest = pieces[KING]; rest; rest = without_lowest(rest))
        attacks |= king_attacks[lowest_square(rest)];
    for (bitboard rest = pieces[KNIGHT]; rest; rest = without_lowest(rest))
        attacks |= knight_attacks[lowest_square(rest)];
    return attacks | backend_set_attacks(backend, pieces[ROOK] | pieces[QUEEN], pieces[BISHOP] | pieces[QUEEN], occupied);
}

/* With count_only (a compile-time constant in each copy of the generator)
 * the moves are only counted, for the last ply of perft. */
static inline void add_moves_from(struct move_list *list, int from, bitboard targets, int count_only)
{
    if (count_only) {
        list->count += population_count(targets);
        return;
    }
    int count = list->count;
    for (; targets; targets = without_lowest(targets))
        list->moves[count++] = make_move_code(from, lowest_square(targets), MOVE_NORMAL);
    list->count = count;
}

/* The moves of one kind of slider: its attacks from the backend, within
 * `allowed`, and along the line through the king when it is pinned. */
static inline __attribute__((always_inline)) void add_slider_moves(struct move_list *list, bitboard sliders,
                                                                   attack_function attacks, bitboard occupied,
                                                                   bitboard allowed, bitboard pinned, int king,
                                                                   int count_only)
{
    for (; sliders; sliders = without_lowest(sliders)) {
        int from = lowest_square(sliders);
        bitboard targets = attacks(from, occupied) & allowed;
        if (pinned & square_bit(from))
            targets &= line[king][from];
        add_moves_from(list, from, targets, count_only);
    }
}

/* The moves of every slider of the side at once, from the backend's
 * multi-square entry: one call for the side's rooks, bishops and queens
 * (in that order in the record), the moves added bishops first, then
 * rooks, then queens, the order of the one-by-one path. */
static inline __attribute__((always_inline)) void add_side_moves(struct move_list *list, const struct backend *backend,
                                                                 const bitboard *mine, bitboard occupied,
                                                                 bitboard allowed, bitboard pinned, int king,
                                                                 int count_only)
{
    struct side_record side;
    bitboard attacks[SIDE_MAX_SLIDERS];
    side_record_from_sets(mine[ROOK], mine[BISHOP], mine[QUEEN], occupied, &side);
    backend->side_attacks(&side, occupied, attacks);
    const int first[3] = {side.rooks, 0, side.rooks + side.bishops};
    const int count[3] = {side.bishops, side.rooks, side.queens};
    for (int kind = 0; kind < 3; kind++) {
        for (int k = first[kind]; k < first[kind] + count[kind]; k++) {
            int from = side.squares[k];
            bitboard targets = attacks[k] & allowed;
            if (pinned & square_bit(from))
                targets &= line[king][from];
            add_moves_from(list, from, targets, count_only);
        }
    }
}

/* Pawn moves to each target, coming from target - offset; promotions on
 * the last rank give four moves each. */
static inline void add_pawn_moves(struct move_list *list, bitboard targets, int offset, int kind, int count_only)
{
    bitboard promotions = targets & (RANK_1 | RANK_8);
    if (count_only) {
        list->count += population_count(targets) + 3 * population_count(promotions);
        return;
    }
    int count = list->count;
    for (bitboard rest = targets & ~promotions; rest; rest = without_lowest(rest)) {
        int to = lowest_square(rest);
        list->moves[count++] = make_move_code(to - offset, to, kind);
    }
    for (; promotions; promotions = without_lowest(promotions)) {
        int to = lowest_square(promotions);
        for (int promote = MOVE_PROMOTE_QUEEN; promote >= MOVE_PROMOTE_KNIGHT; promote--)
            list->moves[count++] = make_move_code(to - offset, to, promote);
    }
    list->count = count;
}

/* Shift a board forward for `color` by `amount` squares (negative back). */
static inline bitboard shift_forward(bitboard board, int color, int amount)
{
    if (color == BLACK)
        amount = -amount;
    return amount >= 0 ? board << amount : board >> -amount;
}

static inline __attribute__((always_inline)) int generate(const struct backend *backend, const struct board *board,
                                                          struct move_list *list, int count_only)
{
    const attack_function rook = backend->rook, bishop = backend->bishop, queen = backend->queen;
    const int us = board->side_to_move, them = us ^ 1;
    const bitboard *mine = board->pieces[us], *theirs = board->pieces[them];
    const bitboard own = board->colors[us], enemy = board->colors[them];
    const bitboard occupied = own | enemy;
    const int king = lowest_square(mine[KING]);
    const bitboard their_straight = theirs[ROOK] | theirs[QUEEN];
    const bitboard their_diagonal = theirs[BISHOP] | theirs[QUEEN];

    list->count = 0;

    /* Checkers and pinned pieces: the enemy sliders that see the king when
     * only enemy pieces block. */
    bitboard checkers = (knight_attacks[king] & theirs[KNIGHT]) | (pawn_attacks[us][king] & theirs[PAWN]);
    bitboard pinned = 0;
    bitboard snipers = (rook(king, enemy) & their_straight) | (bishop(king, enemy) & their_diagonal);
    for (; snipers; snipers = without_lowest(snipers)) {
        int sniper = lowest_square(snipers);
        bitboard blockers = between[king][sniper] & occupied;
        if (blockers == 0)
            checkers |= square_bit(sniper);
        else if (without_lowest(blockers) == 0)
            pinned |= blockers & own;
    }

    /* Squares the enemy attacks, seen through our king so that it cannot
     * step back along a checking ray. */
    const bitboard through_king = occupied ^ mine[KING];
    bitboard danger = pawn_set_attacks(theirs[PAWN], them) | king_attacks[lowest_square(theirs[KING])];
    for (bitboard rest = theirs[KNIGHT]; rest; rest = without_lowest(rest))
        danger |= knight_attacks[lowest_square(rest)];
    danger |= backend_set_attacks(backend, their_straight, their_diagonal, through_king);

    add_moves_from(list, king, king_attacks[king] & ~own & ~danger, count_only);
    if (checkers && without_lowest(checkers))
        return list->count; /* double check: only the king moves */

    /* Where the other pieces may go: anywhere not our own, or, in check,
     * onto the checker or between it and the king. */
    bitboard allowed = ~own;
    if (checkers)
        allowed &= checkers | between[king][lowest_square(checkers)];

    for (bitboard rest = mine[KNIGHT] & ~pinned; rest; rest = without_lowest(rest)) {
        int from = lowest_square(rest);
        add_moves_from(list, from, knight_attacks[from] & allowed, count_only);
    }
    if (backend->side_attacks && population_count(mine[ROOK] | mine[BISHOP] | mine[QUEEN]) <= SIDE_MAX_SLIDERS) {
        add_side_moves(list, backend, mine, occupied, allowed, pinned, king, count_only);
    } else {
        add_slider_moves(list, mine[BISHOP], bishop, occupied, allowed, pinned, king, count_only);
        add_slider_moves(list, mine[ROOK], rook, occupied, allowed, pinned, king, count_only);
        add_slider_moves(list, mine[QUEEN], queen, occupied, allowed, pinned, king, count_only);
    }

    /* Pawns that are not pinned, all at once. */
    const bitboard empty = ~occupied;
    const bitboard free_pawns = mine[PAWN] & ~pinned;
    const int forward = us == WHITE ? 8 : -8;
    const bitboard third_rank = us == WHITE ? RANK_3 : RANK_6;
    bitboard single = shift_forward(free_pawns, us, 8) & empty;
    bitboard double_step = shift_forward(single & third_rank, us, 8) & empty & allowed;
    add_pawn_moves(list, single & allowed, forward, MOVE_NORMAL, count_only);
    add_pawn_moves(list, double_step, 2 * forward, MOVE_DOUBLE_PUSH, count_only);
    /* Captures towards the a-file and towards the h-file. */
    bitboard west = shift_forward(free_pawns & ~FILE_A, us, us == WHITE ? 7 : 9) & enemy & allowed;
    bitboard east = shift_forward(free_pawns & ~FILE_H, us, us == WHITE ? 9 : 7) & enemy & allowed;
    add_pawn_moves(list, west, us == WHITE ? 7 : -9, MOVE_NORMAL, count_only);
    add_pawn_moves(list, east, us == WHITE ? 9 : -7, MOVE_NORMAL, count_only);

    /* Pinned pawns, one by one, along their pin line. */
    for (bitboard rest = mine[PAWN] & pinned; rest; rest = without_lowest(rest)) {
        int from = lowest_square(rest);
        bitboard from_bit = square_bit(from);
        bitboard keep = allowed & line[king][from];
        bitboard push = shift_forward(from_bit, us, 8) & empty;
        bitboard jump = shift_forward(push & third_rank, us, 8) & empty;
        bitboard takes = pawn_attacks[us][from] & enemy;
        add_pawn_moves(list, push & keep, forward, MOVE_NORMAL, count_only);
        add_pawn_moves(list, jump & keep, 2 * forward, MOVE_DOUBLE_PUSH, count_only);
        for (bitboard capture = takes & keep; capture; capture = without_lowest(capture)) {
            int to = lowest_square(capture);
            add_pawn_moves(list, square_bit(to), to - from, MOVE_NORMAL, count_only);
        }
    }

    /* En passant: take both pawns off and look at the king again. */
    if (board->en_passant != NO_SQUARE) {
        int target = board->en_passant;
        int victim = target ^ 8;
        bitboard victim_bit = square_bit(victim);
        /* A knight's or another pawn's check is not answered by it. */
        if (!(checkers & ~victim_bit & ~(their_straight | their_diagonal))) {
            for (bitboard rest = pawn_attacks[them][target] & mine[PAWN]; rest; rest = without_lowest(rest)) {
                int from = lowest_square(rest);
                bitboard after = (occupied ^ square_bit(from) ^ victim_bit) | square_bit(target);
                if ((rook(king, after) & their_straight) || (bishop(king, after) & their_diagonal))
                    continue;
                if (!count_only)
                    list->moves[list->count] = make_move_code(from, target, MOVE_EN_PASSANT);
                list->count++;
            }
        }
    }

    /* Castling: not out of check, through empty squares the enemy does not
     * attack.  The rights guarantee king and rook at home. */
    if (!checkers && board->castling) {
        int base = us == WHITE ? 0 : 56;
        int king_side = us == WHITE ? CASTLE_WHITE_KING : CASTLE_BLACK_KING;
        int queen_side = us == WHITE ? CASTLE_WHITE_QUEEN : CASTLE_BLACK_QUEEN;
        if ((board->castling & king_side) && !(occupied & (0x60ULL << base)) && !(danger & (0x60ULL << base))) {
            if (!count_only)
                list->moves[list->count] = make_move_code(base + 4, base + 6, MOVE_CASTLE);
            list->count++;
        }
        if ((board->castling & queen_side) && !(occupied & (0x0EULL << base)) && !(danger & (0x0CULL << base))) {
            if (!count_only)
                list->moves[list->count] = make_move_code(base + 4, base + 2, MOVE_CASTLE);
            list->count++;
        }
    }
    return list->count;
}

int generate_legal_moves(const struct backend *backend, const struct board *board, struct move_list *list)
{
    return generate(backend, board, list, 0);
}

int count_legal_moves(const struct backend *backend, const struct board *board)
{
    struct move_list counter;
    return generate(backend, board, &counter, 1);
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

/* Legal move generation with check and pin masks.
 *
 * For the side to move: the enemy sliders that see the king through our
 * own pieces only (one rook and one bishop lookup from the king over the
 * enemy's pieces) are either checkers (nothing between) or pinners (one of
 * our pieces between).  The squares the king may not enter are the enemy's
 * attacks with our king taken off the board, from the backend's set-wise
 * path (its native fill of all the enemy's sliders at once, or its lookups
 * composed over them).  Then every piece's targets are masked with the
 * check mask (the checker and the squares between it and the king) and,
 * for a pinned piece, the line through king and piece, so that every
 * generated move is legal and none is tried and taken back.  A backend
 * with a multi-square kernel gives all our sliders' attacks in one call;
 * the others are asked one slider at a time.  En passant, which removes
 * two pieces from one rank, is checked by looking at the king again with
 * both pawns gone.  Each stage is its own function; generate() runs them
 * in order. */
#include "movegen.h"

#include "movegen_tables.h"
#include "sliders.h"
#include "registry/contract.h"

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
    return attacks |
           backend_set_attacks(backend, pieces[ROOK] | pieces[QUEEN], pieces[BISHOP] | pieces[QUEEN], occupied);
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
                                                                   attackbench_lookup_function attacks,
                                                                   bitboard occupied, bitboard allowed, bitboard pinned,
                                                                   int king, int count_only)
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
    struct attackbench_side side;
    bitboard attacks[ATTACKBENCH_SIDE_MAX_SLIDERS];
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

/* The rank a pawn of `color` reaches with its first single step. */
static inline bitboard third_rank(int color)
{
    return color == WHITE ? 0x0000000000FF0000ULL : 0x0000FF0000000000ULL;
}

/* Shift a board forward for `color` by `amount` squares (negative back). */
static inline bitboard shift_forward(bitboard board, int color, int amount)
{
    if (color == BLACK)
        amount = -amount;
    return amount >= 0 ? board << amount : board >> -amount;
}

/* What every stage of one generation needs: the position seen from the
 * side to move, and what the first stages find out about it. */
struct generation {
    const struct backend *backend;
    int us, them, king;
    const bitboard *mine, *theirs;
    bitboard own, enemy, occupied;
    bitboard their_straight, their_diagonal; /* enemy rooks/queens, bishops/queens */
    bitboard checkers, pinned;
    bitboard danger;  /* squares the enemy attacks, seen through our king */
    bitboard allowed; /* where pieces other than the king may go */
};

/* Checkers and pinned pieces: the enemy sliders that see the king when
 * only enemy pieces block. */
static inline __attribute__((always_inline)) void find_checkers_and_pins(struct generation *g)
{
    const int king = g->king;
    g->checkers = (knight_attacks[king] & g->theirs[KNIGHT]) | (pawn_attacks[g->us][king] & g->theirs[PAWN]);
    g->pinned = 0;
    bitboard snipers = (g->backend->rook(king, g->enemy) & g->their_straight) |
                       (g->backend->bishop(king, g->enemy) & g->their_diagonal);
    for (; snipers; snipers = without_lowest(snipers)) {
        int sniper = lowest_square(snipers);
        bitboard blockers = between[king][sniper] & g->occupied;
        if (blockers == 0)
            g->checkers |= square_bit(sniper);
        else if (without_lowest(blockers) == 0)
            g->pinned |= blockers & g->own;
    }
}

/* Squares the enemy attacks, seen through our king so that it cannot step
 * back along a checking ray; the sliders' share from the set-wise path. */
static inline __attribute__((always_inline)) bitboard king_danger(const struct generation *g)
{
    const bitboard through_king = g->occupied ^ g->mine[KING];
    bitboard danger = pawn_set_attacks(g->theirs[PAWN], g->them) | king_attacks[lowest_square(g->theirs[KING])];
    for (bitboard rest = g->theirs[KNIGHT]; rest; rest = without_lowest(rest))
        danger |= knight_attacks[lowest_square(rest)];
    return danger | backend_set_attacks(g->backend, g->their_straight, g->their_diagonal, through_king);
}

/* Knights that are not pinned, then the sliders: all at once from a
 * multi-square kernel, or one at a time. */
static inline __attribute__((always_inline)) void add_piece_moves(struct move_list *list, const struct generation *g,
                                                                  int count_only)
{
    const struct backend *backend = g->backend;
    const bitboard *mine = g->mine;
    for (bitboard rest = mine[KNIGHT] & ~g->pinned; rest; rest = without_lowest(rest)) {
        int from = lowest_square(rest);
        add_moves_from(list, from, knight_attacks[from] & g->allowed, count_only);
    }
    if (backend->side_attacks &&
        population_count(mine[ROOK] | mine[BISHOP] | mine[QUEEN]) <= ATTACKBENCH_SIDE_MAX_SLIDERS) {
        add_side_moves(list, backend, mine, g->occupied, g->allowed, g->pinned, g->king, count_only);
        return;
    }
    add_slider_moves(list, mine[BISHOP], backend->bishop, g->occupied, g->allowed, g->pinned, g->king, count_only);
    add_slider_moves(list, mine[ROOK], backend->rook, g->occupied, g->allowed, g->pinned, g->king, count_only);
    add_slider_moves(list, mine[QUEEN], backend->queen, g->occupied, g->allowed, g->pinned, g->king, count_only);
}

/* Pawns that are not pinned, all at once: pushes, double steps, and
 * captures towards the a-file and towards the h-file. */
static inline __attribute__((always_inline)) void add_free_pawn_moves(struct move_list *list,
                                                                      const struct generation *g, int count_only)
{
    const int us = g->us;
    const bitboard empty = ~g->occupied, allowed = g->allowed;
    const bitboard free_pawns = g->mine[PAWN] & ~g->pinned;
    const int forward = us == WHITE ? 8 : -8;
    bitboard single = shift_forward(free_pawns, us, 8) & empty;
    bitboard double_step = shift_forward(single & third_rank(us), us, 8) & empty & allowed;
    add_pawn_moves(list, single & allowed, forward, MOVE_NORMAL, count_only);
    add_pawn_moves(list, double_step, 2 * forward, MOVE_DOUBLE_PUSH, count_only);
    bitboard west = shift_forward(free_pawns & ~FILE_A, us, us == WHITE ? 7 : 9) & g->enemy & allowed;
    bitboard east = shift_forward(free_pawns & ~FILE_H, us, us == WHITE ? 9 : 7) & g->enemy & allowed;
    add_pawn_moves(list, west, us == WHITE ? 7 : -9, MOVE_NORMAL, count_only);
    add_pawn_moves(list, east, us == WHITE ? 9 : -7, MOVE_NORMAL, count_only);
}

/* Pinned pawns, one by one, along their pin line. */
static inline __attribute__((always_inline)) void add_pinned_pawn_moves(struct move_list *list,
                                                                        const struct generation *g, int count_only)
{
    const int us = g->us;
    const bitboard empty = ~g->occupied;
    const int forward = us == WHITE ? 8 : -8;
    for (bitboard rest = g->mine[PAWN] & g->pinned; rest; rest = without_lowest(rest)) {
        int from = lowest_square(rest);
        bitboard keep = g->allowed & line[g->king][from];
        bitboard push = shift_forward(square_bit(from), us, 8) & empty;
        bitboard jump = shift_forward(push & third_rank(us), us, 8) & empty;
        add_pawn_moves(list, push & keep, forward, MOVE_NORMAL, count_only);
        add_pawn_moves(list, jump & keep, 2 * forward, MOVE_DOUBLE_PUSH, count_only);
        for (bitboard capture = pawn_attacks[us][from] & g->enemy & keep; capture; capture = without_lowest(capture)) {
            int to = lowest_square(capture);
            add_pawn_moves(list, square_bit(to), to - from, MOVE_NORMAL, count_only);
        }
    }
}

/* One move more, listed unless only counting. */
static inline void add_move(struct move_list *list, move m, int count_only)
{
    if (!count_only)
        list->moves[list->count] = m;
    list->count++;
}

/* En passant: take both pawns off and look at the king again. */
static inline __attribute__((always_inline)) void add_en_passant(struct move_list *list, const struct generation *g,
                                                                 int target, int count_only)
{
    bitboard victim_bit = square_bit(target ^ 8);
    /* A knight's or another pawn's check is not answered by it. */
    if (g->checkers & ~victim_bit & ~(g->their_straight | g->their_diagonal))
        return;
    for (bitboard rest = pawn_attacks[g->them][target] & g->mine[PAWN]; rest; rest = without_lowest(rest)) {
        int from = lowest_square(rest);
        bitboard after = (g->occupied ^ square_bit(from) ^ victim_bit) | square_bit(target);
        if ((g->backend->rook(g->king, after) & g->their_straight) ||
            (g->backend->bishop(g->king, after) & g->their_diagonal))
            continue;
        add_move(list, make_move_code(from, target, MOVE_EN_PASSANT), count_only);
    }
}

/* Castling: not out of check, through empty squares the enemy does not
 * attack.  The rights guarantee king and rook at home. */
static inline __attribute__((always_inline)) void add_castling(struct move_list *list, const struct generation *g,
                                                               int castling, int count_only)
{
    const int base = g->us == WHITE ? 0 : 56;
    const int king_side = g->us == WHITE ? CASTLE_WHITE_KING : CASTLE_BLACK_KING;
    const int queen_side = g->us == WHITE ? CASTLE_WHITE_QUEEN : CASTLE_BLACK_QUEEN;
    if ((castling & king_side) && !(g->occupied & (0x60ULL << base)) && !(g->danger & (0x60ULL << base)))
        add_move(list, make_move_code(base + 4, base + 6, MOVE_CASTLE), count_only);
    if ((castling & queen_side) && !(g->occupied & (0x0EULL << base)) && !(g->danger & (0x0CULL << base)))
        add_move(list, make_move_code(base + 4, base + 2, MOVE_CASTLE), count_only);
}

static inline __attribute__((always_inline)) int generate(const struct backend *backend, const struct board *board,
                                                          struct move_list *list, int count_only)
{
    struct generation g;
    g.backend = backend;
    g.us = board->side_to_move, g.them = g.us ^ 1;
    g.mine = board->pieces[g.us], g.theirs = board->pieces[g.them];
    g.own = board->colors[g.us], g.enemy = board->colors[g.them];
    g.occupied = g.own | g.enemy;
    g.king = lowest_square(g.mine[KING]);
    g.their_straight = g.theirs[ROOK] | g.theirs[QUEEN];
    g.their_diagonal = g.theirs[BISHOP] | g.theirs[QUEEN];
    list->count = 0;

    find_checkers_and_pins(&g);
    g.danger = king_danger(&g);
    add_moves_from(list, g.king, king_attacks[g.king] & ~g.own & ~g.danger, count_only);
    if (g.checkers && without_lowest(g.checkers))
        return list->count; /* double check: only the king moves */

    /* Anywhere not our own, or, in check, onto the checker or between it
     * and the king. */
    g.allowed = ~g.own;
    if (g.checkers)
        g.allowed &= g.checkers | between[g.king][lowest_square(g.checkers)];
    add_piece_moves(list, &g, count_only);
    add_free_pawn_moves(list, &g, count_only);
    add_pinned_pawn_moves(list, &g, count_only);
    if (board->en_passant != NO_SQUARE)
        add_en_passant(list, &g, board->en_passant, count_only);
    if (!g.checkers && board->castling)
        add_castling(list, &g, board->castling, count_only);
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

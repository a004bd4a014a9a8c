/* genpos's games: each starts from the initial position and picks among
 * the legal moves at random with weights that imitate plain play: captures
 * of valuable pieces, development and castling early, pawn pushes late,
 * few pieces left where an enemy pawn takes them, few king walks and few
 * moves straight back.  A game ends at mate, stalemate, the 50-move rule,
 * insufficient material or a move limit.  Positions are sampled every few
 * plies from ply 8 on and written as six-field FENs, duplicates removed. */
#include <stdlib.h>
#include <string.h>

#include "genpos_game.h"
#include "movegen.h"
#include "position.h"
#include "base/random.h"

enum {
    FIRST_SAMPLED_PLY = 8,
    RESIGN_DEFICIT = 10,
    RESIGN_PLIES = 6,
    MIN_GAME_PLIES = 40,
    MAX_GAME_PLIES = 240,
    MIN_SAMPLE_GAP = 3,
    MAX_SAMPLE_GAP = 7,
};

static const int piece_value[PIECE_TYPE_COUNT] = {1, 3, 3, 5, 9, 0};

/* A bounded pseudo-random integer in [0, limit). */
static uint32_t random_below(uint64_t *state, uint32_t limit)
{
    return (uint32_t)(((random_next(state) >> 32) * (uint64_t)limit) >> 32);
}

static int hash_set_insert(struct hash_set *set, uint64_t key)
{
    if (key == 0)
        key = 1;
    if (2 * (set->count + 1) > set->mask + 1) {
        size_t size = set->mask ? 2 * (set->mask + 1) : 1024;
        uint64_t *slots = calloc(size, sizeof *slots);
        if (slots == NULL)
            return -1;
        for (size_t i = 0; set->mask && i <= set->mask; i++) {
            if (!set->slots[i])
                continue;
            size_t at = set->slots[i] & (size - 1);
            while (slots[at])
                at = (at + 1) & (size - 1);
            slots[at] = set->slots[i];
        }
        free(set->slots);
        set->slots = slots;
        set->mask = size - 1;
    }
    size_t at = key & set->mask;
    while (set->slots[at]) {
        if (set->slots[at] == key)
            return 0;
        at = (at + 1) & set->mask;
    }
    set->slots[at] = key;
    set->count++;
    return 1;
}

static uint64_t mix(uint64_t value)
{
    value ^= value >> 33;
    value *= 0xFF51AFD7ED558CCDULL;
    value ^= value >> 33;
    value *= 0xC4CEB9FE1A85EC53ULL;
    return value ^ (value >> 33);
}

static uint64_t board_hash(const struct board *board)
{
    uint64_t hash = mix(board->side_to_move + 16u * board->castling + 256u * (unsigned)(board->en_passant + 1));
    for (int color = 0; color < 2; color++)
        for (int piece = 0; piece < PIECE_TYPE_COUNT; piece++)
            hash = mix(hash ^ board->pieces[color][piece]) + (uint64_t)(color * PIECE_TYPE_COUNT + piece);
    return hash;
}

static int insufficient_material(const struct board *board)
{
    bitboard heavy = 0, minors = 0;
    for (int color = 0; color < 2; color++) {
        heavy |= board->pieces[color][PAWN] | board->pieces[color][ROOK] | board->pieces[color][QUEEN];
        minors |= board->pieces[color][KNIGHT] | board->pieces[color][BISHOP];
    }
    return heavy == 0 && population_count(minors) <= 1;
}

/* Material of one side, pawns included (P=1, N=B=3, R=5, Q=9). */
static int side_material(const struct board *board, int color)
{
    int total = 0;
    for (int piece = PAWN; piece < KING; piece++)
        total += piece_value[piece] * population_count(board->pieces[color][piece]);
    return total;
}

static int total_material(const struct board *board)
{
    int total = 0;
    for (int color = 0; color < 2; color++)
        for (int piece = KNIGHT; piece < KING; piece++)
            total += piece_value[piece] * population_count(board->pieces[color][piece]);
    return total;
}

/* What the weights look at besides the move itself. */
struct move_context {
    int ply;
    int endgame;            /* little material left */
    bitboard enemy_attacks; /* squares the side not to move attacks */
    bitboard own_attacks;   /* squares the side to move attacks (defends) */
    bitboard enemy_pawn_attacks;
    int enemy_last_to; /* where the opponent's last move went */
    int own_last_from, own_last_to;
};

/* How likely a move is, in arbitrary units. */
/* What a move's weight depends on, read off the board once. */
struct move_facts {
    int us, from, to, kind, piece, victim;
    int attacked, defended; /* the target square, by the enemy and by us */
    bitboard from_bit, to_bit;
};

static struct move_facts move_facts_of(const struct board *board, move m, const struct move_context *context)
{
    struct move_facts facts;
    facts.us = board->side_to_move;
    facts.from = move_from(m);
    facts.to = move_to(m);
    facts.kind = move_kind(m);
    facts.piece = board_piece_on(board, facts.us, facts.from);
    facts.victim = facts.kind == MOVE_EN_PASSANT ? PAWN : board_piece_on(board, facts.us ^ 1, facts.to);
    facts.from_bit = square_bit(facts.from);
    facts.to_bit = square_bit(facts.to);
    facts.attacked = (context->enemy_attacks & facts.to_bit) != 0;
    facts.defended = (context->own_attacks & facts.to_bit) != 0;
    return facts;
}

/* Material: captures by what they win, quiet moves into danger less, a
 * threatened piece stepping away more. */
static unsigned weigh_material(const struct move_facts *move, const struct move_context *context, unsigned weight)
{
    int piece = move->piece;
    if (move->victim >= 0) {
        int gain = piece_value[move->victim];
        if (!move->attacked)
            weight += 40 + 20 * (unsigned)gain; /* free material */
        else if (piece != KING && gain >= piece_value[piece])
            weight += 30 + 10 * (unsigned)gain; /* an even or winning trade */
        else
            weight /= 3; /* giving more than it takes */
        if (move->to == context->enemy_last_to)
            weight += 60; /* recapture */
    } else if (piece != PAWN && piece != KING) {
        if (context->enemy_pawn_attacks & move->to_bit)
            weight /= 8;
        else if (move->attacked && !move->defended)
            weight /= 6;
    } else if (piece == PAWN && move->attacked && !move->defended) {
        weight /= 3;
    }
    /* A piece under attack and undefended steps away. */
    if (piece != PAWN && piece != KING && (context->enemy_attacks & move->from_bit) &&
        (!(context->own_attacks & move->from_bit) || (context->enemy_pawn_attacks & move->from_bit)) && !move->attacked)
        weight += 40;
    return weight;
}

/* Habits of each piece by the stage of the game: centre pawns and
 * developing minors early, the queen late, the king in the endgame. */
static unsigned weigh_habits(const struct move_facts *move, const struct move_context *context, unsigned weight)
{
    const int home_rank = move->us == WHITE ? 0 : 7;
    switch (move->piece) {
    case PAWN: {
        int file = square_file(move->from);
        if (context->ply < 20 && (file == 3 || file == 4))
            weight += 25;
        else if (context->ply < 20 && (file == 0 || file == 7))
            weight /= 2;
        if (context->endgame)
            weight += 15;
        break;
    }
    case KNIGHT:
    case BISHOP:
        if (square_rank(move->from) == home_rank && context->ply < 30)
            weight += 30;
        if (square_rank(move->to) == home_rank)
            weight /= 3;
        break;
    case QUEEN:
        if (context->ply < 16)
            weight /= 3;
        break;
    case KING:
        if (!context->endgame)
            weight /= 4;
        else
            weight += 5;
        break;
    default:
        break;
    }
    return weight;
}

static unsigned move_weight(const struct board *board, move m, const struct move_context *context)
{
    if (move_kind(m) == MOVE_CASTLE)
        return 150;
    struct move_facts move = move_facts_of(board, m, context);
    if (move_is_promotion(m))
        return move.kind == MOVE_PROMOTE_QUEEN ? (move.attacked && !move.defended ? 20 : 400) : 2;
    unsigned weight = weigh_habits(&move, context, weigh_material(&move, context, 10));
    /* A piece going straight back to where it came from. */
    if (move.from == context->own_last_to && move.to == context->own_last_from)
        weight /= 4;
    return weight ? weight : 1;
}

/* Write the board as one FEN line unless it was written before.  A
 * stream that failed takes no more: a write that SIGINT or SIGTERM cut
 * short on a full pipe must leave nothing buffered for the exit to wait
 * on. */
static void sample_position(struct game_sampler *sampler, const struct board *board)
{
    if (ferror(sampler->out))
        return;
    if (hash_set_insert(&sampler->seen, board_hash(board)) != 1)
        return;
    struct position position;
    char fen[128];
    board_to_position(board, &position);
    format_fen(&position, fen, sizeof fen);
    fprintf(sampler->out, "%s\n", fen);
    sampler->written++;
}

/* One of the legal moves, drawn in proportion to its weight. */
static move choose_move(struct game_sampler *sampler, const struct board *board, const struct move_list *list,
                        int count, const struct move_context *context)
{
    unsigned weights[MAX_MOVES], total = 0;
    for (int i = 0; i < count; i++) {
        weights[i] = move_weight(board, list->moves[i], context);
        total += weights[i];
    }
    unsigned pick = random_below(&sampler->random, total);
    int chosen = 0;
    while (pick >= weights[chosen])
        pick -= weights[chosen++];
    return list->moves[chosen];
}

/* The backend's legal moves and both sides' attacks against the
 * reference's, in this position: a wrong backend would otherwise play
 * illegal moves into the file.  0 when they agree; else -1, the position
 * kept in sampler->differing. */
static int check_position(struct game_sampler *sampler, const struct board *board, const struct move_list *list,
                          int count)
{
    if (sampler->reference == NULL)
        return 0;
    struct move_list expected;
    int expected_count = generate_legal_moves(sampler->reference, board, &expected);
    int same = expected_count == count && memcmp(expected.moves, list->moves, (size_t)count * sizeof(move)) == 0;
    for (int color = 0; color < 2 && same; color++)
        same = board_attacks(sampler->reference, board, color) == board_attacks(sampler->backend, board, color);
    if (same)
        return 0;
    struct position position;
    board_to_position(board, &position);
    format_fen(&position, sampler->differing, sizeof sampler->differing);
    return -1;
}

int play_game(struct game_sampler *sampler)
{
    struct position start;
    char error[128];
    parse_position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", &start, error, sizeof error);
    struct board board;
    board_from_position(&board, &start);

    /* The last move of each side, to recognise moves straight back. */
    int last_from[2] = {-1, -1}, last_to[2] = {-1, -1};
    int next_sample = FIRST_SAMPLED_PLY + (int)random_below(&sampler->random, MAX_SAMPLE_GAP);
    /* Games of very different lengths, as real ones are. */
    int length = MIN_GAME_PLIES + (int)random_below(&sampler->random, MAX_GAME_PLIES - MIN_GAME_PLIES + 1);
    int behind_plies = 0;
    for (int ply = 0; ply < length; ply++) {
        struct move_list list;
        int count = generate_legal_moves(sampler->backend, &board, &list);
        if (check_position(sampler, &board, &list, count) != 0)
            return -1;
        if (count == 0 || board.halfmove_clock >= 100 || insufficient_material(&board))
            break;
        /* A side that stays far behind resigns, as players do. */
        int balance = side_material(&board, WHITE) - side_material(&board, BLACK);
        behind_plies = balance >= RESIGN_DEFICIT || balance <= -RESIGN_DEFICIT ? behind_plies + 1 : 0;
        if (behind_plies > RESIGN_PLIES)
            break;
        if (ply == next_sample) {
            next_sample += MIN_SAMPLE_GAP + (int)random_below(&sampler->random, MAX_SAMPLE_GAP - MIN_SAMPLE_GAP + 1);
            sample_position(sampler, &board);
        }

        int us = board.side_to_move, them = us ^ 1;
        struct move_context context = {
            .ply = ply,
            .endgame = total_material(&board) <= 26,
            .enemy_attacks = board_attacks(sampler->backend, &board, them),
            .own_attacks = board_attacks(sampler->backend, &board, us),
            .enemy_last_to = last_to[them],
            .own_last_from = last_from[us],
            .own_last_to = last_to[us],
        };
        context.enemy_pawn_attacks = pawn_set_attacks(board.pieces[them][PAWN], them);
        move m = choose_move(sampler, &board, &list, count, &context);
        last_from[us] = move_from(m);
        last_to[us] = move_to(m);
        board_make_move(&board, m);
    }
    return 0;
}

void game_sampler_seed(struct game_sampler *sampler, unsigned long long seed)
{
    /* Spread the seed so that nearby seeds give unrelated games.  mix is
     * a bijection, so distinct seeds give distinct states; the generator's
     * state must not be zero, and the one seed that mixes to zero takes a
     * fixed state instead (forcing the low bit, as before, made every
     * even state's seed a twin of the odd one's). */
    uint64_t state = mix(seed + 0x9E3779B97F4A7C15ULL);
    sampler->random = state ? state : 0x9E3779B97F4A7C15ULL;
}

void game_sampler_free(struct game_sampler *sampler)
{
    free(sampler->seen.slots);
    sampler->seen = (struct hash_set){0};
}

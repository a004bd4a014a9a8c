/* `attackbench genpos`: realistic positions from seeded random games.
 *
 * Each game starts from the initial position and picks among the legal
 * moves at random with weights that imitate plain play: captures of
 * valuable pieces, development and castling early, pawn pushes late, few
 * pieces left where an enemy pawn takes them, few king walks and few
 * moves straight back.  A game ends at mate, stalemate, the 50-move rule,
 * insufficient material or a move limit.  Positions are sampled every few
 * plies from ply 8 on and written as six-field FENs, duplicates removed.
 * The same seed gives the same file on every machine. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend.h"
#include "movegen.h"
#include "output.h"
#include "perft.h"
#include "position.h"
#include "verify.h"

enum {
    EXIT_USAGE = 2,
    FIRST_SAMPLED_PLY = 8,
    RESIGN_DEFICIT = 10,
    RESIGN_PLIES = 6,
    MIN_GAME_PLIES = 40,
    MAX_GAME_PLIES = 240,
    MIN_SAMPLE_GAP = 3,
    MAX_SAMPLE_GAP = 7,
};

static const char usage_text[] =
    "usage: attackbench genpos --seed=N --games=G [--out=FILE] [--method=NAME]\n"
    "\n"
    "Plays G random games from the initial position, with move choices weighted\n"
    "towards captures, development and castling, and samples a position every\n"
    "3 to 7 plies from ply 8 on (about 20 per game), one six-field FEN a line.\n"
    "Games end at mate, stalemate, the 50-move rule, insufficient material or\n"
    "300 plies.  The first line is a '#' comment with the command that made the\n"
    "file.  The same seed always gives the same positions.\n"
    "\n"
    "  --seed=N       random seed (0 or more)\n"
    "  --games=G      number of games (1 to 1000000)\n"
    "  --out=FILE     write to FILE (through a temporary file renamed at the\n"
    "                 end); default standard output\n"
    "  --method=NAME  backend for the move generator's slider attacks\n"
    "                 (default reference; the positions do not depend on it)\n"
    "  -h, --help     this text\n";

static const int piece_value[PIECE_TYPE_COUNT] = {1, 3, 3, 5, 9, 0};

/* A bounded pseudo-random integer in [0, limit). */
static uint32_t random_below(uint64_t *state, uint32_t limit)
{
    return (uint32_t)(((random_next(state) >> 32) * (uint64_t)limit) >> 32);
}

/* A set of 64-bit board hashes, to drop repeated positions. */
struct hash_set {
    uint64_t *slots;
    size_t mask, count;
};

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
    int enemy_last_to;      /* where the opponent's last move went */
    int own_last_from, own_last_to;
};

/* How likely a move is, in arbitrary units. */
static unsigned move_weight(const struct board *board, move m, const struct move_context *context)
{
    const int us = board->side_to_move, them = us ^ 1;
    const int from = move_from(m), to = move_to(m), kind = move_kind(m);
    const int piece = board_piece_on(board, us, from);
    const int victim = kind == MOVE_EN_PASSANT ? PAWN : board_piece_on(board, them, to);
    const bitboard from_bit = square_bit(from), to_bit = square_bit(to);
    const int attacked = (context->enemy_attacks & to_bit) != 0;
    const int defended = (context->own_attacks & to_bit) != 0;
    const int home_rank = us == WHITE ? 0 : 7;
    const int mover_value = piece_value[piece];
    unsigned weight = 10;

    if (kind == MOVE_CASTLE)
        return 150;
    if (move_is_promotion(m))
        return kind == MOVE_PROMOTE_QUEEN ? (attacked && !defended ? 20 : 400) : 2;

    if (victim >= 0) {
        int gain = piece_value[victim];
        if (!attacked)
            weight += 40 + 20 * (unsigned)gain; /* free material */
        else if (piece != KING && gain >= mover_value)
            weight += 30 + 10 * (unsigned)gain; /* an even or winning trade */
        else
            weight /= 3; /* giving more than it takes */
        if (to == context->enemy_last_to)
            weight += 60; /* recapture */
    } else if (piece != PAWN && piece != KING) {
        if (context->enemy_pawn_attacks & to_bit)
            weight /= 8;
        else if (attacked && !defended)
            weight /= 6;
    } else if (piece == PAWN && attacked && !defended) {
        weight /= 3;
    }
    /* A piece under attack and undefended steps away. */
    if (piece != PAWN && piece != KING && (context->enemy_attacks & from_bit) &&
        (!(context->own_attacks & from_bit) || (context->enemy_pawn_attacks & from_bit)) && !attacked)
        weight += 40;

    switch (piece) {
    case PAWN: {
        int file = square_file(from);
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
        if (square_rank(from) == home_rank && context->ply < 30)
            weight += 30;
        if (square_rank(to) == home_rank)
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
    /* A piece going straight back to where it came from. */
    if (from == context->own_last_to && to == context->own_last_from)
        weight /= 4;
    return weight ? weight : 1;
}

struct generator {
    const struct backend *backend;
    unsigned long long seed;
    long games;
    const char *out_file;
    uint64_t random;
    struct hash_set seen;
    FILE *out;
    long written;
};

static void play_game(struct generator *generator)
{
    struct position start;
    char error[128];
    parse_position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", &start, error, sizeof error);
    struct board board;
    board_from_position(&board, &start);

    /* The last move of each side, to recognise moves straight back. */
    int last_from[2] = {-1, -1}, last_to[2] = {-1, -1};
    int next_sample = FIRST_SAMPLED_PLY + (int)random_below(&generator->random, MAX_SAMPLE_GAP);
    /* Games of very different lengths, as real ones are. */
    int length = MIN_GAME_PLIES + (int)random_below(&generator->random, MAX_GAME_PLIES - MIN_GAME_PLIES + 1);
    int behind_plies = 0;
    for (int ply = 0; ply < length; ply++) {
        struct move_list list;
        int count = generate_legal_moves(generator->backend, &board, &list);
        if (count == 0 || board.halfmove_clock >= 100 || insufficient_material(&board))
            break;
        /* A side that stays far behind resigns, as players do. */
        int balance = side_material(&board, WHITE) - side_material(&board, BLACK);
        behind_plies = balance >= RESIGN_DEFICIT || balance <= -RESIGN_DEFICIT ? behind_plies + 1 : 0;
        if (behind_plies > RESIGN_PLIES)
            break;
        if (ply == next_sample) {
            next_sample += MIN_SAMPLE_GAP + (int)random_below(&generator->random, MAX_SAMPLE_GAP - MIN_SAMPLE_GAP + 1);
            if (hash_set_insert(&generator->seen, board_hash(&board)) == 1) {
                struct position position;
                char fen[128];
                board_to_position(&board, &position);
                format_fen(&position, fen, sizeof fen);
                fprintf(generator->out, "%s\n", fen);
                generator->written++;
            }
        }

        int us = board.side_to_move, them = us ^ 1;
        struct move_context context = {
            .ply = ply,
            .endgame = total_material(&board) <= 26,
            .enemy_attacks = board_attacks(generator->backend, &board, them),
            .own_attacks = board_attacks(generator->backend, &board, us),
            .enemy_last_to = last_to[them],
            .own_last_from = last_from[us],
            .own_last_to = last_to[us],
        };
        context.enemy_pawn_attacks = pawn_set_attacks(board.pieces[them][PAWN], them);
        unsigned weights[MAX_MOVES], total = 0;
        for (int i = 0; i < count; i++) {
            weights[i] = move_weight(&board, list.moves[i], &context);
            total += weights[i];
        }
        unsigned pick = random_below(&generator->random, total);
        int chosen = 0;
        while (pick >= weights[chosen])
            pick -= weights[chosen++];
        move m = list.moves[chosen];
        last_from[us] = move_from(m);
        last_to[us] = move_to(m);
        board_make_move(&board, m);
    }
}

/* The whole file: the command as a comment, then the games' samples. */
static void write_positions(FILE *out, void *data)
{
    struct generator *generator = data;
    generator->out = out;
    fprintf(out, "# attackbench genpos --seed=%llu --games=%ld%s%s\n", generator->seed, generator->games,
            generator->out_file ? " --out=" : "", generator->out_file ? generator->out_file : "");
    for (long game = 0; game < generator->games; game++)
        play_game(generator);
}

int genpos_command(int argc, char **argv)
{
    const char *out_file = NULL, *method = "reference";
    unsigned long long seed = 0;
    long games = 0;
    int have_seed = 0;
    for (int i = 1; i < argc; i++) {
        const char *argument = argv[i];
        char *end;
        if (strcmp(argument, "-h") == 0 || strcmp(argument, "--help") == 0) {
            fputs(usage_text, stdout);
            return 0;
        } else if (strncmp(argument, "--seed=", 7) == 0) {
            errno = 0;
            seed = strtoull(argument + 7, &end, 10);
            if (*end || end == argument + 7 || argument[7] == '-' || errno) {
                fprintf(stderr, "attackbench: genpos: bad --seed '%s'\n", argument + 7);
                return EXIT_USAGE;
            }
            have_seed = 1;
        } else if (strncmp(argument, "--games=", 8) == 0) {
            games = strtol(argument + 8, &end, 10);
            if (*end || end == argument + 8 || games < 1 || games > 1000000) {
                fprintf(stderr, "attackbench: genpos: --games must be 1 to 1000000, not '%s'\n", argument + 8);
                return EXIT_USAGE;
            }
        } else if (strncmp(argument, "--out=", 6) == 0 && argument[6]) {
            out_file = argument + 6;
        } else if (strncmp(argument, "--method=", 9) == 0) {
            method = argument + 9;
        } else {
            fprintf(stderr, "attackbench: genpos: unexpected argument '%s'\n%s", argument, usage_text);
            return EXIT_USAGE;
        }
    }
    if (!have_seed || games == 0) {
        fprintf(stderr, "attackbench: genpos: --seed and --games are required\n%s", usage_text);
        return EXIT_USAGE;
    }
    const struct backend *backend = find_backend(method);
    if (backend == NULL || backend->baseline || backend_unavailable_reason(backend)) {
        fprintf(stderr, "attackbench: genpos: method '%s' cannot be used here\n", method);
        return EXIT_USAGE;
    }
    backend->init();

    struct generator generator = {.backend = backend, .seed = seed, .games = games, .out_file = out_file};
    /* Spread the seed so that nearby seeds give unrelated games; the
     * generator state must not be zero. */
    generator.random = mix(seed + 0x9E3779B97F4A7C15ULL) | 1;
    if (out_file) {
        if (write_file_atomically(out_file, write_positions, &generator) != 0) {
            free(generator.seen.slots);
            return EXIT_USAGE;
        }
    } else {
        write_positions(stdout, &generator);
        if (fflush(stdout) != 0 || ferror(stdout)) {
            fprintf(stderr, "attackbench: genpos: cannot write to standard output\n");
            return EXIT_USAGE;
        }
    }
    free(generator.seen.slots);
    fprintf(stderr, "genpos: %ld games, %ld positions\n", games, generator.written);
    return 0;
}

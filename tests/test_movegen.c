/* The move generator and perft on hand-checked positions. */
#include <string.h>

#include "chess/movegen.h"
#include "chess/perft.h"
#include "chess/position.h"
#include "chess/sliders.h"
#include "unit.h"
#include "registry/registry.h"

static const struct backend *movegen_backend(void)
{
    const struct backend *reference = find_backend("reference");
    backend_initialize(reference, NULL);
    return reference;
}

static int board_from_text(const char *text, struct board *board)
{
    struct position position;
    char error[128];
    if (parse_position(text, &position, error, sizeof error) != 0)
        return -1;
    board_from_position(board, &position);
    return 0;
}

static int has_move(const struct move_list *list, const char *name)
{
    for (int i = 0; i < list->count; i++) {
        char text[6];
        move_name(list->moves[i], text);
        if (strcmp(text, name) == 0)
            return 1;
    }
    return 0;
}

TEST(movegen_start_position)
{
    struct board board;
    struct move_list list;
    CHECK(board_from_text("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", &board) == 0);
    CHECK(generate_legal_moves(movegen_backend(), &board, &list) == 20);
    CHECK(has_move(&list, "e2e4") && has_move(&list, "g1f3") && !has_move(&list, "e1e2"));
    CHECK(perft(movegen_backend(), &board, 3) == 8902);
}

TEST(movegen_en_passant_exposing_the_king_on_its_rank)
{
    /* The c-pawn took two steps; bxc6 would leave the a5 king to the h5 rook. */
    struct board board;
    struct move_list list;
    CHECK(board_from_text("7k/8/8/KPp4r/8/8/8/8 w - c6 0 1", &board) == 0);
    generate_legal_moves(movegen_backend(), &board, &list);
    CHECK(!has_move(&list, "b5c6"));
    CHECK(has_move(&list, "b5b6"));
    /* Without the rook it is legal. */
    CHECK(board_from_text("7k/8/8/KPp5/8/8/8/8 w - c6 0 1", &board) == 0);
    generate_legal_moves(movegen_backend(), &board, &list);
    CHECK(has_move(&list, "b5c6"));
}

TEST(movegen_en_passant_captures_the_checker)
{
    /* d7-d5 gives check to the e4 king; exd6 removes the checker. */
    struct board board;
    struct move_list list;
    CHECK(board_from_text("7k/8/8/3pP3/4K3/8/8/8 w - d6 0 1", &board) == 0);
    generate_legal_moves(movegen_backend(), &board, &list);
    CHECK(has_move(&list, "e5d6"));
    CHECK(!has_move(&list, "e5e6"));
}

TEST(movegen_castling_rules)
{
    struct board board;
    struct move_list list;
    /* Both sides free. */
    CHECK(board_from_text("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", &board) == 0);
    generate_legal_moves(movegen_backend(), &board, &list);
    CHECK(has_move(&list, "e1g1") && has_move(&list, "e1c1"));
    /* A rook on f8 covers f1: no short castling; b1 attacked does not stop the long one. */
    CHECK(board_from_text("1r2kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1", &board) == 0);
    generate_legal_moves(movegen_backend(), &board, &list);
    CHECK(!has_move(&list, "e1g1") && has_move(&list, "e1c1"));
    /* In check: neither. */
    CHECK(board_from_text("4k3/4r3/8/8/8/8/8/R3K2R w KQ - 0 1", &board) == 0);
    generate_legal_moves(movegen_backend(), &board, &list);
    CHECK(!has_move(&list, "e1g1") && !has_move(&list, "e1c1"));
    /* A right without its rook is dropped. */
    CHECK(board_from_text("4k3/8/8/8/8/8/8/4K2R w KQ - 0 1", &board) == 0);
    CHECK(board.castling == CASTLE_WHITE_KING);
}

TEST(movegen_pins_and_double_check)
{
    struct board board;
    struct move_list list;
    /* The e2 knight is pinned by the e8 rook: it has no move. */
    CHECK(board_from_text("k3r3/8/8/8/8/8/4N3/4K3 w - - 0 1", &board) == 0);
    generate_legal_moves(movegen_backend(), &board, &list);
    for (int i = 0; i < list.count; i++)
        CHECK(move_from(list.moves[i]) != 12);
    /* A pinned rook moves along the pin, up to and onto the pinner. */
    CHECK(board_from_text("k3r3/8/8/8/8/8/4R3/4K3 w - - 0 1", &board) == 0);
    generate_legal_moves(movegen_backend(), &board, &list);
    CHECK(has_move(&list, "e2e8") && !has_move(&list, "e2d2"));
    /* Double check (rook e8, knight d3): only king moves. */
    CHECK(board_from_text("k3r3/8/8/8/8/3n4/8/R3K3 w - - 0 1", &board) == 0);
    generate_legal_moves(movegen_backend(), &board, &list);
    for (int i = 0; i < list.count; i++)
        CHECK(move_from(list.moves[i]) == 4);
    CHECK(population_count(board_checkers(movegen_backend(), &board)) == 2);
}

TEST(movegen_promotions_and_make_move)
{
    struct board board;
    struct move_list list;
    CHECK(board_from_text("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1", &board) == 0);
    generate_legal_moves(movegen_backend(), &board, &list);
    CHECK(has_move(&list, "a7a8q") && has_move(&list, "a7a8n") && has_move(&list, "a7b8r"));
    for (int i = 0; i < list.count; i++) {
        char name[6];
        move_name(list.moves[i], name);
        if (strcmp(name, "a7b8n") == 0) {
            struct board child = board;
            board_make_move(&child, list.moves[i]);
            struct position position;
            char fen[128];
            board_to_position(&child, &position);
            format_fen(&position, fen, sizeof fen);
            CHECK(strcmp(fen, "1N2k3/8/8/8/8/8/8/4K3 b - - 0 1") == 0);
        }
    }
}

TEST(movegen_lists_more_than_256_moves)
{
    /* Unreachable (25 queens) but accepted by perft: 262 moves, which
     * once ran past a list of 256 into whatever followed it. */
    struct {
        struct move_list list;
        move after[64];
    } guarded;
    memset(guarded.after, 0xa5, sizeof guarded.after);
    move untouched[64];
    memset(untouched, 0xa5, sizeof untouched);
    struct board board;
    CHECK(board_from_text("QQQQ1Qnk/Q4Qpp/Q5QQ/Q3Q3/Q6Q/Q6Q/Q6Q/KQQQQQQQ w - - 0 1", &board) == 0);
    CHECK(generate_legal_moves(movegen_backend(), &board, &guarded.list) == 262);
    CHECK(memcmp(guarded.after, untouched, sizeof untouched) == 0);
    CHECK(count_legal_moves(movegen_backend(), &board) == 262);
    CHECK(perft(movegen_backend(), &board, 2) == 32);
}

TEST(movegen_illegal_positions)
{
    struct position position;
    char error[128];
    const struct backend *backend = movegen_backend();
    CHECK(parse_position("4k3/8/8/8/8/8/8/4K3 w - - 0 1", &position, error, sizeof error) == 0);
    CHECK(position_illegal_reason(backend, &position) == NULL);
    CHECK(parse_position("4k3/8/8/8/8/8/8/K3K3 w - - 0 1", &position, error, sizeof error) == 0);
    CHECK(position_illegal_reason(backend, &position) != NULL);
    CHECK(parse_position("4k2P/8/8/8/8/8/8/4K3 w - - 0 1", &position, error, sizeof error) == 0);
    CHECK(position_illegal_reason(backend, &position) != NULL);
    CHECK(parse_position("4k3/8/8/8/8/8/8/4K2r b - - 0 1", &position, error, sizeof error) == 0);
    CHECK(position_illegal_reason(backend, &position) != NULL);
}

TEST(movegen_counting_matches_listing)
{
    /* The last-ply counter and the generator agree, also with promotions,
     * en passant, castling and pins on the board. */
    static const char *const positions[] = {
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "7k/8/8/KPp4r/8/8/8/8 w - c6 0 1",
        "k3r3/8/8/8/8/3n4/8/R3K3 w - - 0 1",
    };
    const struct backend *backend = movegen_backend();
    for (size_t i = 0; i < sizeof positions / sizeof positions[0]; i++) {
        struct board board;
        struct move_list list;
        CHECK(board_from_text(positions[i], &board) == 0);
        int listed = generate_legal_moves(backend, &board, &list);
        CHECK(count_legal_moves(backend, &board) == listed);
        for (int m = 0; m < listed; m++) {
            struct board child = board;
            board_make_move(&child, list.moves[m]);
            struct move_list below;
            CHECK(count_legal_moves(backend, &child) == generate_legal_moves(backend, &child, &below));
        }
    }
}

/* A backend that answers with the reference's lookups but counts its
 * set-wise and multi-square calls, and can be told to answer them wrong,
 * to show that the generator really takes those paths. */
static int set_calls, side_calls, break_set, break_side;

static bitboard counted_set(bitboard rook_sliders, bitboard bishop_sliders, bitboard occupied)
{
    set_calls++;
    const struct backend *reference = find_backend("reference");
    return break_set
               ? 0
               : attackbench_compose_set(reference->rook, reference->bishop, rook_sliders, bishop_sliders, occupied);
}

static void counted_side(const struct attackbench_side *side, bitboard occupied, bitboard *attacks)
{
    side_calls++;
    backend_side_attacks(find_backend("reference"), side, occupied, attacks);
    if (break_side && attackbench_side_slider_count(side) > 0)
        attacks[0] = 0;
}

static uint64_t counted_perft(const char *text, int depth)
{
    const struct backend *reference = movegen_backend();
    struct backend counted = *reference;
    counted.set_attacks = counted_set;
    counted.side_attacks = counted_side;
    struct board board;
    CHECK(board_from_text(text, &board) == 0);
    set_calls = side_calls = 0;
    return perft(&counted, &board, depth);
}

/* Published counts: Chessprogramming wiki, "Perft Results", position 2. */
static const char KIWIPETE[] = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

TEST(movegen_takes_the_set_wise_and_multi_square_paths)
{
    break_set = break_side = 0;
    CHECK(counted_perft(KIWIPETE, 2) == 2039);
    CHECK(set_calls > 0 && side_calls > 0);
    break_set = 1;
    CHECK(counted_perft(KIWIPETE, 2) != 2039);
    break_set = 0, break_side = 1;
    CHECK(counted_perft(KIWIPETE, 2) != 2039);
    break_side = 0;
}

TEST(movegen_native_paths_give_the_published_counts)
{
    static const char *const natives[] = {"kogge-stone", "dumb7fill", "obstruction-lanes", "hyperbola-lanes"};
    for (size_t i = 0; i < sizeof natives / sizeof natives[0]; i++) {
        const struct backend *backend = find_backend(natives[i]);
        CHECK(backend != NULL);
        if (backend == NULL || backend_unavailable_reason(backend) != NULL)
            continue; /* this CPU lacks its features; tests/run.sh reports such skips */
        CHECK(backend->set_attacks != NULL || backend->side_attacks != NULL);
        backend_initialize(backend, NULL);
        struct board board;
        CHECK(board_from_text(KIWIPETE, &board) == 0);
        CHECK(perft(backend, &board, 3) == 97862);
    }
}

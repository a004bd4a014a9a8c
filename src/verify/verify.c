/* Verification of backends against the reference backend. */
#include "verify.h"

#include "board_diagram.h"

#include <inttypes.h>
#include <stdlib.h>

#include "platform/interrupt.h"
#include "base/random.h"
#include "chess/sliders.h"
#include "registry/registry.h"

bitboard rook_relevant_mask(int square)
{
    bitboard rank_inner = rank_mask(square) & ~(FILE_A | FILE_H);
    bitboard file_inner = file_mask(square) & ~(RANK_1 | RANK_8);
    return (rank_inner | file_inner) & ~square_bit(square);
}

bitboard bishop_relevant_mask(int square)
{
    bitboard edges = FILE_A | FILE_H | RANK_1 | RANK_8;
    return (diagonal_mask(square) | anti_diagonal_mask(square)) & ~edges & ~square_bit(square);
}

/* "a8 h1": the names of the squares of `board`, a1 first. */
static const char *square_list(bitboard board, char text[64 * 3 + 1])
{
    size_t used = 0;
    for (; board; board = without_lowest(board)) {
        if (used)
            text[used++] = ' ';
        square_name(lowest_square(board), text + used);
        used += 2;
    }
    text[used] = '\0';
    return text;
}

/* The mismatch report: `what` is the piece ("rook"), or for both at once
 * which of its two sets ("both (its rook set)"). */
void report_mismatch(FILE *report, const char *method, const char *what, const char *slider, int square,
                     bitboard occupied, bitboard expected, bitboard got)
{
    char name[3];
    square_name(square, name);
    fprintf(report, "verify: %s %s on %s is wrong\noccupancy 0x%016" PRIx64 " (* = the %s):\n", method, what, name,
            occupied, slider);
    print_board(report, occupied, square);
    fprintf(report, "expected 0x%016" PRIx64 ":\n", expected);
    print_board(report, expected, square);
    char differing[64 * 3 + 1];
    fprintf(report, "got      0x%016" PRIx64 " (differs on %s, 0x%016" PRIx64 "):\n", got,
            square_list(expected ^ got, differing), expected ^ got);
    print_board(report, got, square);
}

static const struct backend *reference_backend(void)
{
    static const struct backend *reference;
    if (reference == NULL)
        reference = find_backend("reference");
    return reference;
}

/* The reference's answer: one set, or for both at once its rook set then
 * its bishop set. */
static void reference_answer(enum piece_kind piece, int square, bitboard occupied, bitboard expected[2])
{
    if (piece == PIECE_BOTH) {
        struct attackbench_both both = backend_both(reference_backend(), square, occupied);
        expected[0] = both.rook;
        expected[1] = both.bishop;
    } else {
        expected[0] = backend_lookup(reference_backend(), piece)(square, occupied);
    }
}

/* One lookup against the reference's answer (verify_lookup). */
static int check_answer(const struct backend *backend, enum piece_kind piece, int square, bitboard occupied,
                        const bitboard expected[2], FILE *report)
{
    if (piece == PIECE_BOTH) {
        struct attackbench_both got = backend_both(backend, square, occupied);
        const char *what = got.rook != expected[0] ? "both (its rook set)" : "both (its bishop set)";
        if (got.rook == expected[0] && got.bishop == expected[1])
            return 0;
        if (report)
            report_mismatch(report, backend->name, what, "square", square, occupied,
                            got.rook != expected[0] ? expected[0] : expected[1],
                            got.rook != expected[0] ? got.rook : got.bishop);
        return -1;
    }
    bitboard got = backend_lookup(backend, piece)(square, occupied);
    if (expected[0] == got)
        return 0;
    if (report)
        report_mismatch(report, backend->name, piece_names[piece], piece_names[piece], square, occupied, expected[0],
                        got);
    return -1;
}

int verify_lookup(const struct backend *backend, enum piece_kind piece, int square, bitboard occupied, FILE *report)
{
    bitboard expected[2];
    reference_answer(piece, square, occupied, expected);
    return check_answer(backend, piece, square, occupied, expected, report);
}

/* One more recorded answer; past VERIFY_MAX_ANSWERS, or without memory,
 * the record is dropped and the check goes on with the reference. */
static void keep_answer(struct verify_answers *answers, bitboard answer)
{
    if (answers->dropped)
        return;
    if (answers->count == answers->capacity) {
        size_t capacity = answers->capacity ? 2 * answers->capacity : (size_t)1 << 16;
        bitboard *grown = capacity <= VERIFY_MAX_ANSWERS ? realloc(answers->values, capacity * sizeof *grown) : NULL;
        if (grown == NULL) {
            verify_answers_free(answers);
            answers->dropped = 1;
            return;
        }
        answers->values = grown;
        answers->capacity = capacity;
    }
    answers->values[answers->count++] = answer;
}

void verify_answers_free(struct verify_answers *answers)
{
    free(answers->values);
    *answers = (struct verify_answers){0};
}

/* Ready to replay the answers of an earlier complete check with the same
 * queries, or to record them anew. */
static void start_answers(struct verify_answers *answers, uint64_t seed, unsigned pieces, unsigned long random_count)
{
    answers->next = 0;
    if (answers->complete && answers->seed == seed && answers->pieces == pieces &&
        answers->random_count == random_count)
        return;
    answers->complete = 0;
    answers->dropped = 0;
    answers->count = 0;
    answers->seed = seed;
    answers->pieces = pieces;
    answers->random_count = random_count;
}

/* A query of verify_backend: the reference's answer replayed from
 * `answers` or found (and kept there), then the backend's lookup checked
 * against it. */
static int verify_recorded(struct verify_answers *answers, const struct backend *backend, enum piece_kind piece,
                           int square, bitboard occupied, FILE *report)
{
    bitboard expected[2];
    int sets = piece == PIECE_BOTH ? 2 : 1;
    if (answers && answers->complete) {
        for (int k = 0; k < sets; k++)
            expected[k] = answers->values[answers->next++];
    } else {
        reference_answer(piece, square, occupied, expected);
        for (int k = 0; answers && k < sets; k++)
            keep_answer(answers, expected[k]);
    }
    return check_answer(backend, piece, square, occupied, expected, report);
}

/* Squares outside the mask for the n-th subset: random at a quarter, a
 * half and three quarters of the squares in turn, and every fourth time
 * all of them (the piece's own square too), so that a lookup that misreads
 * a dense board is caught as surely as one that misreads a sparse one. */
static bitboard outside_squares(unsigned long n, bitboard outside, uint64_t *state)
{
    switch (n % 4) {
    case 0:
        return random_next(state) & random_next(state) & outside;
    case 1:
        return random_next(state) & outside;
    case 2:
        return (random_next(state) | random_next(state)) & outside;
    default:
        return outside;
    }
}

/* The boards no subset gives: the full board, the full board but the
 * piece's own square, and the own square alone. */
static int verify_edge_boards(struct verify_answers *answers, const struct backend *backend, enum piece_kind piece,
                              int square, FILE *report)
{
    const bitboard own = square_bit(square);
    const bitboard boards[] = {~(bitboard)0, ~own, own};
    for (size_t i = 0; i < sizeof boards / sizeof boards[0]; i++)
        if (verify_recorded(answers, backend, piece, square, boards[i], report) != 0)
            return -1;
    return 0;
}

/* Every subset of `mask` (carry-rippler enumeration), each tried bare and
 * with squares added outside the mask (outside_squares), then the edge
 * boards.  0, -1 after a report, 1
 * after a signal: looked at before each subset, so that a slow backend (a
 * plugin's lookup that sleeps) stops within its one-second deadline
 * (platform/crash_guard.h) at one load a subset. */
static int verify_subsets(struct verify_answers *answers, const struct backend *backend, enum piece_kind piece,
                          int square, bitboard mask, bitboard outside, uint64_t *state, FILE *report)
{
    bitboard subset = 0;
    unsigned long n = 0;
    do {
        if (interrupt_requested())
            return 1;
        if (verify_recorded(answers, backend, piece, square, subset, report) != 0)
            return -1;
        bitboard extra = outside_squares(n++, outside, state);
        if (verify_recorded(answers, backend, piece, square, subset | extra, report) != 0)
            return -1;
        subset = (subset - mask) & mask;
    } while (subset != 0);
    return verify_edge_boards(answers, backend, piece, square, report);
}

static int verify_all_queries(struct verify_answers *answers, const struct backend *backend, unsigned pieces,
                              unsigned long random_count, uint64_t seed, FILE *report)
{
    uint64_t state = seed ? seed : 1;
    for (int square = 0; square < SQUARE_COUNT; square++) {
        bitboard rook_mask = rook_relevant_mask(square);
        bitboard bishop_mask = bishop_relevant_mask(square);
        int status = 0;
        if (pieces & piece_bit(PIECE_ROOK))
            status = verify_subsets(answers, backend, PIECE_ROOK, square, rook_mask, ~rook_mask, &state, report);
        if (status == 0 && (pieces & piece_bit(PIECE_BISHOP)))
            status = verify_subsets(answers, backend, PIECE_BISHOP, square, bishop_mask, ~bishop_mask, &state, report);
        for (int piece = PIECE_QUEEN; piece <= PIECE_BOTH && status == 0; piece++)
            if (pieces & piece_bit(piece)) {
                status = verify_subsets(answers, backend, piece, square, rook_mask, ~rook_mask, &state, report);
                if (status == 0)
                    status = verify_subsets(answers, backend, piece, square, bishop_mask, ~bishop_mask, &state, report);
            }
        if (status != 0)
            return status;
    }
    for (unsigned long i = 0; i < random_count; i++) {
        if (interrupt_requested()) /* one load a board, as a subset */
            return 1;
        bitboard occupied = random_next(&state);
        /* Alternate dense, medium and sparse boards. */
        if (i % 3 != 0)
            occupied &= random_next(&state);
        if (i % 3 == 2)
            occupied &= random_next(&state);
        int square = (int)(random_next(&state) >> 58);
        for (int piece = 0; piece < PIECE_KIND_COUNT; piece++)
            if ((pieces & piece_bit(piece)) && verify_recorded(answers, backend, piece, square, occupied, report) != 0)
                return -1;
    }
    return 0;
}

int verify_backend_recorded(struct verify_answers *answers, const struct backend *backend, unsigned pieces,
                            unsigned long random_count, uint64_t seed, FILE *report)
{
    if (answers)
        start_answers(answers, seed, pieces, random_count);
    int replaying = answers && answers->complete;
    int status = verify_all_queries(answers, backend, pieces, random_count, seed, report);
    /* A check that ended early (a mismatch, a signal, a crash the guard
     * caught) leaves an incomplete record, made anew by the next. */
    if (answers && !replaying)
        answers->complete = status == 0 && !answers->dropped;
    return status;
}

int verify_backend(const struct backend *backend, unsigned pieces, unsigned long random_count, uint64_t seed,
                   FILE *report)
{
    return verify_backend_recorded(NULL, backend, pieces, random_count, seed, report);
}

/* One query for every backend of the check; -1 after a mismatch report. */
static int verify_query(const struct file_check *check, enum piece_kind piece, int square, bitboard occupied)
{
    for (int i = 0; i < check->count; i++) {
        if (check->backends[i]->baseline)
            continue;
        backend_guard(check->backends[i], "verification of the input's queries");
        int status = verify_lookup(check->backends[i], piece, square, occupied, stderr);
        backend_unguard();
        if (status != 0)
            return -1;
    }
    return 0;
}

/* Both sides of a position, side-wise, for every backend of the check. */
static int verify_position_sides(const struct file_check *check, const struct position *position)
{
    for (int color = WHITE; color <= BLACK; color++) {
        struct attackbench_side side;
        side_record_from_position(position, color, &side);
        for (int i = 0; i < check->count; i++) {
            backend_guard(check->backends[i], "side-wise verification of the input's positions");
            int status = verify_side_record(check->backends[i], &side, stderr);
            backend_unguard();
            if (status != 0)
                return -1;
        }
    }
    return 0;
}

struct file_visit {
    const struct file_check *check;
    long positions;
    int wrong;
};

static int verify_position(const struct position *position, const char *file_name, long line_number, void *data)
{
    struct file_visit *visit = data;
    const struct file_check *check = visit->check;
    if (interrupt_requested())
        return -1;
    visit->positions++;
    if (check->sides && verify_position_sides(check, position) != 0) {
        fprintf(stderr, "(from %s:%ld)\n", file_name, line_number);
        visit->wrong = 1;
        return -1;
    }
    bitboard occupied = position_occupied(position);
    for (int piece = 0; piece < PIECE_KIND_COUNT; piece++) {
        if (!(check->pieces & piece_bit(piece)))
            continue;
        bitboard squares = check->every_square ? ~(bitboard)0 : position_sliders(position, piece);
        for (; squares; squares = without_lowest(squares))
            if (verify_query(check, piece, lowest_square(squares), occupied) != 0) {
                fprintf(stderr, "(from %s:%ld)\n", file_name, line_number);
                visit->wrong = 1;
                return -1;
            }
    }
    return 0;
}

int verify_files(const struct file_check *check, char **files, int file_count, long *positions, long *skipped)
{
    struct file_visit visit = {check, 0, 0};
    int status = 0;
    for (int i = 0; i < file_count && status == 0; i++)
        if (read_positions(files[i], &check->read, verify_position, &visit, skipped) < 0)
            status = visit.wrong ? 1 : 2;
    *positions = visit.positions;
    if (interrupt_requested() && !visit.wrong)
        return interrupt_exit_status();
    return status;
}

int verify_stream(const struct file_check *check, enum piece_kind piece, const bitboard *occupied,
                  const uint8_t *squares, size_t count, size_t squares_per_occupancy)
{
    for (size_t i = 0; i < count; i++) {
        if (i % 4096 == 0 && interrupt_requested())
            return interrupt_exit_status();
        if (verify_query(check, piece, squares[i], occupied[i / squares_per_occupancy]) != 0)
            return -1;
    }
    return 0;
}

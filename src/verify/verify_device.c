/* The device verifier: batches of queries built on the host, answered by
 * the device's attacks kernel, compared with the ray walk. */
#include "verify_device.h"

#include <stdlib.h>

#include "verify.h"
#include "base/piece.h"
#include "base/random.h"
#include "base/ray_walk.h"
#include "platform/interrupt.h"

enum { BATCH = 1 << 18 };

struct device_batch {
    uint8_t squares[BATCH];
    uint64_t occupied[BATCH];
    uint64_t attacks[BATCH];
    size_t count;
};

static bitboard reference_attacks(int piece, int square, bitboard occupied)
{
    bitboard rook = ray_walk_rook(square, occupied), bishop = ray_walk_bishop(square, occupied);
    return piece == PIECE_ROOK ? rook : piece == PIECE_BISHOP ? bishop : rook | bishop;
}

/* The batch on the device, then each answer against the reference. */
static int check_batch(struct device_program *program, const char *method, int piece, struct device_batch *batch,
                       FILE *report)
{
    if (batch->count == 0)
        return 0;
    if (interrupt_requested())
        return 1; /* the caller reports it */
    int device_piece = piece == PIECE_ROOK ? 0 : piece == PIECE_BISHOP ? 1 : 2;
    if (device_attacks(program, device_piece, batch->squares, batch->occupied, batch->count, batch->attacks) != 0)
        return 1;
    for (size_t i = 0; i < batch->count; i++) {
        bitboard expected = reference_attacks(piece, batch->squares[i], batch->occupied[i]);
        if (batch->attacks[i] != expected) {
            report_mismatch(report, method, piece_names[piece], piece_names[piece], batch->squares[i],
                            batch->occupied[i], expected, batch->attacks[i]);
            return 1;
        }
    }
    batch->count = 0;
    return 0;
}

static int add_query(struct device_program *program, const char *method, int piece, struct device_batch *batch,
                     int square, bitboard occupied, FILE *report)
{
    batch->squares[batch->count] = (uint8_t)square;
    batch->occupied[batch->count] = occupied;
    return ++batch->count == BATCH ? check_batch(program, method, piece, batch, report) : 0;
}

/* Every subset of `mask` on `square` (carry-rippler order), bare and with
 * every square outside the mask (the last of them the full board). */
static int check_mask_subsets(struct device_program *program, const char *method, int piece, int square, bitboard mask,
                              struct device_batch *batch, FILE *report)
{
    bitboard subset = 0;
    do {
        if (add_query(program, method, piece, batch, square, subset, report) != 0 ||
            add_query(program, method, piece, batch, square, subset | ~mask, report) != 0)
            return 1;
        subset = (subset - mask) & mask;
    } while (subset != 0);
    return 0;
}

/* The full board but the piece's own square, and the own square alone. */
static int check_edge_boards(struct device_program *program, const char *method, int piece, int square,
                             struct device_batch *batch, FILE *report)
{
    bitboard own = (bitboard)1 << square;
    return add_query(program, method, piece, batch, square, ~own, report) != 0 ||
           add_query(program, method, piece, batch, square, own, report) != 0;
}

/* Every subset of every square's relevant mask: the rook's and the
 * bishop's own, and for the queen (a function of its own in some kernels)
 * both, as the CPU verifier tries it. */
static int check_subsets(struct device_program *program, const char *method, int piece, struct device_batch *batch,
                         FILE *report)
{
    for (int square = 0; square < SQUARE_COUNT; square++) {
        if (piece != PIECE_BISHOP &&
            check_mask_subsets(program, method, piece, square, rook_relevant_mask(square), batch, report) != 0)
            return 1;
        if (piece != PIECE_ROOK &&
            check_mask_subsets(program, method, piece, square, bishop_relevant_mask(square), batch, report) != 0)
            return 1;
        if (check_edge_boards(program, method, piece, square, batch, report) != 0)
            return 1;
    }
    return check_batch(program, method, piece, batch, report);
}

/* Random queen boards, dense (r1 & r2, the timed stream's), medium and
 * sparse in turn, as the CPU verifier alternates them. */
static int check_random_boards(struct device_program *program, const char *method, uint64_t boards, uint64_t seed,
                               struct device_batch *batch, FILE *report)
{
    uint64_t state = seed ? seed : 1;
    for (uint64_t board = 0; board < boards; board++) {
        bitboard occupied = random_next(&state) & random_next(&state);
        if (board % 3 != 0)
            occupied &= random_next(&state);
        if (board % 3 == 2)
            occupied &= random_next(&state) & random_next(&state);
        int square = (int)(random_next(&state) % SQUARE_COUNT);
        if (add_query(program, method, PIECE_QUEEN, batch, square, occupied, report) != 0)
            return 1;
    }
    return check_batch(program, method, PIECE_QUEEN, batch, report);
}

int verify_on_device(struct device_program *program, const char *method, uint64_t boards, uint64_t seed, FILE *report)
{
    struct device_batch *batch = calloc(1, sizeof *batch);
    if (batch == NULL) {
        fprintf(stderr, "attackbench: out of memory\n");
        return 1;
    }
    int failed = check_subsets(program, method, PIECE_ROOK, batch, report) ||
                 check_subsets(program, method, PIECE_BISHOP, batch, report) ||
                 check_subsets(program, method, PIECE_QUEEN, batch, report) ||
                 check_random_boards(program, method, boards, seed, batch, report);
    free(batch);
    return failed;
}

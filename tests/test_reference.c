/* The reference backend on hand-checked boards, and the verifier. */
#include "attackbench/backend.h"
#include "unit.h"
#include "base/random.h"
#include "verify/verify.h"
#include "base/piece.h"
#include "registry/registry.h"
#include "platform/output_file.h"

TEST(reference_rook_on_empty_board)
{
    const struct backend *reference = find_backend("reference");
    /* a1: the a-file and the first rank, without a1. */
    CHECK(reference->rook(0, 0) == ((FILE_A | RANK_1) & ~1ULL));
    /* d4 (27): 14 squares on an empty board from anywhere. */
    CHECK(population_count(reference->rook(27, 0)) == 14);
}

TEST(reference_rook_stops_at_first_blocker)
{
    const struct backend *reference = find_backend("reference");
    /* Rook d4, blockers d6 and f4 and b4: d5 d6, e4 f4, c4 b4, d3 d2 d1. */
    bitboard occupied = square_bit(43) | square_bit(29) | square_bit(25);
    bitboard expected = square_bit(35) | square_bit(43) | square_bit(28) | square_bit(29) | square_bit(26) |
                        square_bit(25) | square_bit(19) | square_bit(11) | square_bit(3);
    CHECK(reference->rook(27, occupied) == expected);
}

TEST(reference_bishop_on_hand_checked_board)
{
    const struct backend *reference = find_backend("reference");
    /* Bishop c1 (2), blocker e3 (20): b2 a3, d2 e3. */
    bitboard expected = square_bit(9) | square_bit(16) | square_bit(11) | square_bit(20);
    CHECK(reference->bishop(2, square_bit(20)) == expected);
    /* Bishop h8 on an empty board: the long diagonal without h8. */
    CHECK(reference->bishop(63, 0) == (DIAGONAL_A1_H8 & ~square_bit(63)));
}

TEST(reference_queen_is_rook_or_bishop)
{
    const struct backend *reference = find_backend("reference");
    uint64_t state = 7;
    for (int i = 0; i < 10000; i++) {
        bitboard occupied = random_next(&state) & random_next(&state);
        int square = (int)(random_next(&state) & 63);
        CHECK(reference->queen(square, occupied) ==
              (reference->rook(square, occupied) | reference->bishop(square, occupied)));
    }
}

TEST(relevant_masks_have_published_sizes)
{
    /* Rook 12 bits in a corner, 10 in the centre; bishop 6 in a corner,
     * 9 on d4/e5. */
    CHECK(population_count(rook_relevant_mask(0)) == 12);
    CHECK(population_count(rook_relevant_mask(27)) == 10);
    CHECK(population_count(bishop_relevant_mask(0)) == 6);
    CHECK(population_count(bishop_relevant_mask(27)) == 9);
    int rook_total = 0, bishop_total = 0;
    for (int square = 0; square < 64; square++) {
        rook_total += 1 << population_count(rook_relevant_mask(square));
        bishop_total += 1 << population_count(bishop_relevant_mask(square));
    }
    /* The dense table sizes of fancy magic bitboards. */
    CHECK(rook_total == 102400);
    CHECK(bishop_total == 5248);
}

/* The reference with one bit wrong for one square and one occupancy. */
static const bitboard broken_occupancy = 0x0000001000200400ULL;

static bitboard broken_rook(int square, bitboard occupied)
{
    bitboard attacks = find_backend("reference")->rook(square, occupied);
    if (square == 36 && (occupied & rook_relevant_mask(36)) == (broken_occupancy & rook_relevant_mask(36)))
        attacks ^= square_bit(60);
    return attacks;
}

TEST(verifier_catches_a_single_wrong_bit)
{
    struct backend broken = *find_backend("reference");
    broken.name = "broken";
    broken.rook = broken_rook;
    FILE *sink = open_scratch_file();
    CHECK(verify_backend(&broken, piece_bit(PIECE_ROOK), 0, 1, sink) == -1);
    CHECK(verify_backend(&broken, piece_bit(PIECE_BISHOP), 1000, 1, sink) == 0);
    if (sink)
        fclose(sink);
    CHECK(verify_backend(find_backend("reference"), ALL_PIECES, 1000, 1, NULL) == 0);
}

/* The second backend of a run checks against the reference's answers
 * recorded by the first (verify.c): the replayed answers catch the same
 * wrong bit, for the rook and for both at once, and a check that ended
 * early (the broken backend's) records nothing the next check trusts. */
TEST(verifier_replaying_recorded_answers_catches_a_single_wrong_bit)
{
    struct backend broken = *find_backend("reference");
    broken.name = "broken";
    broken.rook = broken_rook;
    FILE *sink = open_scratch_file();
    const struct backend *magic = find_backend("magic-fancy");
    backend_initialize(magic, NULL);
    struct verify_answers answers = {0};
    CHECK(verify_backend_recorded(&answers, magic, piece_bit(PIECE_ROOK), 500, 3, NULL) == 0);
    CHECK(answers.complete && answers.count > 102400);
    CHECK(verify_backend_recorded(&answers, &broken, piece_bit(PIECE_ROOK), 500, 3, sink) == -1);
    CHECK(answers.complete && answers.next < answers.count);
    CHECK(verify_backend_recorded(&answers, magic, piece_bit(PIECE_ROOK), 500, 3, NULL) == 0);
    CHECK(answers.next == answers.count);
    /* Other queries: recorded anew, by the broken backend, which stops
     * early and leaves the record incomplete. */
    unsigned rook_and_both = piece_bit(PIECE_ROOK) | piece_bit(PIECE_BOTH);
    CHECK(verify_backend_recorded(&answers, &broken, rook_and_both, 500, 3, sink) == -1);
    CHECK(!answers.complete);
    CHECK(verify_backend_recorded(&answers, magic, rook_and_both, 500, 3, NULL) == 0);
    CHECK(verify_backend_recorded(&answers, &broken, rook_and_both, 500, 3, sink) == -1);
    verify_answers_free(&answers);
    if (sink)
        fclose(sink);
}

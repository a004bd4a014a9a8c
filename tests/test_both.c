/* Both at once (the `both` piece): a both entry that swaps the rook and
 * bishop sets, or moves a square from one to the other, keeps the queen's
 * union right, and is still caught by the verifier and by the pass
 * checksums; a descriptor without a both entry (a plugin's) is composed
 * from its rook and bishop and sums as a native one does. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <string.h>

#include "measure/runner.h"
#include "registry/contract.h"
#include "registry/registry.h"
#include "unit.h"
#include "verify/verify.h"

static struct attackbench_both reference_both(int square, bitboard occupied)
{
    return backend_both(find_backend("reference"), square, occupied);
}

/* The two sets the wrong way round. */
static struct attackbench_both swapped_both(int square, bitboard occupied)
{
    struct attackbench_both both = reference_both(square, occupied);
    return (struct attackbench_both){both.bishop, both.rook};
}

/* The rook's lowest square handed to the bishop: the union is unchanged. */
static struct attackbench_both moved_both(int square, bitboard occupied)
{
    struct attackbench_both both = reference_both(square, occupied);
    bitboard moved = both.rook & (0 - both.rook);
    return (struct attackbench_both){both.rook ^ moved, both.bishop | moved};
}

static uint64_t swapped_both_loop(const struct attackbench_run *run)
{
    return attackbench_both_loop(swapped_both, run);
}

static uint64_t moved_both_loop(const struct attackbench_run *run)
{
    return attackbench_both_loop(moved_both, run);
}

/* A wrong both beside right single lookups (the reference's). */
static struct backend wrong_both(attackbench_both_function both, attackbench_loop_function both_loop)
{
    const struct backend *reference = find_backend("reference");
    struct backend wrong = *reference;
    wrong.name = "wrong-both";
    wrong.both = both;
    wrong.both_loop = both_loop;
    return wrong;
}

TEST(both_verifier_catches_a_both_entry_whose_union_is_right)
{
    const attackbench_both_function entries[] = {swapped_both, moved_both};
    for (int i = 0; i < 2; i++) {
        struct backend wrong = wrong_both(entries[i], NULL);
        CHECK(verify_backend(&wrong, piece_bit(PIECE_QUEEN), 1000, 1, NULL) == 0);
        CHECK(verify_backend(&wrong, piece_bit(PIECE_BOTH), 1000, 1, NULL) == -1);
        CHECK(verify_lookup(&wrong, PIECE_BOTH, 27, 0, NULL) == -1);
    }
}

TEST(both_verifier_names_the_wrong_set)
{
    struct backend wrong = wrong_both(swapped_both, NULL);
    char text[4096] = "";
    FILE *report = fmemopen(text, sizeof text - 1, "w");
    CHECK(verify_lookup(&wrong, PIECE_BOTH, 27, 0, report) == -1);
    fclose(report);
    CHECK(strstr(text, "verify: wrong-both both (its rook set) on d4 is wrong") != NULL);
}

TEST(both_checksums_catch_a_both_pass_whose_union_is_right)
{
    bitboard occupied[4] = {0x0000001000100000ULL, 0, 0x00000000000F0000ULL, 0x8100000000000081ULL};
    uint8_t squares[4] = {27, 0, 27, 36};
    uint32_t lines[4] = {0, 0, 0, 0};
    struct stream stream = {.count = 4, .occupied = occupied, .squares = squares, .pressure_lines = lines};
    const attackbench_both_function entries[] = {swapped_both, moved_both};
    const attackbench_loop_function loops[] = {swapped_both_loop, moved_both_loop};
    for (int i = 0; i < 2; i++) {
        struct backend wrong = wrong_both(entries[i], loops[i]);
        CHECK(unit_checksum_catches(&wrong, PIECE_BOTH, &stream));
    }
}

TEST(both_of_a_descriptor_without_one_is_its_rook_and_bishop)
{
    const struct backend *reference = find_backend("reference");
    struct backend plain = *reference;
    plain.name = "no-both";
    plain.both = NULL;
    plain.both_loop = NULL;
    CHECK(verify_backend(&plain, piece_bit(PIECE_BOTH), 1000, 1, NULL) == 0);
    bitboard occupied[3] = {0x0000001000100000ULL, 0xFFFF00000000FFFFULL, 0};
    uint8_t squares[3] = {27, 9, 63};
    uint32_t lines[3] = {0, 0, 0};
    static uint8_t buffer[64];
    for (int shape = 0; shape < 4; shape++) {
        struct attackbench_run run = {.occupied = occupied,
                                      .squares = squares,
                                      .count = 3,
                                      .pressure_lines = lines,
                                      .chained = shape & 1,
                                      .pressure_buffer = shape & 2 ? buffer : NULL,
                                      .mix_results = shape == 3};
        CHECK(backend_batch_pass(&plain, PIECE_BOTH, &run) == reference->both_loop(&run));
        CHECK(backend_call_pass(&plain, PIECE_BOTH, &run) == reference->both_loop(&run));
    }
}

TEST(both_term_is_not_the_union)
{
    const struct backend *reference = find_backend("reference");
    struct attackbench_both both = backend_both(reference, 27, 0);
    CHECK(both.rook != 0 && both.bishop != 0 && (both.rook & both.bishop) == 0);
    CHECK(attackbench_both_term(both) != attackbench_both_term(swapped_both(27, 0)));
    CHECK(attackbench_both_term(both) != attackbench_both_term(moved_both(27, 0)));
    CHECK(attackbench_both_term(both) != (both.rook | both.bishop));
}

/* The kindergarten table helpers on hand-checked lines, and the four
 * kindergarten backends on boards that hold the slider's own square (the
 * magic file lookup masks it out) and through their batched loops. */
#include "../src/building_blocks/kindergarten_tables.h"
#include "attackbench/backend.h"
#include "unit.h"
#include "base/random.h"
#include "verify/verify.h"
#include "registry/registry.h"

static const char *const kindergarten_methods[] = {"kindergarten", "kindergarten-shared", "kindergarten-fold32",
                                                   "kindergarten-magic-file"};

TEST(kindergarten_first_rank_attacks_hand_checked)
{
    /* d on an empty line: everything but d. */
    CHECK(kindergarten_first_rank_attacks(3, 0) == 0xF7);
    /* d with blockers b and f: b c and e f. */
    CHECK(kindergarten_first_rank_attacks(3, 0x22) == 0x36);
    /* a with a blocker on b: b only; h with a blocker on g: g only. */
    CHECK(kindergarten_first_rank_attacks(0, 0x02) == 0x02);
    CHECK(kindergarten_first_rank_attacks(7, 0x40) == 0x40);
}

TEST(kindergarten_indices_gather_the_inner_six)
{
    /* B-file multiply: b1 is bit 0 of the index, g1 bit 5, also from a
     * diagonal (b2 and g7). */
    CHECK(kindergarten_inner_index(square_bit(1)) == 1);
    CHECK(kindergarten_inner_index(square_bit(6)) == 32);
    CHECK(kindergarten_inner_index(square_bit(9) | square_bit(54)) == 33);
    /* Outer files never reach the index. */
    CHECK(kindergarten_inner_index(square_bit(0) | square_bit(63)) == 0);
    /* c2-h7 multiply: a7 is bit 0, a2 bit 5 (reversed). */
    CHECK(kindergarten_file_a_index(square_bit(48)) == 1);
    CHECK(kindergarten_file_a_index(square_bit(8)) == 32);
    CHECK(kindergarten_file_a_index(square_bit(0) | square_bit(56)) == 0);
}

TEST(kindergarten_backends_with_the_slider_on_the_board)
{
    const struct backend *reference = find_backend("reference");
    uint64_t state = 3;
    for (size_t m = 0; m < sizeof kindergarten_methods / sizeof kindergarten_methods[0]; m++) {
        const struct backend *backend = find_backend(kindergarten_methods[m]);
        CHECK(backend != NULL);
        if (!backend)
            continue;
        backend_initialize(backend, NULL);
        for (int square = 0; square < SQUARE_COUNT; square++)
            for (int i = 0; i < 64; i++) {
                bitboard occupied = (random_next(&state) & random_next(&state)) | square_bit(square);
                if (i == 0)
                    occupied = ~0ULL;
                CHECK(backend->rook(square, occupied) == reference->rook(square, occupied));
                CHECK(backend->bishop(square, occupied) == reference->bishop(square, occupied));
                CHECK(backend->queen(square, occupied) == reference->queen(square, occupied));
            }
    }
}

TEST(kindergarten_batched_loops_sum_the_lookups)
{
    enum { COUNT = 4096 };
    static bitboard occupied[COUNT];
    static uint8_t squares[COUNT];
    uint64_t state = 11;
    for (int i = 0; i < COUNT; i++) {
        occupied[i] = random_next(&state) & random_next(&state);
        squares[i] = (uint8_t)(random_next(&state) & 63);
    }
    struct attackbench_run run = {.occupied = occupied, .squares = squares, .count = COUNT};
    const struct backend *reference = find_backend("reference");
    uint64_t rook_sum = 0, bishop_sum = 0, queen_sum = 0;
    for (int i = 0; i < COUNT; i++) {
        rook_sum += reference->rook(squares[i], occupied[i]);
        bishop_sum += reference->bishop(squares[i], occupied[i]);
        queen_sum += reference->queen(squares[i], occupied[i]);
    }
    for (size_t m = 0; m < sizeof kindergarten_methods / sizeof kindergarten_methods[0]; m++) {
        const struct backend *backend = find_backend(kindergarten_methods[m]);
        if (!backend)
            continue;
        backend_initialize(backend, NULL);
        CHECK(backend->rook_loop(&run) == rook_sum);
        CHECK(backend->bishop_loop(&run) == bishop_sum);
        CHECK(backend->queen_loop(&run) == queen_sum);
    }
}

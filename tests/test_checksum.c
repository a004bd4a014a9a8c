/* The pass checksums catch a wrong backend even when its errors would
 * cancel in a plain sum. */
#include <stdio.h>

#include "measure/runner.h"
#include "unit.h"
#include "registry/registry.h"

/* A mutant of the reference: a rook on d4 also "attacks" h8, which no rook
 * on d4 ever does, so every d4 result gains bit 63. */
static bitboard mutant_rook(int square, bitboard occupied)
{
    bitboard attacks = find_backend("reference")->rook(square, occupied);
    return square == 27 ? attacks | square_bit(63) : attacks;
}

static uint64_t mutant_rook_loop(const struct attackbench_run *run)
{
    return attackbench_lookup_loop(mutant_rook, run);
}

static const struct backend mutant = {
    .name = "mutant",
    .rook = mutant_rook,
    .bishop = mutant_rook,
    .queen = mutant_rook,
    .rook_loop = mutant_rook_loop,
    .bishop_loop = mutant_rook_loop,
    .queen_loop = mutant_rook_loop,
};

TEST(checksum_catches_errors_that_cancel_in_a_plain_sum)
{
    /* Two queries on d4: bit 63 added twice is 2^64, 0 in a plain sum. */
    bitboard occupied[4] = {0x0000001000100000ULL, 0, 0x00000000000F0000ULL, 0x8100000000000081ULL};
    uint8_t squares[4] = {27, 0, 27, 36};
    uint32_t lines[4] = {0, 0, 0, 0};
    struct stream stream = {.count = 4, .occupied = occupied, .squares = squares, .pressure_lines = lines};
    CHECK(unit_checksum_catches(&mutant, PIECE_ROOK, &stream));
}

TEST(checksum_each_backend_reports_its_own)
{
    bitboard occupied[3] = {0x0000001000100000ULL, 0xFFFF00000000FFFFULL, 0};
    uint8_t squares[3] = {27, 9, 63};
    uint32_t lines[3] = {0, 0, 0};
    struct stream stream = {.count = 3, .occupied = occupied, .squares = squares, .pressure_lines = lines};
    struct timer timer;
    timer_setup(&timer, TIMER_CLOCK, 0);
    const struct backend *pair[2] = {find_backend("reference"), find_backend("classical")};
    backend_initialize(pair[1], NULL);
    struct measurement_config config = {
        .timer = &timer, .dispatch = DISPATCH_BATCH, .reps = 1, .calls = 3, .threads = 1};
    struct measurement results[2] = {{0}};
    struct pass_checksums expected = stream_checksums(pair[0], PIECE_QUEEN, &stream, 0);
    CHECK(measure_backends(pair, 2, PIECE_QUEEN, &stream, &expected, &config, results) == 0);
    CHECK(results[0].checksum == expected.mixed && results[1].checksum == expected.mixed);
    CHECK(expected.mixed != 0 && expected.mixed != expected.sum);
    CHECK(results[0].sample_count == 1 && results[0].samples_ns[0] > 0);
    free_measurement(&results[0]);
    free_measurement(&results[1]);
}

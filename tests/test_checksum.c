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

/* A rook that counts its lookups, to see how many passes the runner makes. */
static uint64_t counted_lookups;

static bitboard counting_rook(int square, bitboard occupied)
{
    counted_lookups++;
    return find_backend("reference")->rook(square, occupied);
}

static uint64_t counting_rook_loop(const struct attackbench_run *run)
{
    return attackbench_lookup_loop(counting_rook, run);
}

static const struct backend counting = {
    .name = "counting",
    .rook = counting_rook,
    .bishop = counting_rook,
    .queen = counting_rook,
    .rook_loop = counting_rook_loop,
    .bishop_loop = counting_rook_loop,
    .queen_loop = counting_rook_loop,
};

/* The lookups one measure_backends() call makes with 3 repetitions of 2
 * passes over a 12-query stream in LAYOUT. */
static uint64_t lookups_measured(enum stream_layout layout)
{
    bitboard occupied[12] = {0x0000001000100000ULL, 0xFFFF00000000FFFFULL, 0, 0x8100000000000081ULL};
    uint8_t squares[12] = {27, 9, 63, 0, 1, 2, 3, 4, 5, 6, 7, 8};
    uint32_t lines[12] = {0};
    struct stream stream = {
        .count = 12, .occupied = occupied, .squares = squares, .pressure_lines = lines, .layout = layout};
    struct timer timer;
    timer_setup(&timer, TIMER_CLOCK, 0);
    const struct backend *one[1] = {&counting};
    struct measurement_config config = {
        .timer = &timer, .dispatch = DISPATCH_BATCH, .reps = 3, .calls = 24, .threads = 1};
    struct measurement results[1] = {{0}};
    struct pass_checksums expected = stream_checksums(find_backend("reference"), PIECE_ROOK, &stream, 0);
    counted_lookups = 0;
    int status = measure_backends(one, 1, PIECE_ROOK, &stream, &expected, &config, results);
    free_measurement(&results[0]);
    return status == 0 ? counted_lookups : 0;
}

TEST(runner_rewarms_each_repetition_in_the_queries_layout_only)
{
    /* The checking pass (1 pass), then per repetition an untimed pass and
     * the 2 timed ones, then the closing check (1 pass): 11 passes; in
     * the positions layout no rewarming. */
    CHECK(lookups_measured(STREAM_LAYOUT_QUERIES) == 11 * 12);
    CHECK(lookups_measured(STREAM_LAYOUT_POSITIONS) == 8 * 12);
}

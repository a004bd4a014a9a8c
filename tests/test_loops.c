/* Every backend's batched loops and its per-call lookups agree query by
 * query, for every piece and the four loop shapes (throughput, chained,
 * pressure, chained with pressure) and the checking pass.  A loop returns
 * only its sum, so the loop runs over every prefix of the stream: the
 * difference of two consecutive prefix sums is the one result the longer
 * prefix adds, compared with the per-call lookup of that query. */
#include <stdio.h>

#include "attackbench/backend.h"
#include "base/random.h"
#include "unit.h"
#include "registry/registry.h"

enum { QUERIES = 192, PRESSURE_LINES = 1024 };

static bitboard occupied[QUERIES];
static uint8_t squares[QUERIES];
static uint32_t lines[QUERIES];
static uint8_t buffer[PRESSURE_LINES * 64];

static void make_stream(void)
{
    uint64_t state = 2024;
    for (int i = 0; i < QUERIES; i++) {
        occupied[i] = random_next(&state) & random_next(&state);
        squares[i] = (uint8_t)(random_next(&state) >> 58);
        lines[i] = (uint32_t)(random_next(&state) >> 32);
    }
}

/* Query by query; returns the index of the first disagreement, or -1. */
static int first_difference(const struct backend *backend, enum piece_kind piece, const struct attackbench_run *shape)
{
    uint64_t (*loop)(const struct attackbench_run *) = backend_loop(backend, piece);
    struct attackbench_run run = *shape;
    uint64_t before = 0;
    bitboard previous = 0;
    for (int i = 0; i < QUERIES; i++) {
        run.count = (size_t)i + 1;
        uint64_t sum = loop(&run);
        previous = backend_query(backend, piece, squares[i], occupied[i] ^ (shape->chained ? previous & 1 : 0));
        if (sum - before != (shape->mix_results ? attackbench_checksum_mix(previous) : previous))
            return i;
        before = sum;
    }
    return -1;
}

TEST(every_backend_loop_matches_its_lookups_query_by_query)
{
    make_stream();
    const struct attackbench_run shapes[] = {
        {.chained = 0},
        {.chained = 1},
        {.chained = 0, .pressure_buffer = buffer},
        {.chained = 1, .pressure_buffer = buffer},
        {.chained = 1, .mix_results = 1},
    };
    static const char *const shape_names[] = {"throughput", "chained", "pressure", "chained+pressure", "checking"};
    for (size_t b = 0; b < backend_count; b++) {
        const struct backend *backend = backends[b];
        if (backend_unavailable_reason(backend)) {
            fprintf(stderr, "loops: %s skipped: %s\n", backend->name, backend_unavailable_reason(backend));
            continue;
        }
        backend_initialize(backend, NULL);
        for (int piece = 0; piece < PIECE_KIND_COUNT; piece++)
            for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
                struct attackbench_run run = shapes[s];
                run.occupied = occupied;
                run.squares = squares;
                run.pressure_lines = lines;
                run.pressure_line_mask = PRESSURE_LINES - 1;
                int index = first_difference(backend, piece, &run);
                if (index >= 0)
                    fprintf(stderr, "loops: %s %s %s: query %d differs\n", backend->name, piece_names[piece],
                            shape_names[s], index);
                CHECK(index < 0);
            }
    }
}

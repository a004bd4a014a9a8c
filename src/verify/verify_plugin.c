/* Checking a plugin (verify_plugin.h). */
#include "verify_plugin.h"

#include <inttypes.h>

#include "registry/registry.h"
#include "base/random.h"
#include "platform/crash_guard.h"
#include "platform/interrupt.h"
#include "verify.h"

enum { LOOP_QUERIES = 4096, PRESSURE_LINES = 1024, RANDOM_BOARDS = 100000, RANDOM_SIDES = 2000 };

static const char *const verification_names[PIECE_KIND_COUNT] = {"rook verification", "bishop verification",
                                                                 "queen verification", "both verification"};

/* The four loop shapes and the checking pass, each against the reference
 * (a plugin's both pass: its rook and bishop composed by attackbench). */
static int check_loop_shapes(const struct backend *backend, enum piece_kind piece, struct attackbench_run *run,
                             FILE *report)
{
    static const char *const shapes[] = {"throughput", "latency", "cache-pressure throughput", "cache-pressure latency",
                                         "checking pass"};
    static uint8_t pressure_buffer[(size_t)PRESSURE_LINES * 64];
    const struct backend *reference = find_backend("reference");
    for (int shape = 0; shape < 5; shape++) {
        if (interrupt_requested())
            return 1;
        run->chained = shape == 1 || shape == 3;
        run->pressure_buffer = shape == 2 || shape == 3 ? pressure_buffer : NULL;
        run->mix_results = shape == 4;
        uint64_t expected = backend_batch_pass(reference, piece, run), got = backend_batch_pass(backend, piece, run);
        if (expected != got) {
            fprintf(report,
                    "verify: %s %s batched loop (%s) sums to 0x%016" PRIx64 ", the reference's to 0x%016" PRIx64
                    " on the same %zu queries\n",
                    backend->name, piece_names[piece], shapes[shape], got, expected, run->count);
            return -1;
        }
    }
    return 0;
}

static int check_loops(const struct backend *backend, FILE *report)
{
    static uint64_t occupied[LOOP_QUERIES];
    static uint8_t squares[LOOP_QUERIES];
    static uint32_t lines[LOOP_QUERIES];
    uint64_t state = 0x5EED;
    for (int i = 0; i < LOOP_QUERIES; i++) {
        occupied[i] = random_next(&state) & random_next(&state);
        squares[i] = (uint8_t)(random_next(&state) & 63);
        lines[i] = (uint32_t)random_next(&state);
    }
    struct attackbench_run run = {.occupied = occupied,
                                  .squares = squares,
                                  .count = LOOP_QUERIES,
                                  .pressure_lines = lines,
                                  .pressure_line_mask = PRESSURE_LINES - 1};
    for (int piece = 0; piece < PIECE_KIND_COUNT; piece++) {
        int status = check_loop_shapes(backend, (enum piece_kind)piece, &run, report);
        if (status != 0)
            return status;
    }
    return 0;
}

int verify_plugin(const struct backend *backend, FILE *report)
{
    int status = 0;
    for (int piece = 0; piece < PIECE_KIND_COUNT && status == 0; piece++) {
        crash_guard_enter(backend->name, backend->plugin_file, verification_names[piece]);
        status = verify_backend(backend, piece_bit((enum piece_kind)piece), RANDOM_BOARDS, 1, report);
    }
    if (status == 0) {
        crash_guard_enter(backend->name, backend->plugin_file, "batched-loop verification");
        status = check_loops(backend, report);
    }
    if (status == 0) {
        crash_guard_enter(backend->name, backend->plugin_file, "side-wise verification");
        status = verify_side_paths(backend, RANDOM_SIDES, 1, report);
    }
    crash_guard_leave();
    return status < 0 ? -1 : status > 0 ? 1 : 0;
}

const char *plugin_check_summary(void)
{
    static char summary[160];
    snprintf(summary, sizeof summary,
             "every subset of every relevant mask, %d random boards, its batched loops in every shape, %d random sides",
             RANDOM_BOARDS, RANDOM_SIDES);
    return summary;
}

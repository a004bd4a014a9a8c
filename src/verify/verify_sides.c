/* Verification of the side-wise paths (sets and sides workloads) against
 * the reference: for each record, the set-wise answer per call and in the
 * batched pass, and every slider's own set per call and in the batched
 * pass. */
#include <inttypes.h>

#include "platform/interrupt.h"
#include "base/random.h"
#include "chess/sliders.h"
#include "board_diagram.h"
#include "verify.h"
#include "registry/registry.h"

static const struct backend *reference_backend_once(void)
{
    static const struct backend *reference;
    if (reference == NULL)
        reference = find_backend("reference");
    return reference;
}

static void report_side(FILE *report, const struct backend *backend, const char *path,
                        const struct attackbench_side *side, bitboard expected, bitboard got)
{
    if (!report)
        return;
    fprintf(report, "verify: %s %s is wrong for the side with sliders", backend->name, path);
    static const char *const kinds[SLIDER_KIND_COUNT] = {"R", "B", "Q"};
    const int counts[SLIDER_KIND_COUNT] = {side->rooks, side->bishops, side->queens};
    for (int piece = 0, k = 0; piece < SLIDER_KIND_COUNT; piece++)
        for (int i = 0; i < counts[piece]; i++, k++) {
            char name[3];
            square_name(side->squares[k], name);
            fprintf(report, " %s%s", kinds[piece], name);
        }
    fprintf(report, "\noccupancy 0x%016" PRIx64 ":\n", side->occupied);
    print_board(report, side->occupied, -1);
    fprintf(report, "expected 0x%016" PRIx64 ", got 0x%016" PRIx64 " (differs on 0x%016" PRIx64 ")\n", expected, got,
            expected ^ got);
}

/* A one-record pass: with the plain sum, a sets pass returns the record's
 * set itself; with mix_results, a sides pass returns the mixed sum. */
static uint64_t one_record_pass(const struct backend *backend, enum stream_kind kind, int per_call, int mix,
                                const struct attackbench_side *side)
{
    struct attackbench_run run = {.sides = side, .count = 1, .mix_results = mix};
    return side_pass(backend, kind, per_call, &run);
}

static int verify_sets(const struct backend *backend, const struct attackbench_side *side, FILE *report)
{
    bitboard expected =
        backend_set_attacks(reference_backend_once(), side->rook_sliders, side->bishop_sliders, side->occupied);
    bitboard got = backend_set_attacks(backend, side->rook_sliders, side->bishop_sliders, side->occupied);
    if (got != expected) {
        report_side(report, backend, "set-wise entry", side, expected, got);
        return -1;
    }
    for (int per_call = 0; per_call <= 1; per_call++) {
        got = one_record_pass(backend, STREAM_SETS, per_call, 0, side);
        if (got != expected) {
            report_side(report, backend, per_call ? "per-call sets pass" : "batched sets pass", side, expected, got);
            return -1;
        }
    }
    return 0;
}

static int verify_sides(const struct backend *backend, const struct attackbench_side *side, FILE *report)
{
    bitboard expected[ATTACKBENCH_SIDE_MAX_SLIDERS], got[ATTACKBENCH_SIDE_MAX_SLIDERS];
    backend_side_attacks(reference_backend_once(), side, side->occupied, expected);
    backend_side_attacks(backend, side, side->occupied, got);
    uint64_t mixed = 0;
    for (int k = 0; k < attackbench_side_slider_count(side); k++) {
        mixed += attackbench_checksum_mix(expected[k]);
        if (got[k] != expected[k]) {
            char path[64];
            snprintf(path, sizeof path, "multi-square entry (slider %d)", k + 1);
            report_side(report, backend, path, side, expected[k], got[k]);
            return -1;
        }
    }
    for (int per_call = 0; per_call <= 1; per_call++) {
        uint64_t sum = one_record_pass(backend, STREAM_SIDES, per_call, 1, side);
        if (sum != mixed) {
            report_side(report, backend,
                        per_call ? "per-call sides pass (mixed sum)" : "batched sides pass (mixed sum)", side, mixed,
                        sum);
            return -1;
        }
    }
    return 0;
}

int verify_side_record(const struct backend *backend, const struct attackbench_side *side, FILE *report)
{
    if (backend->baseline)
        return 0;
    return verify_sets(backend, side, report) != 0 || verify_sides(backend, side, report) != 0 ? -1 : 0;
}

/* A random board with `queens` queens and a random number of rooks and
 * bishops (up to the record's limit), all on occupied squares. */
static void random_side(uint64_t *state, int queens, int extra, struct attackbench_side *side)
{
    bitboard occupied = random_next(state);
    if (random_next(state) & 1)
        occupied &= random_next(state);
    if (random_next(state) & 1)
        occupied &= random_next(state);
    bitboard sets[SLIDER_KIND_COUNT] = {0, 0, 0}, used = 0;
    int wanted[SLIDER_KIND_COUNT] = {(int)(random_next(state) % (uint64_t)(extra + 1)),
                                     (int)(random_next(state) % (uint64_t)(extra + 1)), queens};
    for (int piece = 0; piece < SLIDER_KIND_COUNT; piece++)
        while (wanted[piece] > 0) {
            bitboard square = square_bit((int)(random_next(state) >> 58));
            if (used & square)
                continue;
            used |= square;
            sets[piece] |= square;
            wanted[piece]--;
        }
    side_record_from_sets(sets[PIECE_ROOK], sets[PIECE_BISHOP], sets[PIECE_QUEEN], occupied | used, side);
}

int verify_side_paths(const struct backend *backend, unsigned long random_count, uint64_t seed, FILE *report)
{
    uint64_t state = seed ? seed : 1;
    static const int queen_counts[] = {0, 1, 9};
    for (unsigned long i = 0; i < random_count; i++) {
        if (interrupt_requested()) /* each side: a slow plugin stops within its deadline */
            return 1;
        struct attackbench_side side;
        /* Three in four: 0, 1 or 9 queens with up to 2 rooks and bishops
         * each; the rest: any mix up to the record's limit. */
        if (i % 4 != 3)
            random_side(&state, queen_counts[i % 4], 2, &side);
        else
            random_side(&state, (int)(random_next(&state) % 6), 5, &side);
        if (verify_side_record(backend, &side, report) != 0)
            return -1;
    }
    return 0;
}

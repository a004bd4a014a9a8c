/* A backend's answer in every mode, whatever hooks it has: why it cannot
 * run here, its tables built and timed, its per-call and batched entries
 * by piece, and its set-wise and multi-square answers and passes, native
 * or composed from single lookups (contract.h). */
#include "contract.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "platform/cpu.h"
#include "platform/crash_guard.h"
#include "platform/output_aside.h"
#include "platform/timer.h"

unsigned backend_features(const struct backend *backend)
{
    unsigned of_target;
    cpu_features_of_target(backend->target, &of_target);
    return backend->features | of_target;
}

const char *backend_unavailable_reason(const struct backend *backend)
{
    static char reason[320];
    if (backend->unavailable_here)
        return backend->unavailable_here;
    unsigned missing = backend_features(backend) & ~cpu_features();
    if (!missing)
        return NULL;
    char names[256];
    cpu_feature_names(missing, names, sizeof names);
    snprintf(reason, sizeof reason, "this CPU lacks %s", names);
    return reason;
}

void backend_guard(const struct backend *backend, const char *activity)
{
    if (backend->plugin_file)
        crash_guard_enter(backend->name, backend->plugin_file, activity);
    else
        crash_guard_leave();
}

void backend_unguard(void)
{
    crash_guard_leave();
}

/* A plugin's init runs once a process, as include/attackbench_plugin.h
 * promises: the load's verification runs it, and every later call (the
 * session's, perft's) gets the size and time of that first run, so that
 * an init that is not safe to repeat never changes the tables that were
 * verified. */
struct plugin_initialisation {
    const struct backend *backend;
    size_t table_bytes;
    double init_ms;
};
/* More than the registry loads (REGISTRY_MAX_PLUGINS, registry.h, which
 * includes this file's header). */
static struct plugin_initialisation plugin_initialisations[64];
static size_t plugin_initialisation_count;

static const struct plugin_initialisation *initialised_plugin(const struct backend *backend)
{
    for (size_t i = 0; i < plugin_initialisation_count; i++)
        if (plugin_initialisations[i].backend == backend)
            return &plugin_initialisations[i];
    return NULL;
}

static void remember_plugin_initialisation(const struct backend *backend, size_t table_bytes, double init_ms)
{
    if (plugin_initialisation_count < sizeof plugin_initialisations / sizeof plugin_initialisations[0])
        plugin_initialisations[plugin_initialisation_count++] =
            (struct plugin_initialisation){backend, table_bytes, init_ms};
}

static size_t run_initialisation(const struct backend *backend, double *init_ms)
{
    backend_guard(backend, "initialisation");
    struct output_aside aside = {-1};
    if (backend->plugin_file) {
        crash_guard_initialisation_begin();
        output_aside_begin(&aside);
    }
    uint64_t start = clock_nanoseconds();
    size_t table_bytes = backend->init ? backend->init() : 0;
    if (init_ms)
        *init_ms = (double)(clock_nanoseconds() - start) / 1e6;
    if (backend->plugin_file) {
        output_aside_end(&aside);
        crash_guard_initialisation_end();
    }
    backend_unguard();
    /* A plugin's size is its word: one beyond any address space (2^48
     * bytes) is a fault, not a figure to report and compare. */
#if SIZE_MAX > 0xFFFFFFFFu
    if (backend->plugin_file && (uint64_t)table_bytes > ((uint64_t)1 << 48)) {
        fprintf(stderr,
                "attackbench: plugin %s (%s): its init reported %zu bytes of tables, more than an address space "
                "holds\n",
                backend->name, backend->plugin_file, table_bytes);
        exit(2);
    }
#endif
    return table_bytes;
}

size_t backend_initialize(const struct backend *backend, double *init_ms)
{
    if (!backend->plugin_file)
        return run_initialisation(backend, init_ms);
    const struct plugin_initialisation *done = initialised_plugin(backend);
    if (done) {
        if (init_ms)
            *init_ms = done->init_ms;
        return done->table_bytes;
    }
    double milliseconds = 0;
    size_t table_bytes = run_initialisation(backend, &milliseconds);
    remember_plugin_initialisation(backend, table_bytes, milliseconds);
    if (init_ms)
        *init_ms = milliseconds;
    return table_bytes;
}

attackbench_lookup_function backend_lookup(const struct backend *backend, enum piece_kind piece)
{
    const attackbench_lookup_function lookups[PIECE_KIND_COUNT] = {backend->rook, backend->bishop, backend->queen,
                                                                   NULL};
    return lookups[piece];
}

uint64_t (*backend_loop(const struct backend *backend, enum piece_kind piece))(const struct attackbench_run *run)
{
    uint64_t (*const loops[PIECE_KIND_COUNT])(const struct attackbench_run *) = {
        backend->rook_loop, backend->bishop_loop, backend->queen_loop, backend->both_loop};
    return loops[piece];
}

struct attackbench_both backend_both(const struct backend *backend, int square, bitboard occupied)
{
    if (backend->both)
        return backend->both(square, occupied);
    return (struct attackbench_both){backend->rook(square, occupied), backend->bishop(square, occupied)};
}

uint64_t backend_query(const struct backend *backend, enum piece_kind piece, int square, bitboard occupied)
{
    if (piece == PIECE_BOTH)
        return attackbench_both_term(backend_both(backend, square, occupied));
    return backend_lookup(backend, piece)(square, occupied);
}

/* The per-call passes of the query shapes: the loops of attackbench/loops.h
 * with run-time pointers, so every lookup is an indirect call. */
static __attribute__((noinline)) uint64_t per_call_lookup_pass(attackbench_lookup_function lookup,
                                                               const struct attackbench_run *run)
{
    return attackbench_lookup_loop(lookup, run);
}

static __attribute__((noinline)) uint64_t per_call_both_pass(attackbench_both_function both,
                                                             const struct attackbench_run *run)
{
    return attackbench_both_loop(both, run);
}

static __attribute__((noinline)) uint64_t per_call_both_of_two_pass(attackbench_lookup_function rook,
                                                                    attackbench_lookup_function bishop,
                                                                    const struct attackbench_run *run)
{
    return attackbench_both_of_two_loop(rook, bishop, run);
}

uint64_t backend_call_pass(const struct backend *backend, enum piece_kind piece, const struct attackbench_run *run)
{
    if (piece != PIECE_BOTH)
        return per_call_lookup_pass(backend_lookup(backend, piece), run);
    if (backend->both)
        return per_call_both_pass(backend->both, run);
    return per_call_both_of_two_pass(backend->rook, backend->bishop, run);
}

uint64_t backend_batch_pass(const struct backend *backend, enum piece_kind piece, const struct attackbench_run *run)
{
    uint64_t (*loop)(const struct attackbench_run *) = backend_loop(backend, piece);
    return loop ? loop(run) : backend_call_pass(backend, piece, run);
}

/* Append the squares of `board` to the record's list, as far as it goes. */
static int append_squares(struct attackbench_side *side, int used, bitboard board)
{
    int added = 0;
    for (; board && used + added < ATTACKBENCH_SIDE_MAX_SLIDERS; board = without_lowest(board))
        side->squares[used + added++] = (uint8_t)lowest_square(board);
    return added;
}

void side_record_from_sets(bitboard rooks, bitboard bishops, bitboard queens, bitboard occupied,
                           struct attackbench_side *side)
{
    memset(side, 0, sizeof *side);
    side->occupied = occupied;
    side->rook_sliders = rooks | queens;
    side->bishop_sliders = bishops | queens;
    side->rooks = (uint8_t)append_squares(side, 0, rooks);
    side->bishops = (uint8_t)append_squares(side, side->rooks, bishops);
    side->queens = (uint8_t)append_squares(side, side->rooks + side->bishops, queens);
}

bitboard backend_set_attacks(const struct backend *backend, bitboard rook_sliders, bitboard bishop_sliders,
                             bitboard occupied)
{
    if (backend->set_attacks)
        return backend->set_attacks(rook_sliders, bishop_sliders, occupied);
    return attackbench_compose_set(backend->rook, backend->bishop, rook_sliders, bishop_sliders, occupied);
}

void backend_side_attacks(const struct backend *backend, const struct attackbench_side *side, bitboard occupied,
                          bitboard *attacks)
{
    if (backend->side_attacks) {
        backend->side_attacks(side, occupied, attacks);
        return;
    }
    const attackbench_lookup_function lookups[SLIDER_KIND_COUNT] = {backend->rook, backend->bishop, backend->queen};
    const int counts[SLIDER_KIND_COUNT] = {side->rooks, side->bishops, side->queens};
    for (int piece = 0, k = 0; piece < SLIDER_KIND_COUNT; piece++)
        for (int i = 0; i < counts[piece]; i++, k++)
            attacks[k] = lookups[piece](side->squares[k], occupied);
}

/* The per-call passes: the loops of attackbench/loops.h with run-time pointers,
 * so every lookup (or native answer) is an indirect call. */
static __attribute__((noinline)) uint64_t per_call_sets_pass(const struct backend *backend,
                                                             const struct attackbench_run *run)
{
    return attackbench_sets_loop(backend->rook, backend->bishop, backend->set_attacks, run);
}

static __attribute__((noinline)) uint64_t per_call_sides_pass(const struct backend *backend,
                                                              const struct attackbench_run *run)
{
    return attackbench_sides_loop(backend->rook, backend->bishop, backend->queen, backend->side_attacks, run);
}

uint64_t side_pass(const struct backend *backend, enum stream_kind kind, int per_call,
                   const struct attackbench_run *run)
{
    if (kind == STREAM_SETS)
        return per_call || !backend->sets_loop ? per_call_sets_pass(backend, run) : backend->sets_loop(run);
    return per_call || !backend->sides_loop ? per_call_sides_pass(backend, run) : backend->sides_loop(run);
}

/* How a backend writes its batched passes and registers itself: the one
 * query loop (run_lookup_loop), the side-wise loops, and the BACKEND
 * registration forms at the end.  Every backend file includes this header.
 *
 * Side-wise workloads:
 * sets:  per position and side, the union of the rook-wise attacks of the
 *        side's rooks and queens and the bishop-wise attacks of its bishops
 *        and queens (king safety, legality, evaluation).
 * sides: per position and side, each rook, bishop and queen's own attack
 *        set, all against the one occupancy (a move generator's walk).
 *
 * By default a backend composes both from its own inlined rook, bishop and
 * queen lookups (BACKEND does it; by hand, one SIDE_PASSES line before the
 * descriptor).  A backend with a native set-wise (a fill that takes the
 * whole set as its generator) or multi-square entry (a SIMD kernel,
 * several sliders per instruction) passes it to the same loops instead,
 * inlined. */
#ifndef ATTACKBENCH_LOOPS_H
#define ATTACKBENCH_LOOPS_H

#include "backend.h"

/* The one loop every batched pass uses.  `lookup` must be a compile-time
 * constant (a backend's static inline function) so that it is inlined; the
 * driver also calls this through a non-inlined wrapper with a run-time
 * pointer for the per-call mode.  The flag tests sit outside the loops. */
/* The loops below must run one lookup at a time, as an engine does: a
 * compiler that vectorised them would compute several queries' attacks in
 * one instruction, which no engine's move generator can use.  clang is told
 * so per loop; gcc through -fno-tree-loop-vectorize in the Makefile.  The
 * throughput loop is unrolled four times by the compiler, after its
 * vectorisers have run, so they never see two queries side by side (a
 * hand-unrolled loop would let the SLP vectoriser pair them).  Vector code
 * inside one lookup (SLP, intrinsics) is unaffected. */
#if defined(__clang__)
#define ONE_QUERY_AT_A_TIME _Pragma("clang loop vectorize(disable) interleave(disable)")
#define ONE_QUERY_AT_A_TIME_UNROLLED _Pragma("clang loop vectorize(disable) interleave(disable) unroll_count(4)")
#elif defined(__GNUC__) && __GNUC__ >= 14
#define ONE_QUERY_AT_A_TIME _Pragma("GCC novector")
#define ONE_QUERY_AT_A_TIME_UNROLLED _Pragma("GCC novector") _Pragma("GCC unroll 4")
#else
#define ONE_QUERY_AT_A_TIME
#define ONE_QUERY_AT_A_TIME_UNROLLED _Pragma("GCC unroll 4")
#endif

static inline __attribute__((always_inline)) uint64_t
run_lookup_loop(attack_function lookup, const struct run *run)
{
    const bitboard *occupied = run->occupied;
    const uint8_t *squares = run->squares;
    const size_t count = run->count;
    uint64_t sum = 0;

    if (run->mix_results) {
        /* The checking pass: untimed, so one loop serves both modes. */
        bitboard previous = 0;
        for (size_t i = 0; i < count; i++) {
            previous = lookup(squares[i], occupied[i] ^ (run->chained ? previous & 1 : 0));
            sum += checksum_mix(previous);
        }
        return sum;
    }
    if (run->pressure_buffer == NULL) {
        if (!run->chained) {
            ONE_QUERY_AT_A_TIME_UNROLLED
            for (size_t i = 0; i < count; i++)
                sum += lookup(squares[i], occupied[i]);
        } else {
            bitboard previous = 0;
            ONE_QUERY_AT_A_TIME
            for (size_t i = 0; i < count; i++) {
                previous = lookup(squares[i], occupied[i] ^ (previous & 1));
                sum += previous;
            }
        }
        return sum;
    }

    const uint8_t *buffer = run->pressure_buffer;
    const uint32_t *lines = run->pressure_lines;
    const uint32_t line_mask = run->pressure_line_mask;
    uint64_t touched = 0;
    if (!run->chained) {
        ONE_QUERY_AT_A_TIME
        for (size_t i = 0; i < count; i++) {
            touched += buffer[(size_t)(lines[i] & line_mask) * 64];
            sum += lookup(squares[i], occupied[i]);
        }
    } else {
        bitboard previous = 0;
        ONE_QUERY_AT_A_TIME
        for (size_t i = 0; i < count; i++) {
            touched += buffer[(size_t)(lines[i] & line_mask) * 64];
            previous = lookup(squares[i], occupied[i] ^ (previous & 1));
            sum += previous;
        }
    }
    do_not_optimize(touched);
    return sum;
}

/* The set-wise answer composed from single lookups: a loop over the bits
 * of each set, the order in which an engine walks its pieces. */
static inline __attribute__((always_inline)) bitboard
compose_set_attacks(attack_function rook, attack_function bishop, bitboard rook_sliders, bitboard bishop_sliders,
                    bitboard occupied)
{
    bitboard attacks = 0;
    ONE_QUERY_AT_A_TIME
    for (; rook_sliders; rook_sliders &= rook_sliders - 1)
        attacks |= rook(lowest_square(rook_sliders), occupied);
    ONE_QUERY_AT_A_TIME
    for (; bishop_sliders; bishop_sliders &= bishop_sliders - 1)
        attacks |= bishop(lowest_square(bishop_sliders), occupied);
    return attacks;
}

/* One sets pass with its flags as constants (the callers below pass
 * literals, so each combination is its own loop with no test inside).
 * `set` NULL: compose from rook and bishop. */
static inline __attribute__((always_inline)) uint64_t
sets_pass(attack_function rook, attack_function bishop, set_function set, const struct run *run, const int chained,
          const int mix, const int pressure)
{
    const struct side_record *sides = run->sides;
    uint64_t sum = 0, touched = 0;
    bitboard previous = 0;
    ONE_QUERY_AT_A_TIME
    for (size_t i = 0; i < run->count; i++) {
        const struct side_record *side = &sides[i];
        if (pressure)
            touched += run->pressure_buffer[(size_t)(side->pressure_line & run->pressure_line_mask) * 64];
        bitboard occupied = side->occupied ^ (chained ? previous & 1 : 0);
        previous = set ? set(side->rook_sliders, side->bishop_sliders, occupied)
                       : compose_set_attacks(rook, bishop, side->rook_sliders, side->bishop_sliders, occupied);
        sum += mix ? checksum_mix(previous) : previous;
    }
    if (pressure)
        do_not_optimize(touched);
    return sum;
}

static inline __attribute__((always_inline)) uint64_t run_sets_loop(attack_function rook, attack_function bishop,
                                                                    set_function set, const struct run *run)
{
    const int pressure = run->pressure_buffer != NULL;
    if (run->mix_results) /* untimed: one loop serves every mode */
        return sets_pass(rook, bishop, set, run, run->chained, 1, pressure);
    if (pressure)
        return run->chained ? sets_pass(rook, bishop, set, run, 1, 0, 1) : sets_pass(rook, bishop, set, run, 0, 0, 1);
    return run->chained ? sets_pass(rook, bishop, set, run, 1, 0, 0) : sets_pass(rook, bishop, set, run, 0, 0, 0);
}

/* The sides answer from single lookups: each slider in turn, its result
 * added before the next (`previous` is the last one, for latency mode). */
static inline __attribute__((always_inline)) uint64_t
compose_side_sum(attack_function rook, attack_function bishop, attack_function queen, const struct side_record *side,
                 bitboard occupied, const int mix, bitboard *previous)
{
    const uint8_t *squares = side->squares;
    const int bishops_end = side->rooks + side->bishops, end = bishops_end + side->queens;
    uint64_t sum = 0;
    bitboard attacks = *previous;
    ONE_QUERY_AT_A_TIME
    for (int k = 0; k < side->rooks; k++) {
        attacks = rook(squares[k], occupied);
        sum += mix ? checksum_mix(attacks) : attacks;
    }
    ONE_QUERY_AT_A_TIME
    for (int k = side->rooks; k < bishops_end; k++) {
        attacks = bishop(squares[k], occupied);
        sum += mix ? checksum_mix(attacks) : attacks;
    }
    ONE_QUERY_AT_A_TIME
    for (int k = bishops_end; k < end; k++) {
        attacks = queen(squares[k], occupied);
        sum += mix ? checksum_mix(attacks) : attacks;
    }
    *previous = attacks;
    return sum;
}

/* The same through a multi-square entry. */
static inline __attribute__((always_inline)) uint64_t
native_side_sum(side_function kernel, const struct side_record *side, bitboard occupied, const int mix,
                bitboard *previous)
{
    bitboard attacks[SIDE_MAX_SLIDERS];
    const int count = side_slider_count(side);
    uint64_t sum = 0;
    kernel(side, occupied, attacks);
    ONE_QUERY_AT_A_TIME
    for (int k = 0; k < count; k++)
        sum += mix ? checksum_mix(attacks[k]) : attacks[k];
    if (count)
        *previous = attacks[count - 1];
    return sum;
}

static inline __attribute__((always_inline)) uint64_t
sides_pass(attack_function rook, attack_function bishop, attack_function queen, side_function kernel,
           const struct run *run, const int chained, const int mix, const int pressure)
{
    const struct side_record *sides = run->sides;
    uint64_t sum = 0, touched = 0;
    bitboard previous = 0;
    ONE_QUERY_AT_A_TIME
    for (size_t i = 0; i < run->count; i++) {
        const struct side_record *side = &sides[i];
        if (pressure)
            touched += run->pressure_buffer[(size_t)(side->pressure_line & run->pressure_line_mask) * 64];
        bitboard occupied = side->occupied ^ (chained ? previous & 1 : 0);
        sum += kernel ? native_side_sum(kernel, side, occupied, mix, &previous)
                      : compose_side_sum(rook, bishop, queen, side, occupied, mix, &previous);
    }
    if (pressure)
        do_not_optimize(touched);
    return sum;
}

static inline __attribute__((always_inline)) uint64_t run_sides_loop(attack_function rook, attack_function bishop,
                                                                     attack_function queen, side_function kernel,
                                                                     const struct run *run)
{
    const int pressure = run->pressure_buffer != NULL;
    if (run->mix_results)
        return sides_pass(rook, bishop, queen, kernel, run, run->chained, 1, pressure);
    if (pressure)
        return run->chained ? sides_pass(rook, bishop, queen, kernel, run, 1, 0, 1)
                            : sides_pass(rook, bishop, queen, kernel, run, 0, 0, 1);
    return run->chained ? sides_pass(rook, bishop, queen, kernel, run, 1, 0, 0)
                        : sides_pass(rook, bishop, queen, kernel, run, 0, 0, 0);
}

/* The one line a backend adds for the default side-wise passes: defines
 * PREFIX_sets_loop and PREFIX_sides_loop from its static inline rook,
 * bishop and queen lookups.  SIDE_PASSES_FOR_TARGET compiles them for a
 * target attribute string ("bmi2", "avx2", ...) so that lookups built for
 * it inline.  A macro because C has no other way to stamp out a function
 * per backend with the lookups as compile-time constants. */
#define SIDE_PASSES_WITH(ATTRIBUTES, PREFIX, ROOK, BISHOP, QUEEN, SET)                                           \
    ATTRIBUTES static uint64_t PREFIX##_sets_loop(const struct run *run)                                         \
    {                                                                                                            \
        return run_sets_loop(ROOK, BISHOP, SET, run);                                                            \
    }                                                                                                            \
    ATTRIBUTES static uint64_t PREFIX##_sides_loop(const struct run *run)                                        \
    {                                                                                                            \
        return run_sides_loop(ROOK, BISHOP, QUEEN, NULL, run);                                                   \
    }
#define SIDE_PASSES(PREFIX, ROOK, BISHOP, QUEEN) SIDE_PASSES_WITH(, PREFIX, ROOK, BISHOP, QUEEN, NULL)
#define SIDE_PASSES_FOR_TARGET(TARGET, PREFIX, ROOK, BISHOP, QUEEN)                                              \
    SIDE_PASSES_WITH(__attribute__((target(TARGET))), PREFIX, ROOK, BISHOP, QUEEN, NULL)
/* A backend with a native set-wise entry SET (a static inline
 * set_function, also given as .set_attacks for the per-call mode). */
#define SIDE_PASSES_WITH_SET(PREFIX, ROOK, BISHOP, QUEEN, SET) SIDE_PASSES_WITH(, PREFIX, ROOK, BISHOP, QUEEN, SET)
#define SIDE_PASSES_WITH_SET_FOR_TARGET(TARGET, PREFIX, ROOK, BISHOP, QUEEN, SET)                                \
    SIDE_PASSES_WITH(__attribute__((target(TARGET))), PREFIX, ROOK, BISHOP, QUEEN, SET)

/* One registration line for a backend whose file defines static inline
 * ID_rook, ID_bishop and ID_queen lookups: it stamps the three batched
 * loops (the lookups inlined), the side-wise passes and the descriptor
 * ID_backend, which the registry (src/backends/registry.c) lists.  The
 * remaining descriptor fields follow as named options (.init = ...,
 * .note = ..., .set_parameter = ...):
 *   BACKEND(classical, "classical", "idea", "source", .init = classical_init)
 * BACKEND_FOR_TARGET compiles the loops for a target attribute string and
 * records the CPU features the descriptor requires.  The _WITH_SET forms
 * are for a set-wise fill: a static inline set_function ID_set, inlined
 * into the sets loop and given as the per-call .set_attacks. */
#define TARGET_ATTRIBUTE(TARGET) __attribute__((target(TARGET)))

/* The loops alone, for a backend that builds its descriptor itself (two
 * code paths chosen at init, or a multi-square kernel): ID_rook_loop,
 * ID_bishop_loop, ID_queen_loop, ID_sets_loop and ID_sides_loop over the
 * static inline ID_rook, ID_bishop and ID_queen (and SET, or NULL). */
#define BACKEND_LOOPS_WITH(ATTRIBUTES, ID, SET)                                                                  \
    ATTRIBUTES static uint64_t ID##_rook_loop(const struct run *run)                                             \
    {                                                                                                            \
        return run_lookup_loop(ID##_rook, run);                                                                  \
    }                                                                                                            \
    ATTRIBUTES static uint64_t ID##_bishop_loop(const struct run *run)                                           \
    {                                                                                                            \
        return run_lookup_loop(ID##_bishop, run);                                                                \
    }                                                                                                            \
    ATTRIBUTES static uint64_t ID##_queen_loop(const struct run *run)                                            \
    {                                                                                                            \
        return run_lookup_loop(ID##_queen, run);                                                                 \
    }                                                                                                            \
    SIDE_PASSES_WITH(ATTRIBUTES, ID, ID##_rook, ID##_bishop, ID##_queen, SET)
#define BACKEND_LOOPS_FOR_TARGET(TARGET, ID) BACKEND_LOOPS_WITH(TARGET_ATTRIBUTE(TARGET), ID, NULL)

#define BACKEND_WITH(ATTRIBUTES, FEATURES, SET, ID, NAME, IDEA, SOURCE, ...)                                     \
    BACKEND_LOOPS_WITH(ATTRIBUTES, ID, SET)                                                                      \
    const struct backend ID##_backend = {.name = NAME,                                                           \
                                         .description = IDEA,                                                    \
                                         .source = SOURCE,                                                       \
                                         .features = FEATURES,                                                   \
                                         .rook = ID##_rook,                                                      \
                                         .bishop = ID##_bishop,                                                  \
                                         .queen = ID##_queen,                                                    \
                                         .rook_loop = ID##_rook_loop,                                            \
                                         .bishop_loop = ID##_bishop_loop,                                        \
                                         .queen_loop = ID##_queen_loop,                                          \
                                         .sets_loop = ID##_sets_loop,                                            \
                                         .sides_loop = ID##_sides_loop,                                          \
                                         __VA_ARGS__};
#define BACKEND(ID, NAME, IDEA, SOURCE, ...) BACKEND_WITH(, 0, NULL, ID, NAME, IDEA, SOURCE, __VA_ARGS__)
#define BACKEND_FOR_TARGET(TARGET, FEATURES, ID, NAME, IDEA, SOURCE, ...)                                        \
    BACKEND_WITH(TARGET_ATTRIBUTE(TARGET), FEATURES, NULL, ID, NAME, IDEA, SOURCE, __VA_ARGS__)
#define BACKEND_WITH_SET(ID, NAME, IDEA, SOURCE, ...)                                                            \
    BACKEND_WITH(, 0, ID##_set, ID, NAME, IDEA, SOURCE, .set_attacks = ID##_set, __VA_ARGS__)
#define BACKEND_WITH_SET_FOR_TARGET(TARGET, FEATURES, ID, NAME, IDEA, SOURCE, ...)                               \
    BACKEND_WITH(TARGET_ATTRIBUTE(TARGET), FEATURES, ID##_set, ID, NAME, IDEA, SOURCE, .set_attacks = ID##_set,    \
                 __VA_ARGS__)

/* A queen that is a rook and a bishop on the same square, for a backend
 * with no queen of its own: defines static inline ID_queen. */
#define QUEEN_FROM_ROOK_AND_BISHOP_WITH(ATTRIBUTES, ID)                                                          \
    ATTRIBUTES static inline bitboard ID##_queen(int square, bitboard occupied)                                  \
    {                                                                                                            \
        return ID##_rook(square, occupied) | ID##_bishop(square, occupied);                                      \
    }
#define QUEEN_FROM_ROOK_AND_BISHOP(ID) QUEEN_FROM_ROOK_AND_BISHOP_WITH(, ID)
#define QUEEN_FROM_ROOK_AND_BISHOP_FOR_TARGET(TARGET, ID) QUEEN_FROM_ROOK_AND_BISHOP_WITH(TARGET_ATTRIBUTE(TARGET), ID)

#endif

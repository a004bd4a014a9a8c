/* How a backend writes its batched passes and registers itself: the one
 * query loop (attackbench_lookup_loop), the side-wise loops, and the BACKEND
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

/* The one line a backend adds for the default side-wise passes: defines
 * PREFIX_sets_loop and PREFIX_sides_loop from its static inline rook,
 * bishop and queen lookups.  SIDE_PASSES_FOR_TARGET compiles them for a
 * target attribute string ("bmi2", "avx2", ...) so that lookups built for
 * it inline.  A macro because C has no other way to stamp out a function
 * per backend with the lookups as compile-time constants. */
#define SIDE_PASSES_WITH(ATTRIBUTES, PREFIX, ROOK, BISHOP, QUEEN, SET)                                           \
    ATTRIBUTES static uint64_t PREFIX##_sets_loop(const struct attackbench_run *run)                                         \
    {                                                                                                            \
        return attackbench_sets_loop(ROOK, BISHOP, SET, run);                                                            \
    }                                                                                                            \
    ATTRIBUTES static uint64_t PREFIX##_sides_loop(const struct attackbench_run *run)                                        \
    {                                                                                                            \
        return attackbench_sides_loop(ROOK, BISHOP, QUEEN, NULL, run);                                                   \
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
 * ID_backend, which the registry (src/registry/registry.c) lists.  The
 * remaining descriptor fields follow as named options (.init = ...,
 * .note = ..., .set_parameter = ...):
 *   BACKEND(classical, "classical", "idea", "source", .init = classical_init)
 * BACKEND_FOR_TARGET compiles the loops for a target attribute string and
 * records the CPU features the descriptor requires.  The _WITH_SET forms
 * are for a set-wise fill: a static inline set_function ID_set, inlined
 * into the sets loop and given as the per-call .set_attacks. */
#define TARGET_ATTRIBUTE(TARGET) __attribute__((target(TARGET)))

/* Bit scans (TZCNT, LZCNT, BLSMSK) on x86-64 need BMI1 and LZCNT, which a
 * backend names with these; aarch64 has them in its base instruction set
 * (RBIT+CLZ, CLZ), so there the same code needs nothing. */
#if defined(__x86_64__)
#define BIT_SCAN_TARGET __attribute__((target("bmi,lzcnt")))
#define BIT_SCAN_FEATURES (CPU_FEATURE_BMI1 | CPU_FEATURE_LZCNT)
#else
#define BIT_SCAN_TARGET
#define BIT_SCAN_FEATURES 0
#endif

/* The loops alone, for a backend that builds its descriptor itself (two
 * code paths chosen at init, or a multi-square kernel): ID_rook_loop,
 * ID_bishop_loop, ID_queen_loop, ID_sets_loop and ID_sides_loop over the
 * static inline ID_rook, ID_bishop and ID_queen (and SET, or NULL). */
#define BACKEND_LOOPS_WITH(ATTRIBUTES, ID, SET)                                                                  \
    ATTRIBUTES static uint64_t ID##_rook_loop(const struct attackbench_run *run)                                             \
    {                                                                                                            \
        return attackbench_lookup_loop(ID##_rook, run);                                                                  \
    }                                                                                                            \
    ATTRIBUTES static uint64_t ID##_bishop_loop(const struct attackbench_run *run)                                           \
    {                                                                                                            \
        return attackbench_lookup_loop(ID##_bishop, run);                                                                \
    }                                                                                                            \
    ATTRIBUTES static uint64_t ID##_queen_loop(const struct attackbench_run *run)                                            \
    {                                                                                                            \
        return attackbench_lookup_loop(ID##_queen, run);                                                                 \
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

#define BACKEND_FOR_BIT_SCANS(ID, NAME, IDEA, SOURCE, ...)                                                       \
    BACKEND_WITH(BIT_SCAN_TARGET, BIT_SCAN_FEATURES, NULL, ID, NAME, IDEA, SOURCE, __VA_ARGS__)

/* The descriptor of a backend written for another architecture: listed,
 * unavailable here with WHY, never run. */
#define BACKEND_NOT_ON_THIS_ARCHITECTURE(ID, NAME, WHY)                                                          \
    const struct backend ID##_backend = {.name = NAME, .description = WHY, .source = "-", .unavailable_here = WHY};

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

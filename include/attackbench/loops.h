/* How a backend file registers itself: one BACKEND line at its end, whose
 * options say everything that differs between backends.  The query loop
 * and the side-wise loops it stamps are the plugin contract's
 * (include/attackbench_plugin_loops.h), so a built-in and a plugin are
 * timed by the same code.  Every backend file includes this header. */
#ifndef ATTACKBENCH_LOOPS_H
#define ATTACKBENCH_LOOPS_H

#include "backend.h"

/* BACKEND(ID, NAME, IDEA, SOURCE, options...) for a file whose static
 * inline ID_rook, ID_bishop and ID_queen are its lookups.  It stamps:
 *   - ID_rook_loop, ID_bishop_loop, ID_queen_loop: the batched passes of
 *     ATTACKBENCH_PASSES, the lookup inlined into each timed loop;
 *   - ID_both, ID_both_loop: both at once (the rook and the bishop set of
 *     one square), composed from ID_rook and ID_bishop, or the backend's
 *     own entry the .both option names (inlined into the loop);
 *   - ID_sets_loop, ID_sides_loop: the side-wise passes, composed from the
 *     lookups or through the native entries the options name (inlined);
 *   - the descriptor `const struct backend ID_backend`, which the registry
 *     (src/registry/registry.c) lists as X(ID_backend).
 * The options, in any order but TARGET first (docs/writing-a-backend.md
 * has them in one table):
 *   TARGET("bmi2")      compile the loops for this target attribute; the
 *                       CPU features the backend needs are derived from it
 *   .init, .note, .set_parameter, .hit_rate, .reset_statistics,
 *   .instructions, .baseline
 *                       the descriptor's fields of those names
 *   .set_attacks = ID_set, .side_attacks = ID_side
 *                       a native set-wise or multi-square entry: given
 *                       per call and inlined into the side-wise pass
 *   .both = ID_native_both
 *                       a native both-at-once entry (a static inline
 *                       function returning struct attackbench_both):
 *                       given per call and inlined into ID_both_loop
 *   .faster_path = &OTHER_backend
 *                       another path of the same backend (its own BACKEND
 *                       line), which the registry runs instead when the
 *                       CPU has its target's features
 *   .rook = ..., .sides_loop = ..., any other field
 *                       replaces what BACKEND would stamp (a native loop)
 * A macro because C has no other way to stamp out functions per backend
 * with the lookups as compile-time constants. */
#define BACKEND(ID, NAME, IDEA, SOURCE, ...) \
    BACKEND_CHOOSE(BACKEND_HAS_TARGET(BACKEND_FIRST(__VA_ARGS__, ~)))(ID, NAME, IDEA, SOURCE, __VA_ARGS__)

/* The target option: a parenthesised string, told apart from a field.
 * The file names its target once (#define MY_TARGET "bmi2") and gives its
 * lookups TARGET_ATTRIBUTE(MY_TARGET), its BACKEND line TARGET(MY_TARGET). */
#define TARGET(STRING) (STRING)
#define TARGET_ATTRIBUTE(STRING) __attribute__((target(STRING)))

/* Bit scans (TZCNT, LZCNT, BLSMSK) need BMI1 and LZCNT on x86-64 and
 * nothing on aarch64 (RBIT+CLZ, CLZ are base instructions): the lookups
 * take BIT_SCAN_ATTRIBUTE, the BACKEND line the option TARGET_BIT_SCANS. */
#if defined(__x86_64__)
#define BIT_SCAN_TARGET "bmi,lzcnt"
#define BIT_SCAN_ATTRIBUTE __attribute__((target(BIT_SCAN_TARGET)))
#define TARGET_BIT_SCANS TARGET(BIT_SCAN_TARGET)
#else
#define BIT_SCAN_ATTRIBUTE
#define TARGET_BIT_SCANS .target = NULL
#endif

/* The descriptor of a backend written for another architecture: listed,
 * unavailable here with WHY, never run. */
#define BACKEND_NOT_ON_THIS_ARCHITECTURE(ID, NAME, WHY) \
    const struct backend ID##_backend = {.name = NAME, .description = WHY, .source = "-", .unavailable_here = WHY};

/* On a lookup whose definition the compilers might keep out of line in
 * some of the timed loops (gcc and clang stop inlining once a function
 * has grown past their limits, and the loops here inline every lookup a
 * dozen times): a call there would be timed with the lookup, in one
 * compiler and not the other.  tests/cli/inlined_lookups.sh finds any
 * timed loop that still calls a lookup. */
#define LOOKUP_INLINE __attribute__((always_inline))

/* `pointer` unchanged, through an empty asm that hides how its address
 * was made, so that a lookup reads every field or row of a square's
 * record from one base register.  gcc 12 otherwise folded the address
 * into each read's index (a shift and an address computation per table)
 * or, short of registers, rebuilt it per lookup; clang 14 mostly adds the
 * base once by itself (docs/findings.md, "Choices in the code"). */
#define BASE_REGISTER(pointer) __asm__("" : "+r"(pointer))

/* A queen that is a rook and a bishop on the same square, for a backend
 * with no queen of its own: defines static inline ID_queen, with the
 * lookups' attributes when they have some:
 *   QUEEN_FROM_ROOK_AND_BISHOP(pext, TARGET_ATTRIBUTE(PEXT_TARGET)) */
#define QUEEN_FROM_ROOK_AND_BISHOP(ID, ...) \
    __VA_ARGS__ static inline LOOKUP_INLINE bitboard ID##_queen(int square, bitboard occupied) \
    { \
        return ID##_rook(square, occupied) | ID##_bishop(square, occupied); \
    }

/* ---- How BACKEND works: nothing below is written in a backend file. */

/* Whether the first option is TARGET(...): a parenthesised group makes
 * BACKEND_PROBE expand to two arguments, shifting 1 into second place. */
#define BACKEND_FIRST(FIRST, ...) FIRST
#define BACKEND_SECOND(FIRST, SECOND, ...) SECOND
#define BACKEND_SECOND_OF(...) BACKEND_SECOND(__VA_ARGS__)
#define BACKEND_PROBE(...) ~, 1
#define BACKEND_HAS_TARGET(OPTION) BACKEND_SECOND_OF(BACKEND_PROBE OPTION, 0, ~)
#define BACKEND_CHOOSE(HAS_TARGET) BACKEND_CHOOSE_(HAS_TARGET)
#define BACKEND_CHOOSE_(HAS_TARGET) BACKEND_TARGETED_##HAS_TARGET
#define BACKEND_UNPARENTHESISE(...) __VA_ARGS__
#define BACKEND_TARGETED_0(ID, NAME, IDEA, SOURCE, ...) BACKEND_STAMP(, NULL, ID, NAME, IDEA, SOURCE, __VA_ARGS__)
#define BACKEND_TARGETED_1(ID, NAME, IDEA, SOURCE, TARGET_OPTION, ...) \
    BACKEND_STAMP(__attribute__((target TARGET_OPTION)), BACKEND_UNPARENTHESISE TARGET_OPTION, ID, NAME, IDEA, SOURCE, \
                  __VA_ARGS__)

/* The options are read twice: as ID_options, whose native entries the
 * compiler folds into the side-wise passes as constants (a static const
 * object's field), and as the descriptor, where they replace the stamped
 * defaults (hence the override warning silenced for that one object). */
#define BACKEND_STAMP(ATTRIBUTES, TARGET_STRING, ID, NAME, IDEA, SOURCE, ...) \
    __attribute__((unused)) static const struct backend ID##_options = {.name = NAME, __VA_ARGS__}; \
    ATTACKBENCH_PASSES(ATTRIBUTES, ID##_rook_loop, attackbench_lookup_entries(ID##_rook), ATTACKBENCH_ONE_SET) \
    ATTACKBENCH_PASSES(ATTRIBUTES, ID##_bishop_loop, attackbench_lookup_entries(ID##_bishop), ATTACKBENCH_ONE_SET) \
    ATTACKBENCH_PASSES(ATTRIBUTES, ID##_queen_loop, attackbench_lookup_entries(ID##_queen), ATTACKBENCH_ONE_SET) \
    ATTRIBUTES __attribute__((unused)) static inline LOOKUP_INLINE struct attackbench_both ID##_both( \
        int square, bitboard occupied) \
    { \
        return (struct attackbench_both){ID##_rook(square, occupied), ID##_bishop(square, occupied)}; \
    } \
    ATTACKBENCH_PASSES(ATTRIBUTES, ID##_both_loop, \
                       attackbench_both_entries(ID##_options.both ? ID##_options.both : ID##_both), ATTACKBENCH_BOTH) \
    ATTRIBUTES __attribute__((unused)) \
    ATTACKBENCH_LINE_ALIGNED static uint64_t ID##_sets_loop(const struct attackbench_run *run) \
    { \
        return attackbench_sets_loop(ID##_rook, ID##_bishop, ID##_options.set_attacks, run); \
    } \
    ATTRIBUTES __attribute__((unused)) \
    ATTACKBENCH_LINE_ALIGNED static uint64_t ID##_sides_loop(const struct attackbench_run *run) \
    { \
        return attackbench_sides_loop(ID##_rook, ID##_bishop, ID##_queen, ID##_options.side_attacks, run); \
    } \
    _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Woverride-init\"") \
        const struct backend ID##_backend = {.name = NAME, \
                                             .description = IDEA, \
                                             .source = SOURCE, \
                                             .target = TARGET_STRING, \
                                             .rook = ID##_rook, \
                                             .bishop = ID##_bishop, \
                                             .queen = ID##_queen, \
                                             .rook_loop = ID##_rook_loop, \
                                             .bishop_loop = ID##_bishop_loop, \
                                             .queen_loop = ID##_queen_loop, \
                                             .both = ID##_both, \
                                             .both_loop = ID##_both_loop, \
                                             .sets_loop = ID##_sets_loop, \
                                             .sides_loop = ID##_sides_loop, \
                                             __VA_ARGS__}; \
    _Pragma("GCC diagnostic pop")

#endif

/* attackbench_plugin.h: the contract between attackbench and a backend
 * built outside it, as a shared object loaded with --plugin=FILE.
 *
 * What to write: two lookups and one line.
 *
 *     #include "attackbench_plugin.h"
 *     static uint64_t my_rook(int square, uint64_t occupied)   { ... }
 *     static uint64_t my_bishop(int square, uint64_t occupied) { ... }
 *     ATTACKBENCH_PLUGIN("my-engine", "My engine, src/attacks.c", my_rook, my_bishop)
 *
 * What to build and run:
 *
 *     cc -O2 -march=native -DNDEBUG -shared -fPIC -fvisibility=hidden -I include my.c -o my.so
 *     attackbench --plugin=./my.so --method=my-engine,pext,magic-fancy
 *
 * Squares are 0 = a1, 1 = b1, ..., 63 = h8; bit n of a bitboard is square
 * n.  A lookup returns the squares a rook (bishop) on `square` attacks
 * when the squares of `occupied` are occupied: up to and including the
 * first occupied square in each direction.  `occupied` may include the
 * slider's own square.  A queen is rook | bishop unless the plugin gives
 * its own; both at once (--piece=both) is the rook and the bishop lookup
 * one after the other, composed by attackbench (the descriptor has no
 * both entry).  Write the lookups as static (or static inline) functions in
 * the file that expands the macro, and include this header before them.
 * An engine's own file included unchanged (#include "attacks.c") has
 * extern lookups: -fvisibility=hidden (above) lets them inline, where
 * plain -fPIC keeps them replaceable at run time (semantic interposition)
 * and the compiler calls them.  attackbench warns about a plugin that
 * exports functions besides its entry.
 *
 * The descriptor records how the plugin was compiled (optimised or not,
 * the compiler and its version); attackbench warns once about a plugin
 * built without optimisation.
 *
 * The second form, ATTACKBENCH_PLUGIN_WITH, takes every optional part in
 * order (0 or NULL where absent):
 *
 *     ATTACKBENCH_PLUGIN_WITH(name, source, description, features, init,
 *                             rook, bishop, queen, set, side)
 *
 *   description  one line for --list: the idea
 *   features     ATTACKBENCH_FEATURE_* bits the code needs (the plugin is
 *                then listed unavailable, with the reason, on a CPU
 *                without them)
 *   init         size_t init(void): builds the tables, returns their size
 *                in bytes; called once before any lookup
 *   queen        a queen lookup of its own
 *   set          uint64_t set(rook_sliders, bishop_sliders, occupied):
 *                every square attacked by the sliders of the two sets
 *                (a set-wise fill)
 *   side         void side(const struct attackbench_side *, occupied,
 *                uint64_t *attacks): each slider's attack set at once
 *                (a multi-square kernel)
 *
 * Names: lower-case letters, digits and '-', starting with a letter, at
 * most 24 characters, and not a built-in method's.
 *
 * The ABI version: ATTACKBENCH_PLUGIN_ABI_MAJOR.MINOR below covers the
 * layouts of struct attackbench_plugin (the descriptor), struct
 * attackbench_side and struct attackbench_run (what a loop reads), and
 * the feature bits.  The descriptor carries the version it was built with
 * and its own size.  attackbench loads a plugin of the same major version
 * (a newer minor version only appends descriptor fields, which it
 * ignores; an older one lacks the fields appended since, which it takes
 * as absent) and refuses another, naming both versions.  A change to the
 * side record or the run is a new major version: 2.0 gave the run its
 * positions layout (`positions_layout`).
 *
 * ATTACKBENCH_PLUGIN expands, inside the plugin, to the per-call entries
 * and to the batched loops with the plugin's lookups inlined, from the
 * second header, attackbench_plugin_loops.h (included below; nothing in it
 * needs reading to write a plugin): the same loop shapes, the same
 * one-query-at-a-time rule and the same checksum as attackbench's own
 * backends, so a plugin is measured exactly like them and pays no
 * indirect call per query in batch mode.
 *
 * Both headers are self-contained (<stddef.h>, <stdint.h>) and compile as
 * C99 or later and as C++11 or later. */
#ifndef ATTACKBENCH_PLUGIN_H
#define ATTACKBENCH_PLUGIN_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define ATTACKBENCH_PLUGIN_ABI_MAJOR 2
#define ATTACKBENCH_PLUGIN_ABI_MINOR 0

/* CPU features a plugin may need (the `features` argument). */
#define ATTACKBENCH_FEATURE_POPCNT (1u << 0)
#define ATTACKBENCH_FEATURE_BMI1 (1u << 1)
#define ATTACKBENCH_FEATURE_BMI2 (1u << 2)
#define ATTACKBENCH_FEATURE_LZCNT (1u << 3)
#define ATTACKBENCH_FEATURE_AVX2 (1u << 4)
/* AVX-512 Foundation plus the VL extension (256-bit forms). */
#define ATTACKBENCH_FEATURE_AVX512 (1u << 5)
#define ATTACKBENCH_FEATURE_AVX512F (1u << 6)
/* EVEX encodings of 128- and 256-bit instructions. */
#define ATTACKBENCH_FEATURE_AVX512VL (1u << 7)
/* Byte and word instructions (EVEX vpshufb). */
#define ATTACKBENCH_FEATURE_AVX512BW (1u << 8)
/* Galois-field instructions, GF2P8AFFINEQB among them. */
#define ATTACKBENCH_FEATURE_GFNI (1u << 9)
/* Conflict detection, for VPLZCNTQ. */
#define ATTACKBENCH_FEATURE_AVX512CD (1u << 10)
/* Doubleword and quadword instructions, VPMULLQ among them. */
#define ATTACKBENCH_FEATURE_AVX512DQ (1u << 11)
/* aarch64: SVE2, and its bit permutes (BEXT, BDEP, BGRP). */
#define ATTACKBENCH_FEATURE_SVE2 (1u << 12)
#define ATTACKBENCH_FEATURE_SVE2_BITPERM (1u << 13)
/* WebAssembly's 128-bit SIMD (an engine that runs the module has it). */
#define ATTACKBENCH_FEATURE_SIMD128 (1u << 14)
/* AVX-512 BITALG: VPOPCNTB, the popcount of each byte of a vector. */
#define ATTACKBENCH_FEATURE_AVX512BITALG (1u << 15)
/* AVX-512 VBMI: VPERMB, any byte of a zmm to any byte. */
#define ATTACKBENCH_FEATURE_AVX512VBMI (1u << 16)

/* How the plugin was compiled (the descriptor's build_flags). */
#define ATTACKBENCH_BUILD_RECORDED (1u << 0)
#define ATTACKBENCH_BUILD_OPTIMIZED (1u << 1)          /* __OPTIMIZE__: -O1 and above */
#define ATTACKBENCH_BUILD_OPTIMIZED_FOR_SIZE (1u << 2) /* __OPTIMIZE_SIZE__: -Os, -Oz */
#define ATTACKBENCH_BUILD_NO_INLINE (1u << 3)          /* __NO_INLINE__: -O0 or -fno-inline */
#define ATTACKBENCH_BUILD_ASSERTIONS (1u << 4)         /* no NDEBUG: assert() checks are compiled in */
#ifdef __OPTIMIZE__
#define ATTACKBENCH_BUILD_OPTIMIZATION_FLAG ATTACKBENCH_BUILD_OPTIMIZED
#else
#define ATTACKBENCH_BUILD_OPTIMIZATION_FLAG 0u
#endif
#ifdef __OPTIMIZE_SIZE__
#define ATTACKBENCH_BUILD_SIZE_FLAG ATTACKBENCH_BUILD_OPTIMIZED_FOR_SIZE
#else
#define ATTACKBENCH_BUILD_SIZE_FLAG 0u
#endif
#ifdef __NO_INLINE__
#define ATTACKBENCH_BUILD_INLINE_FLAG ATTACKBENCH_BUILD_NO_INLINE
#else
#define ATTACKBENCH_BUILD_INLINE_FLAG 0u
#endif
#ifdef NDEBUG
#define ATTACKBENCH_BUILD_ASSERTION_FLAG 0u
#else
#define ATTACKBENCH_BUILD_ASSERTION_FLAG ATTACKBENCH_BUILD_ASSERTIONS
#endif
#define ATTACKBENCH_BUILD_FLAGS \
    (ATTACKBENCH_BUILD_RECORDED | ATTACKBENCH_BUILD_OPTIMIZATION_FLAG | ATTACKBENCH_BUILD_SIZE_FLAG | \
     ATTACKBENCH_BUILD_INLINE_FLAG | ATTACKBENCH_BUILD_ASSERTION_FLAG)
#if defined(__clang__)
#define ATTACKBENCH_BUILD_COMPILER "clang " __clang_version__
#elif defined(__GNUC__)
#define ATTACKBENCH_BUILD_COMPILER "gcc " __VERSION__
#elif defined(__VERSION__)
#define ATTACKBENCH_BUILD_COMPILER __VERSION__
#else
#define ATTACKBENCH_BUILD_COMPILER "an unknown compiler"
#endif

/* A lookup: the attack set of a rook or bishop (or queen) on `square`. */
typedef uint64_t (*attackbench_lookup_function)(int square, uint64_t occupied);

/* One side of one position, as the side-wise workloads ask about it: the
 * union of its sliders' attacks (sets) or each slider's own (sides).
 * More sliders than a game can have (13) fit, for random boards. */
enum { ATTACKBENCH_SIDE_MAX_SLIDERS = 16 };
struct attackbench_side {
    uint64_t occupied;       /* both colours */
    uint64_t rook_sliders;   /* the side's rooks and queens */
    uint64_t bishop_sliders; /* the side's bishops and queens */
    uint32_t pressure_line;  /* a pseudo-random cache line (cache-pressure mode) */
    /* The side's slider squares: rooks, then bishops, then queens. */
    uint8_t rooks, bishops, queens;
    uint8_t squares[ATTACKBENCH_SIDE_MAX_SLIDERS];
};

/* Set-wise entry: every square attacked rook-wise from rook_sliders or
 * bishop-wise from bishop_sliders. */
typedef uint64_t (*attackbench_set_function)(uint64_t rook_sliders, uint64_t bishop_sliders, uint64_t occupied);
/* Multi-square entry: the attack set of each of the record's sliders, in
 * the order of side->squares, against `occupied`, into attacks[]. */
typedef void (*attackbench_side_function)(const struct attackbench_side *side, uint64_t occupied, uint64_t *attacks);

/* One pass over a query stream, kept as separate arrays so that the loop
 * reads 9 bytes per query (a 64 K-query stream fits in L2 beside the
 * tables).  Flags select the loop shape.  Part of the ABI: its layout
 * changes only with ATTACKBENCH_PLUGIN_ABI_MAJOR. */
struct attackbench_run {
    const uint64_t *occupied;
    const uint8_t *squares;
    size_t count;
    /* Latency mode: each occupancy is XORed with bit 0 of the previous
     * result, so every lookup waits for the one before it. */
    int chained;
    /* The positions layout (ABI 2.0): occupied[] holds one occupancy per
     * position, each shared by the ATTACKBENCH_POSITION_SQUARES squares
     * that follow in squares[]; `count` counts the squares (a multiple of
     * ATTACKBENCH_POSITION_SQUARES).  0: one occupancy per square. */
    int positions_layout;
    /* Side-wise passes (sets_loop, sides_loop): `count` records, instead
     * of occupied and squares. */
    const struct attackbench_side *sides;
    /* Cache-pressure mode: when not NULL, one byte of a random cache line
     * of this buffer (pressure_lines[i] & pressure_line_mask, times 64) is
     * read before each lookup. */
    const uint8_t *pressure_buffer;
    const uint32_t *pressure_lines;
    uint32_t pressure_line_mask;
    /* The checking pass (untimed): add attackbench_checksum_mix() of each
     * attack set instead of the attack set itself. */
    int mix_results;
};

/* A batched pass: the sum of the attack sets of the pass (of their
 * attackbench_checksum_mix() when run->mix_results is set). */
typedef uint64_t (*attackbench_loop_function)(const struct attackbench_run *run);

/* The code a descriptor names, in the order of struct attackbench_plugin;
 * attackbench's own descriptor (struct backend) holds the same fields. */
#define ATTACKBENCH_DESCRIPTOR_FIELDS \
    uint16_t abi_major, abi_minor; \
    uint32_t size; /* sizeof(struct attackbench_plugin) where it was built */ \
    const char *name; \
    const char *source; \
    const char *description; \
    uint32_t features; \
    size_t (*init)(void); \
    attackbench_lookup_function rook, bishop, queen; \
    attackbench_loop_function rook_loop, bishop_loop, queen_loop; \
    attackbench_loop_function sets_loop, sides_loop; \
    attackbench_set_function set_attacks; \
    attackbench_side_function side_attacks; \
    /* How the plugin was compiled (0 and NULL in a built-in) */ \
    uint32_t build_flags; /* ATTACKBENCH_BUILD_* */ \
    const char *compiler; /* ATTACKBENCH_BUILD_COMPILER: "gcc 12.2.0" */

/* The descriptor a plugin exports (through attackbench_plugin_entry). */
struct attackbench_plugin {
    ATTACKBENCH_DESCRIPTOR_FIELDS
};

/* The one symbol attackbench looks up in a plugin. */
#define ATTACKBENCH_PLUGIN_ENTRY attackbench_plugin_entry
const struct attackbench_plugin *attackbench_plugin_entry(void);

#ifdef __cplusplus
}
#define ATTACKBENCH_PLUGIN_EXPORT extern "C" __attribute__((visibility("default")))
#else
#define ATTACKBENCH_PLUGIN_EXPORT __attribute__((visibility("default")))
#endif

/* The loops ATTACKBENCH_PLUGIN stamps. */
#include "attackbench_plugin_loops.h"

#define ATTACKBENCH_PLUGIN_WITH(NAME, SOURCE, DESCRIPTION, FEATURES, INIT, ROOK, BISHOP, QUEEN, SET, SIDE) \
    static inline uint64_t attackbench_plugin_rook(int square, uint64_t occupied) \
    { \
        return ROOK(square, occupied); \
    } \
    static inline uint64_t attackbench_plugin_bishop(int square, uint64_t occupied) \
    { \
        return BISHOP(square, occupied); \
    } \
    static inline uint64_t attackbench_plugin_queen(int square, uint64_t occupied) \
    { \
        attackbench_lookup_function queen = QUEEN; \
        return queen ? queen(square, occupied) : ROOK(square, occupied) | BISHOP(square, occupied); \
    } \
    ATTACKBENCH_PASSES(, attackbench_plugin_rook_loop, attackbench_lookup_entries(attackbench_plugin_rook), \
                       ATTACKBENCH_ONE_SET) \
    ATTACKBENCH_PASSES(, attackbench_plugin_bishop_loop, attackbench_lookup_entries(attackbench_plugin_bishop), \
                       ATTACKBENCH_ONE_SET) \
    ATTACKBENCH_PASSES(, attackbench_plugin_queen_loop, attackbench_lookup_entries(attackbench_plugin_queen), \
                       ATTACKBENCH_ONE_SET) \
    ATTACKBENCH_LINE_ALIGNED static uint64_t attackbench_plugin_sets_loop(const struct attackbench_run *run) \
    { \
        return attackbench_sets_loop(attackbench_plugin_rook, attackbench_plugin_bishop, SET, run); \
    } \
    ATTACKBENCH_LINE_ALIGNED static uint64_t attackbench_plugin_sides_loop(const struct attackbench_run *run) \
    { \
        return attackbench_sides_loop(attackbench_plugin_rook, attackbench_plugin_bishop, attackbench_plugin_queen, \
                                      SIDE, run); \
    } \
    static const struct attackbench_plugin attackbench_plugin_descriptor = {ATTACKBENCH_PLUGIN_ABI_MAJOR, \
                                                                            ATTACKBENCH_PLUGIN_ABI_MINOR, \
                                                                            sizeof(struct attackbench_plugin), \
                                                                            NAME, \
                                                                            SOURCE, \
                                                                            DESCRIPTION, \
                                                                            FEATURES, \
                                                                            INIT, \
                                                                            attackbench_plugin_rook, \
                                                                            attackbench_plugin_bishop, \
                                                                            attackbench_plugin_queen, \
                                                                            attackbench_plugin_rook_loop, \
                                                                            attackbench_plugin_bishop_loop, \
                                                                            attackbench_plugin_queen_loop, \
                                                                            attackbench_plugin_sets_loop, \
                                                                            attackbench_plugin_sides_loop, \
                                                                            SET, \
                                                                            SIDE, \
                                                                            ATTACKBENCH_BUILD_FLAGS, \
                                                                            ATTACKBENCH_BUILD_COMPILER}; \
    ATTACKBENCH_PLUGIN_EXPORT const struct attackbench_plugin *attackbench_plugin_entry(void) \
    { \
        return &attackbench_plugin_descriptor; \
    }

#define ATTACKBENCH_PLUGIN(NAME, SOURCE, ROOK, BISHOP) \
    ATTACKBENCH_PLUGIN_WITH(NAME, SOURCE, "", 0, NULL, ROOK, BISHOP, NULL, NULL, NULL)

#endif

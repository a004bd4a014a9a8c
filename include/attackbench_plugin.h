/* attackbench_plugin.h: the contract between attackbench and a backend
 * built outside it, as a shared object loaded with --plugin=FILE.
 *
 * The smallest plugin is two lookups and one line:
 *
 *     #include "attackbench_plugin.h"
 *     static uint64_t my_rook(int square, uint64_t occupied)   { ... }
 *     static uint64_t my_bishop(int square, uint64_t occupied) { ... }
 *     ATTACKBENCH_PLUGIN("my-engine", "My engine, src/attacks.c", my_rook, my_bishop)
 *
 *     cc -O2 -march=native -shared -fPIC -fvisibility=hidden -I include my.c -o my.so
 *     attackbench --plugin=./my.so --method=my-engine,pext,magic-fancy
 *
 * Squares are 0 = a1, 1 = b1, ..., 63 = h8; bit n of a bitboard is square
 * n.  A lookup returns the squares a rook (bishop) on `square` attacks
 * when the squares of `occupied` are occupied: up to and including the
 * first occupied square in each direction.  `occupied` may include the
 * slider's own square.  A queen is rook | bishop unless the plugin gives
 * its own.
 *
 * ATTACKBENCH_PLUGIN expands, inside the plugin, to the per-call entries
 * and to the batched loops with the plugin's lookups inlined: the same
 * loop shapes, the same one-query-at-a-time rule and the same checksum as
 * attackbench's own backends, so a plugin is measured exactly like them
 * and pays no indirect call per query in batch mode.  Write the lookups
 * as static (or static inline) functions in the file that expands the
 * macro, so that the compiler can inline them.  An engine's own file
 * included unchanged (#include "attacks.c") has extern lookups: build
 * with -fvisibility=hidden (as above), or -fPIC lets another library
 * replace them at run time (semantic interposition) and the compiler
 * calls them instead of inlining them.  attackbench warns about a plugin
 * that exports functions besides its entry.
 *
 * How the plugin was compiled is recorded in its descriptor (whether
 * optimised, the compiler and its version); attackbench warns once about
 * a plugin built without optimisation.
 *
 * One query at a time: an engine computes one attack set at a time, so a
 * compiler must not vectorise a loop across queries.  This header tells
 * clang so per loop (#pragma clang loop vectorize(disable)) and gcc 14 and
 * later likewise (#pragma GCC novector); for older gcc it sets
 * -fno-tree-loop-vectorize for the rest of the file that includes it
 * (#pragma GCC optimize), which leaves vector code inside one lookup
 * (intrinsics, SLP) alone.  Include it before your lookups.
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
 * ABI: the descriptor carries the major and minor version of this header
 * and its own size.  attackbench loads a plugin of the same major version
 * (a newer minor version only appends fields, which it ignores; an older
 * one lacks the fields appended since, which it takes as absent: 1.0
 * recorded no build) and refuses another, naming both versions.
 *
 * The header is self-contained (<stddef.h>, <stdint.h>) and compiles as
 * C99 or later and as C++11 or later. */
#ifndef ATTACKBENCH_PLUGIN_H
#define ATTACKBENCH_PLUGIN_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define ATTACKBENCH_PLUGIN_ABI_MAJOR 1
#define ATTACKBENCH_PLUGIN_ABI_MINOR 1

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

/* How the plugin was compiled (the descriptor's build_flags, ABI 1.1). */
#define ATTACKBENCH_BUILD_RECORDED (1u << 0)
#define ATTACKBENCH_BUILD_OPTIMIZED (1u << 1)         /* __OPTIMIZE__: -O1 and above */
#define ATTACKBENCH_BUILD_OPTIMIZED_FOR_SIZE (1u << 2) /* __OPTIMIZE_SIZE__: -Os, -Oz */
#define ATTACKBENCH_BUILD_NO_INLINE (1u << 3)         /* __NO_INLINE__: -O0 or -fno-inline */
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
#define ATTACKBENCH_BUILD_FLAGS                                                                                  \
    (ATTACKBENCH_BUILD_RECORDED | ATTACKBENCH_BUILD_OPTIMIZATION_FLAG | ATTACKBENCH_BUILD_SIZE_FLAG |           \
     ATTACKBENCH_BUILD_INLINE_FLAG)
#if defined(__clang__)
#define ATTACKBENCH_BUILD_COMPILER "clang " __clang_version__
#elif defined(__GNUC__)
#define ATTACKBENCH_BUILD_COMPILER "gcc " __VERSION__
#elif defined(__VERSION__)
#define ATTACKBENCH_BUILD_COMPILER __VERSION__
#else
#define ATTACKBENCH_BUILD_COMPILER "an unknown compiler"
#endif

#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ < 14
#pragma GCC optimize("no-tree-loop-vectorize")
#endif

typedef uint64_t (*attackbench_lookup_function)(int square, uint64_t occupied);

/* One side of one position, as the side-wise workloads ask about it (see
 * "Side-wise workloads" below).  More sliders than a game can have (13) fit,
 * for random boards. */
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

/* Total sliders of a record. */
static inline int attackbench_side_slider_count(const struct attackbench_side *side)
{
    return side->rooks + side->bishops + side->queens;
}

/* Set-wise entry: every square attacked rook-wise from rook_sliders or
 * bishop-wise from bishop_sliders. */
typedef uint64_t (*attackbench_set_function)(uint64_t rook_sliders, uint64_t bishop_sliders, uint64_t occupied);
/* Multi-square entry: the attack set of each of the record's sliders, in
 * the order of side->squares, against `occupied`, into attacks[]. */
typedef void (*attackbench_side_function)(const struct attackbench_side *side, uint64_t occupied, uint64_t *attacks);

/* One pass over a query stream, kept as separate arrays so that the loop
 * reads 9 bytes per query (a 64 K-query stream fits in L2 beside the
 * tables).  Flags select the loop shape. */
struct attackbench_run {
    const uint64_t *occupied;
    const uint8_t *squares;
    size_t count;
    /* Latency mode: each occupancy is XORed with bit 0 of the previous
     * result, so every lookup waits for the one before it. */
    int chained;
    /* Side-wise passes (sets_loop, sides_loop): `count` records, instead
     * of occupied and squares. */
    const struct attackbench_side *sides;
    /* Cache-pressure mode: when not NULL, one byte of a random cache line
     * of this buffer (pressure_lines[i] & pressure_line_mask, times 64) is
     * read before each lookup. */
    const uint8_t *pressure_buffer;
    const uint32_t *pressure_lines;
    uint32_t pressure_line_mask;
    /* The checking pass (untimed): add attackbench_checksum_mix() of each attack set
     * instead of the attack set itself. */
    int mix_results;
};

/* Keep a value alive without a store: an empty asm that claims to read it
 * from a register and to touch memory. */
static inline void attackbench_keep(uint64_t value)
{
    __asm__ volatile("" : : "r"(value) : "memory");
}

/* What the checking pass adds up for each lookup: the attack set through
 * the finalizer of MurmurHash3 (Austin Appleby, public domain; its shifts
 * and multipliers).  A plain sum of attack sets lets errors cancel: two
 * results each wrong by h8 (bit 63) add 2^64, which is 0.  After this mix
 * a change of any bits of one result changes its term by a value that
 * depends on all 64 bits of the result, so a few wrong results cancel
 * only by a 2^-64 chance.  The timed passes keep the plain sum: two
 * multiplies per query would compete with PEXT and imul lookups for the
 * same execution port and distort what is measured. */
static inline uint64_t attackbench_checksum_mix(uint64_t attacks)
{
    uint64_t x = attacks;
    x ^= x >> 33;
    x *= 0xFF51AFD7ED558CCDULL;
    x ^= x >> 33;
    x *= 0xC4CEB9FE1A85EC53ULL;
    return x ^ (x >> 33);
}

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
#define ATTACKBENCH_ONE_QUERY_AT_A_TIME _Pragma("clang loop vectorize(disable) interleave(disable)")
#define ATTACKBENCH_ONE_QUERY_AT_A_TIME_UNROLLED _Pragma("clang loop vectorize(disable) interleave(disable) unroll_count(4)")
#elif defined(__GNUC__) && __GNUC__ >= 14
#define ATTACKBENCH_ONE_QUERY_AT_A_TIME _Pragma("GCC novector")
#define ATTACKBENCH_ONE_QUERY_AT_A_TIME_UNROLLED _Pragma("GCC novector") _Pragma("GCC unroll 4")
#else
#define ATTACKBENCH_ONE_QUERY_AT_A_TIME
#define ATTACKBENCH_ONE_QUERY_AT_A_TIME_UNROLLED _Pragma("GCC unroll 4")
#endif

static inline __attribute__((always_inline)) uint64_t
attackbench_lookup_loop(attackbench_lookup_function lookup, const struct attackbench_run *run)
{
    const uint64_t *occupied = run->occupied;
    const uint8_t *squares = run->squares;
    const size_t count = run->count;
    uint64_t sum = 0;

    if (run->mix_results) {
        /* The checking pass: untimed, so one loop serves both modes. */
        uint64_t previous = 0;
        for (size_t i = 0; i < count; i++) {
            previous = lookup(squares[i], occupied[i] ^ (run->chained ? previous & 1 : 0));
            sum += attackbench_checksum_mix(previous);
        }
        return sum;
    }
    if (run->pressure_buffer == NULL) {
        if (!run->chained) {
            ATTACKBENCH_ONE_QUERY_AT_A_TIME_UNROLLED
            for (size_t i = 0; i < count; i++)
                sum += lookup(squares[i], occupied[i]);
        } else {
            uint64_t previous = 0;
            ATTACKBENCH_ONE_QUERY_AT_A_TIME
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
        ATTACKBENCH_ONE_QUERY_AT_A_TIME
        for (size_t i = 0; i < count; i++) {
            touched += buffer[(size_t)(lines[i] & line_mask) * 64];
            sum += lookup(squares[i], occupied[i]);
        }
    } else {
        uint64_t previous = 0;
        ATTACKBENCH_ONE_QUERY_AT_A_TIME
        for (size_t i = 0; i < count; i++) {
            touched += buffer[(size_t)(lines[i] & line_mask) * 64];
            previous = lookup(squares[i], occupied[i] ^ (previous & 1));
            sum += previous;
        }
    }
    attackbench_keep(touched);
    return sum;
}

/* The set-wise answer composed from single lookups: a loop over the bits
 * of each set, the order in which an engine walks its pieces. */
static inline __attribute__((always_inline)) uint64_t
attackbench_compose_set(attackbench_lookup_function rook, attackbench_lookup_function bishop, uint64_t rook_sliders, uint64_t bishop_sliders,
                    uint64_t occupied)
{
    uint64_t attacks = 0;
    ATTACKBENCH_ONE_QUERY_AT_A_TIME
    for (; rook_sliders; rook_sliders &= rook_sliders - 1)
        attacks |= rook(__builtin_ctzll(rook_sliders), occupied);
    ATTACKBENCH_ONE_QUERY_AT_A_TIME
    for (; bishop_sliders; bishop_sliders &= bishop_sliders - 1)
        attacks |= bishop(__builtin_ctzll(bishop_sliders), occupied);
    return attacks;
}

/* One sets pass with its flags as constants (the callers below pass
 * literals, so each combination is its own loop with no test inside).
 * `set` NULL: compose from rook and bishop. */
static inline __attribute__((always_inline)) uint64_t
attackbench_sets_pass(attackbench_lookup_function rook, attackbench_lookup_function bishop, attackbench_set_function set, const struct attackbench_run *run, const int chained,
          const int mix, const int pressure)
{
    const struct attackbench_side *sides = run->sides;
    uint64_t sum = 0, touched = 0;
    uint64_t previous = 0;
    ATTACKBENCH_ONE_QUERY_AT_A_TIME
    for (size_t i = 0; i < run->count; i++) {
        const struct attackbench_side *side = &sides[i];
        if (pressure)
            touched += run->pressure_buffer[(size_t)(side->pressure_line & run->pressure_line_mask) * 64];
        uint64_t occupied = side->occupied ^ (chained ? previous & 1 : 0);
        previous = set ? set(side->rook_sliders, side->bishop_sliders, occupied)
                       : attackbench_compose_set(rook, bishop, side->rook_sliders, side->bishop_sliders, occupied);
        sum += mix ? attackbench_checksum_mix(previous) : previous;
    }
    if (pressure)
        attackbench_keep(touched);
    return sum;
}

static inline __attribute__((always_inline)) uint64_t attackbench_sets_loop(attackbench_lookup_function rook, attackbench_lookup_function bishop,
                                                                    attackbench_set_function set, const struct attackbench_run *run)
{
    const int pressure = run->pressure_buffer != NULL;
    if (run->mix_results) /* untimed: one loop serves every mode */
        return attackbench_sets_pass(rook, bishop, set, run, run->chained, 1, pressure);
    if (pressure)
        return run->chained ? attackbench_sets_pass(rook, bishop, set, run, 1, 0, 1) : attackbench_sets_pass(rook, bishop, set, run, 0, 0, 1);
    return run->chained ? attackbench_sets_pass(rook, bishop, set, run, 1, 0, 0) : attackbench_sets_pass(rook, bishop, set, run, 0, 0, 0);
}

/* The sides answer from single lookups: each slider in turn, its result
 * added before the next (`previous` is the last one, for latency mode). */
static inline __attribute__((always_inline)) uint64_t
attackbench_compose_side(attackbench_lookup_function rook, attackbench_lookup_function bishop, attackbench_lookup_function queen, const struct attackbench_side *side,
                 uint64_t occupied, const int mix, uint64_t *previous)
{
    const uint8_t *squares = side->squares;
    const int bishops_end = side->rooks + side->bishops, end = bishops_end + side->queens;
    uint64_t sum = 0;
    uint64_t attacks = *previous;
    ATTACKBENCH_ONE_QUERY_AT_A_TIME
    for (int k = 0; k < side->rooks; k++) {
        attacks = rook(squares[k], occupied);
        sum += mix ? attackbench_checksum_mix(attacks) : attacks;
    }
    ATTACKBENCH_ONE_QUERY_AT_A_TIME
    for (int k = side->rooks; k < bishops_end; k++) {
        attacks = bishop(squares[k], occupied);
        sum += mix ? attackbench_checksum_mix(attacks) : attacks;
    }
    ATTACKBENCH_ONE_QUERY_AT_A_TIME
    for (int k = bishops_end; k < end; k++) {
        attacks = queen(squares[k], occupied);
        sum += mix ? attackbench_checksum_mix(attacks) : attacks;
    }
    *previous = attacks;
    return sum;
}

/* The same through a multi-square entry. */
static inline __attribute__((always_inline)) uint64_t
attackbench_native_side(attackbench_side_function kernel, const struct attackbench_side *side, uint64_t occupied, const int mix,
                uint64_t *previous)
{
    uint64_t attacks[ATTACKBENCH_SIDE_MAX_SLIDERS];
    const int count = attackbench_side_slider_count(side);
    uint64_t sum = 0;
    kernel(side, occupied, attacks);
    ATTACKBENCH_ONE_QUERY_AT_A_TIME
    for (int k = 0; k < count; k++)
        sum += mix ? attackbench_checksum_mix(attacks[k]) : attacks[k];
    if (count)
        *previous = attacks[count - 1];
    return sum;
}

static inline __attribute__((always_inline)) uint64_t
attackbench_sides_pass(attackbench_lookup_function rook, attackbench_lookup_function bishop, attackbench_lookup_function queen, attackbench_side_function kernel,
           const struct attackbench_run *run, const int chained, const int mix, const int pressure)
{
    const struct attackbench_side *sides = run->sides;
    uint64_t sum = 0, touched = 0;
    uint64_t previous = 0;
    ATTACKBENCH_ONE_QUERY_AT_A_TIME
    for (size_t i = 0; i < run->count; i++) {
        const struct attackbench_side *side = &sides[i];
        if (pressure)
            touched += run->pressure_buffer[(size_t)(side->pressure_line & run->pressure_line_mask) * 64];
        uint64_t occupied = side->occupied ^ (chained ? previous & 1 : 0);
        sum += kernel ? attackbench_native_side(kernel, side, occupied, mix, &previous)
                      : attackbench_compose_side(rook, bishop, queen, side, occupied, mix, &previous);
    }
    if (pressure)
        attackbench_keep(touched);
    return sum;
}

static inline __attribute__((always_inline)) uint64_t attackbench_sides_loop(attackbench_lookup_function rook, attackbench_lookup_function bishop,
                                                                     attackbench_lookup_function queen, attackbench_side_function kernel,
                                                                     const struct attackbench_run *run)
{
    const int pressure = run->pressure_buffer != NULL;
    if (run->mix_results)
        return attackbench_sides_pass(rook, bishop, queen, kernel, run, run->chained, 1, pressure);
    if (pressure)
        return run->chained ? attackbench_sides_pass(rook, bishop, queen, kernel, run, 1, 0, 1)
                            : attackbench_sides_pass(rook, bishop, queen, kernel, run, 0, 0, 1);
    return run->chained ? attackbench_sides_pass(rook, bishop, queen, kernel, run, 1, 0, 0)
                        : attackbench_sides_pass(rook, bishop, queen, kernel, run, 0, 0, 0);
}

/* The descriptor a plugin exports (through attackbench_plugin_entry). */
struct attackbench_plugin {
    uint16_t abi_major, abi_minor;
    uint32_t size; /* sizeof(struct attackbench_plugin) where it was built */
    const char *name;
    const char *source;
    const char *description;
    uint32_t features;
    size_t (*init)(void);
    attackbench_lookup_function rook, bishop, queen;
    uint64_t (*rook_loop)(const struct attackbench_run *run);
    uint64_t (*bishop_loop)(const struct attackbench_run *run);
    uint64_t (*queen_loop)(const struct attackbench_run *run);
    uint64_t (*sets_loop)(const struct attackbench_run *run);
    uint64_t (*sides_loop)(const struct attackbench_run *run);
    attackbench_set_function set_attacks;
    attackbench_side_function side_attacks;
    /* ABI 1.1: how the plugin was compiled. */
    uint32_t build_flags;   /* ATTACKBENCH_BUILD_* */
    const char *compiler;   /* ATTACKBENCH_BUILD_COMPILER: "gcc 12.2.0" */
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

#define ATTACKBENCH_PLUGIN_WITH(NAME, SOURCE, DESCRIPTION, FEATURES, INIT, ROOK, BISHOP, QUEEN, SET, SIDE)       \
    static inline uint64_t attackbench_plugin_rook(int square, uint64_t occupied)                                \
    {                                                                                                            \
        return ROOK(square, occupied);                                                                           \
    }                                                                                                            \
    static inline uint64_t attackbench_plugin_bishop(int square, uint64_t occupied)                              \
    {                                                                                                            \
        return BISHOP(square, occupied);                                                                         \
    }                                                                                                            \
    static inline uint64_t attackbench_plugin_queen(int square, uint64_t occupied)                               \
    {                                                                                                            \
        attackbench_lookup_function queen = QUEEN;                                                               \
        return queen ? queen(square, occupied) : ROOK(square, occupied) | BISHOP(square, occupied);              \
    }                                                                                                            \
    static uint64_t attackbench_plugin_rook_loop(const struct attackbench_run *run)                              \
    {                                                                                                            \
        return attackbench_lookup_loop(attackbench_plugin_rook, run);                                            \
    }                                                                                                            \
    static uint64_t attackbench_plugin_bishop_loop(const struct attackbench_run *run)                            \
    {                                                                                                            \
        return attackbench_lookup_loop(attackbench_plugin_bishop, run);                                          \
    }                                                                                                            \
    static uint64_t attackbench_plugin_queen_loop(const struct attackbench_run *run)                             \
    {                                                                                                            \
        return attackbench_lookup_loop(attackbench_plugin_queen, run);                                           \
    }                                                                                                            \
    static uint64_t attackbench_plugin_sets_loop(const struct attackbench_run *run)                              \
    {                                                                                                            \
        return attackbench_sets_loop(attackbench_plugin_rook, attackbench_plugin_bishop, SET, run);              \
    }                                                                                                            \
    static uint64_t attackbench_plugin_sides_loop(const struct attackbench_run *run)                             \
    {                                                                                                            \
        return attackbench_sides_loop(attackbench_plugin_rook, attackbench_plugin_bishop, attackbench_plugin_queen, \
                                      SIDE, run);                                                                \
    }                                                                                                            \
    static const struct attackbench_plugin attackbench_plugin_descriptor = {                                     \
        ATTACKBENCH_PLUGIN_ABI_MAJOR, ATTACKBENCH_PLUGIN_ABI_MINOR, sizeof(struct attackbench_plugin),           \
        NAME, SOURCE, DESCRIPTION, FEATURES, INIT,                                                               \
        attackbench_plugin_rook, attackbench_plugin_bishop, attackbench_plugin_queen,                            \
        attackbench_plugin_rook_loop, attackbench_plugin_bishop_loop, attackbench_plugin_queen_loop,             \
        attackbench_plugin_sets_loop, attackbench_plugin_sides_loop, SET, SIDE,                                  \
        ATTACKBENCH_BUILD_FLAGS, ATTACKBENCH_BUILD_COMPILER};                                                    \
    ATTACKBENCH_PLUGIN_EXPORT const struct attackbench_plugin *attackbench_plugin_entry(void)                     \
    {                                                                                                            \
        return &attackbench_plugin_descriptor;                                                                   \
    }

#define ATTACKBENCH_PLUGIN(NAME, SOURCE, ROOK, BISHOP)                                                           \
    ATTACKBENCH_PLUGIN_WITH(NAME, SOURCE, "", 0, NULL, ROOK, BISHOP, NULL, NULL, NULL)

#endif

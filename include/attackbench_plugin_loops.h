/* attackbench_plugin_loops.h: the loops ATTACKBENCH_PLUGIN (and
 * attackbench's own BACKEND) stamp around a backend's lookups, included
 * by attackbench_plugin.h after its types (not on its own).  Nothing here needs reading to write a plugin:
 * it is how a pass runs one query at a time over a stream, in every loop
 * shape (throughput, latency, cache pressure, the checking pass), and the
 * side-wise passes over side records. */
#ifndef ATTACKBENCH_PLUGIN_LOOPS_H
#define ATTACKBENCH_PLUGIN_LOOPS_H

#include <stddef.h>
#include <stdint.h>

/* One query at a time: an engine computes one attack set at a time, so a
 * compiler must not vectorise a loop across queries.  clang is told so
 * per loop (#pragma clang loop vectorize(disable)) and gcc 14 and later
 * likewise (#pragma GCC novector); for older gcc this sets
 * -fno-tree-loop-vectorize for the rest of the file that includes it
 * (#pragma GCC optimize), which leaves vector code inside one lookup
 * (intrinsics, SLP) alone. */
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ < 14
#pragma GCC optimize("no-tree-loop-vectorize")
#endif

/* Each timed pass is a function of its own starting on a 64-byte line, so
 * that where its loop falls among the instruction cache's lines depends on
 * its own code alone, never on what the linker put before it.  On the
 * Zen 5 guest clang's correlation-magic rook pass ran 1.26x slower when
 * an object linked before it moved it by 32 bytes, and rows of backends
 * whose code had not changed moved by as much between builds
 * (docs/findings.md). */
#if defined(__x86_64__) || defined(__aarch64__)
#define ATTACKBENCH_LINE_ALIGNED __attribute__((aligned(64)))
#else
#define ATTACKBENCH_LINE_ALIGNED
#endif

/* Total sliders of a record. */
static inline int attackbench_side_slider_count(const struct attackbench_side *side)
{
    return side->rooks + side->bishops + side->queens;
}

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
 * throughput loop is unrolled by the compiler, after its vectorisers have
 * run, so they never see two queries side by side (a hand-unrolled loop
 * would let the SLP vectoriser pair them): gcc four times, as asked;
 * clang 14 drops a count given beside vectorize(disable) (it becomes a
 * follow-up of a vectorisation that never happens) and unrolls by its own
 * measure, two or four times.  Vector code inside one lookup (SLP,
 * intrinsics) is unaffected. */
#if defined(__clang__)
#define ATTACKBENCH_ONE_QUERY_AT_A_TIME _Pragma("clang loop vectorize(disable) interleave(disable)")
#define ATTACKBENCH_UNROLLED_BY_DEFAULT _Pragma("clang loop vectorize(disable) interleave(disable) unroll_count(4)")
#elif defined(__GNUC__) && __GNUC__ >= 14
#define ATTACKBENCH_ONE_QUERY_AT_A_TIME _Pragma("GCC novector")
#define ATTACKBENCH_UNROLLED_BY_DEFAULT _Pragma("GCC novector") _Pragma("GCC unroll 4")
#else
#define ATTACKBENCH_ONE_QUERY_AT_A_TIME
#define ATTACKBENCH_UNROLLED_BY_DEFAULT _Pragma("GCC unroll 4")
#endif
/* A file whose loops no compiler can vectorise (a call or a branch in
 * every lookup) may define ATTACKBENCH_ONE_QUERY_AT_A_TIME_UNROLLED before
 * including this header, to have clang unroll them too:
 * src/backends/sherwin_hash.c does. */
#ifndef ATTACKBENCH_ONE_QUERY_AT_A_TIME_UNROLLED
#define ATTACKBENCH_ONE_QUERY_AT_A_TIME_UNROLLED ATTACKBENCH_UNROLLED_BY_DEFAULT
#endif

/* Both at once: one square's rook and bishop attack sets from one
 * computation, as Stockfish's both_attacks_bb returns them (the `both`
 * query shape).  attackbench's own backends give such an entry; a plugin's
 * descriptor has none (ABI 2.0), and attackbench composes it from the
 * plugin's rook and bishop entries. */
struct attackbench_both {
    uint64_t rook, bishop;
};
typedef struct attackbench_both (*attackbench_both_function)(int square, uint64_t occupied);

/* What a pass adds up for a both query: the rook set and the bishop set
 * rotated by half a board, XORed.  Not their union (the queen's): a both
 * entry that swapped the two sets, or moved a square from one to the
 * other, changes the sum.  Bit 0 depends on both sets (the rook's a1,
 * the bishop's a5), so a chained pass waits for both. */
static inline uint64_t attackbench_both_term(struct attackbench_both both)
{
    return both.rook ^ (both.bishop << 32 | both.bishop >> 32);
}

/* What one query of a pass computes, by `shape` (a constant in every
 * caller, so no pass tests it): ATTACKBENCH_ONE_SET `lookup`'s set;
 * ATTACKBENCH_BOTH the term of `both`'s two sets; ATTACKBENCH_BOTH_OF_TWO
 * the same from `lookup` as the rook and `bishop`, one call each.  The
 * entries are compile-time constants in a batched pass (inlined), run-time
 * pointers in a per-call pass. */
enum { ATTACKBENCH_ONE_SET, ATTACKBENCH_BOTH, ATTACKBENCH_BOTH_OF_TWO };

struct attackbench_entries {
    attackbench_lookup_function lookup, bishop;
    attackbench_both_function both;
};

static inline __attribute__((always_inline)) uint64_t attackbench_query(const struct attackbench_entries entries,
                                                                        const int shape, int square, uint64_t occupied)
{
    if (shape == ATTACKBENCH_BOTH)
        return attackbench_both_term(entries.both(square, occupied));
    if (shape == ATTACKBENCH_BOTH_OF_TWO) {
        struct attackbench_both composed = {entries.lookup(square, occupied), entries.bishop(square, occupied)};
        return attackbench_both_term(composed);
    }
    return entries.lookup(square, occupied);
}

/* `value` unchanged, through an empty volatile asm the compiler cannot see
 * into (nor move, nor merge with another).  clang 14 and 15 copy the
 * block that ends in a switch's jump table into the switch's cases (Early
 * Tail Duplication), and the copied asm loses the tie between its output
 * and its input (the "+r"): the register allocator may then give them two
 * registers, and the empty asm leaves the output unwritten.  The switch
 * backends, inlined into the positions pass, computed wrong attack sets
 * that way (clang 16 copies the tie).  For those compilers the asm copies
 * the value with a mov (a register of its own for each side, no tie). */
#if defined(__clang__) && __clang_major__ < 16 && defined(__x86_64__)
#define ATTACKBENCH_OPAQUE(value) __asm__ volatile("mov %1, %0" : "=r"(value) : "r"(value))
#elif defined(__clang__) && __clang_major__ < 16 && defined(__aarch64__)
#define ATTACKBENCH_OPAQUE(value) __asm__ volatile("mov %0, %1" : "=r"(value) : "r"(value))
#else
#define ATTACKBENCH_OPAQUE(value) __asm__ volatile("" : "+r"(value))
#endif

/* The squares that share one occupancy in the positions layout: twelve,
 * as in Gigantua's Chess_Movegen, whose layout it reproduces. */
enum { ATTACKBENCH_POSITION_SQUARES = 12 };

/* A pass over a run in the positions layout: each occupancy read once,
 * then its twelve squares in turn.  The occupancy goes through an empty
 * asm before each lookup, so that nothing a lookup derives from the
 * occupancy alone (a byte reversal, a rotation) is computed once for the
 * twelve: one lookup at a time.  The asm is volatile: gcc and clang moved
 * a plain one, a pure function of its operand to them, out of the twelve.  The inner loop's count is hidden from
 * the compiler the same way: a constant twelve was unrolled fully before
 * the vectorisers ran, and clang 14 then paired queries in vector
 * registers (their square offsets, their mask loads).  gcc unrolls the
 * loop four times; clang 14 does not unroll it (the asm counts as a call),
 * and when made to (an unroll count alone) it paired queries again
 * (docs/findings.md).  gcc walks the two arrays by pointer: with the
 * position's index gcc 12 kept the loop's five pointers and counts in
 * vector registers (a VMOVQ each way per position), and its positions
 * layout ran up to 1.19x slower than by pointer on a Zen 5 (leorik,
 * slide-arithmetic, qbb).  clang keeps the index: clang 14 laid out
 * exploding's branches 1.25x slower by pointer.  The flags are constants
 * in each caller. */
static inline __attribute__((always_inline)) uint64_t
attackbench_positions_pass(const struct attackbench_entries entries, const int shape, const struct attackbench_run *run,
                           const int chained, const int mix)
{
    const uint64_t *occupied = run->occupied;
    const size_t positions = run->count / ATTACKBENCH_POSITION_SQUARES;
    uint64_t sum = 0, previous = 0;
    int per_position = ATTACKBENCH_POSITION_SQUARES;
    __asm__("" : "+r"(per_position));
#if defined(__clang__)
    const uint8_t *squares = run->squares;
    ATTACKBENCH_ONE_QUERY_AT_A_TIME
    for (size_t position = 0; position < positions; position++) {
        const uint64_t shared = occupied[position];
        const uint8_t *own = squares + position * ATTACKBENCH_POSITION_SQUARES;
        ATTACKBENCH_ONE_QUERY_AT_A_TIME_UNROLLED
        for (int k = 0; k < per_position; k++) {
            uint64_t query = shared ^ (chained ? previous & 1 : 0);
            ATTACKBENCH_OPAQUE(query);
            previous = attackbench_query(entries, shape, own[k], query);
            sum += mix ? attackbench_checksum_mix(previous) : previous;
        }
    }
#else
    const uint8_t *own = run->squares;
    ATTACKBENCH_ONE_QUERY_AT_A_TIME
    for (const uint64_t *const occupied_end = occupied + positions; occupied != occupied_end; occupied++) {
        const uint64_t shared = *occupied;
        const uint8_t *const own_end = own + per_position;
        ATTACKBENCH_ONE_QUERY_AT_A_TIME_UNROLLED
        for (; own != own_end; own++) {
            uint64_t query = shared ^ (chained ? previous & 1 : 0);
            ATTACKBENCH_OPAQUE(query);
            previous = attackbench_query(entries, shape, *own, query);
            sum += mix ? attackbench_checksum_mix(previous) : previous;
        }
    }
#endif
    return sum;
}

/* The queries layout's timed passes: throughput, or latency (`chained`,
 * each occupancy XORed with bit 0 of the result before it). */
static inline __attribute__((always_inline)) uint64_t attackbench_queries_pass(const struct attackbench_entries entries,
                                                                               const int shape,
                                                                               const struct attackbench_run *run,
                                                                               const int chained)
{
    const uint64_t *occupied = run->occupied;
    const uint8_t *squares = run->squares;
    const size_t count = run->count;
    uint64_t sum = 0;
    if (!chained) {
        ATTACKBENCH_ONE_QUERY_AT_A_TIME_UNROLLED
        for (size_t i = 0; i < count; i++)
            sum += attackbench_query(entries, shape, squares[i], occupied[i]);
    } else {
        uint64_t previous = 0;
        ATTACKBENCH_ONE_QUERY_AT_A_TIME
        for (size_t i = 0; i < count; i++) {
            previous = attackbench_query(entries, shape, squares[i], occupied[i] ^ (previous & 1));
            sum += previous;
        }
    }
    return sum;
}

/* The same with a byte of a random cache line of the pressure buffer
 * read before each lookup. */
static inline __attribute__((always_inline)) uint64_t
attackbench_pressure_pass(const struct attackbench_entries entries, const int shape, const struct attackbench_run *run,
                          const int chained)
{
    const uint64_t *occupied = run->occupied;
    const uint8_t *squares = run->squares;
    const size_t count = run->count;
    const uint8_t *buffer = run->pressure_buffer;
    const uint32_t *lines = run->pressure_lines;
    const uint32_t line_mask = run->pressure_line_mask;
    uint64_t sum = 0, touched = 0;
    if (!chained) {
        ATTACKBENCH_ONE_QUERY_AT_A_TIME
        for (size_t i = 0; i < count; i++) {
            touched += buffer[(size_t)(lines[i] & line_mask) * 64];
            sum += attackbench_query(entries, shape, squares[i], occupied[i]);
        }
    } else {
        uint64_t previous = 0;
        ATTACKBENCH_ONE_QUERY_AT_A_TIME
        for (size_t i = 0; i < count; i++) {
            touched += buffer[(size_t)(lines[i] & line_mask) * 64];
            previous = attackbench_query(entries, shape, squares[i], occupied[i] ^ (previous & 1));
            sum += previous;
        }
    }
    attackbench_keep(touched);
    return sum;
}

/* The checking pass (untimed): one loop serves both modes and layouts. */
static inline __attribute__((always_inline)) uint64_t
attackbench_checking_pass(const struct attackbench_entries entries, const int shape, const struct attackbench_run *run)
{
    if (run->positions_layout)
        return attackbench_positions_pass(entries, shape, run, run->chained, 1);
    uint64_t sum = 0, previous = 0;
    for (size_t i = 0; i < run->count; i++) {
        previous =
            attackbench_query(entries, shape, run->squares[i], run->occupied[i] ^ (run->chained ? previous & 1 : 0));
        sum += attackbench_checksum_mix(previous);
    }
    return sum;
}

/* Every pass in one function, for a caller with a run-time lookup (the
 * per-call mode) or a loop of its own around the pass. */
static inline __attribute__((always_inline)) uint64_t
attackbench_query_loop(const struct attackbench_entries entries, const int shape, const struct attackbench_run *run)
{
    if (run->mix_results)
        return attackbench_checking_pass(entries, shape, run);
    if (run->positions_layout)
        return run->chained ? attackbench_positions_pass(entries, shape, run, 1, 0)
                            : attackbench_positions_pass(entries, shape, run, 0, 0);
    if (run->pressure_buffer != NULL)
        return run->chained ? attackbench_pressure_pass(entries, shape, run, 1)
                            : attackbench_pressure_pass(entries, shape, run, 0);
    return run->chained ? attackbench_queries_pass(entries, shape, run, 1)
                        : attackbench_queries_pass(entries, shape, run, 0);
}

/* ATTACKBENCH_PASSES(ATTRIBUTES, NAME, ENTRIES, SHAPE) defines NAME, the
 * batched pass attackbench_query_loop(ENTRIES, SHAPE, run), with each
 * timed loop in a function of its own (NAME_queries, NAME_chained,
 * NAME_pressure, NAME_pressure_chained, NAME_positions,
 * NAME_positions_chained; ATTRIBUTES on each, a target attribute so that
 * the lookup inlines).  In one function, the compilers allocated the
 * registers of one loop after the code of the others: clang 14's pext
 * queries loop lost 10% when only the positions pass changed. */
#define ATTACKBENCH_PASS_FUNCTION(ATTRIBUTES, NAME, SUFFIX, PASS) \
    ATTRIBUTES __attribute__((noinline, unused)) \
    ATTACKBENCH_LINE_ALIGNED static uint64_t NAME##_##SUFFIX(const struct attackbench_run *run) \
    { \
        return PASS; \
    }
#define ATTACKBENCH_PASSES(ATTRIBUTES, NAME, ENTRIES, SHAPE) \
    ATTACKBENCH_PASS_FUNCTION(ATTRIBUTES, NAME, queries, attackbench_queries_pass(ENTRIES, SHAPE, run, 0)) \
    ATTACKBENCH_PASS_FUNCTION(ATTRIBUTES, NAME, chained, attackbench_queries_pass(ENTRIES, SHAPE, run, 1)) \
    ATTACKBENCH_PASS_FUNCTION(ATTRIBUTES, NAME, pressure, attackbench_pressure_pass(ENTRIES, SHAPE, run, 0)) \
    ATTACKBENCH_PASS_FUNCTION(ATTRIBUTES, NAME, pressure_chained, attackbench_pressure_pass(ENTRIES, SHAPE, run, 1)) \
    ATTACKBENCH_PASS_FUNCTION(ATTRIBUTES, NAME, positions, attackbench_positions_pass(ENTRIES, SHAPE, run, 0, 0)) \
    ATTACKBENCH_PASS_FUNCTION(ATTRIBUTES, NAME, positions_chained, \
                              attackbench_positions_pass(ENTRIES, SHAPE, run, 1, 0)) \
    ATTRIBUTES __attribute__((unused)) static uint64_t NAME(const struct attackbench_run *run) \
    { \
        if (run->mix_results) \
            return attackbench_checking_pass(ENTRIES, SHAPE, run); \
        if (run->positions_layout) \
            return run->chained ? NAME##_positions_chained(run) : NAME##_positions(run); \
        if (run->pressure_buffer != NULL) \
            return run->chained ? NAME##_pressure_chained(run) : NAME##_pressure(run); \
        return run->chained ? NAME##_chained(run) : NAME##_queries(run); \
    }

/* The entries of one piece's lookups, and of a both entry, for
 * ATTACKBENCH_PASSES (functions, not compound literals, which C++ lacks). */
static inline __attribute__((always_inline)) struct attackbench_entries
attackbench_lookup_entries(attackbench_lookup_function lookup)
{
    const struct attackbench_entries entries = {lookup, NULL, NULL};
    return entries;
}

static inline __attribute__((always_inline)) struct attackbench_entries
attackbench_both_entries(attackbench_both_function both)
{
    const struct attackbench_entries entries = {NULL, NULL, both};
    return entries;
}

/* A pass of one piece's lookups (rook, bishop or queen). */
static inline __attribute__((always_inline)) uint64_t attackbench_lookup_loop(attackbench_lookup_function lookup,
                                                                              const struct attackbench_run *run)
{
    const struct attackbench_entries entries = {lookup, NULL, NULL};
    return attackbench_query_loop(entries, ATTACKBENCH_ONE_SET, run);
}

/* A pass of both-at-once queries through a both entry. */
static inline __attribute__((always_inline)) uint64_t attackbench_both_loop(attackbench_both_function both,
                                                                            const struct attackbench_run *run)
{
    const struct attackbench_entries entries = {NULL, NULL, both};
    return attackbench_query_loop(entries, ATTACKBENCH_BOTH, run);
}

/* A pass of both-at-once queries composed from a rook and a bishop lookup,
 * one call each per query (a plugin's, whose descriptor has no both). */
static inline __attribute__((always_inline)) uint64_t attackbench_both_of_two_loop(attackbench_lookup_function rook,
                                                                                   attackbench_lookup_function bishop,
                                                                                   const struct attackbench_run *run)
{
    const struct attackbench_entries entries = {rook, bishop, NULL};
    return attackbench_query_loop(entries, ATTACKBENCH_BOTH_OF_TWO, run);
}

/* The set-wise answer composed from single lookups: a loop over the bits
 * of each set, the order in which an engine walks its pieces. */
static inline __attribute__((always_inline)) uint64_t
attackbench_compose_set(attackbench_lookup_function rook, attackbench_lookup_function bishop, uint64_t rook_sliders,
                        uint64_t bishop_sliders, uint64_t occupied)
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

/* The sides answer from single lookups: each slider in turn, its result
 * added before the next (`previous` is the last one, for latency mode). */
static inline __attribute__((always_inline)) uint64_t
attackbench_compose_side(attackbench_lookup_function rook, attackbench_lookup_function bishop,
                         attackbench_lookup_function queen, const struct attackbench_side *side, uint64_t occupied,
                         const int mix, uint64_t *previous)
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
static inline __attribute__((always_inline)) uint64_t attackbench_native_side(attackbench_side_function kernel,
                                                                              const struct attackbench_side *side,
                                                                              uint64_t occupied, const int mix,
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

/* One pass over the side records with its flags as constants (the loop
 * below passes literals, so each combination is its own loop with no test
 * inside): `sets` 1, each side's attack map (`set` NULL: composed from
 * rook and bishop); 0, each slider's attack set (`kernel` NULL: from the
 * single lookups). */
static inline __attribute__((always_inline)) uint64_t
attackbench_side_records_pass(attackbench_lookup_function rook, attackbench_lookup_function bishop,
                              attackbench_lookup_function queen, attackbench_set_function set,
                              attackbench_side_function kernel, const struct attackbench_run *run, const int sets,
                              const int chained, const int mix, const int pressure)
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
        if (sets) {
            previous = set ? set(side->rook_sliders, side->bishop_sliders, occupied)
                           : attackbench_compose_set(rook, bishop, side->rook_sliders, side->bishop_sliders, occupied);
            sum += mix ? attackbench_checksum_mix(previous) : previous;
        } else {
            sum += kernel ? attackbench_native_side(kernel, side, occupied, mix, &previous)
                          : attackbench_compose_side(rook, bishop, queen, side, occupied, mix, &previous);
        }
    }
    if (pressure)
        attackbench_keep(touched);
    return sum;
}

/* The pass for the run's mode: chained or not, with cache pressure or
 * not; the untimed checking pass (mix_results) is one loop for every mode. */
static inline __attribute__((always_inline)) uint64_t
attackbench_side_records_loop(attackbench_lookup_function rook, attackbench_lookup_function bishop,
                              attackbench_lookup_function queen, attackbench_set_function set,
                              attackbench_side_function kernel, const struct attackbench_run *run, const int sets)
{
    const int pressure = run->pressure_buffer != NULL;
    if (run->mix_results)
        return attackbench_side_records_pass(rook, bishop, queen, set, kernel, run, sets, run->chained, 1, pressure);
    if (pressure)
        return run->chained ? attackbench_side_records_pass(rook, bishop, queen, set, kernel, run, sets, 1, 0, 1)
                            : attackbench_side_records_pass(rook, bishop, queen, set, kernel, run, sets, 0, 0, 1);
    return run->chained ? attackbench_side_records_pass(rook, bishop, queen, set, kernel, run, sets, 1, 0, 0)
                        : attackbench_side_records_pass(rook, bishop, queen, set, kernel, run, sets, 0, 0, 0);
}

/* The sets workload: each side's attack map. */
static inline __attribute__((always_inline)) uint64_t attackbench_sets_loop(attackbench_lookup_function rook,
                                                                            attackbench_lookup_function bishop,
                                                                            attackbench_set_function set,
                                                                            const struct attackbench_run *run)
{
    return attackbench_side_records_loop(rook, bishop, NULL, set, NULL, run, 1);
}

/* The sides workload: each slider of a side against one occupancy. */
static inline __attribute__((always_inline)) uint64_t attackbench_sides_loop(attackbench_lookup_function rook,
                                                                             attackbench_lookup_function bishop,
                                                                             attackbench_lookup_function queen,
                                                                             attackbench_side_function kernel,
                                                                             const struct attackbench_run *run)
{
    return attackbench_side_records_loop(rook, bishop, queen, NULL, kernel, run, 0);
}

#endif

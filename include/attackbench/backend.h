/* The contract between the driver and the attack-generation techniques.
 *
 * Every technique lives in one file under src/backends/ and exports one
 * `struct backend`, listed in the registry in src/backends/registry.c.  The driver
 * only ever sees these descriptors: it knows nothing about any technique.
 *
 * A backend provides two kinds of entry points:
 *  - rook/bishop/queen: one lookup per call, reached through a function
 *    pointer (the per-call dispatch mode, and the verifier);
 *  - rook_loop/bishop_loop/queen_loop: a whole pass over an array of
 *    queries with the lookup inlined (the batched mode).  Write these with
 *    run_lookup_loop() below, passing the backend's own static inline
 *    lookup, so that the compiler inlines it into the loop. */
#ifndef ATTACKBENCH_BACKEND_H
#define ATTACKBENCH_BACKEND_H

#include <stddef.h>
#include <stdint.h>

#include "bitboard.h"
#include "features.h"

typedef bitboard (*attack_function)(int square, bitboard occupied);

/* One side of one position, as the side-wise workloads ask about it (see
 * "Side-wise workloads" below).  More sliders than a game can have (13) fit,
 * for random boards. */
enum { SIDE_MAX_SLIDERS = 16 };
struct side_record {
    bitboard occupied;       /* both colours */
    bitboard rook_sliders;   /* the side's rooks and queens */
    bitboard bishop_sliders; /* the side's bishops and queens */
    uint32_t pressure_line;  /* a pseudo-random cache line (cache-pressure mode) */
    /* The side's slider squares: rooks, then bishops, then queens. */
    uint8_t rooks, bishops, queens;
    uint8_t squares[SIDE_MAX_SLIDERS];
};

/* Total sliders of a record. */
static inline int side_slider_count(const struct side_record *side)
{
    return side->rooks + side->bishops + side->queens;
}

/* Set-wise entry: every square attacked rook-wise from rook_sliders or
 * bishop-wise from bishop_sliders. */
typedef bitboard (*set_function)(bitboard rook_sliders, bitboard bishop_sliders, bitboard occupied);
/* Multi-square entry: the attack set of each of the record's sliders, in
 * the order of side->squares, against `occupied`, into attacks[]. */
typedef void (*side_function)(const struct side_record *side, bitboard occupied, bitboard *attacks);

/* One pass over a query stream, kept as separate arrays so that the loop
 * reads 9 bytes per query (a 64 K-query stream fits in L2 beside the
 * tables).  Flags select the loop shape. */
struct run {
    const bitboard *occupied;
    const uint8_t *squares;
    size_t count;
    /* Latency mode: each occupancy is XORed with bit 0 of the previous
     * result, so every lookup waits for the one before it. */
    int chained;
    /* Side-wise passes (sets_loop, sides_loop): `count` records, instead
     * of occupied and squares. */
    const struct side_record *sides;
    /* Cache-pressure mode: when not NULL, one byte of a random cache line
     * of this buffer (pressure_lines[i] & pressure_line_mask, times 64) is
     * read before each lookup. */
    const uint8_t *pressure_buffer;
    const uint32_t *pressure_lines;
    uint32_t pressure_line_mask;
    /* The checking pass (untimed): add checksum_mix() of each attack set
     * instead of the attack set itself. */
    int mix_results;
};

struct backend {
    const char *name;        /* the --method name */
    const char *description; /* one line: the idea */
    const char *source;      /* seed file or public reference */
    unsigned features;       /* CPU_FEATURE_* bits the code needs */
    /* Non-zero for a backend that computes no attack sets (null): it is
     * timed as the harness's cost but never verified or checksummed. */
    int baseline;

    /* Builds the tables; returns their size in bytes.  Called once, before
     * any lookup; its duration is measured and reported.  NULL for a
     * backend without tables. */
    size_t (*init)(void);

    attack_function rook;
    attack_function bishop;
    attack_function queen;

    /* Batched passes: return the sum of all attack sets of the pass (of
     * their checksum_mix() when run->mix_results is set). */
    uint64_t (*rook_loop)(const struct run *run);
    uint64_t (*bishop_loop)(const struct run *run);
    uint64_t (*queen_loop)(const struct run *run);

    /* Batched side-wise passes (sets and sides workloads): return the sum
     * of the attack sets of the pass (one per record for sets, one per
     * slider for sides; checksum_mix()ed when run->mix_results is set).
     * Every backend gives them, with one SIDE_PASSES line (below) or its
     * own native loop. */
    uint64_t (*sets_loop)(const struct run *run);
    uint64_t (*sides_loop)(const struct run *run);

    /* Optional hooks; leave NULL when not needed. */

    /* Native per-call side-wise entries; without them the harness composes
     * the answer from rook and bishop (one call per slider). */
    set_function set_attacks;
    side_function side_attacks;

    /* Extra words for --list after init, e.g. which code path was chosen
     * at run time or a warning about this CPU. */
    const char *(*note)(void);
    /* --param=NAME=VALUE: returns 0 when accepted, 1 when NAME is not
     * this backend's, or -1 with a message in error for a bad VALUE.
     * Called before init. */
    int (*set_parameter)(const char *name, const char *value, char *error, size_t error_size);
    /* Cache-like backends: fraction of lookups answered from the table
     * since the last reset, and the reset. */
    double (*hit_rate)(void);
    void (*reset_statistics)(void);
};

/* Keep a value alive without a store: an empty asm that claims to read it
 * from a register and to touch memory. */
static inline void do_not_optimize(uint64_t value)
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
static inline uint64_t checksum_mix(bitboard attacks)
{
    uint64_t x = attacks;
    x ^= x >> 33;
    x *= 0xFF51AFD7ED558CCDULL;
    x ^= x >> 33;
    x *= 0xC4CEB9FE1A85EC53ULL;
    return x ^ (x >> 33);
}

#endif

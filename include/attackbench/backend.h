/* The contract between the driver and the attack-generation techniques.
 *
 * Every technique lives in one file under src/backends/ and exports one
 * `struct backend`, listed in the registry in src/registry/registry.c.  The driver
 * only ever sees these descriptors: it knows nothing about any technique.
 *
 * A backend provides two kinds of entry points:
 *  - rook/bishop/queen: one lookup per call, reached through a function
 *    pointer (the per-call dispatch mode, and the verifier);
 *  - rook_loop/bishop_loop/queen_loop: a whole pass over an array of
 *    queries with the lookup inlined (the batched mode).  Write these with
 *    attackbench_lookup_loop() below, passing the backend's own static inline
 *    lookup, so that the compiler inlines it into the loop. */
#ifndef ATTACKBENCH_BACKEND_H
#define ATTACKBENCH_BACKEND_H

#include <stddef.h>
#include <stdint.h>

#include "attackbench_plugin.h"
#include "bitboard.h"
#include "features.h"

/* The lookups, the side record, the run and the loops are the public
 * plugin contract's (include/attackbench_plugin.h); these are their names
 * inside attackbench. */
typedef attackbench_lookup_function attack_function;
typedef attackbench_set_function set_function;
typedef attackbench_side_function side_function;

struct backend {
    const char *name;        /* the --method name */
    const char *description; /* one line: the idea */
    const char *source;      /* seed file or public reference */
    unsigned features;       /* CPU_FEATURE_* bits the code needs */
    unsigned instructions;   /* INSTRUCTION_* bits: special instructions it relies on */
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
     * their attackbench_checksum_mix() when run->mix_results is set). */
    uint64_t (*rook_loop)(const struct attackbench_run *run);
    uint64_t (*bishop_loop)(const struct attackbench_run *run);
    uint64_t (*queen_loop)(const struct attackbench_run *run);

    /* Batched side-wise passes (sets and sides workloads): return the sum
     * of the attack sets of the pass (one per record for sets, one per
     * slider for sides; attackbench_checksum_mix()ed when run->mix_results is set).
     * Every backend gives them, with one SIDE_PASSES line (below) or its
     * own native loop. */
    uint64_t (*sets_loop)(const struct attackbench_run *run);
    uint64_t (*sides_loop)(const struct attackbench_run *run);

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

    /* Why it cannot run on this architecture at all (x86-64 code on
     * aarch64); NULL when it is built here. */
    const char *unavailable_here;

    /* In a portable build, the x86-64 level of the code run-time dispatch
     * chose ("x86-64-v3"); NULL for the baseline and in other builds. */
    const char *variant;

    /* The shared object a plugin came from; NULL for a built-in. */
    const char *plugin_file;
};

#endif

/* The descriptor of a backend, as the harness sees it (internal: a
 * plugin sees only include/attackbench_plugin.h).
 *
 * Every technique lives in one file under src/backends/ and exports one
 * `struct backend` through its BACKEND line (loops.h), listed in the
 * registry (src/registry/registry.c).  The harness only ever sees these
 * descriptors: it knows nothing about any technique.
 *
 * A backend provides two kinds of entry points:
 *  - rook/bishop/queen/both: one lookup per call, reached through a
 *    function pointer (the per-call dispatch mode, and the verifier);
 *  - rook_loop/bishop_loop/queen_loop/both_loop, sets_loop/sides_loop: a
 *    whole pass over an array of queries or side records with the lookup
 *    inlined (the batched mode), stamped by BACKEND. */
#ifndef ATTACKBENCH_BACKEND_H
#define ATTACKBENCH_BACKEND_H

#include <stddef.h>
#include <stdint.h>

#include "attackbench_plugin.h"
#include "bitboard.h"
#include "features.h"

struct backend {
    /* The plugin descriptor (include/attackbench_plugin.h), embedded: the
     * loader copies a plugin's in whole as `plugin`, and the same fields
     * are read by name (name, source, description, features, init, rook,
     * bishop, queen, the five loops, set_attacks, side_attacks).  The
     * ABI words are 0 in a built-in. */
    union {
        struct attackbench_plugin plugin;
        struct {
            ATTACKBENCH_DESCRIPTOR_FIELDS
        };
    };

    /* Both at once: the square's rook and bishop sets from one call, and
     * its pass (the `both` piece).  BACKEND stamps them, composed from the
     * rook and bishop lookups or from the backend's native entry (its
     * .both option).  NULL in a plugin (the ABI has no such field): the
     * harness composes its rook and bishop (registry/contract.h). */
    attackbench_both_function both;
    attackbench_loop_function both_loop;

    /* The target attribute the loops were compiled for ("bmi2",
     * "avx2,gfni"); the CPU features it names are needed besides
     * `features` (backend_features() in src/registry/contract.h).  NULL
     * for none. */
    const char *target;
    unsigned instructions; /* INSTRUCTION_* bits: special instructions it relies on */
    /* Non-zero for a backend that computes no attack sets (null): it is
     * timed as the harness's cost but never verified or checksummed. */
    int baseline;

    /* Another code path of the same backend (its own BACKEND line in the
     * same file), run instead of this one when the CPU has what it needs:
     * the registry chooses at start-up, so no lookup tests a flag. */
    const struct backend *faster_path;

    /* A technique with several formulations (the same attack sets
     * computed another way, whose order changes between CPUs): their
     * descriptors, each its own BACKEND line named "technique:variant",
     * the default first, NULL-terminated.  The registry runs one of them
     * under the technique's own name: the fastest in a short calibration
     * (measure/formulation_choice.h), or with --formulation=fixed the
     * first this CPU can run.  NULL for a technique with one. */
    const struct backend *const *formulations;
    /* In a technique's entry, set by the registry: the variant of the
     * formulation it runs ("scalar").  NULL otherwise (a formulation's
     * own descriptor says it after the colon of its name). */
    const char *formulation;

    /* Optional hooks; leave NULL when not needed. */

    /* Extra words for --list after init, e.g. which code path was chosen
     * or a warning about this CPU. */
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

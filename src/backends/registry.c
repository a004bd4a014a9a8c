/* The registry: every backend attackbench knows, in the order --list and
 * the result tables show them.  Adding a technique is one file in
 * src/backends/ that ends with a BACKEND line (include/attackbench/loops.h)
 * and one X(name) line here, where it should stand in --list.  Plugins
 * (plugins.c) are appended after the built-ins. */
#include "registry.h"

#include <string.h>

#define EVERY_BACKEND(X) \
    /* The harness. */ \
    X(reference) \
    X(null) \
    /* Seed techniques: Sherwin and the row post. */ \
    X(sherwin) \
    X(sherwin_union) \
    X(sherwin_hash) \
    X(possible_bits) \
    X(sissy) \
    /* Seed techniques: Blockers and Beyond, the fills. */ \
    X(blockers_and_beyond) \
    X(dumb7fill) \
    X(dumb7fill_loop) \
    X(dumb7fill_rotate) \
    X(dumb7fill_avx2) \
    X(dumb7fill_avx512) \
    X(kogge_stone) \
    /* Seed techniques: Kindergarten. */ \
    X(kindergarten) \
    X(kindergarten_shared) \
    X(kindergarten_fold32) \
    X(kindergarten_magic_file) \
    /* Techniques engines ship today. */ \
    X(classical) \
    X(hyperbola) \
    X(obstruction_difference) \
    X(rotated) \
    /* Magic and PEXT. */ \
    X(magic_plain) \
    X(magic_fancy) \
    X(magic_black) \
    X(pext) \
    /* Hyperbola quintessence in vector lanes, and Leorik's line scans. */ \
    X(hyperbola_avx2) \
    X(hyperbola_gfni) \
    X(leorik) \
    /* The techniques of 2026: compressed and split PEXT, the row post's \
     * perfect hash, Kindergarten Super SISSY. */ \
    X(pext_pdep) \
    X(split_pext) \
    X(row_hash_perfect) \
    X(kgssb) \
    /* Multi-square kernels (a side's sliders in vector lanes). */ \
    X(obstruction_lanes) \
    X(hyperbola_lanes) \
    X(magic_lanes) \
    X(hyperbola_lanes_avx2) \
    X(kogge_stone_lanes) \
    X(kogge_stone_lanes_avx2) \
    /* Techniques of the closest public comparison (Gigantua's \
     * Chess_Movegen): scans and subtractions without tables. */ \
    X(qbb) \
    X(bitrotation) \
    X(pext_emulated) \
    X(classical_advanced) \
    X(genetic_obstruction_diff) \
    X(slide_arithmetic) \
    X(genetic_8_ray) \
    X(exploding) \
    X(sbamg) \
    X(switch_lookup) \
    X(qbb_shifted_mask) \
    /* Techniques engines use on ARM. */ \
    X(hyperbola_rbit) \
    X(pext_sve2) \
    X(folding_hash) \

#define DECLARE(ID) extern const struct backend ID##_backend;
EVERY_BACKEND(DECLARE)

#define ENTRY(ID) &ID##_backend,
static const struct backend *const built_in_backends[] = {EVERY_BACKEND(ENTRY)};
enum { BUILT_IN_COUNT = sizeof built_in_backends / sizeof built_in_backends[0] };

/* The built-ins, then the plugins in the order they were loaded. */
static const struct backend *every_backend[BUILT_IN_COUNT + REGISTRY_MAX_PLUGINS] = {EVERY_BACKEND(ENTRY)};
const struct backend *const *const backends = every_backend;
size_t backend_count = BUILT_IN_COUNT;

int registry_add(const struct backend *backend)
{
    if (backend_count == BUILT_IN_COUNT + REGISTRY_MAX_PLUGINS)
        return -1;
    every_backend[backend_count++] = backend;
    return 0;
}

int registry_is_built_in(const struct backend *backend)
{
    for (size_t i = 0; i < BUILT_IN_COUNT; i++)
        if (built_in_backends[i] == backend)
            return 1;
    return 0;
}

const struct backend *find_backend(const char *name)
{
    for (size_t i = 0; i < backend_count; i++)
        if (strcmp(backends[i]->name, name) == 0)
            return backends[i];
    return NULL;
}

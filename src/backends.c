/* The registry: every backend attackbench knows, in the order --list and
 * the result tables show them.  Adding a technique is one file in
 * src/backends/ plus its declaration and its entry here. */
#include "backend.h"

#include <stdio.h>
#include <string.h>

#include "timer.h"

/* The harness. */
extern const struct backend reference_backend;
extern const struct backend null_backend;

/* Seed techniques: Sherwin and the row post. */
extern const struct backend sherwin_backend;
extern const struct backend sherwin_union_backend;
extern const struct backend sherwin_hash_backend;
extern const struct backend possible_bits_backend;
extern const struct backend sissy_backend;

/* Seed techniques: Blockers and Beyond, the fills. */
extern const struct backend blockers_and_beyond_backend;
extern const struct backend dumb7fill_backend;
extern const struct backend dumb7fill_loop_backend;
extern const struct backend dumb7fill_rotate_backend;
extern const struct backend dumb7fill_avx2_backend;
extern const struct backend dumb7fill_avx512_backend;
extern const struct backend kogge_stone_backend;

/* Seed techniques: Kindergarten. */
extern const struct backend kindergarten_backend;
extern const struct backend kindergarten_shared_backend;
extern const struct backend kindergarten_fold32_backend;
extern const struct backend kindergarten_magic_file_backend;

/* Techniques engines ship today. */
extern const struct backend classical_backend;
extern const struct backend hyperbola_backend;
extern const struct backend obstruction_difference_backend;
extern const struct backend rotated_backend;
/* Magic and PEXT. */
extern const struct backend magic_plain_backend;
extern const struct backend magic_fancy_backend;
extern const struct backend magic_black_backend;
extern const struct backend pext_backend;
/* Hyperbola quintessence in vector lanes, and Leorik's line scans. */
extern const struct backend hyperbola_avx2_backend;
extern const struct backend hyperbola_gfni_backend;
extern const struct backend leorik_backend;
/* The techniques of 2026: compressed and split PEXT, the row post's
 * perfect hash, Kindergarten Super SISSY. */
extern const struct backend pext_pdep_backend;
extern const struct backend split_pext_backend;
extern const struct backend row_hash_perfect_backend;
extern const struct backend kgssb_backend;
/* Multi-square kernels (a side's sliders in vector lanes). */
extern const struct backend obstruction_lanes_backend;
extern const struct backend hyperbola_lanes_backend;
extern const struct backend magic_lanes_backend;
extern const struct backend hyperbola_lanes_avx2_backend;
extern const struct backend kogge_stone_lanes_backend;
extern const struct backend kogge_stone_lanes_avx2_backend;
/* Techniques of the closest public comparison (Gigantua's Chess_Movegen). */
extern const struct backend qbb_backend;
extern const struct backend bitrotation_backend;
extern const struct backend pext_emulated_backend;
extern const struct backend classical_advanced_backend;
extern const struct backend genetic_obstruction_diff_backend;
extern const struct backend slide_arithmetic_backend;
extern const struct backend genetic_8_ray_backend;

const struct backend *const backends[] = {
    /* The harness. */
    &reference_backend,
    &null_backend,

    /* Seed techniques: Sherwin and the row post. */
    &sherwin_backend,
    &sherwin_union_backend,
    &sherwin_hash_backend,
    &possible_bits_backend,
    &sissy_backend,

    /* Seed techniques: Blockers and Beyond, the fills. */
    &blockers_and_beyond_backend,
    &dumb7fill_backend,
    &dumb7fill_loop_backend,
    &dumb7fill_rotate_backend,
    &dumb7fill_avx2_backend,
    &dumb7fill_avx512_backend,
    &kogge_stone_backend,

    /* Seed techniques: Kindergarten. */
    &kindergarten_backend,
    &kindergarten_shared_backend,
    &kindergarten_fold32_backend,
    &kindergarten_magic_file_backend,

    /* Techniques engines ship today. */
    &classical_backend,
    &hyperbola_backend,
    &obstruction_difference_backend,
    &rotated_backend,
    /* Magic and PEXT. */
    &magic_plain_backend,
    &magic_fancy_backend,
    &magic_black_backend,
    &pext_backend,
    /* Hyperbola quintessence in vector lanes, and Leorik's line scans. */
    &hyperbola_avx2_backend,
    &hyperbola_gfni_backend,
    &leorik_backend,
    /* The techniques of 2026: compressed and split PEXT, the row post's
     * perfect hash, Kindergarten Super SISSY. */
    &pext_pdep_backend,
    &split_pext_backend,
    &row_hash_perfect_backend,
    &kgssb_backend,
    /* Multi-square kernels (a side's sliders in vector lanes). */
    &obstruction_lanes_backend,
    &hyperbola_lanes_backend,
    &magic_lanes_backend,
    &hyperbola_lanes_avx2_backend,
    &kogge_stone_lanes_backend,
    &kogge_stone_lanes_avx2_backend,
    /* Techniques of the closest public comparison (Gigantua's
     * Chess_Movegen): scans and subtractions without tables. */
    &qbb_backend,
    &bitrotation_backend,
    &pext_emulated_backend,
    &classical_advanced_backend,
    &genetic_obstruction_diff_backend,
    &slide_arithmetic_backend,
    &genetic_8_ray_backend,
};

const size_t backend_count = sizeof backends / sizeof backends[0];

const struct backend *find_backend(const char *name)
{
    for (size_t i = 0; i < backend_count; i++)
        if (strcmp(backends[i]->name, name) == 0)
            return backends[i];
    return NULL;
}

const char *backend_unavailable_reason(const struct backend *backend)
{
    static char reason[128];
    unsigned missing = backend->features & ~cpu_features();
    if (!missing)
        return NULL;
    char names[64];
    cpu_feature_names(missing, names, sizeof names);
    snprintf(reason, sizeof reason, "this CPU lacks %s", names);
    return reason;
}

size_t backend_initialize(const struct backend *backend, double *init_ms)
{
    uint64_t start = clock_nanoseconds();
    size_t table_bytes = backend->init ? backend->init() : 0;
    if (init_ms)
        *init_ms = (double)(clock_nanoseconds() - start) / 1e6;
    return table_bytes;
}

attack_function backend_lookup(const struct backend *backend, enum piece_kind piece)
{
    const attack_function lookups[PIECE_KIND_COUNT] = {backend->rook, backend->bishop, backend->queen};
    return lookups[piece];
}

uint64_t (*backend_loop(const struct backend *backend, enum piece_kind piece))(const struct run *run)
{
    uint64_t (*const loops[PIECE_KIND_COUNT])(const struct run *) = {backend->rook_loop, backend->bishop_loop,
                                                                     backend->queen_loop};
    return loops[piece];
}

/* The registry: every backend attackbench knows, in the order --list and
 * the result tables show them.  Adding a technique is one file in
 * src/backends/ that ends with a BACKEND line (include/attackbench/loops.h)
 * and one X(ID_backend) line here, where it should stand in --list: the
 * descriptor that BACKEND(ID, ...) in src/backends/ID.c defines, so that
 * its name is found by grep.  Plugins (plugins.c) are appended after the
 * built-ins. */
#include "registry.h"

#include <string.h>

#include "platform/cpu.h"
#include "platform/x86_64_levels.h"

#define EVERY_BACKEND(X) \
    /* The harness. */ \
    X(reference_backend) \
    X(null_backend) \
    /* Seed techniques: Sherwin and the row post. */ \
    X(sherwin_backend) \
    X(sherwin_union_backend) \
    X(sherwin_hash_backend) \
    X(possible_bits_backend) \
    X(sissy_backend) \
    /* Seed techniques: Blockers and Beyond, the fills. */ \
    X(blockers_and_beyond_backend) \
    X(dumb7fill_backend) \
    X(dumb7fill_loop_backend) \
    X(dumb7fill_rotate_backend) \
    X(dumb7fill_avx2_backend) \
    X(dumb7fill_avx512_backend) \
    X(kogge_stone_backend) \
    /* Seed techniques: Kindergarten. */ \
    X(kindergarten_backend) \
    X(kindergarten_shared_backend) \
    X(kindergarten_fold32_backend) \
    X(kindergarten_magic_file_backend) \
    /* Techniques engines ship today. */ \
    X(classical_backend) \
    X(hyperbola_backend) \
    X(obstruction_difference_backend) \
    X(rotated_backend) \
    /* Magic and PEXT. */ \
    X(magic_plain_backend) \
    X(magic_fancy_backend) \
    X(magic_black_backend) \
    X(pext_backend) \
    /* Hyperbola quintessence in vector lanes, and Leorik's line scans. */ \
    X(hyperbola_avx2_backend) \
    X(hyperbola_gfni_backend) \
    X(leorik_backend) \
    /* The techniques of 2026: compressed, split and elementary PEXT, ray \
     * permutation, the row post's perfect hash, Kindergarten Super SISSY, \
     * set-wise Kogge-Stone in rotates and shifts, the early-exit fill. */ \
    X(pext_pdep_backend) \
    X(split_pext_backend) \
    X(elementary_backend) \
    X(ray_permutation_backend) \
    X(row_hash_perfect_backend) \
    X(kgssb_backend) \
    X(kogge_stone_rotate_backend) \
    X(kogge_stone_shift_avx2_backend) \
    X(dumb7fill_early_exit_backend) \
    /* Multi-square kernels (a side's sliders in vector lanes). */ \
    X(obstruction_lanes_backend) \
    X(hyperbola_lanes_backend) \
    X(magic_lanes_backend) \
    X(hyperbola_lanes_avx2_backend) \
    X(hyperbola_simd128_backend) \
    X(kogge_stone_lanes_backend) \
    X(kogge_stone_lanes_avx2_backend) \
    X(kogge_stone_simd128_backend) \
    /* Techniques of the closest public comparison (Gigantua's \
     * Chess_Movegen): scans and subtractions without tables. */ \
    X(qbb_backend) \
    X(bitrotation_backend) \
    X(pext_emulated_backend) \
    X(classical_advanced_backend) \
    X(genetic_obstruction_diff_backend) \
    X(slide_arithmetic_backend) \
    X(genetic_8_ray_backend) \
    X(exploding_backend) \
    X(sbamg_backend) \
    X(switch_lookup_backend) \
    X(qbb_shifted_mask_backend) \
    /* Techniques engines use on ARM. */ \
    X(hyperbola_rbit_backend) \
    X(pext_sve2_backend) \
    /* Techniques of the closest public comparison, continued. */ \
    X(genetic_obstruction_diff_v2_backend) \
    X(correlation_magic_backend) \
    X(hypercube_backend) \
    X(binary_neural_network_backend) \
    X(spectral_magic_backend) \
    X(spectral_magic_switched_backend) \
    X(folding_hash_backend) \
    /* Stockfish as its master builds it here, and techniques published \
     * since: Pre-school, Bitray, Cfish's AVX2 and AVX-512 forms, TITBOARD. */ \
    X(stockfish_backend) \
    X(preschool_backend) \
    X(bitray_backend) \
    X(cfish_avx2_backend) \
    X(cfish_avx512_backend) \
    X(titboard_backend) \
    X(titboard_compact_backend)

#define DECLARE(DESCRIPTOR) extern const struct backend DESCRIPTOR;
EVERY_BACKEND(DECLARE)

#define ENTRY(DESCRIPTOR) &DESCRIPTOR,
static const struct backend *const built_in_backends[] = {EVERY_BACKEND(ENTRY)};
enum { BUILT_IN_COUNT = sizeof built_in_backends / sizeof built_in_backends[0] };

/* The built-ins, then the plugins in the order they were loaded. */
static const struct backend *every_backend[BUILT_IN_COUNT + REGISTRY_MAX_PLUGINS] = {EVERY_BACKEND(ENTRY)};
const struct backend *const *const backends = every_backend;
size_t backend_count = BUILT_IN_COUNT;

/* Portable builds (make PORTABLE=1): every backend file is compiled once
 * for the baseline (x86-64-v2) and once for each level below, its
 * descriptor renamed ID_backend__LEVEL (scripts/platforms/variant-object.sh); at
 * start-up each built-in is replaced by the copy for the highest level
 * this CPU has, so one binary runs the code a native build would on each
 * CPU of a fleet.  In other builds the declarations are weak and absent,
 * and the choice keeps the baseline.  */

struct variant_level {
    const char *name; /* as --list shows it */
    int level;        /* the psABI level the CPU must have, every feature of it */
    unsigned extra;   /* what else it needs */
};

/* Highest first: src/platform/x86_64_levels.h. */
#define VARIANT_LEVEL(UNUSED, SUFFIX, NAME, LEVEL, FLAGS, EXTRA) {NAME, LEVEL, EXTRA},
static const struct variant_level variant_levels[] = {X86_64_VARIANTS(VARIANT_LEVEL, )};
enum { VARIANT_LEVEL_COUNT = sizeof variant_levels / sizeof variant_levels[0] };

#define DECLARE_VARIANT(DESCRIPTOR, SUFFIX, NAME, LEVEL, FLAGS, EXTRA) \
    extern const struct backend DESCRIPTOR##__##SUFFIX __attribute__((weak));
#define DECLARE_VARIANTS(DESCRIPTOR) X86_64_VARIANTS(DECLARE_VARIANT, DESCRIPTOR)
EVERY_BACKEND(DECLARE_VARIANTS)

#define VARIANT_POINTER(DESCRIPTOR, SUFFIX, NAME, LEVEL, FLAGS, EXTRA) &DESCRIPTOR##__##SUFFIX,
#define VARIANT_ROW(DESCRIPTOR) {X86_64_VARIANTS(VARIANT_POINTER, DESCRIPTOR)},
static const struct backend *const compiled_variants[BUILT_IN_COUNT][VARIANT_LEVEL_COUNT] = {
    EVERY_BACKEND(VARIANT_ROW)};

/* The copies chosen for this CPU.  Their name, description, source and
 * needs stay the backend's own, as --list shows them: a level or path is
 * chosen only when this CPU (after ATTACKBENCH_HIDE_FEATURES) has what it
 * needs. */
static struct backend chosen_copies[BUILT_IN_COUNT];

/* The level copy for the highest x86-64 level this CPU has, or NULL. */
static const struct backend *variant_for_this_cpu(size_t index, unsigned features, int cpu_level,
                                                  const char **level_name)
{
    for (int level = 0; level < VARIANT_LEVEL_COUNT; level++) {
        const struct backend *variant = compiled_variants[index][level];
        if (variant != NULL && variant_levels[level].level <= cpu_level &&
            (variant_levels[level].extra & ~features) == 0) {
            *level_name = variant_levels[level].name;
            return variant;
        }
    }
    return NULL;
}

/* Down the chain of faster paths as far as this CPU has what each needs. */
static const struct backend *path_for_this_cpu(const struct backend *backend, unsigned features)
{
    while (backend->faster_path != NULL && (backend_features(backend->faster_path) & ~features) == 0)
        backend = backend->faster_path;
    return backend;
}

/* The first formulation of a technique that this CPU can run: the
 * default, which --formulation=fixed keeps; NULL when none can run. */
static const struct backend *default_formulation(const struct backend *technique)
{
    for (const struct backend *const *formulation = technique->formulations; *formulation != NULL; formulation++)
        if (backend_unavailable_reason(*formulation) == NULL)
            return *formulation;
    return NULL;
}

/* Entry i runs `code` under its own name, description, source and needs,
 * and keeps the list of formulations it chooses from. */
static void run_copy(size_t i, const struct backend *own, const struct backend *code,
                     const struct backend *const *formulations, const char *level_name)
{
    chosen_copies[i] = *code;
    chosen_copies[i].name = own->name;
    chosen_copies[i].description = own->description;
    chosen_copies[i].source = own->source;
    chosen_copies[i].features = own->features;
    chosen_copies[i].target = own->target;
    chosen_copies[i].variant = level_name;
    chosen_copies[i].formulations = formulations;
    chosen_copies[i].formulation = backend_formulation(code);
    every_backend[i] = &chosen_copies[i];
}

void registry_choose_variants(void)
{
    unsigned features = cpu_features();
    int cpu_level = x86_64_level(features);
    for (size_t i = 0; i < BUILT_IN_COUNT; i++) {
        const struct backend *own = built_in_backends[i];
        const char *level_name = NULL;
        const struct backend *level = variant_for_this_cpu(i, features, cpu_level, &level_name);
        const struct backend *base = level ? level : own;
        const struct backend *path = path_for_this_cpu(base, features);
        every_backend[i] = own;
        if (base->formulations != NULL && default_formulation(base) != NULL)
            path = default_formulation(base);
        if (path != own)
            run_copy(i, own, path, base->formulations, level_name);
    }
}

int registry_use_formulation(const struct backend *technique, const struct backend *formulation)
{
    for (size_t i = 0; i < BUILT_IN_COUNT; i++) {
        if (every_backend[i] != technique || technique->formulations == NULL)
            continue;
        for (const struct backend *const *known = technique->formulations; *known != NULL; known++)
            if (*known == formulation && backend_unavailable_reason(formulation) == NULL) {
                run_copy(i, built_in_backends[i], formulation, technique->formulations, technique->variant);
                return 0;
            }
    }
    return -1;
}

const char *backend_formulation(const struct backend *backend)
{
    if (backend->formulation)
        return backend->formulation;
    const char *colon = strchr(backend->name, ':');
    return colon ? colon + 1 : NULL;
}

const struct backend *registry_default_formulation(const struct backend *technique)
{
    return technique->formulations ? default_formulation(technique) : NULL;
}

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
        if (every_backend[i] == backend)
            return 1;
    return 0;
}

size_t registry_built_in_count(void)
{
    return BUILT_IN_COUNT;
}

const struct backend *registry_own_descriptor(size_t index)
{
    return built_in_backends[index];
}

const struct backend *find_backend(const char *name)
{
    for (size_t i = 0; i < backend_count; i++)
        if (strcmp(backends[i]->name, name) == 0)
            return backends[i];
    for (size_t i = 0; i < BUILT_IN_COUNT; i++)
        for (const struct backend *const *known = every_backend[i]->formulations; known && *known; known++)
            if (strcmp((*known)->name, name) == 0)
                return *known;
    return NULL;
}

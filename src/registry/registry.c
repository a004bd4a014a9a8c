/* The registry: every backend attackbench knows, in the order --list and
 * the result tables show them.  Adding a technique is one file in
 * src/backends/ that ends with a BACKEND line (include/attackbench/loops.h)
 * and one X(name) line here, where it should stand in --list.  Plugins
 * (plugins.c) are appended after the built-ins. */
#include "registry.h"

#include <string.h>

#include "platform/cpu.h"

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
    /* Techniques of the closest public comparison, continued. */ \
    X(genetic_obstruction_diff_v2) \
    X(correlation_magic) \
    X(hypercube) \
    X(binary_neural_network) \
    X(spectral_magic) \
    X(spectral_magic_switched) \
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

/* Portable builds (make PORTABLE=1): every backend file is compiled once
 * for the baseline (x86-64-v2) and once for each level below, its
 * descriptor renamed ID_backend__LEVEL (scripts/variant-object.sh); at
 * start-up each built-in is replaced by the copy for the highest level
 * this CPU has, so one binary runs the code a native build would on each
 * CPU of a fleet.  In other builds the declarations are weak and absent,
 * and the choice keeps the baseline.  */

struct variant_level {
    const char *name;        /* as --list shows it */
    unsigned features;       /* what the CPU must have */
};

/* Highest first.  x86-64-v3 also implies FMA, MOVBE and F16C, which every
 * CPU with AVX2, BMI2 and LZCNT has. */
static const struct variant_level variant_levels[] = {
    {"x86-64-v4 with GFNI", CPU_FEATURE_AVX512F | CPU_FEATURE_AVX512VL | CPU_FEATURE_AVX512BW |
                                CPU_FEATURE_AVX512CD | CPU_FEATURE_AVX512DQ | CPU_FEATURE_GFNI | CPU_FEATURE_AVX2 |
                                CPU_FEATURE_BMI1 | CPU_FEATURE_BMI2 | CPU_FEATURE_LZCNT},
    {"x86-64-v4", CPU_FEATURE_AVX512F | CPU_FEATURE_AVX512VL | CPU_FEATURE_AVX512BW | CPU_FEATURE_AVX512CD |
                      CPU_FEATURE_AVX512DQ | CPU_FEATURE_AVX2 | CPU_FEATURE_BMI1 | CPU_FEATURE_BMI2 |
                      CPU_FEATURE_LZCNT},
    {"x86-64-v3", CPU_FEATURE_AVX2 | CPU_FEATURE_BMI1 | CPU_FEATURE_BMI2 | CPU_FEATURE_LZCNT},
};
enum { VARIANT_LEVEL_COUNT = sizeof variant_levels / sizeof variant_levels[0] };

#define DECLARE_VARIANTS(ID)                                                                                 \
    extern const struct backend ID##_backend__v4gfni __attribute__((weak));                               \
    extern const struct backend ID##_backend__v4 __attribute__((weak));                                   \
    extern const struct backend ID##_backend__v3 __attribute__((weak));
EVERY_BACKEND(DECLARE_VARIANTS)

#define VARIANT_ROW(ID) {&ID##_backend__v4gfni, &ID##_backend__v4, &ID##_backend__v3},
static const struct backend *const compiled_variants[BUILT_IN_COUNT][VARIANT_LEVEL_COUNT] = {
    EVERY_BACKEND(VARIANT_ROW)};

/* The chosen copies.  Their `features` stay the backend's own, as --list
 * shows them: the level is chosen from what this CPU has (after
 * ATTACKBENCH_HIDE_FEATURES), so its own features are there. */
static struct backend chosen_variants[BUILT_IN_COUNT];

void registry_choose_variants(void)
{
    unsigned features = cpu_features();
    for (size_t i = 0; i < BUILT_IN_COUNT; i++) {
        every_backend[i] = built_in_backends[i];
        for (int level = 0; level < VARIANT_LEVEL_COUNT; level++) {
            const struct backend *variant = compiled_variants[i][level];
            if (variant == NULL || (variant_levels[level].features & ~features) != 0)
                continue;
            chosen_variants[i] = *variant;
            chosen_variants[i].variant = variant_levels[level].name;
            every_backend[i] = &chosen_variants[i];
            break;
        }
    }
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

const struct backend *find_backend(const char *name)
{
    for (size_t i = 0; i < backend_count; i++)
        if (strcmp(backends[i]->name, name) == 0)
            return backends[i];
    return NULL;
}

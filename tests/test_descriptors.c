/* The descriptors BACKEND writes: every target names CPU features the
 * driver knows (so the check derived from it is complete), every code
 * path and every formulation this CPU can run matches the reference
 * exhaustively (those the registry did not choose here included), and
 * the run record a plugin's loops read keeps the layout of ABI 2 (a
 * change is a new major version:
 * include/attackbench_plugin.h). */
#include <stddef.h>
#include <stdio.h>

#include "attackbench/backend.h"
#include "platform/cpu.h"
#include "registry/registry.h"
#include "unit.h"
#include "verify/verify.h"

/* Every code path of a built-in: its own, the faster paths it chains to
 * and its formulations; calls `visit` on each, returns how many. */
static int each_code_path(size_t index,
                          void (*visit)(const struct backend *own, const struct backend *path, int *count), int *count)
{
    const struct backend *own = registry_own_descriptor(index);
    int paths = 0;
    for (const struct backend *path = own; path != NULL; path = path->faster_path, paths++)
        visit(own, path, count);
    for (const struct backend *const *known = own->formulations; known && *known; known++, paths++)
        visit(own, *known, count);
    return paths;
}

static void check_target(const struct backend *own, const struct backend *path, int *count)
{
    (void)own;
    (void)count;
    unsigned features;
    int status = cpu_features_of_target(path->target, &features);
    if (status != 0)
        fprintf(stderr, "descriptors: %s: target \"%s\" names a feature the driver does not know\n", path->name,
                path->target);
    CHECK(status == 0);
}

TEST(every_target_names_features_the_driver_checks)
{
    int unused = 0;
    for (size_t i = 0; i < registry_built_in_count(); i++)
        each_code_path(i, check_target, &unused);
}

/* One path against the reference, exhaustively, when this CPU runs it. */
static void verify_path(const struct backend *own, const struct backend *path, int *count)
{
    if (backend_unavailable_reason(path)) {
        fprintf(stderr, "descriptors: a path of %s skipped: %s\n", own->name, backend_unavailable_reason(path));
        return;
    }
    backend_initialize(path, NULL);
    CHECK(verify_backend(path, ALL_PIECES, 1000, 1, stderr) == 0);
    ++*count;
}

TEST(every_code_path_this_cpu_runs_matches_the_reference)
{
    int paths = 0;
    for (size_t i = 0; i < registry_built_in_count(); i++) {
        const struct backend *own = registry_own_descriptor(i);
        if (own->faster_path != NULL || own->formulations != NULL)
            each_code_path(i, verify_path, &paths);
    }
#if defined(__x86_64__)
    CHECK(paths >= 6); /* the fills' two formulations each, and binary-neural-network's portable path */
#else
    CHECK(paths >= 4); /* the fills' two formulations each, wherever they are built */
#endif
}

TEST(the_run_record_keeps_the_layout_of_abi_2)
{
#if defined(__wasi__)
    unit_skip("the plugin ABI is that of native builds; WebAssembly (wasm32, 4-byte pointers) loads no plugins");
    return;
#endif
    CHECK(ATTACKBENCH_PLUGIN_ABI_MAJOR == 2);
    CHECK(offsetof(struct attackbench_run, occupied) == 0);
    CHECK(offsetof(struct attackbench_run, squares) == sizeof(void *));
    CHECK(offsetof(struct attackbench_run, count) == 2 * sizeof(void *));
    CHECK(offsetof(struct attackbench_run, chained) == 3 * sizeof(void *));
    CHECK(offsetof(struct attackbench_run, positions_layout) == 3 * sizeof(void *) + 4);
    CHECK(offsetof(struct attackbench_run, sides) == 4 * sizeof(void *));
    CHECK(offsetof(struct attackbench_run, pressure_buffer) == 5 * sizeof(void *));
    CHECK(offsetof(struct attackbench_run, pressure_lines) == 6 * sizeof(void *));
    CHECK(offsetof(struct attackbench_run, pressure_line_mask) == 7 * sizeof(void *));
    CHECK(offsetof(struct attackbench_run, mix_results) == 7 * sizeof(void *) + 4);
    CHECK(sizeof(struct attackbench_run) == 8 * sizeof(void *));
    CHECK(offsetof(struct attackbench_side, squares) == 3 * 8 + 4 + 3);
    CHECK(sizeof(struct attackbench_side) == 48);
}

TEST(a_target_string_gives_the_features_it_names)
{
    unsigned features;
    CHECK(cpu_features_of_target("bmi,lzcnt", &features) == 0);
    CHECK(features == (ATTACKBENCH_FEATURE_BMI1 | ATTACKBENCH_FEATURE_LZCNT));
    CHECK(cpu_features_of_target("avx512f,avx512vl,avx512cd", &features) == 0);
    CHECK(features == (ATTACKBENCH_FEATURE_AVX512 | ATTACKBENCH_FEATURE_AVX512CD));
    CHECK(cpu_features_of_target("avx512f,avx512vl,avx512bw,avx512bitalg", &features) == 0);
    CHECK(features == (ATTACKBENCH_FEATURE_AVX512 | ATTACKBENCH_FEATURE_AVX512BW | ATTACKBENCH_FEATURE_AVX512BITALG));
    CHECK(cpu_features_of_target("avx2,no-such-feature", &features) == -1);
    CHECK(features == ATTACKBENCH_FEATURE_AVX2);
    CHECK(cpu_features_of_target(NULL, &features) == 0 && features == 0);
}

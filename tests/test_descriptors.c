/* The descriptors BACKEND writes: every target names CPU features the
 * driver knows (so the check derived from it is complete), every code
 * path this CPU can run matches the reference exhaustively (the paths the
 * registry did not choose here included), and the run record a plugin's
 * loops read keeps the layout of ABI 2 (a change is a new major version:
 * include/attackbench_plugin.h). */
#include <stddef.h>
#include <stdio.h>

#include "attackbench/backend.h"
#include "platform/cpu.h"
#include "registry/registry.h"
#include "unit.h"
#include "verify/verify.h"

TEST(every_target_names_features_the_driver_checks)
{
    for (size_t i = 0; i < registry_built_in_count(); i++)
        for (const struct backend *path = registry_own_descriptor(i); path != NULL; path = path->faster_path) {
            unsigned features;
            int status = cpu_features_of_target(path->target, &features);
            if (status != 0)
                fprintf(stderr, "descriptors: %s: target \"%s\" names a feature the driver does not know\n", path->name,
                        path->target);
            CHECK(status == 0);
        }
}

TEST(every_code_path_this_cpu_runs_matches_the_reference)
{
#if defined(__wasi__)
    unit_skip("WebAssembly builds one code path per backend: no other path to check");
    return;
#endif
    int paths = 0;
    for (size_t i = 0; i < registry_built_in_count(); i++) {
        const struct backend *own = registry_own_descriptor(i);
        if (own->faster_path == NULL)
            continue;
        for (const struct backend *path = own; path != NULL; path = path->faster_path) {
            if (backend_unavailable_reason(path)) {
                fprintf(stderr, "descriptors: a path of %s skipped: %s\n", own->name, backend_unavailable_reason(path));
                continue;
            }
            backend_initialize(path, NULL);
            CHECK(verify_backend(path, piece_bit(PIECE_ROOK) | piece_bit(PIECE_BISHOP) | piece_bit(PIECE_QUEEN), 1000,
                                 1, stderr) == 0);
            paths++;
        }
    }
#if defined(__x86_64__)
    CHECK(paths >= 2); /* binary-neural-network's portable path runs everywhere, and its own */
#else
    (void)paths; /* elsewhere no backend has two paths: the loop above checks any there is */
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
    CHECK(cpu_features_of_target("avx2,no-such-feature", &features) == -1);
    CHECK(features == ATTACKBENCH_FEATURE_AVX2);
    CHECK(cpu_features_of_target(NULL, &features) == 0 && features == 0);
}

/* The registry (registry.c): every backend attackbench knows, in --list
 * order, found by name; contract.h gives what can be asked of each. */
#ifndef ATTACKBENCH_REGISTRY_H
#define ATTACKBENCH_REGISTRY_H

#include "contract.h"

/* Every backend: the built-ins in --list order, then the plugins. */
extern const struct backend *const *const backends;
extern size_t backend_count;

/* How many plugins one run may load. */
enum { REGISTRY_MAX_PLUGINS = 16 };

/* Append a plugin's backend; -1 when REGISTRY_MAX_PLUGINS are loaded. */
int registry_add(const struct backend *backend);

int registry_is_built_in(const struct backend *backend);

/* The built-ins, by index in --list order, as their files define them:
 * before the choice of a level or a code path (for the tests that check
 * every path). */
size_t registry_built_in_count(void);
const struct backend *registry_own_descriptor(size_t index);

/* A backend by name: a built-in, a plugin, or a formulation
 * ("kogge-stone:scalar"), which --list shows under its technique but
 * `all` and globs leave out. */
const struct backend *find_backend(const char *name);

/* Let a technique's entry (whose `formulations` lists `formulation`) run
 * that formulation from now on, under the technique's name: the pointer
 * stays the same, so a selection made before sees it.  Returns 0, or -1
 * when it is not one of the technique's or cannot run on this CPU. */
int registry_use_formulation(const struct backend *technique, const struct backend *formulation);

/* The formulation a backend runs: the variant after the colon of a
 * formulation's name ("scalar"), the one a technique's entry runs, or
 * NULL for a backend with one formulation. */
const char *backend_formulation(const struct backend *backend);

/* The formulation --formulation=fixed runs: the first of the technique's
 * that this CPU can run (NULL for none, or for one without formulations). */
const struct backend *registry_default_formulation(const struct backend *technique);

/* Puts in place of each built-in the code for this CPU (after
 * ATTACKBENCH_HIDE_FEATURES): in a portable build the copy compiled for
 * the highest x86-64 level it has, and then, for a backend with two code
 * paths, the faster path when it has what that needs (BACKEND's
 * .faster_path), and for a technique with formulations its default one
 * (.formulations).  Call before loading plugins or looking a backend up. */
void registry_choose_variants(void);

#endif

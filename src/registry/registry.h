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

const struct backend *find_backend(const char *name);

/* Puts in place of each built-in the code for this CPU (after
 * ATTACKBENCH_HIDE_FEATURES): in a portable build the copy compiled for
 * the highest x86-64 level it has, and then, for a backend with two code
 * paths, the faster path when it has what that needs (BACKEND's
 * .faster_path).  Call before loading plugins or looking a backend up. */
void registry_choose_variants(void);

#endif

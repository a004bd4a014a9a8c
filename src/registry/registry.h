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

const struct backend *find_backend(const char *name);

/* In a portable build, puts in place of each built-in the copy compiled
 * for the highest x86-64 level this CPU has (after
 * ATTACKBENCH_HIDE_FEATURES); a no-op otherwise.  Call before loading
 * plugins or looking a backend up. */
void registry_choose_variants(void);

#endif

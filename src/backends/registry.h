/* The registry (registry.c): every backend attackbench knows, in --list
 * order, found by name; contract.h gives what can be asked of each. */
#ifndef ATTACKBENCH_REGISTRY_H
#define ATTACKBENCH_REGISTRY_H

#include "contract.h"

extern const struct backend *const backends[];
extern const size_t backend_count;

const struct backend *find_backend(const char *name);

#endif

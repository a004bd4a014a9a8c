/* Plugins: backends built outside attackbench against
 * include/attackbench_plugin.h, loaded from shared objects with dlopen and
 * appended to the registry. */
#ifndef ATTACKBENCH_PLUGINS_H
#define ATTACKBENCH_PLUGINS_H

#include <stddef.h>

#include "attackbench/backend.h"

/* Load the plugin in FILE (a path without a slash is taken relative to the
 * current directory, never searched for), check its descriptor and add it
 * to the registry.  Returns its backend, or NULL with one line in `error`
 * (the file missing or not a shared object, no plugin symbol, another ABI,
 * a bad or taken name, a missing entry). */
const struct backend *plugin_load(const char *file, char *error, size_t error_size);

/* Whether `name` follows the rules of method names: a lower-case letter,
 * then lower-case letters, digits and '-', at most 24 characters. */
int plugin_name_is_valid(const char *name);

#endif

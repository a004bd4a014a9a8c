/* A built-in backend's own source compiled as a plugin (-DBUILT_IN=name of
 * its file's prefix, e.g. classical, whose init is NAME_init): the same lookups measured through
 * both routes, to show that a plugin is timed exactly like a built-in.
 * Build with the same flags as attackbench, plus -Isrc:
 *   cc -O2 -march=native -shared -fPIC -Iinclude -Isrc -DBUILT_IN=classical \
 *      tests/plugins/builtin_as_plugin.c -o classical-plugin.so */
#include "attackbench_plugin.h"

#define STRING(x) #x
#define SOURCE_OF(name) STRING(backends/name.c)
#include SOURCE_OF(BUILT_IN)

#define JOIN(a, b) a##b
#define LOOKUP(name, piece) JOIN(name, piece)

ATTACKBENCH_PLUGIN_WITH("built-in-as-plugin", "tests/plugins/builtin_as_plugin.c", "a built-in's source as a plugin", 0,
                        LOOKUP(BUILT_IN, _init), LOOKUP(BUILT_IN, _rook), LOOKUP(BUILT_IN, _bishop), LOOKUP(BUILT_IN, _queen), NULL, NULL)

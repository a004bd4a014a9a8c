/* A plugin's file, read and checked before dlopen maps it: an ELF shared
 * object for this machine whose headers, segments and sections all lie
 * inside the file (a cut file would fault while the loader maps it), and
 * what its symbol table says about the plugin's build. */
#ifndef ATTACKBENCH_PLUGIN_FILE_H
#define ATTACKBENCH_PLUGIN_FILE_H

#include <stddef.h>

struct plugin_file_facts {
    /* attackbench_plugin_entry in the dynamic symbol table: 1 a function,
     * 0 a data or other symbol, -1 absent or no table to tell. */
    int entry_is_function;
    /* Global functions the file exports besides the entry (calls to them
     * may not be inlined: built without -fvisibility=hidden), and the
     * first few of their names. */
    int exported_functions;
    char exported_names[120];
};

/* Check PATH (a regular file); 0, or -1 with the reason in `error`. */
int plugin_file_check(const char *path, struct plugin_file_facts *facts, char *error, size_t error_size);

#endif

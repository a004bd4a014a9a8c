/* --plugin=FILE (or --plugin FILE), on every command: taken out of the
 * arguments before the command reads them, each plugin loaded, initialised
 * and verified before anything else happens. */
#ifndef ATTACKBENCH_PLUGIN_ARGUMENTS_H
#define ATTACKBENCH_PLUGIN_ARGUMENTS_H

/* Removes the --plugin arguments from argv (those before a "--") and
 * loads them in order.  Returns 0; 2 after one line naming a file that
 * was refused (or a crash of its code, named by the crash guard); 1 after
 * the report of a plugin that gives a wrong answer. */
int load_plugin_arguments(int *argc, char **argv);

#endif

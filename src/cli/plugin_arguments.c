/* Loading the plugins a command line names (plugin_arguments.h). */
#include "plugin_arguments.h"

#include <stdio.h>
#include <string.h>

#include "base/error_message.h"
#include "registry/plugins.h"
#include "registry/registry.h"
#include "platform/crash_guard.h"
#include "platform/interrupt.h"
#include "verify/verify_plugin.h"

/* A plugin this CPU can run: its tables built and its answers checked.
 * One this CPU cannot run stays in the registry, listed unavailable with
 * the reason, as a built-in would.  After SIGINT or SIGTERM nothing more
 * of the plugin runs: its verification stops at its next check. */
static int prepare_plugin(const struct backend *backend)
{
    if (backend_unavailable_reason(backend))
        return 0;
    int status = 0;
    if (!interrupt_requested())
        backend_initialize(backend, NULL);
    if (!interrupt_requested())
        status = verify_plugin(backend, stderr);
    if (status < 0) {
        fprintf(stderr, "attackbench: plugin %s (%s) gives wrong attack sets; nothing was measured\n", backend->name,
                backend->plugin_file);
        return 1;
    }
    if (interrupt_requested()) {
        fprintf(stderr, "attackbench: interrupted: the verification of plugin %s (%s) stopped unfinished\n",
                backend->name, backend->plugin_file);
        return interrupt_exit_status();
    }
    return 0;
}

static int load_one(const char *file)
{
    char error[512];
    if (*file == '\0') {
        fprintf(stderr, "attackbench: --plugin needs a file\n");
        return 2;
    }
    crash_guard_install();
    /* A plugin's code runs from its constructors on: SIGINT or SIGTERM
     * is caught from here, as in the commands that catch them, so that a
     * plugin that does not return is named as stopped and one that does
     * ends the run with the interrupt's line and status. */
    interrupt_catch_meanwhile();
    const struct backend *backend = plugin_load(file, error, sizeof error);
    if (backend == NULL) {
        /* A path too long to load is shown by its start, not whole; a
         * control byte in it is escaped, as in every message. */
        size_t length = strlen(file);
        char shown[1300];
        escape_text(file, shown, sizeof shown);
        if (length > 300)
            fprintf(stderr, "attackbench: --plugin=%.100s... (%zu bytes): %s\n", shown, length, error);
        else
            fprintf(stderr, "attackbench: --plugin=%s: %s\n", shown, error);
        return 2;
    }
    return prepare_plugin(backend);
}

/* The plugins of the command line, loaded in turn until one fails or a
 * signal came. */
static int load_all(int *argc, char **argv)
{
    int kept = 1, status = 0, past_options = 0;
    for (int i = 1; i < *argc; i++) {
        const char *argument = argv[i];
        const char *file = NULL;
        if (!past_options && strcmp(argument, "--") == 0)
            past_options = 1;
        else if (!past_options && strncmp(argument, "--plugin=", 9) == 0)
            file = argument + 9;
        else if (!past_options && strcmp(argument, "--plugin") == 0)
            file = i + 1 < *argc ? argv[++i] : "";
        if (file == NULL) {
            argv[kept++] = argv[i];
            continue;
        }
        if (status == 0 && !interrupt_requested())
            status = load_one(file);
    }
    argv[kept] = NULL;
    *argc = kept;
    return status;
}

int load_plugin_arguments(int *argc, char **argv)
{
    int status = load_all(argc, argv);
    interrupt_release();
    /* The actions the command finds are those it had before the plugins
     * (interrupt.h); a signal the plugins' checks did not see (between two
     * plugins, or just before the release) is said here. */
    if (status == 0 && interrupt_requested()) {
        fprintf(stderr, "attackbench: interrupted: loading the plugins stopped unfinished\n");
        status = interrupt_exit_status();
    }
    return status;
}

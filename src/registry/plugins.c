/* Loading plugins (plugins.h). */
#define _POSIX_C_SOURCE 200809L
#include "plugins.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "registry.h"

enum { PLUGIN_NAME_MAX = 24 };

int plugin_name_is_valid(const char *name)
{
    size_t length = strlen(name);
    if (length == 0 || length > PLUGIN_NAME_MAX || name[0] < 'a' || name[0] > 'z')
        return 0;
    for (size_t i = 1; i < length; i++) {
        char c = name[i];
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-'))
            return 0;
    }
    return 1;
}

/* The descriptor as this attackbench knows it: a plugin of a newer minor
 * version has appended fields, which are not read; an older one of the
 * same major version cannot exist yet (1.0 is the first). */
static int read_descriptor(const struct attackbench_plugin *exported, struct attackbench_plugin *descriptor,
                           char *error, size_t error_size)
{
    if (exported->abi_major != ATTACKBENCH_PLUGIN_ABI_MAJOR || exported->size < sizeof *descriptor) {
        snprintf(error, error_size,
                 "built for plugin ABI %u.%u (%u-byte descriptor); this attackbench loads ABI %d.x from %d.%d "
                 "(%zu bytes): rebuild it against this attackbench's include/attackbench_plugin.h",
                 exported->abi_major, exported->abi_minor, exported->size, ATTACKBENCH_PLUGIN_ABI_MAJOR,
                 ATTACKBENCH_PLUGIN_ABI_MAJOR, ATTACKBENCH_PLUGIN_ABI_MINOR, sizeof *descriptor);
        return -1;
    }
    memcpy(descriptor, exported, sizeof *descriptor);
    return 0;
}

static int check_descriptor(const struct attackbench_plugin *descriptor, char *error, size_t error_size)
{
    const char *name = descriptor->name ? descriptor->name : "";
    if (!plugin_name_is_valid(name)) {
        snprintf(error, error_size,
                 "its name '%.40s' is not a method name (a lower-case letter, then lower-case letters, digits and "
                 "'-', at most %d characters)",
                 name, PLUGIN_NAME_MAX);
        return -1;
    }
    const struct backend *taken = find_backend(name);
    if (taken) {
        snprintf(error, error_size, "its name '%s' is taken by %s", name,
                 taken->plugin_file ? taken->plugin_file : "a built-in method");
        return -1;
    }
    if (!descriptor->rook || !descriptor->bishop || !descriptor->queen || !descriptor->rook_loop ||
        !descriptor->bishop_loop || !descriptor->queen_loop || !descriptor->sets_loop || !descriptor->sides_loop) {
        snprintf(error, error_size, "its descriptor lacks a lookup or a loop (build it with ATTACKBENCH_PLUGIN)");
        return -1;
    }
    return 0;
}

static struct backend *backend_of(const struct attackbench_plugin *descriptor, const char *file)
{
    struct backend *backend = calloc(1, sizeof *backend);
    char *source = malloc(strlen(file) + strlen(descriptor->source ? descriptor->source : "") + 16);
    if (backend == NULL || source == NULL) {
        fprintf(stderr, "attackbench: out of memory\n");
        exit(2);
    }
    sprintf(source, "plugin %s%s%s", file, descriptor->source && *descriptor->source ? ": " : "",
            descriptor->source ? descriptor->source : "");
    backend->plugin = *descriptor;
    backend->description = descriptor->description && *descriptor->description ? descriptor->description
                                                                                 : "a plugin's own attack code";
    backend->source = source;
    backend->plugin_file = file;
    return backend;
}

/* dlopen the file as given, relative to the current directory when it has
 * no slash (dlopen itself would search the library path).  A statically
 * linked attackbench (ATTACKBENCH_STATIC, as make test-aarch64 builds it)
 * cannot load shared objects. */
static void *open_shared_object(const char *file, char *error, size_t error_size)
{
#if defined(ATTACKBENCH_STATIC)
    (void)file;
    snprintf(error, error_size, "this attackbench is linked statically and cannot load plugins (build it with make)");
    return NULL;
#else
    char path[4096];
    snprintf(path, sizeof path, "%s%s", strchr(file, '/') ? "" : "./", file);
    struct stat status;
    if (stat(path, &status) != 0 || !S_ISREG(status.st_mode)) {
        snprintf(error, error_size, "no such file");
        return NULL;
    }
    void *handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        const char *reason = dlerror();
        snprintf(error, error_size, "not a shared object this system can load (%s)", reason ? reason : "dlopen failed");
    }
    return handle;
#endif
}

const struct backend *plugin_load(const char *file, char *error, size_t error_size)
{
    void *handle = open_shared_object(file, error, error_size);
    if (handle == NULL)
        return NULL;
    const struct attackbench_plugin *(*entry)(void);
    *(void **)&entry = dlsym(handle, "attackbench_plugin_entry");
    if (entry == NULL) {
        snprintf(error, error_size, "no attackbench_plugin_entry symbol (build it with ATTACKBENCH_PLUGIN)");
        dlclose(handle);
        return NULL;
    }
    struct attackbench_plugin descriptor;
    if (read_descriptor(entry(), &descriptor, error, error_size) != 0 ||
        check_descriptor(&descriptor, error, error_size) != 0) {
        dlclose(handle);
        return NULL;
    }
    struct backend *backend = backend_of(&descriptor, file);
    if (registry_add(backend) != 0) {
        snprintf(error, error_size, "more than %d plugins", REGISTRY_MAX_PLUGINS);
        return NULL;
    }
    return backend;
}

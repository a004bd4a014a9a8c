/* Loading plugins (plugins.h).  Everything a plugin's file or code can get
 * wrong is checked before it is trusted: the path and the kind of file,
 * the ELF file whole (plugin_file.c) before dlopen maps it, and the
 * descriptor's strings read with a bound and escaped before they reach a
 * terminal.  Its code (constructors, the entry) runs under the crash
 * guard, phase "loading". */
#define _XOPEN_SOURCE 700
#include "plugins.h"

#if defined(__wasi__)
/* WebAssembly (WASI) has no dynamic loading: open_shared_object refuses
 * every file, so these two are never reached. */
static void *dlsym(void *handle, const char *name)
{
    (void)handle;
    (void)name;
    return NULL;
}

static int dlclose(void *handle)
{
    (void)handle;
    return 0;
}
#else
#include <dlfcn.h>
#endif
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/error_message.h"
#include "platform/cpu.h"
#include "platform/crash_guard.h"
#include "platform/output_aside.h"
#include "plugin_file.h"
#include "registry.h"

enum {
    PLUGIN_NAME_MAX = 24,
    PLUGIN_TEXT_MAX = 1024, /* source and description, with the NUL */
    PLUGIN_PATH_MAX = 4095,
};

/* Names the method selection gives a meaning of its own. */
static const char *const reserved_names[] = {"all"};

/* The size of the descriptor of ABI 2.0, the oldest this attackbench loads
 * (its last field is the compiler). */
static const size_t first_descriptor_size = offsetof(struct attackbench_plugin, compiler) + sizeof(const char *);

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
    for (size_t i = 0; i < sizeof reserved_names / sizeof reserved_names[0]; i++)
        if (strcmp(name, reserved_names[i]) == 0)
            return 0;
    return 1;
}

/* The descriptor as this attackbench knows it: a plugin of a newer minor
 * version has appended fields, which are not read; one of an older minor
 * version lacks the fields appended since, which are left zero (absent). */
static int read_descriptor(const struct attackbench_plugin *exported, struct attackbench_plugin *descriptor,
                           char *error, size_t error_size)
{
    if (exported == NULL) {
        snprintf(error, error_size, "attackbench_plugin_entry returned NULL, not a descriptor");
        return -1;
    }
    if (exported->abi_major != ATTACKBENCH_PLUGIN_ABI_MAJOR || exported->size < first_descriptor_size) {
        snprintf(error, error_size,
                 "built for plugin ABI %u.%u (%u-byte descriptor); this attackbench loads ABI %d.x from %d.%d "
                 "(%zu bytes): rebuild it against this attackbench's include/attackbench_plugin.h",
                 exported->abi_major, exported->abi_minor, exported->size, ATTACKBENCH_PLUGIN_ABI_MAJOR,
                 ATTACKBENCH_PLUGIN_ABI_MAJOR, ATTACKBENCH_PLUGIN_ABI_MINOR, sizeof *descriptor);
        return -1;
    }
    memset(descriptor, 0, sizeof *descriptor);
    memcpy(descriptor, exported, exported->size < sizeof *descriptor ? exported->size : sizeof *descriptor);
    return 0;
}

/* A copy of a plugin's string, read no further than `limit` bytes; NULL
 * when it has no NUL within them. */
static char *bounded_copy(const char *text, size_t limit)
{
    if (text == NULL)
        text = "";
    size_t length = strnlen(text, limit);
    if (length == limit)
        return NULL;
    char *copy = malloc(length + 1);
    if (copy == NULL) {
        fprintf(stderr, "attackbench: out of memory\n");
        exit(2);
    }
    memcpy(copy, text, length + 1);
    return copy;
}

/* Whether two paths name one file. */
static int same_file(const char *first, const char *second)
{
    struct stat a, b;
    return stat(first, &a) == 0 && stat(second, &b) == 0 && a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

/* The name: terminated within PLUGIN_NAME_MAX + 1 bytes, by the rules,
 * not reserved, not taken (by another file, or by `file` itself named
 * twice).  Copied into `name`. */
static int check_name(const struct attackbench_plugin *descriptor, const char *file, char name[PLUGIN_NAME_MAX + 1],
                      char *error, size_t error_size)
{
    char shown[4 * (PLUGIN_NAME_MAX + 1) + 1], raw[PLUGIN_NAME_MAX + 2];
    const char *text = descriptor->name ? descriptor->name : "";
    size_t length = strnlen(text, PLUGIN_NAME_MAX + 1);
    memcpy(raw, text, length);
    raw[length] = '\0';
    escape_text(raw, shown, sizeof shown);
    if (length > PLUGIN_NAME_MAX || !plugin_name_is_valid(raw)) {
        snprintf(error, error_size,
                 "its name '%s%s' is not a method name (a lower-case letter, then lower-case letters, digits and "
                 "'-', at most %d characters, not 'all')",
                 shown, length > PLUGIN_NAME_MAX ? "..." : "", PLUGIN_NAME_MAX);
        return -1;
    }
    const struct backend *taken = find_backend(raw);
    if (taken && taken->plugin_file && same_file(taken->plugin_file, file)) {
        snprintf(error, error_size, "the file is given twice (its method '%s' is loaded from %s already)", raw,
                 taken->plugin_file);
        return -1;
    }
    if (taken) {
        snprintf(error, error_size, "its name '%s' is taken by %s", raw,
                 taken->plugin_file ? taken->plugin_file : "a built-in method");
        return -1;
    }
    memcpy(name, raw, length + 1);
    return 0;
}

static int check_entries(const struct attackbench_plugin *descriptor, char *error, size_t error_size)
{
    if (!descriptor->rook || !descriptor->bishop || !descriptor->queen || !descriptor->rook_loop ||
        !descriptor->bishop_loop || !descriptor->queen_loop || !descriptor->sets_loop || !descriptor->sides_loop) {
        snprintf(error, error_size, "its descriptor lacks a lookup or a loop (build it with ATTACKBENCH_PLUGIN)");
        return -1;
    }
    return 0;
}

/* A plugin string made safe to print: bounded, control characters escaped. */
static char *shown_text(const char *text, const char *what, char *error, size_t error_size)
{
    char *raw = bounded_copy(text, PLUGIN_TEXT_MAX);
    if (raw == NULL) {
        snprintf(error, error_size, "its %s has no terminating NUL within %d bytes", what, PLUGIN_TEXT_MAX);
        return NULL;
    }
    size_t size = 4 * strlen(raw) + 1;
    char *shown = malloc(size);
    if (shown == NULL) {
        fprintf(stderr, "attackbench: out of memory\n");
        exit(2);
    }
    escape_text(raw, shown, size);
    free(raw);
    return shown;
}

/* "unoptimised (-O0), gcc 12.2.0", the compiler alone, or either with
 * ", assert() on (no -DNDEBUG)": an engine's release build usually turns
 * its assertions off, and each costs a compare and a branch a lookup. */
static void describe_build(const struct attackbench_plugin *descriptor, const char *compiler, char *out, size_t size)
{
    if (!(descriptor->build_flags & ATTACKBENCH_BUILD_RECORDED))
        snprintf(out, size, "build not recorded (plugin ABI %u.%u)", descriptor->abi_major, descriptor->abi_minor);
    else
        snprintf(out, size, "%s%s%s",
                 descriptor->build_flags & ATTACKBENCH_BUILD_OPTIMIZED ? "" : "unoptimised (-O0), ", compiler,
                 descriptor->build_flags & ATTACKBENCH_BUILD_ASSERTIONS ? ", assert() on (no -DNDEBUG)" : "");
}

/* The plugin's part of the --list line: file, its source, its build. */
static char *source_line(const struct attackbench_plugin *descriptor, const char *file, char *error, size_t error_size)
{
    char *source = shown_text(descriptor->source, "source", error, error_size);
    char *compiler = source ? shown_text(descriptor->compiler, "compiler", error, error_size) : NULL;
    if (compiler == NULL) {
        free(source);
        return NULL;
    }
    for (size_t end = strlen(compiler); end > 0 && compiler[end - 1] == ' '; end--)
        compiler[end - 1] = '\0'; /* clang's version string ends in a space */
    char build[PLUGIN_TEXT_MAX * 4 + 64], shown_file[4 * PLUGIN_PATH_MAX + 1];
    describe_build(descriptor, compiler, build, sizeof build);
    escape_text(file, shown_file, sizeof shown_file);
    size_t size = strlen(shown_file) + strlen(source) + strlen(build) + 32;
    char *line = malloc(size);
    if (line == NULL) {
        fprintf(stderr, "attackbench: out of memory\n");
        exit(2);
    }
    snprintf(line, size, "plugin %s%s%s (built: %s)", shown_file, *source ? ": " : "", source, build);
    free(source);
    free(compiler);
    return line;
}

/* A feature bit this attackbench does not know makes the plugin
 * unavailable, with the bit named. */
static const char *unknown_feature_reason(unsigned features)
{
    unsigned unknown = features & ~cpu_known_features();
    if (!unknown)
        return NULL;
    static char reasons[REGISTRY_MAX_PLUGINS][96];
    static int used;
    char *reason = reasons[used++ % REGISTRY_MAX_PLUGINS];
    int bit = 0;
    while (!(unknown & (1u << bit)))
        bit++;
    snprintf(reason, sizeof reasons[0], "it needs a CPU feature this attackbench does not know (bit %d)", bit);
    return reason;
}

static struct backend *backend_of(const struct attackbench_plugin *descriptor, const char *file, const char *name,
                                  char *error, size_t error_size)
{
    struct backend *backend = calloc(1, sizeof *backend);
    char *copied_name = bounded_copy(name, PLUGIN_NAME_MAX + 1);
    if (backend == NULL || copied_name == NULL) {
        fprintf(stderr, "attackbench: out of memory\n");
        exit(2);
    }
    char *description = shown_text(descriptor->description, "description", error, error_size);
    char *source = description ? source_line(descriptor, file, error, error_size) : NULL;
    if (source == NULL) {
        free(description);
        free(copied_name);
        free(backend);
        return NULL;
    }
    backend->plugin = *descriptor;
    backend->name = copied_name;
    if (*description == '\0') {
        free(description); /* an empty description is said for it */
        description = NULL;
    }
    backend->description = description ? description : "a plugin's own attack code";
    backend->source = source;
    backend->compiler = NULL; /* said in `source`, escaped */
    backend->unavailable_here = unknown_feature_reason(descriptor->features);
    backend->plugin_file = file;
    return backend;
}

#if !defined(ATTACKBENCH_STATIC)
/* The path names a regular file that can be read: one line for each
 * other case (too long, missing, a folder on the way not searchable, a
 * folder, a device or FIFO). */
static int check_path(const char *path, char *error, size_t error_size)
{
    if (strlen(path) > PLUGIN_PATH_MAX) {
        snprintf(error, error_size, "the path is longer than %d bytes", PLUGIN_PATH_MAX);
        return -1;
    }
    struct stat status;
    if (stat(path, &status) != 0) {
        if (errno == ENOENT || errno == ENOTDIR)
            snprintf(error, error_size, "no such file");
        else
            snprintf(error, error_size, "cannot be reached (%s)", strerror(errno));
        return -1;
    }
    if (S_ISDIR(status.st_mode)) {
        snprintf(error, error_size, "is a folder, not a shared object");
        return -1;
    }
    if (!S_ISREG(status.st_mode)) {
        snprintf(error, error_size, "is not a regular file (a device, FIFO or socket), not a shared object");
        return -1;
    }
    if (access(path, R_OK) != 0) {
        snprintf(error, error_size, "cannot be read (%s)", strerror(errno));
        return -1;
    }
    return 0;
}

/* Root loading code that anyone could have written: said, not refused. */
static void warn_world_writable(const char *path, const char *file)
{
    if (geteuid() != 0)
        return;
    struct stat status;
    char folder[PLUGIN_PATH_MAX + 3];
    snprintf(folder, sizeof folder, "%s", path);
    char *slash = strrchr(folder, '/');
    if (slash)
        slash[slash == folder ? 1 : 0] = '\0';
    const char *writable = stat(path, &status) == 0 && (status.st_mode & S_IWOTH) ? "file"
                           : stat(folder, &status) == 0 && (status.st_mode & S_IWOTH) && !(status.st_mode & S_ISVTX)
                               ? "folder"
                               : NULL;
    if (writable)
        fprintf(stderr, "attackbench: warning: --plugin=%s: loading as root a plugin whose %s anyone may write\n", file,
                writable);
}
#endif

/* dlopen the file as given, relative to the current directory when it has
 * no slash (dlopen itself would search the library path), after checking
 * it whole.  A statically linked attackbench (ATTACKBENCH_STATIC, as make
 * test-aarch64 builds it) cannot load shared objects. */
static void *open_shared_object(const char *file, struct plugin_file_facts *facts, char *error, size_t error_size)
{
#if defined(__wasi__)
    (void)file;
    (void)facts;
    snprintf(
        error, error_size,
        "this attackbench is WebAssembly, linked statically, and cannot load plugins (build it natively with make)");
    return NULL;
#elif defined(ATTACKBENCH_STATIC)
    (void)file;
    (void)facts;
    snprintf(error, error_size, "this attackbench is linked statically and cannot load plugins (build it with make)");
    return NULL;
#else
    char path[PLUGIN_PATH_MAX + 3];
    if (check_path(file, error, error_size) != 0)
        return NULL;
    snprintf(path, sizeof path, "%s%s", strchr(file, '/') ? "" : "./", file);
    if (plugin_file_check(path, facts, error, error_size) != 0)
        return NULL;
    if (facts->entry_is_function == 0) {
        snprintf(error, error_size,
                 "its attackbench_plugin_entry is not a function (build it with ATTACKBENCH_PLUGIN)");
        return NULL;
    }
    warn_world_writable(path, file);
    crash_guard_enter(NULL, file, "loading");
    struct output_aside aside;
    output_aside_begin(&aside); /* its constructors run now */
    void *handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    output_aside_end(&aside);
    crash_guard_leave();
    if (handle == NULL) {
        const char *reason = dlerror();
        char shown[512];
        escape_text(reason ? reason : "dlopen failed", shown, sizeof shown);
        snprintf(error, error_size, "not a shared object this system can load (%s)", shown);
    }
    return handle;
#endif
}

/* The entry called and its descriptor read, checked and copied, under the
 * crash guard. */
static struct backend *load_descriptor(void *handle, const char *file, uint32_t *build_flags, char *error,
                                       size_t error_size)
{
    const struct attackbench_plugin *(*entry)(void);
    *(void **)&entry = dlsym(handle, "attackbench_plugin_entry");
    if (entry == NULL) {
        snprintf(error, error_size, "no attackbench_plugin_entry symbol (build it with ATTACKBENCH_PLUGIN)");
        return NULL;
    }
    crash_guard_plugin_code(*(void **)&entry, NULL, file); /* its threads' faults named from now */
    crash_guard_enter(NULL, file, "loading");
    struct attackbench_plugin descriptor;
    char name[PLUGIN_NAME_MAX + 1];
    struct backend *backend = NULL;
    struct output_aside aside;
    output_aside_begin(&aside);
    const struct attackbench_plugin *given = entry();
    output_aside_end(&aside);
    if (read_descriptor(given, &descriptor, error, error_size) == 0 &&
        check_name(&descriptor, file, name, error, error_size) == 0 &&
        check_entries(&descriptor, error, error_size) == 0)
        backend = backend_of(&descriptor, file, name, error, error_size);
    crash_guard_leave();
    if (backend == NULL)
        crash_guard_forget_plugin_code(*(void **)&entry); /* the caller closes it */
    *build_flags = backend ? descriptor.build_flags : 0;
    return backend;
}

/* The warnings of a loaded plugin, once each: built without optimisation,
 * functions exported (calls to them may not inline). */
static void warn_about_build(const struct backend *backend, uint32_t build_flags, const struct plugin_file_facts *facts)
{
    if ((build_flags & ATTACKBENCH_BUILD_RECORDED) && !(build_flags & ATTACKBENCH_BUILD_OPTIMIZED))
        fprintf(stderr,
                "attackbench: warning: plugin %s (%s) was built without optimisation: its times say little about "
                "the same code built with -O2\n",
                backend->name, backend->plugin_file);
    if (facts->exported_functions > 0)
        fprintf(stderr,
                "attackbench: warning: plugin %s (%s) exports %d function%s besides its entry (%s%s): calls to them "
                "may not be inlined; build it with -fvisibility=hidden (docs/plugins.md)\n",
                backend->name, backend->plugin_file, facts->exported_functions,
                facts->exported_functions == 1 ? "" : "s", facts->exported_names,
                facts->exported_functions > 3 ? ", ..." : "");
}

const struct backend *plugin_load(const char *file, char *error, size_t error_size)
{
    struct plugin_file_facts facts;
    void *handle = open_shared_object(file, &facts, error, error_size);
    if (handle == NULL)
        return NULL;
    uint32_t build_flags;
    struct backend *backend = load_descriptor(handle, file, &build_flags, error, error_size);
    if (backend == NULL) {
        dlclose(handle);
        return NULL;
    }
    if (registry_add(backend) != 0) {
        snprintf(error, error_size, "more than %d plugins (the limit)", REGISTRY_MAX_PLUGINS);
        return NULL;
    }
    crash_guard_plugin_code(dlsym(handle, "attackbench_plugin_entry"), backend->name, backend->plugin_file);
    warn_about_build(backend, build_flags, &facts);
    return backend;
}

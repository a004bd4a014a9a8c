/* The memory this process may use (memory_limit.h). */
#define _POSIX_C_SOURCE 200809L
#include "memory_limit.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "system_file.h"

#if !defined(__wasi__)
enum { GROUP_PATH_MAX = 4096 };

/* A limit file's number; UINT64_MAX for none: the file absent, or "max"
 * (cgroup v2's word for no limit).  v1 says none with a huge number, which
 * the physical memory undercuts anyway. */
static uint64_t read_limit(const char *file)
{
    struct system_file system;
    char line[64];
    if (open_system_file(file, &system) != 0)
        return UINT64_MAX;
    const char *text = read_system_line(&system, line, sizeof line);
    close_system_file(&system);
    if (text == NULL)
        return UINT64_MAX;
    char *end;
    errno = 0;
    unsigned long long value = strtoull(text, &end, 10);
    if (end == text || errno != 0 || (*end != '\n' && *end != '\0'))
        return UINT64_MAX;
    return value;
}

/* The smallest limit in FILE_NAME from the folder of GROUP (a path from
 * /proc/self/cgroup) up to the hierarchy's root: a parent's limit binds
 * its children. */
static uint64_t group_limit(const char *hierarchy, const char *group, const char *file_name)
{
    char folder[GROUP_PATH_MAX + 64], path[GROUP_PATH_MAX + 128];
    size_t root_length = strlen(hierarchy);
    snprintf(folder, sizeof folder, "%s%s", hierarchy, group);
    uint64_t smallest = UINT64_MAX;
    for (;;) {
        size_t length = strlen(folder);
        while (length > root_length && folder[length - 1] == '/')
            folder[--length] = '\0';
        snprintf(path, sizeof path, "%s/%s", folder, file_name);
        uint64_t limit = read_limit(path);
        smallest = limit < smallest ? limit : smallest;
        if (length <= root_length)
            return smallest;
        *strrchr(folder + root_length, '/') = '\0'; /* the parent */
    }
}

/* Whether CONTROLLERS, a comma-separated list, names WANTED. */
static int names_controller(const char *controllers, size_t length, const char *wanted)
{
    size_t wanted_length = strlen(wanted);
    for (size_t start = 0; start < length;) {
        size_t end = start;
        while (end < length && controllers[end] != ',')
            end++;
        if (end - start == wanted_length && memcmp(controllers + start, wanted, wanted_length) == 0)
            return 1;
        start = end + 1;
    }
    return 0;
}

/* The process's groups from /proc/self/cgroup ("ID:CONTROLLERS:PATH"):
 * cgroup v2's ("0::PATH") and v1's memory group; "/" where none is named,
 * so that the hierarchy's root (a container's own) is still read. */
static void own_groups(char *unified, char *memory, size_t size)
{
    snprintf(unified, size, "/");
    snprintf(memory, size, "/");
    struct system_file system;
    char line[GROUP_PATH_MAX + 64];
    if (open_system_file("/proc/self/cgroup", &system) != 0)
        return;
    while (read_system_line(&system, line, sizeof line)) {
        line[strcspn(line, "\n")] = '\0';
        char *controllers = strchr(line, ':');
        char *group = controllers ? strchr(controllers + 1, ':') : NULL;
        if (group == NULL || group[1] != '/')
            continue;
        size_t controllers_length = (size_t)(group - controllers - 1);
        if (controllers_length == 0 && strncmp(line, "0:", 2) == 0)
            snprintf(unified, size, "%s", group + 1);
        else if (names_controller(controllers + 1, controllers_length, "memory"))
            snprintf(memory, size, "%s", group + 1);
    }
    close_system_file(&system);
}

/* The control group's memory limit; UINT64_MAX for none. */
static uint64_t group_memory_limit(void)
{
    char unified[GROUP_PATH_MAX], memory[GROUP_PATH_MAX];
    own_groups(unified, memory, sizeof unified);
    uint64_t version_2 = group_limit("/sys/fs/cgroup", unified, "memory.max");
    uint64_t version_1 = group_limit("/sys/fs/cgroup/memory", memory, "memory.limit_in_bytes");
    return version_2 < version_1 ? version_2 : version_1;
}
#endif

uint64_t memory_available(void)
{
#if defined(__wasi__)
    /* wasm32 addresses 4 GiB at most, whatever the machine has. */
    return (uint64_t)4 << 30;
#else
    uint64_t bytes = (uint64_t)sysconf(_SC_PHYS_PAGES) * (uint64_t)sysconf(_SC_PAGESIZE);
    struct rlimit limit;
    if (getrlimit(RLIMIT_AS, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY && limit.rlim_cur < bytes)
        bytes = limit.rlim_cur;
    uint64_t group = group_memory_limit();
    return group < bytes ? group : bytes;
#endif
}

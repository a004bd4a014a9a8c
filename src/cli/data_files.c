/* The project's data files, in a source tree or an install (data_files.h). */
#define _POSIX_C_SOURCE 200809L
#include "data_files.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* The installed copy of `name` into `path`: 0, or -1 when this program's
 * path is unknown or that file is not there. */
static int installed_path(const char *name, char *path, size_t size)
{
#if defined(__wasi__)
    (void)name, (void)path, (void)size;
    return -1; /* no /proc, no install */
#else
    char program[PATH_MAX];
    ssize_t length = readlink("/proc/self/exe", program, sizeof program - 1);
    if (length <= 0)
        return -1;
    program[length] = '\0';
    /* PREFIX/bin/attackbench: cut the program's name, then its folder's. */
    for (int cut = 0; cut < 2; cut++) {
        char *slash = strrchr(program, '/');
        if (!slash)
            return -1;
        *slash = '\0';
    }
    int written = snprintf(path, size, "%s/share/attackbench/%s", program, name);
    if (written < 0 || (size_t)written >= size || access(path, R_OK) != 0)
        return -1;
    return 0;
#endif
}

const char *data_file_path(const char *name, char *path, size_t size)
{
    char relative[PATH_MAX];
    snprintf(relative, sizeof relative, "data/%s", name);
    if (access(relative, F_OK) != 0 && installed_path(name, path, size) == 0)
        return path;
    snprintf(path, size, "%s", relative);
    return path;
}

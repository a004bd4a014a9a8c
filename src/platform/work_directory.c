/* The private work directory of a command (src/platform/work_directory.h). */
#define _POSIX_C_SOURCE 200809L
#include "work_directory.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

int work_directory_make(char *path, size_t size, const char *name)
{
    const char *base = getenv("TMPDIR");
    if (base == NULL || base[0] == '\0')
        base = "/tmp";
    int length = snprintf(path, size, "%s/attackbench-%s-XXXXXX", base, name);
    if (length < 0 || (size_t)length >= size) {
        errno = ENAMETOOLONG;
        return -1;
    }
#if defined(__wasi__)
    errno = ENOSYS;
    return -1;
#else
    return mkdtemp(path) == NULL ? -1 : 0;
#endif
}

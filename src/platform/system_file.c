/* Bounded, non-blocking reads of /proc and /sys files (system_file.h). */
#define _POSIX_C_SOURCE 200809L
#include "system_file.h"

#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int open_system_file(const char *file, struct system_file *system)
{
    const char *root = getenv("ATTACKBENCH_SYSTEM_ROOT");
    char path[1024];
    if (snprintf(path, sizeof path, "%s%s", root ? root : "", file) >= (int)sizeof path)
        return -1;
    int descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (descriptor < 0)
        return -1;
    struct stat status;
    if (fstat(descriptor, &status) != 0 || !S_ISREG(status.st_mode)) {
        close(descriptor);
        return -1;
    }
    system->in = fdopen(descriptor, "r");
    if (system->in == NULL) {
        close(descriptor);
        return -1;
    }
    system->budget = SYSTEM_FILE_LIMIT;
    return 0;
}

char *read_system_line(struct system_file *system, char *line, size_t size)
{
    if (system->budget == 0 || fgets(line, (int)size, system->in) == NULL)
        return NULL;
    size_t length = strlen(line);
    system->budget = length < system->budget ? system->budget - length : 0;
    return line;
}

void close_system_file(struct system_file *system)
{
    fclose(system->in);
}

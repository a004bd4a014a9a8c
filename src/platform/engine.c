/* The engine that runs the program (engine.h): nothing natively; under
 * WebAssembly the runner's name for it, its limits, and the working
 * directory WASI does not pass on; natively, a closed standard input held
 * so that no other file takes its descriptor. */
#define _POSIX_C_SOURCE 200809L
#include "engine.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#if defined(__wasi__)
const char *platform_engine(void)
{
    static char name[160];
    if (name[0] == '\0') {
        const char *engine = getenv("ATTACKBENCH_ENGINE");
        snprintf(name, sizeof name, "WebAssembly under %s", engine && *engine ? engine : "an unnamed engine");
    }
    return name;
}

const char *platform_limits(void)
{
    return "WebAssembly: one thread, no CPU choice, pinning or CPU locks, no check of other work on the CPU, no "
           "signals (Ctrl-C ends the engine without a report)";
}

int platform_host_name(char *name, size_t size)
{
    const char *host = getenv("ATTACKBENCH_HOST_NAME");
    if (host == NULL || *host == '\0')
        return -1;
    snprintf(name, size, "%s", host);
    return 0;
}

void platform_start(void)
{
    /* WASI starts every program in "/"; the runner preopens "/" and passes
     * its own working directory as PWD.  Without PWD, "/" stays. */
    const char *directory = getenv("PWD");
    if (directory != NULL && directory[0] == '/' && chdir(directory) != 0)
        fprintf(stderr, "attackbench: cannot enter the working directory %s\n", directory);
}
#else
const char *platform_engine(void)
{
    return NULL;
}

const char *platform_limits(void)
{
    return "";
}

int platform_host_name(char *name, size_t size)
{
    return gethostname(name, size);
}

/* A closed standard input: fd 0 goes to the next file opened (a library,
 * /proc/stat), which '-' would then read.  It is held by /dev/null opened
 * for writing only, so that reading '-' fails as reading a closed
 * descriptor does (EBADF) and is reported as the read error it is. */
void platform_start(void)
{
    if (fcntl(STDIN_FILENO, F_GETFD) == -1 && errno == EBADF)
        (void)open("/dev/null", O_WRONLY | O_NOCTTY); /* the lowest free descriptor: 0 */
}
#endif

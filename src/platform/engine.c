/* The engine that runs the program (engine.h): nothing natively; under
 * WebAssembly the runner's name for it, its limits, and the working
 * directory WASI does not pass on. */
#define _POSIX_C_SOURCE 200809L
#include "engine.h"

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

void platform_start(void)
{
}
#endif

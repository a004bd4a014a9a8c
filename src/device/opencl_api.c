/* Loading the OpenCL ICD loader with dlopen: the program links no OpenCL
 * library, so it starts everywhere and says what is missing. */
#include "opencl_api.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

const char *opencl_command = "--device=opencl";

/* A path (one with a slash: dlopen reads it as a file) to something that
 * is not a regular file, a FIFO or a device, where dlopen would block or
 * read forever: one line, as a plugin of that kind is refused. */
static int refuse_special_file(const char *path)
{
    struct stat status;
    if (strchr(path, '/') == NULL || stat(path, &status) != 0 || S_ISREG(status.st_mode))
        return 0;
    fprintf(stderr,
            "attackbench: %s: ATTACKBENCH_OPENCL_LIBRARY=%s is not a regular file (a directory, device, FIFO "
            "or socket), not a shared object\n",
            opencl_command, path);
    return 1;
}

const struct opencl_api *opencl_api_load(void)
{
    static struct opencl_api api;
    static int loaded;
    if (loaded)
        return &api;
    const char *path = getenv("ATTACKBENCH_OPENCL_LIBRARY");
    if (path == NULL || *path == '\0')
        path = "libOpenCL.so.1";
    if (refuse_special_file(path))
        return NULL;
    void *library = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        fprintf(stderr,
                "attackbench: %s: no OpenCL library (%s); install an ICD loader and a driver "
                "(Debian: apt-get install ocl-icd-libopencl1 pocl-opencl-icd)\n",
                opencl_command, dlerror());
        return NULL;
    }
#define OPENCL_RESOLVE(name) \
    *(void **)&api.name = dlsym(library, #name); \
    if (api.name == NULL) { \
        fprintf(stderr, "attackbench: %s: %s has no %s (an OpenCL 1.2 library is needed)\n", opencl_command, path, \
                #name); \
        return NULL; \
    }
    OPENCL_ENTRY_POINTS(OPENCL_RESOLVE)
#undef OPENCL_RESOLVE
    loaded = 1;
    return &api;
}

const char *opencl_error_name(cl_int code)
{
    static const struct {
        cl_int code;
        const char *name;
    } names[] = {
        {CL_DEVICE_NOT_FOUND, "CL_DEVICE_NOT_FOUND"},
        {CL_DEVICE_NOT_AVAILABLE, "CL_DEVICE_NOT_AVAILABLE"},
        {CL_COMPILER_NOT_AVAILABLE, "CL_COMPILER_NOT_AVAILABLE"},
        {CL_MEM_OBJECT_ALLOCATION_FAILURE, "CL_MEM_OBJECT_ALLOCATION_FAILURE"},
        {CL_OUT_OF_RESOURCES, "CL_OUT_OF_RESOURCES"},
        {CL_OUT_OF_HOST_MEMORY, "CL_OUT_OF_HOST_MEMORY"},
        {CL_PROFILING_INFO_NOT_AVAILABLE, "CL_PROFILING_INFO_NOT_AVAILABLE"},
        {CL_BUILD_PROGRAM_FAILURE, "CL_BUILD_PROGRAM_FAILURE"},
        {CL_INVALID_VALUE, "CL_INVALID_VALUE"},
        {CL_INVALID_PLATFORM, "CL_INVALID_PLATFORM"},
        {CL_INVALID_DEVICE, "CL_INVALID_DEVICE"},
        {CL_INVALID_BUFFER_SIZE, "CL_INVALID_BUFFER_SIZE"},
        {CL_INVALID_KERNEL_NAME, "CL_INVALID_KERNEL_NAME"},
        {CL_INVALID_KERNEL_ARGS, "CL_INVALID_KERNEL_ARGS"},
        {CL_INVALID_ARG_SIZE, "CL_INVALID_ARG_SIZE"},
        {CL_INVALID_WORK_GROUP_SIZE, "CL_INVALID_WORK_GROUP_SIZE"},
        {CL_INVALID_WORK_ITEM_SIZE, "CL_INVALID_WORK_ITEM_SIZE"},
        {-1001, "CL_PLATFORM_NOT_FOUND_KHR: no OpenCL platform is installed"} /* cl_ext.h */,
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (names[i].code == code)
            return names[i].name;
    static char unknown[32];
    snprintf(unknown, sizeof unknown, "OpenCL error %d", (int)code);
    return unknown;
}

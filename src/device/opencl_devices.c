/* Platforms and devices: listing them, opening one by its index across
 * every platform, and the facts the context line gives. */
#include "opencl_device.h"

#include <stdlib.h>
#include <string.h>

enum { MAX_PLATFORMS = 16, MAX_DEVICES = 64 };

int device_layer_built(void)
{
    return 1;
}

int opencl_failure(const char *what, cl_int code)
{
    fprintf(stderr, "attackbench: opencl: %s failed: %s\n", what, opencl_error_name(code));
    return 1;
}

/* Every device of every platform, in order. */
struct inventory {
    const struct opencl_api *api;
    cl_device_id devices[MAX_DEVICES];
    cl_platform_id platforms[MAX_DEVICES]; /* each device's */
    int count;
};

/* No platform: one line, naming where the ICD loader looks for vendor
 * files (OCL_ICD_VENDORS, ocl-icd's, when set: a folder or one file). */
static void report_no_platform(void)
{
    const char *vendors = getenv("OCL_ICD_VENDORS");
    char where[512];
    if (vendors && *vendors)
        snprintf(where, sizeof where, "a .icd file naming its library where OCL_ICD_VENDORS=%s points", vendors);
    else
        snprintf(where, sizeof where, "a line in /etc/OpenCL/vendors/nvidia.icd");
    fprintf(stderr,
            "attackbench: %s: no OpenCL platform is installed (Debian: apt-get install pocl-opencl-icd; NVIDIA: "
            "%s)\n",
            opencl_command, where);
}

/* The library loaded and its devices listed into `inventory`; 1 after
 * one line when there is no library, platform or device. */
static int take_inventory(struct inventory *inventory)
{
    const struct opencl_api *api = inventory->api = opencl_api_load();
    if (api == NULL)
        return 1;
    cl_platform_id platforms[MAX_PLATFORMS];
    cl_uint platform_count = 0;
    cl_int status = api->clGetPlatformIDs(MAX_PLATFORMS, platforms, &platform_count);
    if (status == -1001 || (status == CL_SUCCESS && platform_count == 0)) { /* CL_PLATFORM_NOT_FOUND_KHR */
        report_no_platform();
        return 1;
    }
    if (status != CL_SUCCESS)
        return opencl_failure("clGetPlatformIDs", status);
    int count = 0;
    for (cl_uint p = 0; p < platform_count && count < MAX_DEVICES; p++) {
        cl_uint found = 0;
        if (api->clGetDeviceIDs(platforms[p], CL_DEVICE_TYPE_ALL, MAX_DEVICES - count, inventory->devices + count,
                                &found) != CL_SUCCESS)
            continue;
        for (cl_uint d = 0; d < found; d++)
            inventory->platforms[count + d] = platforms[p];
        count += (int)found;
    }
    inventory->count = count;
    if (count == 0)
        fprintf(stderr, "attackbench: %s: the OpenCL platforms have no device\n", opencl_command);
    return count == 0;
}

static void device_text(const struct opencl_api *api, cl_device_id id, cl_device_info what, char *text, size_t size)
{
    if (api->clGetDeviceInfo(id, what, size, text, NULL) != CL_SUCCESS)
        snprintf(text, size, "unknown");
}

static uint64_t device_number(const struct opencl_api *api, cl_device_id id, cl_device_info what)
{
    cl_ulong value = 0;
    api->clGetDeviceInfo(id, what, sizeof value, &value, NULL);
    return value;
}

static void read_facts(const struct opencl_api *api, cl_platform_id platform, cl_device_id id,
                       struct device_facts *facts)
{
    memset(facts, 0, sizeof *facts);
    if (api->clGetPlatformInfo(platform, CL_PLATFORM_NAME, sizeof facts->platform, facts->platform, NULL) != CL_SUCCESS)
        snprintf(facts->platform, sizeof facts->platform, "unknown");
    device_text(api, id, CL_DEVICE_NAME, facts->name, sizeof facts->name);
    device_text(api, id, CL_DEVICE_VENDOR, facts->vendor, sizeof facts->vendor);
    device_text(api, id, CL_DRIVER_VERSION, facts->driver, sizeof facts->driver);
    device_text(api, id, CL_DEVICE_VERSION, facts->version, sizeof facts->version);
    cl_uint units = 0;
    api->clGetDeviceInfo(id, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof units, &units, NULL);
    facts->compute_units = units;
    facts->global_bytes = device_number(api, id, CL_DEVICE_GLOBAL_MEM_SIZE);
    facts->local_bytes = device_number(api, id, CL_DEVICE_LOCAL_MEM_SIZE);
    facts->constant_bytes = device_number(api, id, CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE);
    facts->max_allocation_bytes = device_number(api, id, CL_DEVICE_MAX_MEM_ALLOC_SIZE);
    facts->nvidia = strstr(facts->platform, "NVIDIA") != NULL;
}

int device_list(FILE *out)
{
    struct inventory inventory;
    opencl_command = "--list-devices";
    if (take_inventory(&inventory) != 0)
        return 1;
    for (int i = 0; i < inventory.count; i++) {
        struct device_facts facts;
        read_facts(inventory.api, inventory.platforms[i], inventory.devices[i], &facts);
        fprintf(out,
                "opencl:%d  %s | %s | %u compute units, %.1f GiB global, %.0f KiB local, %.0f KiB constant | "
                "driver %s, %s\n",
                i, facts.platform, facts.name, facts.compute_units, facts.global_bytes / 1073741824.0,
                facts.local_bytes / 1024.0, facts.constant_bytes / 1024.0, facts.driver, facts.version);
    }
    return 0;
}

int device_open(int index, struct device **opened, struct device_facts *facts)
{
    struct inventory inventory;
    if (take_inventory(&inventory) != 0)
        return 1;
    const struct opencl_api *api = inventory.api;
    int count = inventory.count;
    if (index >= count) {
        fprintf(stderr,
                "attackbench: --device=opencl:%d: there %s %d OpenCL device%s (opencl:0 to opencl:%d; see "
                "--list-devices)\n",
                index, count == 1 ? "is" : "are", count, count == 1 ? "" : "s", count - 1);
        return 2;
    }
    struct device *device = calloc(1, sizeof *device);
    if (device == NULL) {
        fprintf(stderr, "attackbench: out of memory\n");
        return 1;
    }
    device->api = api;
    device->id = inventory.devices[index];
    read_facts(api, inventory.platforms[index], device->id, &device->facts);
    cl_int status;
    device->context = api->clCreateContext(NULL, 1, &device->id, NULL, NULL, &status);
    if (status == CL_SUCCESS)
        device->queue = api->clCreateCommandQueue(device->context, device->id, CL_QUEUE_PROFILING_ENABLE, &status);
    if (status != CL_SUCCESS) {
        device_close(device);
        return opencl_failure("creating a context and a profiling queue", status);
    }
    *facts = device->facts;
    *opened = device;
    return 0;
}

void device_close(struct device *device)
{
    if (device == NULL)
        return;
    if (device->queue)
        device->api->clReleaseCommandQueue(device->queue);
    if (device->context)
        device->api->clReleaseContext(device->context);
    free(device);
}

const char *device_bit_reversal(const struct device *device)
{
    return device->facts.nvidia ? "brev.b64" : "portable";
}

cl_mem opencl_buffer(struct device *device, cl_mem_flags flags, size_t bytes, const void *data, const char *what)
{
    if (device_planted("memory"))
        bytes = (size_t)device->facts.max_allocation_bytes + 1; /* a test: ask for more than the device holds */
    if (bytes == 0)
        bytes = sizeof(uint64_t);
    if (bytes > device->facts.max_allocation_bytes) {
        fprintf(stderr, "attackbench: opencl: device out of memory: %s needs %zu bytes, %s allows %llu in one buffer\n",
                what, bytes, device->facts.name, (unsigned long long)device->facts.max_allocation_bytes);
        return NULL;
    }
    cl_int status;
    cl_mem buffer = device->api->clCreateBuffer(device->context, flags | (data ? CL_MEM_COPY_HOST_PTR : 0), bytes,
                                                (void *)data, &status);
    if (status != CL_SUCCESS) {
        fprintf(stderr, "attackbench: opencl: device out of memory: %s (%zu bytes): %s\n", what, bytes,
                opencl_error_name(status));
        return NULL;
    }
    return buffer;
}

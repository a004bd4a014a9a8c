/* A technique's program: its kernel source (then its generated source,
 * for a technique that has one) between the shared prelude and driver,
 * compiled at run time for one table space, the build log shown when it
 * does not compile; its table built on the host and uploaded. */
#include "opencl_device.h"

#include <stdlib.h>
#include <string.h>

#include "kernel_sources.h"

static const char *kernel_text(const char *name)
{
    for (int i = 0; i < kernel_source_count; i++)
        if (strcmp(kernel_sources[i].name, name) == 0)
            return kernel_sources[i].text;
    return NULL;
}

/* ATTACKBENCH_OPENCL_PLANT, for the tests: wrong (one wrong square),
 * sparse-queen (the queen alone wrong on boards of at most one blocker),
 * broken (a kernel that does not compile), slow (a launch past the
 * watchdog); memory (a buffer larger than the device allows) is
 * opencl_devices.c's. */
static int planted(const char *what)
{
    return device_planted(what);
}

static void print_build_log(const struct device_program *program)
{
    const struct opencl_api *api = program->device->api;
    size_t size = 0;
    api->clGetProgramBuildInfo(program->program, program->device->id, CL_PROGRAM_BUILD_LOG, 0, NULL, &size);
    char *log = malloc(size + 1);
    if (log && api->clGetProgramBuildInfo(program->program, program->device->id, CL_PROGRAM_BUILD_LOG, size, log,
                                          NULL) == CL_SUCCESS) {
        log[size] = '\0';
        fprintf(stderr, "%s\n", log);
    }
    free(log);
}

/* The program's parts in order: the prelude, the technique's kernel, its
 * generated source when it has one, the driver (and the planted line that
 * does not compile); their count, or 0 when one is missing. */
static cl_uint program_parts(const struct device_technique *technique, const char *sources[5])
{
    cl_uint parts = 0;
    sources[parts++] = kernel_text("prelude");
    sources[parts++] = kernel_text(technique->kernel);
    if (technique->generated)
        sources[parts++] = kernel_text(technique->generated);
    sources[parts++] = kernel_text("driver");
    for (cl_uint i = 0; i < parts; i++)
        if (sources[i] == NULL) {
            fprintf(stderr, "attackbench: opencl: no kernel source for %s\n", technique->slug);
            return 0;
        }
    if (planted("broken"))
        sources[parts++] = "this does not compile\n";
    return parts;
}

static int compile(struct device_program *program)
{
    const struct opencl_api *api = program->device->api;
    const char *sources[5];
    cl_uint parts = program_parts(program->technique, sources);
    if (parts == 0)
        return 1;
    cl_int status;
    program->program = api->clCreateProgramWithSource(program->device->context, parts, sources, NULL, &status);
    if (status != CL_SUCCESS)
        return opencl_failure("clCreateProgramWithSource", status);
    char options[256];
    snprintf(options, sizeof options, "-D TABLE_IN_%s -D TABLE_WORDS=%zu%s%s",
             program->space == TABLE_LOCAL      ? "LOCAL"
             : program->space == TABLE_CONSTANT ? "CONSTANT"
                                                : "GLOBAL",
             program->table_words, program->device->facts.nvidia ? " -D NVIDIA_BREV" : "",
             planted("wrong")          ? " -D PLANT_WRONG"
             : planted("sparse-queen") ? " -D PLANT_SPARSE_QUEEN"
             : planted("slow")         ? " -D PLANT_SLOW"
                                       : "");
    status = api->clBuildProgram(program->program, 1, &program->device->id, options, NULL, NULL);
    if (status != CL_SUCCESS) {
        print_build_log(program);
        fprintf(stderr, "attackbench: opencl: the kernel of %s:%s does not compile (%s; its build log is above)\n",
                program->technique->slug, device_table_space_names[program->space], opencl_error_name(status));
        return 1;
    }
    program->attacks_kernel = api->clCreateKernel(program->program, "attacks", &status);
    if (status == CL_SUCCESS)
        program->queens_kernel = api->clCreateKernel(program->program, "queens", &status);
    return status == CL_SUCCESS ? 0 : opencl_failure("clCreateKernel", status);
}

/* The table on the host, then on the device. */
static int upload_table(struct device_program *program)
{
    const struct device_technique *technique = program->technique;
    uint64_t *table = calloc(program->table_words ? program->table_words : 1, sizeof *table);
    if (table == NULL) {
        fprintf(stderr, "attackbench: out of memory\n");
        return 1;
    }
    if (technique->build_table)
        technique->build_table(table);
    program->table =
        opencl_buffer(program->device, CL_MEM_READ_ONLY, program->table_words * sizeof *table, table, "the table");
    free(table);
    return program->table ? 0 : 1;
}

/* Whether the table fits where the formulation puts it. */
static int table_fits(const struct device *device, enum device_table_space space, size_t bytes)
{
    if (space == TABLE_LOCAL)
        return bytes > 0 && bytes <= device->facts.local_bytes;
    if (space == TABLE_CONSTANT)
        return bytes > 0 && bytes <= device->facts.constant_bytes;
    return 1;
}

int device_formulation_fits(const struct device *device, const struct device_technique *technique,
                            enum device_table_space space)
{
    return table_fits(device, space, device_table_bytes(technique));
}

int device_program_build(struct device *device, const struct device_technique *technique, enum device_table_space space,
                         struct device_program **built)
{
    struct device_program *program = calloc(1, sizeof *program);
    if (program == NULL) {
        fprintf(stderr, "attackbench: out of memory\n");
        return 1;
    }
    program->device = device;
    program->technique = technique;
    program->space = space;
    program->table_words = technique->build_table ? technique->build_table(NULL) : 0;
    if (upload_table(program) != 0 || compile(program) != 0) {
        device_program_free(program);
        return 1;
    }
    *built = program;
    return 0;
}

void device_program_free(struct device_program *program)
{
    if (program == NULL)
        return;
    const struct opencl_api *api = program->device->api;
    if (program->attacks_kernel)
        api->clReleaseKernel(program->attacks_kernel);
    if (program->queens_kernel)
        api->clReleaseKernel(program->queens_kernel);
    if (program->program)
        api->clReleaseProgram(program->program);
    if (program->table)
        api->clReleaseMemObject(program->table);
    free(program);
}

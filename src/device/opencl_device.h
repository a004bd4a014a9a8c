/* What the OpenCL files of this layer share about an open device and a
 * built program (device.h is the contract outside). */
#ifndef ATTACKBENCH_OPENCL_DEVICE_H
#define ATTACKBENCH_OPENCL_DEVICE_H

#include "device.h"
#include "opencl_api.h"

struct device {
    const struct opencl_api *api;
    cl_device_id id;
    cl_context context;
    cl_command_queue queue;
    struct device_facts facts;
};

struct device_program {
    struct device *device;
    const struct device_technique *technique;
    enum device_table_space space;
    cl_program program;
    cl_kernel attacks_kernel;
    cl_kernel queens_kernel;
    cl_mem table;
    size_t table_words;
};

struct device_stream {
    struct device *device;
    cl_mem squares;
    cl_mem occupied;
    size_t count;
};

/* One line naming the call and its error; returns 1. */
int opencl_failure(const char *what, cl_int code);

/* A buffer of `bytes` copied from `data` (NULL: uninitialised); NULL after
 * one line, naming a size over the device's limit as out of memory. */
cl_mem opencl_buffer(struct device *device, cl_mem_flags flags, size_t bytes, const void *data, const char *what);

#endif

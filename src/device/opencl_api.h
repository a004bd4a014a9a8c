/* The OpenCL entry points attackbench calls, loaded from the ICD loader
 * (libOpenCL.so.1) at run time, so that a machine without OpenCL gets one
 * line saying so instead of a program that cannot start. */
#ifndef ATTACKBENCH_OPENCL_API_H
#define ATTACKBENCH_OPENCL_API_H

#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>

/* Each entry point once: X(name). */
#define OPENCL_ENTRY_POINTS(X) \
    X(clGetPlatformIDs) \
    X(clGetPlatformInfo) \
    X(clGetDeviceIDs) \
    X(clGetDeviceInfo) \
    X(clCreateContext) \
    X(clCreateCommandQueue) \
    X(clCreateProgramWithSource) \
    X(clBuildProgram) \
    X(clGetProgramBuildInfo) \
    X(clCreateKernel) \
    X(clSetKernelArg) \
    X(clGetKernelWorkGroupInfo) \
    X(clCreateBuffer) \
    X(clEnqueueWriteBuffer) \
    X(clEnqueueReadBuffer) \
    X(clEnqueueNDRangeKernel) \
    X(clFlush) \
    X(clFinish) \
    X(clGetEventInfo) \
    X(clGetEventProfilingInfo) \
    X(clReleaseEvent) \
    X(clReleaseKernel) \
    X(clReleaseProgram) \
    X(clReleaseMemObject) \
    X(clReleaseCommandQueue) \
    X(clReleaseContext)

struct opencl_api {
#define OPENCL_POINTER(name) __typeof__(&name) name;
    OPENCL_ENTRY_POINTS(OPENCL_POINTER)
#undef OPENCL_POINTER
};

/* What the user asked for, as the messages of loading the library and
 * listing the platforms name it: "--device=opencl" (the default) or
 * "--list-devices" (device_list() sets it). */
extern const char *opencl_command;

/* The loaded entry points: the library named by ATTACKBENCH_OPENCL_LIBRARY,
 * or libOpenCL.so.1.  Returns NULL after one line on standard error naming
 * what is missing. */
const struct opencl_api *opencl_api_load(void);

/* The name of an OpenCL error code ("CL_OUT_OF_RESOURCES"). */
const char *opencl_error_name(cl_int code);

#endif

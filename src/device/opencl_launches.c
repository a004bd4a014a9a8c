/* Launches: the lookups the verifier reads back, and the timed queen
 * launches, their device time from profiling events (start to end of the
 * kernel on the device, no host clock), each waited for under a watchdog
 * (a timer signal). */
#define _POSIX_C_SOURCE 200809L
#include "opencl_device.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

/* The watchdog's line, written by the timer's signal handler: only
 * write() and _exit() there. */
static char watchdog_line[256];
static size_t watchdog_length;

static void on_watchdog(int signal_number)
{
    (void)signal_number;
    ssize_t written = write(STDERR_FILENO, watchdog_line, watchdog_length);
    (void)written;
    _exit(1);
}

/* Arms the watchdog for one launch and its wait: a timer signal, so that
 * it fires whatever the driver does meanwhile (PoCL's basic device runs
 * the kernel inside clFlush, on this thread).  Past the limit the kernel
 * cannot be cancelled (OpenCL has no way), so the process ends at once
 * with one line: waiting longer or tearing down the driver could hang. */
static void arm_watchdog(const struct device_program *program, const char *kernel, struct sigaction *previous)
{
    double limit = device_watchdog_seconds();
    int length = snprintf(watchdog_line, sizeof watchdog_line,
                          "attackbench: opencl: the %s kernel of %s ran past the watchdog's %g s; stopped\n", kernel,
                          program->technique->slug, limit);
    watchdog_length = length < 0                              ? 0
                      : (size_t)length < sizeof watchdog_line ? (size_t)length
                                                              : sizeof watchdog_line - 1;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_watchdog;
    sigemptyset(&action.sa_mask);
    sigaction(SIGALRM, &action, previous);
    struct itimerval timer = {{0, 0}, {(time_t)limit, (suseconds_t)((limit - (double)(time_t)limit) * 1e6)}};
    if (timer.it_value.tv_sec == 0 && timer.it_value.tv_usec == 0)
        timer.it_value.tv_usec = 1;
    setitimer(ITIMER_REAL, &timer, NULL);
}

static void disarm_watchdog(const struct sigaction *previous)
{
    struct itimerval off;
    memset(&off, 0, sizeof off);
    setitimer(ITIMER_REAL, &off, NULL);
    sigaction(SIGALRM, previous, NULL);
}

/* Waits for `event`: the queue finished, then the command's status. */
static int wait_for_launch(const struct device_program *program, cl_event event, const char *kernel)
{
    const struct opencl_api *api = program->device->api;
    cl_int finished = api->clFinish(program->device->queue);
    if (finished != CL_SUCCESS)
        return opencl_failure("clFinish", finished);
    cl_int status = CL_QUEUED;
    cl_int query = api->clGetEventInfo(event, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof status, &status, NULL);
    if (query != CL_SUCCESS)
        return opencl_failure("clGetEventInfo", query);
    return status < 0 ? opencl_failure(kernel, status) : 0;
}

/* The table arguments every kernel ends with: the table, and the local
 * copy's room when the table lives in local memory. */
static cl_int set_table_arguments(const struct device_program *program, cl_kernel kernel, cl_uint first)
{
    const struct opencl_api *api = program->device->api;
    size_t local_bytes = program->space == TABLE_LOCAL ? program->table_words * sizeof(uint64_t) : sizeof(uint64_t);
    cl_int status = api->clSetKernelArg(kernel, first, sizeof program->table, &program->table);
    if (status == CL_SUCCESS)
        status = api->clSetKernelArg(kernel, first + 1, local_bytes, NULL);
    return status;
}

/* Launches `kernel` on `items` work items and waits; the device time
 * from profiling events in *seconds when not NULL. */
static int launch(const struct device_program *program, cl_kernel kernel, size_t items, const char *name,
                  double *seconds)
{
    const struct opencl_api *api = program->device->api;
    cl_event event;
    struct sigaction previous;
    arm_watchdog(program, name, &previous);
    cl_int status = api->clEnqueueNDRangeKernel(program->device->queue, kernel, 1, NULL, &items, NULL, 0, NULL, &event);
    int failed = status != CL_SUCCESS ? opencl_failure(name, status) : wait_for_launch(program, event, name);
    disarm_watchdog(&previous);
    if (status != CL_SUCCESS)
        return failed;
    if (!failed && seconds) {
        cl_ulong start = 0, end = 0;
        status = api->clGetEventProfilingInfo(event, CL_PROFILING_COMMAND_START, sizeof start, &start, NULL);
        if (status == CL_SUCCESS)
            status = api->clGetEventProfilingInfo(event, CL_PROFILING_COMMAND_END, sizeof end, &end, NULL);
        failed = status != CL_SUCCESS ? opencl_failure("clGetEventProfilingInfo", status) : 0;
        *seconds = (end - start) * 1e-9;
    }
    api->clReleaseEvent(event);
    return failed;
}

static int read_back(const struct device *device, cl_mem buffer, size_t bytes, void *data)
{
    cl_int status = device->api->clEnqueueReadBuffer(device->queue, buffer, CL_TRUE, 0, bytes, data, 0, NULL, NULL);
    return status == CL_SUCCESS ? 0 : opencl_failure("reading results back", status);
}

int device_attacks(struct device_program *program, int piece, const uint8_t *squares, const uint64_t *occupied,
                   size_t count, uint64_t *attacks)
{
    struct device_stream *stream;
    if (device_stream_upload(program->device, squares, occupied, count, &stream) != 0)
        return 1;
    const struct opencl_api *api = program->device->api;
    cl_mem results = opencl_buffer(program->device, CL_MEM_WRITE_ONLY, count * sizeof *attacks, NULL, "the results");
    int failed = results == NULL;
    if (!failed) {
        cl_kernel kernel = program->attacks_kernel;
        cl_uint piece_argument = (cl_uint)piece, count_argument = (cl_uint)count;
        cl_int status = api->clSetKernelArg(kernel, 0, sizeof piece_argument, &piece_argument);
        status |= api->clSetKernelArg(kernel, 1, sizeof stream->squares, &stream->squares);
        status |= api->clSetKernelArg(kernel, 2, sizeof stream->occupied, &stream->occupied);
        status |= api->clSetKernelArg(kernel, 3, sizeof results, &results);
        status |= api->clSetKernelArg(kernel, 4, sizeof count_argument, &count_argument);
        status |= set_table_arguments(program, kernel, 5);
        size_t items = (count + 255) / 256 * 256;
        failed = status != CL_SUCCESS ? opencl_failure("setting the attacks kernel's arguments", status)
                                      : launch(program, kernel, items, "attacks", NULL);
        failed = failed || read_back(program->device, results, count * sizeof *attacks, attacks);
        api->clReleaseMemObject(results);
    }
    device_stream_free(stream);
    return failed;
}

int device_stream_upload(struct device *device, const uint8_t *squares, const uint64_t *occupied, size_t count,
                         struct device_stream **uploaded)
{
    struct device_stream *stream = calloc(1, sizeof *stream);
    if (stream == NULL) {
        fprintf(stderr, "attackbench: out of memory\n");
        return 1;
    }
    stream->device = device;
    stream->count = count;
    stream->squares = opencl_buffer(device, CL_MEM_READ_ONLY, count, squares, "the query squares");
    if (stream->squares)
        stream->occupied =
            opencl_buffer(device, CL_MEM_READ_ONLY, count * sizeof *occupied, occupied, "the query occupancies");
    if (stream->occupied == NULL) {
        device_stream_free(stream);
        return 1;
    }
    *uploaded = stream;
    return 0;
}

void device_stream_free(struct device_stream *stream)
{
    if (stream == NULL)
        return;
    if (stream->squares)
        stream->device->api->clReleaseMemObject(stream->squares);
    if (stream->occupied)
        stream->device->api->clReleaseMemObject(stream->occupied);
    free(stream);
}

int device_time_queens(struct device_program *program, const struct device_stream *stream, uint32_t passes,
                       size_t threads, int mixed, double *seconds, uint64_t *sum)
{
    const struct opencl_api *api = program->device->api;
    cl_mem sums = opencl_buffer(program->device, CL_MEM_WRITE_ONLY, threads * sizeof *sum, NULL, "the sums");
    if (sums == NULL)
        return 1;
    cl_kernel kernel = program->queens_kernel;
    cl_uint count_argument = (cl_uint)stream->count, mixed_argument = (cl_uint)mixed;
    cl_int status = api->clSetKernelArg(kernel, 0, sizeof stream->squares, &stream->squares);
    status |= api->clSetKernelArg(kernel, 1, sizeof stream->occupied, &stream->occupied);
    status |= api->clSetKernelArg(kernel, 2, sizeof count_argument, &count_argument);
    status |= api->clSetKernelArg(kernel, 3, sizeof passes, &passes);
    status |= api->clSetKernelArg(kernel, 4, sizeof mixed_argument, &mixed_argument);
    status |= api->clSetKernelArg(kernel, 5, sizeof sums, &sums);
    status |= set_table_arguments(program, kernel, 6);
    int failed = status != CL_SUCCESS ? opencl_failure("setting the queens kernel's arguments", status)
                                      : launch(program, kernel, threads, "queens", seconds);
    uint64_t *partial = failed ? NULL : malloc(threads * sizeof *partial);
    if (!failed && partial == NULL) {
        fprintf(stderr, "attackbench: out of memory\n");
        failed = 1;
    }
    failed = failed || read_back(program->device, sums, threads * sizeof *partial, partial);
    if (!failed) {
        *sum = 0;
        for (size_t i = 0; i < threads; i++)
            *sum += partial[i];
    }
    free(partial);
    api->clReleaseMemObject(sums);
    return failed;
}

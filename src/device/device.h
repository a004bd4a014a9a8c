/* The OpenCL device layer's contract with the commands above it: list the
 * devices, open one, build a technique's program, run its lookups for the
 * verifier and time it by profiling events.  In a build without OpenCL
 * (the plain make) every entry says so (no_opencl.c). */
#ifndef ATTACKBENCH_DEVICE_H
#define ATTACKBENCH_DEVICE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "device_techniques.h"

/* What the context line and --list-devices say of a device. */
struct device_facts {
    char platform[128];
    char name[128];
    char vendor[64];
    char driver[64];
    char version[96];
    unsigned compute_units;
    uint64_t global_bytes;
    uint64_t local_bytes;
    uint64_t constant_bytes;
    uint64_t max_allocation_bytes;
    int nvidia; /* NVIDIA's platform: bit reversal by brev.b64 */
};

struct device;
struct device_program;

/* Whether this build has the OpenCL layer (make opencl). */
int device_layer_built(void);

/* --list-devices: every platform and device with compute units and
 * memory, on `out`.  Returns 0, or 1 after one line on standard error
 * (no library, no platform). */
int device_list(FILE *out);

/* Opens device `index` of every platform's devices counted in order.
 * Returns 0; 2 (usage) when the index is out of range; 1 after one line
 * when there is no library or no platform. */
int device_open(int index, struct device **device, struct device_facts *facts);
void device_close(struct device *device);

/* The bit reversal the kernels use on this device: "brev.b64" or
 * "portable". */
const char *device_bit_reversal(const struct device *device);

/* Builds `technique` with its table in `space` (uploading the table).
 * Returns 0; 1 after the build log and one line (a kernel that does not
 * compile, a table the device cannot hold). */
int device_program_build(struct device *device, const struct device_technique *technique, enum device_table_space space,
                         struct device_program **program);
void device_program_free(struct device_program *program);

/* Whether the technique's table fits in `space` on this device (global:
 * always; local and constant: a table within the device's limit). */
int device_formulation_fits(const struct device *device, const struct device_technique *technique,
                            enum device_table_space space);

/* The attacks of `count` (square, occupancy) queries for one piece
 * (0 rook, 1 bishop, 2 queen), read back into `attacks`.  Returns 0, or 1
 * after one line. */
int device_attacks(struct device_program *program, int piece, const uint8_t *squares, const uint64_t *occupied,
                   size_t count, uint64_t *attacks);

/* A query stream on the device for timed launches. */
struct device_stream;
int device_stream_upload(struct device *device, const uint8_t *squares, const uint64_t *occupied, size_t count,
                         struct device_stream **stream);
void device_stream_free(struct device_stream *stream);

/* One launch of queen lookups over `passes` passes of the stream by
 * `threads` work items.  Its device time from profiling events in
 * *seconds and the sum of every work item's sum in *sum (plain sums, or
 * with `mixed` the checksum mix of each result).  Returns 0, or 1 after
 * one line (a launch that fails or runs past the watchdog). */
int device_time_queens(struct device_program *program, const struct device_stream *stream, uint32_t passes,
                       size_t threads, int mixed, double *seconds, uint64_t *sum);

/* The watchdog: a launch that runs longer is stopped with one line
 * (default 60 s; ATTACKBENCH_OPENCL_WATCHDOG=SECONDS). */
double device_watchdog_seconds(void);

/* ATTACKBENCH_OPENCL_WATCHDOG and ATTACKBENCH_OPENCL_PLANT, in every
 * build: 0, or -1 with the one line's text in `message` when either has a
 * value of another form (device_environment.c). */
int device_check_environment(char *message, size_t size);

/* Whether ATTACKBENCH_OPENCL_PLANT plants `what` (docs/gpu.md). */
int device_planted(const char *what);

#endif

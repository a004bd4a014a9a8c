/* --device=opencl[:N] and --list-devices: the device techniques verified
 * and timed on an OpenCL device, beside the CPU's fastest on the same
 * stream (docs/gpu.md). */
#ifndef ATTACKBENCH_DEVICE_COMMAND_H
#define ATTACKBENCH_DEVICE_COMMAND_H

#include "options.h"

/* The benchmark (or --verify-only) on the device; returns the exit
 * status: 0, 1 a failure (wrong result, no driver, a kernel that does
 * not compile or outruns the watchdog), 2 bad usage. */
int device_command(const struct options *options);

/* --list-devices; returns the exit status. */
int list_devices_command(void);

/* --plugin loads CPU code, which cannot run on a device: with --device on
 * the command line (before a "--"), one line and 2; else 0. */
int refuse_plugins_with_device(int argc, char **argv);

#endif

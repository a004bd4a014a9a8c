/* Checking a device technique: its lookups computed on the device, read
 * back and compared on the host with the ray walk. */
#ifndef ATTACKBENCH_VERIFY_DEVICE_H
#define ATTACKBENCH_VERIFY_DEVICE_H

#include <stdint.h>
#include <stdio.h>

#include "device/device.h"

/* Every square with every subset of its relevant occupancy, for the rook
 * and the bishop, and for the queen every subset of both masks, then
 * `boards` random queen boards (occupancy r1 & r2, then sparser in turn,
 * a uniform square) from `seed`, as --verify-only checks a CPU technique.
 * `method` names it in the report ("magic-fancy:local").  Returns 0; 1
 * after the mismatch report on `report` or a device failure. */
int verify_on_device(struct device_program *program, const char *method, uint64_t boards, uint64_t seed, FILE *report);

#endif

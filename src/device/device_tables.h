/* The tables of the device techniques, built on the host from the ray walk
 * and uploaded once; the layout of each is described where its kernel
 * reads it (kernels/). */
#ifndef ATTACKBENCH_DEVICE_TABLES_H
#define ATTACKBENCH_DEVICE_TABLES_H

#include <stddef.h>
#include <stdint.h>

/* Each fills `table` when it is not NULL and returns the words. */
size_t device_line_table(uint64_t *table);   /* 4 lines a square: file, rank, diagonal, anti-diagonal */
size_t device_ray_table(uint64_t *table);    /* 8 rays a square */
size_t device_fancy_table(uint64_t *table);  /* fancy magic */
size_t device_plain_table(uint64_t *table);  /* plain magic, 4096 and 512 slots a square */
size_t device_pext_table(uint64_t *table);   /* dense, indexed by the extracted occupancy */

#endif

/* The tables of the device techniques, built on the host from the ray walk
 * and uploaded once; the layout of each is described where its kernel
 * reads it (kernels/). */
#ifndef ATTACKBENCH_DEVICE_TABLES_H
#define ATTACKBENCH_DEVICE_TABLES_H

#include <stddef.h>
#include <stdint.h>

/* Each fills `table` when it is not NULL and returns the words. */
size_t device_line_table(uint64_t *table);        /* 4 lines a square: file, rank, diagonal, anti-diagonal */
size_t device_ray_table(uint64_t *table);         /* 8 rays a square */
size_t device_fancy_table(uint64_t *table);       /* fancy magic */
size_t device_black_table(uint64_t *table);       /* black magic: published factors, one shared table */
size_t device_plain_table(uint64_t *table);       /* plain magic, 4096 and 512 slots a square */
size_t device_pext_table(uint64_t *table);        /* dense, indexed by the extracted occupancy */
size_t device_sbamg_table(uint64_t *table);       /* SBAMG's eight masks a square */
size_t device_sissy_table(uint64_t *table);       /* SISSY's row supersets and lines */
size_t device_bitray_table(uint64_t *table);      /* the rays, those running down reversed */
size_t device_bitray_rank_table(uint64_t *table); /* those rays, then a first-rank table */

#endif

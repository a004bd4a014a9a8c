/* The techniques that run on an OpenCL device: each under the slug of its
 * CPU technique, with the kernel source that implements it (kernels/), the
 * table its lookups read, built on the host, and, where a program writes
 * part of its code, that generated source (src/generated/).  Compiled in
 * every build, so that --list says which techniques run on a device even
 * where this build cannot. */
#ifndef ATTACKBENCH_DEVICE_TECHNIQUES_H
#define ATTACKBENCH_DEVICE_TECHNIQUES_H

#include <stddef.h>
#include <stdint.h>

/* Where a table lives while the kernel reads it: the formulations of a
 * technique with a table (magic-fancy:global, magic-fancy:local). */
enum device_table_space { TABLE_GLOBAL, TABLE_LOCAL, TABLE_CONSTANT, TABLE_SPACE_COUNT };

extern const char *const device_table_space_names[TABLE_SPACE_COUNT];

struct device_technique {
    const char *slug;   /* the CPU technique's --method name */
    const char *kernel; /* kernels/KERNEL.cl */
    /* Fills `table` (NULL: only counts) and returns its 64-bit words; NULL
     * for a technique without a table. */
    size_t (*build_table)(uint64_t *table);
    /* src/generated/GENERATED.cl, compiled after the kernel, which
     * declares what it defines; NULL for none. */
    const char *generated;
};

extern const struct device_technique device_techniques[];
extern const int device_technique_count;

/* The technique of a slug, or NULL. */
const struct device_technique *device_technique_named(const char *slug);

/* The table's bytes (0 for none). */
size_t device_table_bytes(const struct device_technique *technique);

#endif

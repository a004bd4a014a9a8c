/* The OpenCL C sources of kernels/, embedded into the program at build
 * time (scripts/generators/embed-kernels.sh writes them into the build folder), so
 * that the program runs from any folder. */
#ifndef ATTACKBENCH_KERNEL_SOURCES_H
#define ATTACKBENCH_KERNEL_SOURCES_H

struct kernel_source {
    const char *name; /* the file name without .cl */
    const char *text;
};

extern const struct kernel_source kernel_sources[];
extern const int kernel_source_count;

#endif

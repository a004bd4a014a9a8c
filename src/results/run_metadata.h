/* What identifies a run in every CSV attackbench writes: when, where, on
 * which CPU, built how.  Taken in one place, from one clock, so the
 * benchmark's and perft's rows agree. */
#ifndef ATTACKBENCH_RUN_METADATA_H
#define ATTACKBENCH_RUN_METADATA_H

#include <stdio.h>

struct run_metadata {
    char timestamp[32];   /* UTC, ISO 8601: 2026-01-31T12:00:00Z */
    char host[65];        /* HOST_NAME_MAX on Linux is 64 */
    const char *cpu;      /* brand string */
    const char *compiler; /* name and version */
    const char *flags;    /* CFLAGS of the build */
    const char *version;  /* attackbench's */
    const char *commit;   /* git describe of the build, or "unknown" */
    char cpu_vendor[16];
    char cpu_family[12];
    char cpu_model[12];
};

/* Fill in the metadata now (the wall clock, in UTC). */
void run_metadata_capture(struct run_metadata *metadata);

/* The CSV columns of the metadata, in the order run_metadata_write_fields
 * writes them, without a trailing comma. */
extern const char run_metadata_csv_header[];

/* "timestamp,host,cpu,compiler,flags" values, each quoted when needed,
 * followed by a comma. */
void run_metadata_write_fields(FILE *out, const struct run_metadata *metadata);

#endif

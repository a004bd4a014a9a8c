/* What a device run holds and how it is written: one row per device
 * technique (its fastest formulation) and one for the CPU's fastest on
 * the same stream; the table on standard output, the CSV (the CPU
 * benchmark's columns, then device, device_name and the launch's size). */
#ifndef ATTACKBENCH_DEVICE_REPORT_H
#define ATTACKBENCH_DEVICE_REPORT_H

#include <stdint.h>

#include "options.h"
#include "device/device.h"
#include "measure/runner.h"
#include "measure/statistics.h"
#include "measure/workload.h"

enum { MAX_DEVICE_ROWS = 64 };

struct device_row {
    char method[64];    /* slug:formulation on the device; the CPU technique's name */
    const char *device; /* "opencl:0", or "cpu" */
    struct statistics ns;
    double *samples; /* ns per query of each launch (repetition) */
    int sample_count;
    size_t table_bytes;
    uint64_t checksum;
    size_t threads;  /* work items a launch (device rows) */
    uint32_t passes; /* passes over the stream a launch */
    double overhead; /* an empty launch's time over a timed launch's */
    /* The CPU row's own, as the CPU benchmark's CSV gives them (device
     * rows leave them 0): */
    const char *timer;       /* "tsc" or "clock" */
    double tsc_ghz;          /* 0 unless the TSC */
    struct statistics ticks; /* per query, with the TSC */
    double hit_rate;         /* negative: the technique counts none */
    double init_ms;
    const char *formulation; /* its formulation, or NULL for a technique with one */
};

struct device_choice {
    const struct device_technique *technique;
    int space; /* a named formulation, or -1: measured (or fixed) */
};

struct device_session {
    const struct options *options;
    struct device *device;
    struct device_facts facts;
    char device_name[24];
    struct workload workload;
    const struct stream *stream;
    struct pass_checksums expected;
    struct device_stream *uploaded;
    size_t threads;
    struct device_choice chosen[MAX_DEVICE_ROWS];
    int chosen_count;
    int verified; /* formulations verified */
    struct device_row rows[MAX_DEVICE_ROWS + 1];
    int row_count;
    int cpu_candidates; /* CPU techniques the CPU row is the fastest of */
};

/* The CPU row from the fastest of `candidates` CPU measurements, timed
 * by `timer`, its technique initialised in `init_ms`. */
void cpu_row_from_measurement(struct device_session *session, const struct measurement *fastest, int candidates,
                              const struct timer *timer, double init_ms);

/* The table (or --format=csv) on standard output, --csv=FILE; returns
 * the exit status. */
int write_device_report(const struct device_session *session);

#endif

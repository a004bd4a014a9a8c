/* Bencher Metric Format (BMF) JSON, the format Bencher (bencher.dev)
 * reads with its json adapter:
 *   {"NAME": {"MEASURE": {"value": V, "lower_value": L, "upper_value": U}}}
 * one benchmark per row, one measure each (--format=bmf of the benchmark,
 * perft and compare). */
#ifndef ATTACKBENCH_BMF_H
#define ATTACKBENCH_BMF_H

#include <stdio.h>

struct bmf_writer {
    FILE *out;
    int entries;
};

void bmf_begin(struct bmf_writer *writer, FILE *out);

/* One benchmark: name, measure and value, with the bounds when both are
 * finite (lower and upper are left out otherwise); a row without a finite
 * value is left out, since JSON has no NaN or infinity. */
void bmf_entry(struct bmf_writer *writer, const char *name, const char *measure, double value, double lower,
               double upper);

void bmf_end(struct bmf_writer *writer);

/* A JSON string: quoted, with quotes, backslashes and control characters
 * escaped. */
void write_json_string(FILE *out, const char *text);

#endif

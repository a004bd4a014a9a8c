/* Reading the result files attackbench writes (CSV or JSON) back in, for
 * `attackbench compare`: each row's configuration, metric and samples, and
 * the run's identity (CPU, compiler, flags, commit). */
#ifndef ATTACKBENCH_RESULT_FILE_H
#define ATTACKBENCH_RESULT_FILE_H

#include <stddef.h>

#include "metric.h"

enum { MAX_ROW_FIELDS = 64 };

/* One row of a result file as name/value text pairs.  JSON arrays of
 * numbers arrive as space-separated text, as in the CSV. */
struct result_fields {
    size_t count;
    const char *names[MAX_ROW_FIELDS];
    const char *values[MAX_ROW_FIELDS];
    int from_header; /* the names are a CSV header's: a missing one is the header's lack */
};

/* Called once per row; `line` is where the row starts.  A non-zero return
 * stops the reader, which returns it. */
typedef int (*row_visitor)(const struct result_fields *row, const char *path, long line, void *data);

/* The value of a field, or NULL when the row has none. */
const char *field_value(const struct result_fields *row, const char *name);

/* The two readers; `text` is the whole file, `length` bytes without a NUL
 * among them.  They read by length, never past text + length; the CSV
 * reader unquotes in place and may write one NUL at text[length].  They
 * print "PATH:LINE: what is wrong" and return -1 on malformed input. */
int read_csv_rows(const char *path, char *text, size_t length, row_visitor visit, void *data);
int read_json_rows(const char *path, const char *text, size_t length, row_visitor visit, void *data);

/* The columns that make a row's configuration: rows of two files are
 * compared when all of these and the metric agree.  The last, parameters
 * (the --param the method ran with), belongs to the method: the columns
 * before it are the group (one table of the benchmark). */
enum { PARAMETERS_COLUMN = 9, CONFIGURATION_COLUMN_COUNT = 10 };
extern const char *const configuration_columns[CONFIGURATION_COLUMN_COUNT];

/* The columns that identify the machine and the build. */
/* Longer than any the writer keeps (output.c: 223 bytes), so that two
 * files are compared on whole values; a longer value is refused. */
enum { IDENTITY_COLUMN_COUNT = 8, IDENTITY_FIELD_SIZE = 1024 };
extern const char *const identity_columns[IDENTITY_COLUMN_COUNT];

/* The warnings column: keys separated by spaces (output.c writes at most
 * 223 bytes). */
enum { WARNINGS_FIELD_SIZE = 256 };

struct result_record {
    char configuration[CONFIGURATION_COLUMN_COUNT][64];
    char warnings[WARNINGS_FIELD_SIZE]; /* "" when none, or an older file without the column */
    enum metric_kind metric;
    double *samples; /* ns/query per repetition, or the one count */
    size_t sample_count;
    long line;
};

struct result_file {
    const char *path;      /* as messages show it: shown_path */
    char shown_path[4160]; /* the name escaped ("<stdin>" for "-"): no control byte reaches a message */
    char identity[IDENTITY_COLUMN_COUNT][IDENTITY_FIELD_SIZE];
    struct result_record *records;
    size_t count, capacity;
    /* The records ordered by metric and configuration, for lookups in
     * O(log n) (index_result_file). */
    const struct result_record **sorted;
};

/* Read a whole file (CSV or JSON, told apart by its first character).
 * Returns 0, or -1 after printing "PATH:LINE: ..." for malformed input. */
int load_result_file(const char *path, struct result_file *file);
void free_result_file(struct result_file *file);

/* Order the records for find_record(), again after they change; -1 when
 * out of memory. */
int index_result_file(struct result_file *file);

/* The record with `key`'s metric and configuration, or NULL. */
const struct result_record *find_record(const struct result_file *file, const struct result_record *key);

/* Whether a record's warnings say something disturbed its measurement
 * (cpu-contention, canary-drift), as opposed to facts of the whole run
 * (hypervisor, few-repetitions, ...). */
int record_disturbed(const struct result_record *record);

/* The disturbance keys of `warnings` (joined by spaces), or "" when none. */
void disturbance_keys(const char *warnings, char *out, size_t size);

/* The median of a record's samples. */
double record_median(const struct result_record *record);

#endif

/* A result file read back: rows converted into records, the run's
 * identity checked to be one run's, and every configuration seen once. */
#include "result_file.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

const char *const configuration_columns[CONFIGURATION_COLUMN_COUNT] = {
    "method", "piece", "workload", "dispatch", "mode", "pressure_bytes", "phase", "threads",
};

const char *const identity_columns[IDENTITY_COLUMN_COUNT] = {
    "cpu", "cpu_vendor", "cpu_family", "cpu_model", "compiler", "flags", "version", "commit",
};

static int row_error(const char *path, long line, const char *what, const char *detail)
{
    fprintf(stderr, "attackbench: %s:%ld: %s%s\n", path, line, what, detail);
    return -1;
}

/* The whole file as one NUL-terminated string; NULL after an error. */
static char *read_whole_file(const char *path)
{
    FILE *in = fopen(path, "rb");
    struct stat status;
    if (in == NULL || fstat(fileno(in), &status) != 0 || S_ISDIR(status.st_mode)) {
        fprintf(stderr, "attackbench: %s: cannot read: %s\n", path, in ? "is a directory" : strerror(errno));
        if (in)
            fclose(in);
        return NULL;
    }
    size_t size = 0, capacity = 4096;
    char *text = malloc(capacity);
    size_t got;
    while (text && (got = fread(text + size, 1, capacity - size - 1, in)) > 0) {
        size += got;
        if (size + 1 == capacity) {
            char *grown = realloc(text, capacity *= 2);
            if (grown == NULL)
                free(text);
            text = grown;
        }
    }
    int failed = text == NULL || ferror(in);
    fclose(in);
    if (failed) {
        fprintf(stderr, "attackbench: %s: cannot read\n", path);
        free(text);
        return NULL;
    }
    text[size] = '\0';
    if (strlen(text) != size) {
        long line = 1;
        for (const char *p = text; *p; p++)
            line += *p == '\n';
        row_error(path, line, "a NUL byte: not a CSV or JSON file", "");
        free(text);
        return NULL;
    }
    return text;
}

/* Space-separated positive numbers into a new array. */
static int parse_samples(const char *text, struct result_record *record)
{
    size_t capacity = 1;
    for (const char *p = text; *p; p++)
        capacity += *p == ' ';
    record->samples = malloc(capacity * sizeof *record->samples);
    record->sample_count = 0;
    if (record->samples == NULL)
        return -1;
    const char *p = text;
    while (*p) {
        char *end;
        errno = 0;
        double value = strtod(p, &end);
        if (end == p || errno == ERANGE || !isfinite(value) || value <= 0 || (*end && *end != ' '))
            return -1;
        record->samples[record->sample_count++] = value;
        p = *end ? end + 1 : end;
    }
    return record->sample_count > 0 ? 0 : -1;
}

static int read_metric(const struct result_fields *row, struct result_record *record, const char *path, long line)
{
    const char *metric = field_value(row, "metric");
    record->metric = METRIC_NS;
    if (metric != NULL && strcmp(metric, metric_names[METRIC_INSTRUCTIONS]) == 0)
        record->metric = METRIC_INSTRUCTIONS;
    else if (metric != NULL && strcmp(metric, metric_names[METRIC_NS]) != 0)
        return row_error(path, line, "metric: expected ns or instructions, not ", metric);
    const char *column = record->metric == METRIC_NS ? "samples_ns" : "instructions_per_query";
    const char *values = field_value(row, column);
    if (values == NULL)
        return row_error(path, line, column, record->metric == METRIC_NS
                                                 ? ": no such column (written by an attackbench before 0.2?)"
                                                 : ": no such column");
    if (parse_samples(values, record) != 0 || (record->metric == METRIC_INSTRUCTIONS && record->sample_count != 1))
        return row_error(path, line, column, ": expected positive numbers separated by spaces");
    return 0;
}

static int read_configuration(const struct result_fields *row, struct result_record *record, const char *path,
                              long line)
{
    for (int c = 0; c < CONFIGURATION_COLUMN_COUNT; c++) {
        const char *value = field_value(row, configuration_columns[c]);
        if (value == NULL || *value == '\0')
            return row_error(path, line, "no value for ", configuration_columns[c]);
        if (strlen(value) >= sizeof record->configuration[c])
            return row_error(path, line, "value too long for ", configuration_columns[c]);
        strcpy(record->configuration[c], value);
    }
    return 0;
}

/* Every row of a file must come from the same machine and build. */
static int check_identity(const struct result_fields *row, struct result_file *file, const char *path, long line)
{
    for (int c = 0; c < IDENTITY_COLUMN_COUNT; c++) {
        const char *value = field_value(row, identity_columns[c]);
        if (value == NULL || *value == '\0')
            value = "unknown";
        char *kept = file->identity[c];
        if (file->count == 0) {
            snprintf(kept, IDENTITY_FIELD_SIZE, "%s", value);
        } else if (strncmp(kept, value, IDENTITY_FIELD_SIZE - 1) != 0) {
            fprintf(stderr, "attackbench: %s:%ld: %s '%s' differs from the first row's '%s': one run per file\n",
                    path, line, identity_columns[c], value, kept);
            return -1;
        }
    }
    return 0;
}

static int same_configuration(const struct result_record *a, const struct result_record *b)
{
    if (a->metric != b->metric)
        return 0;
    for (int c = 0; c < CONFIGURATION_COLUMN_COUNT; c++)
        if (strcmp(a->configuration[c], b->configuration[c]) != 0)
            return 0;
    return 1;
}

static int check_unique(const struct result_file *file, const struct result_record *record, const char *path)
{
    for (size_t i = 0; i < file->count; i++)
        if (same_configuration(&file->records[i], record)) {
            fprintf(stderr, "attackbench: %s:%ld: a second row for %s %s (the first is on line %ld)\n", path,
                    record->line, record->configuration[0], record->configuration[1], file->records[i].line);
            return -1;
        }
    return 0;
}

static int add_record(const struct result_fields *row, const char *path, long line, void *data)
{
    struct result_file *file = data;
    struct result_record record = {.line = line};
    if (read_configuration(row, &record, path, line) != 0 || check_identity(row, file, path, line) != 0)
        return -1;
    if (read_metric(row, &record, path, line) != 0 || check_unique(file, &record, path) != 0) {
        free(record.samples);
        return -1;
    }
    struct result_record *grown = realloc(file->records, (file->count + 1) * sizeof *grown);
    if (grown == NULL) {
        free(record.samples);
        return row_error(path, line, "out of memory", "");
    }
    file->records = grown;
    file->records[file->count++] = record;
    return 0;
}

int load_result_file(const char *path, struct result_file *file)
{
    *file = (struct result_file){.path = path};
    char *text = read_whole_file(path);
    if (text == NULL)
        return -1;
    char *start = text;
    if (strncmp(start, "\xEF\xBB\xBF", 3) == 0)
        start += 3;
    const char *first = start + strspn(start, " \t\r\n");
    int status = *first == '{' || *first == '[' ? read_json_rows(path, start, add_record, file)
                                                : read_csv_rows(path, start, add_record, file);
    free(text);
    if (status == 0 && file->count == 0) {
        fprintf(stderr, "attackbench: %s:1: no result rows\n", path);
        status = -1;
    }
    if (status != 0)
        free_result_file(file);
    return status ? -1 : 0;
}

void free_result_file(struct result_file *file)
{
    for (size_t i = 0; i < file->count; i++)
        free(file->records[i].samples);
    free(file->records);
    file->records = NULL;
    file->count = 0;
}

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double record_median(const struct result_record *record)
{
    size_t n = record->sample_count;
    double *sorted = malloc(n * sizeof *sorted);
    if (sorted == NULL)
        return record->samples[0];
    memcpy(sorted, record->samples, n * sizeof *sorted);
    qsort(sorted, n, sizeof *sorted, compare_doubles);
    double median = n % 2 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    free(sorted);
    return median;
}

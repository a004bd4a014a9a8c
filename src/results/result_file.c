/* A result file read back: rows converted into records, the run's
 * identity checked to be one run's, and every configuration seen once. */
#include "base/error_message.h"
#include "result_file.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

const char *const configuration_columns[CONFIGURATION_COLUMN_COUNT] = {
    "method", "piece", "workload", "dispatch", "mode", "pressure_bytes", "phase", "threads", "layout", "parameters",
};

/* The value of a configuration column a file written before it existed
 * lacks: the layout was always that of queries, and no run recorded its
 * --param (the rows are read as of the backends' defaults). */
static const char *configuration_default(const char *column)
{
    if (strcmp(column, "layout") == 0)
        return "queries";
    return strcmp(column, "parameters") == 0 ? "" : NULL;
}

const char *const identity_columns[IDENTITY_COLUMN_COUNT] = {
    "cpu", "cpu_vendor", "cpu_family", "cpu_model", "compiler", "flags", "version", "commit",
};

/* File contents in a message go through escape_text(): a terminal never
 * sees a control byte from a file. */
static int row_error(const char *path, long line, const char *what, const char *detail)
{
    char shown[256];
    escape_text(detail, shown, sizeof shown);
    fprintf(stderr, "attackbench: %s:%ld: %s%s\n", path, line, what, shown);
    return -1;
}

/* What is wrong with the byte at `bad`: a control character (C0, DEL or
 * C1) or a byte that does not begin valid UTF-8. */
static const char *unprintable_kind(const unsigned char *bad)
{
    int c1_control = bad[0] == 0xC2 && bad[1] >= 0x80 && bad[1] <= 0x9F;
    return bad[0] < 0x80 || c1_control ? "control character" : "byte that is not UTF-8";
}

/* Configuration and identity values are names and numbers the tool wrote:
 * a control character (a line break would end a table row), a byte that
 * is not UTF-8 (the BMF output is JSON, which must be UTF-8; a terminal
 * may take it for a C1 control) or, in a configuration value, a '|' (a
 * table cell's end) is refused. */
static int check_plain_value(const char *value, const char *column, int table_cell, const char *path, long line)
{
    const char *bad = first_unprintable_byte(value);
    const char *bar = table_cell ? strchr(value, '|') : NULL;
    if (bad == NULL && bar == NULL)
        return 0;
    char shown[256];
    escape_text(value, shown, sizeof shown);
    fprintf(stderr, "attackbench: %s:%ld: %s: '%s' holds a %s\n", path, line, column, shown,
            bad && (bar == NULL || bad < bar) ? unprintable_kind((const unsigned char *)bad) : "'|'");
    return -1;
}

/* The name a file is shown by in messages and the report: standard
 * input ("-") is "<stdin>", as the position reader calls it. */
static const char *shown_name(const char *path)
{
    return strcmp(path, "-") == 0 ? "<stdin>" : path;
}

/* The whole of `in`, named `shown` in messages, its length in *length (a
 * NUL follows it); NULL after an error.  The caller closes `in`. */
enum { MAX_RESULT_FILE_BYTES = 1 << 30 };

static char *read_whole_stream(FILE *in, const char *shown, size_t *length)
{
    size_t size = 0, capacity = 4096;
    char *text = malloc(capacity);
    size_t got;
    while (text && (got = fread(text + size, 1, capacity - size - 1, in)) > 0) {
        /* A NUL byte (/dev/zero, a binary file) or a size beyond any result
         * file ends the read at once. */
        const char *nul = memchr(text + size, '\0', got);
        if (nul != NULL || size + got > MAX_RESULT_FILE_BYTES) {
            long line = 1;
            for (const char *p = text; p < (nul ? nul : text + size); p++)
                line += *p == '\n';
            free(text);
            if (nul != NULL)
                return row_error(shown, line, "a NUL byte: not a CSV or JSON file", ""), NULL;
            fprintf(stderr, "attackbench: %s: larger than the 1 GiB a result file may be\n", shown);
            return NULL;
        }
        size += got;
        if (size + 1 == capacity) {
            char *grown = realloc(text, capacity *= 2);
            if (grown == NULL)
                free(text);
            text = grown;
        }
    }
    if (text == NULL || ferror(in)) {
        fprintf(stderr, "attackbench: %s: cannot read: %s\n", shown, text == NULL ? "out of memory" : strerror(errno));
        free(text);
        return NULL;
    }
    text[size] = '\0';
    *length = size;
    return text;
}

/* The whole file `path` ("-": standard input, read to its end and left
 * open), as read_whole_stream(). */
static char *read_whole_file(const char *path, size_t *length)
{
    if (path[0] == '\0') {
        fprintf(stderr, "attackbench: an empty file name: give a result file's path, or '-' for standard input\n");
        return NULL;
    }
    int from_stdin = strcmp(path, "-") == 0;
    FILE *in = from_stdin ? stdin : fopen(path, "rb");
    struct stat status;
    char *text = NULL;
    char shown[4160];
    escape_text(shown_name(path), shown, sizeof shown);
    if (in == NULL || fstat(fileno(in), &status) != 0 || S_ISDIR(status.st_mode))
        fprintf(stderr, "attackbench: %s: cannot read: %s\n", shown, in ? "is a directory" : strerror(errno));
    else
        text = read_whole_stream(in, shown, length);
    if (in != NULL && !from_stdin)
        fclose(in);
    return text;
}

/* A sample outside these (ns per query, or instructions per query) is no
 * measurement: the live ab path refuses rounds below MIN_SAMPLE ns too,
 * and the writer prints four decimals, so a file of attackbench never
 * holds a positive sample below 1e-4.  Within them every ratio of two
 * samples, its interval, its logarithm and a geometric mean are finite. */
#define MIN_SAMPLE 1e-6
#define MAX_SAMPLE 1e12

/* Space-separated numbers from MIN_SAMPLE to MAX_SAMPLE into a new array. */
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
        /* Decimals, as the writer prints them or a JSON tool rewrites them
         * (an exponent is read; no sign, hex, inf or nan), from MIN_SAMPLE
         * to MAX_SAMPLE, so that ratios and intervals stay finite. */
        if ((!isdigit((unsigned char)*p) && *p != '.') || strspn(p, "0123456789.eE+-") < strcspn(p, " "))
            return -1;
        double value = strtod(p, &end);
        if (end == p || errno == ERANGE || !isfinite(value) || value < MIN_SAMPLE || value > MAX_SAMPLE ||
            (*end && *end != ' '))
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
        return row_error(path, line, column,
                         record->metric == METRIC_NS ? ": no such column (written by an attackbench before 0.2?)"
                                                     : ": no such column");
    if (parse_samples(values, record) != 0 || (record->metric == METRIC_INSTRUCTIONS && record->sample_count != 1))
        return row_error(path, line, column, ": expected decimal numbers from 1e-6 to 1e12 separated by spaces");
    return 0;
}

/* The configuration columns that hold a count the tool wrote in decimal
 * digits: a value that is not one is named, rather than kept as text that
 * matches no row of the other file ("nothing to compare"). */
static int check_count_value(const char *value, const char *column, const char *path, long line)
{
    if ((strcmp(column, "threads") != 0 && strcmp(column, "pressure_bytes") != 0) ||
        strspn(value, "0123456789") == strlen(value))
        return 0;
    char shown[256];
    escape_text(value, shown, sizeof shown);
    fprintf(stderr, "attackbench: %s:%ld: %s: expected a whole number, not '%s'\n", path, line, column, shown);
    return -1;
}

/* A CSV whose header lacks a configuration column is named at its header,
 * not as a row without the value. */
static int report_missing_column(const struct result_fields *row, const char *column, const char *path, long line)
{
    if (!row->from_header)
        return row_error(path, line, "no value for ", column);
    fprintf(stderr, "attackbench: %s:1: the header has no '%s' column\n", path, column);
    return -1;
}

static int read_configuration(const struct result_fields *row, struct result_record *record, const char *path,
                              long line)
{
    for (int c = 0; c < CONFIGURATION_COLUMN_COUNT; c++) {
        const char *value = field_value(row, configuration_columns[c]);
        /* Empty only where empty is the default: parameters. */
        const char *fallback = configuration_default(configuration_columns[c]);
        if (value == NULL && fallback == NULL)
            return report_missing_column(row, configuration_columns[c], path, line);
        if (value == NULL)
            value = fallback;
        if (value == NULL || (*value == '\0' && !(fallback && *fallback == '\0')))
            return row_error(path, line, "no value for ", configuration_columns[c]);
        if (strlen(value) >= sizeof record->configuration[c])
            return row_error(path, line, "value too long for ", configuration_columns[c]);
        if (check_plain_value(value, configuration_columns[c], 1, path, line) != 0 ||
            check_count_value(value, configuration_columns[c], path, line) != 0)
            return -1;
        strcpy(record->configuration[c], value);
    }
    return 0;
}

/* The keys that say a row's own measurement was disturbed. */
static const char *const disturbance_warnings[] = {"cpu-contention", "canary-drift"};

static int is_disturbance_key(const char *key, size_t length)
{
    for (size_t k = 0; k < sizeof disturbance_warnings / sizeof disturbance_warnings[0]; k++)
        if (strlen(disturbance_warnings[k]) == length && strncmp(key, disturbance_warnings[k], length) == 0)
            return 1;
    return 0;
}

void disturbance_keys(const char *warnings, char *out, size_t size)
{
    size_t used = 0;
    out[0] = '\0';
    for (const char *key = warnings; *key;) {
        size_t length = strcspn(key, " ");
        if (length > 0 && is_disturbance_key(key, length) && used + length + 2 <= size) {
            used += (size_t)snprintf(out + used, size - used, "%s%.*s", used ? " " : "", (int)length, key);
        }
        key += length;
        key += *key == ' ';
    }
}

int record_disturbed(const struct result_record *record)
{
    char keys[WARNINGS_FIELD_SIZE];
    disturbance_keys(record->warnings, keys, sizeof keys);
    return keys[0] != '\0';
}

/* The warnings column, when the file has one. */
static int read_warnings(const struct result_fields *row, struct result_record *record, const char *path, long line)
{
    const char *value = field_value(row, "warnings");
    if (value == NULL)
        return 0;
    if (strlen(value) >= sizeof record->warnings)
        return row_error(path, line, "value too long for ", "warnings");
    if (check_plain_value(value, "warnings", 1, path, line) != 0)
        return -1;
    strcpy(record->warnings, value);
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
        if (check_plain_value(value, identity_columns[c], 0, path, line) != 0)
            return -1;
        if (strlen(value) >= IDENTITY_FIELD_SIZE) {
            fprintf(stderr, "attackbench: %s:%ld: %s is longer than the %d bytes a result file holds\n", path, line,
                    identity_columns[c], IDENTITY_FIELD_SIZE - 1);
            return -1;
        }
        if (file->count == 0) {
            snprintf(kept, IDENTITY_FIELD_SIZE, "%s", value);
        } else if (strcmp(kept, value) != 0) {
            fprintf(stderr, "attackbench: %s:%ld: %s '%s' differs from the first row's '%s': one run per file\n", path,
                    line, identity_columns[c], value, kept);
            return -1;
        }
    }
    return 0;
}

/* Records in order of metric, then configuration, then line. */
static int compare_keys(const struct result_record *a, const struct result_record *b)
{
    if (a->metric != b->metric)
        return a->metric < b->metric ? -1 : 1;
    for (int c = 0; c < CONFIGURATION_COLUMN_COUNT; c++) {
        int order = strcmp(a->configuration[c], b->configuration[c]);
        if (order != 0)
            return order;
    }
    return 0;
}

static int compare_sorted(const void *a, const void *b)
{
    const struct result_record *x = *(const struct result_record *const *)a;
    const struct result_record *y = *(const struct result_record *const *)b;
    int order = compare_keys(x, y);
    return order ? order : (x->line > y->line) - (x->line < y->line);
}

int index_result_file(struct result_file *file)
{
    free(file->sorted);
    file->sorted = malloc((file->count ? file->count : 1) * sizeof *file->sorted);
    if (file->sorted == NULL)
        return -1;
    for (size_t i = 0; i < file->count; i++)
        file->sorted[i] = &file->records[i];
    qsort(file->sorted, file->count, sizeof *file->sorted, compare_sorted);
    return 0;
}

static int compare_key_to_sorted(const void *key, const void *element)
{
    return compare_keys(key, *(const struct result_record *const *)element);
}

const struct result_record *find_record(const struct result_file *file, const struct result_record *key)
{
    const struct result_record *const *found =
        bsearch(key, file->sorted, file->count, sizeof *file->sorted, compare_key_to_sorted);
    return found ? *found : NULL;
}

/* Every configuration once: after sorting (equal keys in line order), a
 * repeat is its neighbour.  The repeat named is the first in the file,
 * not the first in sorted order. */
static int check_unique(struct result_file *file, const char *path)
{
    if (index_result_file(file) != 0)
        return row_error(path, 1, "out of memory", "");
    const struct result_record *first = NULL, *second = NULL;
    for (size_t i = 1; i < file->count; i++)
        if (compare_keys(file->sorted[i - 1], file->sorted[i]) == 0 &&
            (second == NULL || file->sorted[i]->line < second->line)) {
            first = file->sorted[i - 1];
            second = file->sorted[i];
        }
    if (second == NULL)
        return 0;
    fprintf(stderr, "attackbench: %s:%ld: a second row for %s %s (the first is on line %ld)\n", path, second->line,
            second->configuration[0], second->configuration[1], first->line);
    return -1;
}

/* Another command's output (perft's, ab's, recommend's CSV or JSON, a
 * --device run's) is named as such, not read as a benchmark file with a
 * damaged row. */
static int check_benchmark_row(const struct result_fields *row, const char *path)
{
    static const struct {
        const char *column, *writer;
    } other_outputs[] = {
        {"nodes_per_second", "perft"}, {"a_ns_per_query", "ab"}, {"engine_nodes_per_second", "recommend"}};
    const char *device = field_value(row, "device");
    if (device != NULL && *device != '\0' && strcmp(device, "cpu") != 0) {
        fprintf(stderr,
                "attackbench: %s: the output of a --device run: compare reads the benchmark's --csv or --json of "
                "the CPU (device rows are launches timed by OpenCL events; docs/gpu.md)\n",
                path);
        return -1;
    }
    if (field_value(row, "piece") != NULL)
        return 0;
    for (size_t k = 0; k < sizeof other_outputs / sizeof other_outputs[0]; k++)
        if (field_value(row, other_outputs[k].column) != NULL) {
            fprintf(stderr,
                    "attackbench: %s: the output of attackbench %s, not of a benchmark run: compare reads the "
                    "benchmark's --csv or --json\n",
                    path, other_outputs[k].writer);
            return -1;
        }
    return 0;
}

static int add_record(const struct result_fields *row, const char *path, long line, void *data)
{
    struct result_file *file = data;
    struct result_record record = {.line = line};
    if (check_benchmark_row(row, path) != 0 || read_configuration(row, &record, path, line) != 0 ||
        check_identity(row, file, path, line) != 0 || read_warnings(row, &record, path, line) != 0)
        return -1;
    if (read_metric(row, &record, path, line) != 0) {
        free(record.samples);
        return -1;
    }
    if (file->count == file->capacity) {
        size_t capacity = file->capacity ? 2 * file->capacity : 64;
        struct result_record *grown = realloc(file->records, capacity * sizeof *grown);
        if (grown == NULL) {
            free(record.samples);
            return row_error(path, line, "out of memory", "");
        }
        file->records = grown;
        file->capacity = capacity;
    }
    file->records[file->count++] = record;
    return 0;
}

int load_result_file(const char *path, struct result_file *file)
{
    *file = (struct result_file){0};
    escape_text(shown_name(path), file->shown_path, sizeof file->shown_path);
    const char *shown = file->path = file->shown_path;
    size_t length;
    char *text = read_whole_file(path, &length);
    if (text == NULL)
        return -1;
    char *start = text;
    if (length >= 3 && memcmp(start, "\xEF\xBB\xBF", 3) == 0)
        start += 3;
    length -= (size_t)(start - text);
    size_t space = 0;
    while (space < length &&
           (start[space] == ' ' || start[space] == '\t' || start[space] == '\r' || start[space] == '\n'))
        space++;
    int json = space < length && (start[space] == '{' || start[space] == '[');
    int status = json ? read_json_rows(shown, start, length, add_record, file)
                      : read_csv_rows(shown, start, length, add_record, file);
    free(text);
    if (status == 0 && file->count == 0) {
        fprintf(stderr, "attackbench: %s:1: no result rows\n", shown);
        status = -1;
    }
    if (status == 0)
        status = check_unique(file, shown);
    if (status != 0)
        free_result_file(file);
    return status ? -1 : 0;
}

void free_result_file(struct result_file *file)
{
    for (size_t i = 0; i < file->count; i++)
        free(file->records[i].samples);
    free(file->records);
    free(file->sorted);
    file->records = NULL;
    file->sorted = NULL;
    file->count = file->capacity = 0;
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

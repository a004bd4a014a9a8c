/* --normalize=METHOD for `attackbench compare`: every method's time as a
 * ratio to one method's time in the same run, which two machines (or two
 * compilers) can share when their absolute times cannot be compared. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "compare.h"

/* METHOD's row in `row`'s configuration, run with its defaults (not with
 * the parameters of `row`'s method), by the file's index. */
static const struct result_record *find_reference(const struct result_file *file, const struct result_record *row,
                                                  const char *method)
{
    struct result_record key = *row;
    if (strlen(method) >= sizeof key.configuration[0])
        return NULL;
    strcpy(key.configuration[0], method);
    key.configuration[PARAMETERS_COLUMN][0] = '\0';
    return find_record(file, &key);
}

/* Sample by sample within a round when the counts agree (the driver
 * interleaves methods, so sample i of each was taken in round i). */
static void divide_samples(struct result_record *row, const struct result_record *reference)
{
    double median = record_median(reference);
    int paired = row->sample_count == reference->sample_count;
    for (size_t i = 0; i < row->sample_count; i++)
        row->samples[i] /= paired ? reference->samples[i] : median;
}

/* METHOD as the file's rows spell it, into `name`: matched in any case,
 * as the benchmark's --method and compare's --method match names.
 * Returns whether a row run with its defaults has it. */
static int method_in_file(const struct result_file *file, const char *method, char *name, size_t size)
{
    for (size_t i = 0; i < file->count; i++)
        if (strcasecmp(file->records[i].configuration[0], method) == 0 &&
            file->records[i].configuration[PARAMETERS_COLUMN][0] == '\0') {
            snprintf(name, size, "%s", file->records[i].configuration[0]);
            return 1;
        }
    return 0;
}

int normalize_records(struct result_file *file, const char *typed, FILE *notes)
{
    /* A copy: the rows move below, and the name must stay. */
    char method[sizeof file->records[0].configuration[0]];
    if (!method_in_file(file, typed, method, sizeof method)) {
        fprintf(stderr, "attackbench: %s: no rows for --normalize=%s (run with its defaults)\n", file->path, typed);
        return -1;
    }
    /* Divide first (the reference rows are still intact), then drop. */
    char *keep = calloc(file->count ? file->count : 1, 1);
    if (keep == NULL)
        return -1;
    for (size_t i = 0; i < file->count; i++) {
        struct result_record *row = &file->records[i];
        /* METHOD's own rows are the unit; run with other parameters it is
         * one more method. */
        if (strcmp(row->configuration[0], method) == 0 && row->configuration[PARAMETERS_COLUMN][0] == '\0')
            continue;
        const struct result_record *reference = find_reference(file, row, method);
        if (reference == NULL) {
            fprintf(notes, "- %s line %ld: no %s row in the same configuration; left out\n", file->path, row->line,
                    method);
            continue;
        }
        keep[i] = 1;
    }
    for (size_t i = 0; i < file->count; i++)
        if (keep[i])
            divide_samples(&file->records[i], find_reference(file, &file->records[i], method));
    size_t kept = 0;
    for (size_t i = 0; i < file->count; i++) {
        if (keep[i])
            file->records[kept++] = file->records[i];
        else
            free(file->records[i].samples);
    }
    file->count = kept;
    free(keep);
    return index_result_file(file);
}

/* libFuzzer target: the result-file readers behind `attackbench compare`
 * (CSV and JSON, told apart by the first character).  The input is written
 * to a file and compared against a small run the tool wrote, once as BASE
 * and once as NEW, so that every path from reading to the verdict table
 * sees it.  Then every cut of the input (every prefix, up to 2,048 bytes;
 * beyond, 512 of them) goes to both readers in a buffer of exactly its
 * length, with no NUL after it: a lookahead past the end is a heap
 * overflow AddressSanitizer reports, whatever the malloc fill (make fuzz
 * runs with malloc_fill_byte=0, the fill that hid issue 33's overflow).
 * Any status is fine; a crash or a sanitizer report is not. */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>

#include "cli/commands.h"
#include "results/result_file.h"

/* A run the tool wrote, the other side of every comparison (the fuzzer
 * runs from the top of the tree, as make fuzz starts it). */
static const char known_path[] = "tests/data/compare-run1.csv";

static char input_path[64];

static void write_file(const char *path, const void *data, size_t size)
{
    FILE *out = fopen(path, "wb");
    if (out == NULL || fwrite(data, 1, size, out) != size || fclose(out) != 0)
        abort();
}

/* compare's messages are silenced while it runs (the fuzzer's own lines
 * and a crash's report still reach standard error: a crash is found again
 * from the saved artifact). */
static void compare_files(const char *base, const char *changed, int quiet, int saved_stderr)
{
    char *argv[] = {"compare", (char *)base, (char *)changed, NULL};
    fflush(stderr);
    dup2(quiet, STDERR_FILENO);
    compare_command(3, argv);
    fflush(stderr);
    dup2(saved_stderr, STDERR_FILENO);
}

static int ignore_row(const struct result_fields *row, const char *path, long line, void *data)
{
    (void)row, (void)path, (void)line, (void)data;
    return 0;
}

/* Both readers on data[0, cut), copied into a buffer of exactly cut bytes. */
static void read_cut(const uint8_t *data, size_t cut, int quiet, int saved_stderr)
{
    char *text = malloc(cut ? cut : 1);
    if (text == NULL)
        return;
    fflush(stderr);
    dup2(quiet, STDERR_FILENO);
    memcpy(text, data, cut);
    read_json_rows("cut", text, cut, ignore_row, NULL);
    memcpy(text, data, cut); /* the CSV reader unquotes in place */
    read_csv_rows("cut", text, cut, ignore_row, NULL);
    fflush(stderr);
    dup2(saved_stderr, STDERR_FILENO);
    free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static int quiet = -1, saved_stderr = -1;
    if (input_path[0] == '\0') {
        snprintf(input_path, sizeof input_path, "/tmp/attackbench-fuzz-%ld.in", (long)getpid());
        quiet = open("/dev/null", O_WRONLY);
        saved_stderr = dup(STDERR_FILENO);
        if (quiet < 0 || saved_stderr < 0 || freopen("/dev/null", "w", stdout) == NULL)
            abort();
    }
    write_file(input_path, data, size);
    compare_files(input_path, known_path, quiet, saved_stderr);
    compare_files(known_path, input_path, quiet, saved_stderr);
    remove(input_path); /* a run ends without a word to the target: no file left in /tmp */
    size_t step = size <= 2048 ? 1 : size / 512;
    for (size_t cut = 0; cut <= size; cut += step)
        read_cut(data, cut, quiet, saved_stderr);
    read_cut(data, size, quiet, saved_stderr);
    return 0;
}

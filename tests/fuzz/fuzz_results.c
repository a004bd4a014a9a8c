/* libFuzzer target: the result-file readers behind `attackbench compare`
 * (CSV and JSON, told apart by the first character).  The input is written
 * to a file and compared against a small run the tool wrote, once as BASE
 * and once as NEW, so that every path from reading to the verdict table
 * sees it.  Any status is fine; a crash or a sanitizer report is not. */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>

#include "results/compare.h"

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
    return 0;
}

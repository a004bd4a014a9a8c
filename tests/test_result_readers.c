/* The result-file readers of `compare` read by length: a file cut at any
 * byte is read without a look past its end.  Each cut is placed so that
 * its last byte is the last of a page and the next page is inaccessible,
 * so any read or write past the end faults at once, in any build (not only
 * under AddressSanitizer, whose malloc fill can hide a read of a
 * terminator that is not there). */
#define _DEFAULT_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "results/result_file.h"
#include "unit.h"

/* A small schema 2 file: context, strings with escapes, numbers,
 * null, booleans, arrays. */
static const char json_file[] =
    "{\n  \"schema\": 2,\n  \"context\": {\"cpu\": \"AMD \\\"EPYC\\\" \\u0041\\t\", \"cpu_family\": 25, "
    "\"tsc_ghz\": 2.596143, \"seed\": 1},\n  \"results\": [\n"
    "    {\"method\": \"pext\", \"piece\": \"rook\", \"threads\": 1, \"hit_rate\": null, \"ok\": true, "
    "\"bad\": false, \"ns_per_query_median\": 7.5e-1, \"samples_ns\": [0.7757, 0.7686, 0.7757]},\n"
    "    {\"method\": \"null\", \"piece\": \"rook\", \"threads\": 1, \"samples_ns\": []}\n  ]\n}\n";

/* A small CSV: a quoted field with a doubled quote, a comma and a line
 * break, CRLF line ends, a blank line. */
static const char csv_file[] = "method,piece,flags,samples_ns\r\n"
                               "pext,rook,\"-O2 \"\"x\"\", y\ny\",0.7757 0.7686\r\n"
                               "\r\n"
                               "null,rook,,0.27\n";

static int count_row(const struct result_fields *row, const char *path, long line, void *data)
{
    (void)row, (void)path, (void)line;
    ++*(int *)data;
    return 0;
}

#if !defined(__wasi__)
/* Pages enough for `size` bytes, then one inaccessible page. */
struct guarded {
    char *pages;
    size_t mapped, usable;
};

static int map_guarded(struct guarded *buffer, size_t size)
{
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    buffer->usable = (size / page + 1) * page;
    buffer->mapped = buffer->usable + page;
    buffer->pages = mmap(NULL, buffer->mapped, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (buffer->pages == MAP_FAILED)
        return -1;
    return mprotect(buffer->pages + buffer->usable, page, PROT_NONE);
}

/* Every cut of `text` (0 to all of its bytes) read by `json` or CSV
 * reader, each ending at the guard page; the reader's messages go to
 * /dev/null.  Returns how many cuts were read whole (status 0), and the
 * rows of the longest in *rows. */
static int read_every_cut(const char *text, int json, int *rows)
{
    size_t length = strlen(text);
    struct guarded buffer;
    if (map_guarded(&buffer, length) != 0)
        return -1;
    fflush(stderr);
    int saved = dup(STDERR_FILENO), quiet = open("/dev/null", O_WRONLY);
    dup2(quiet, STDERR_FILENO);
    int whole = 0;
    for (size_t cut = 0; cut <= length; cut++) {
        char *start = buffer.pages + buffer.usable - cut;
        memcpy(start, text, cut);
        int count = 0;
        int status = json ? read_json_rows("cut", start, cut, count_row, &count)
                          : read_csv_rows("cut", start, cut, count_row, &count);
        whole += status == 0;
        *rows = count;
    }
    fflush(stderr);
    dup2(saved, STDERR_FILENO);
    close(saved);
    close(quiet);
    munmap(buffer.pages, buffer.mapped);
    return whole;
}

#else
/* Never called under WASI (the tests skip first). */
static int read_every_cut(const char *text, int json, int *rows)
{
    (void)text, (void)json, (void)rows, (void)count_row;
    return -1;
}
#endif

TEST(json_reader_reads_every_cut_without_passing_the_end)
{
#if defined(__wasi__)
    unit_skip(
        "WebAssembly (WASI) has no guard pages (mprotect) nor dup2: the native and sanitizer runs check every cut");
    return;
#endif
    int rows = 0;
    /* Whole from the closing brace on: the brace and the final line break. */
    CHECK(read_every_cut(json_file, 1, &rows) == 2);
    CHECK(rows == 2);
}

TEST(json_reader_stops_at_a_number_that_ends_the_file)
{
#if defined(__wasi__)
    unit_skip(
        "WebAssembly (WASI) has no guard pages (mprotect) nor dup2: the native and sanitizer runs check every cut");
    return;
#endif
    /* issue 33's 38 bytes: the file ends right after a number. */
    static const char cut_after_number[] = "{\"schema\": 2, \"results\": [{\"method\": 1";
    CHECK(strlen(cut_after_number) == 38);
    int rows = -1;
    CHECK(read_every_cut(cut_after_number, 1, &rows) == 0);
    CHECK(rows == 0);
}

TEST(csv_reader_reads_every_cut_without_passing_the_end)
{
#if defined(__wasi__)
    unit_skip(
        "WebAssembly (WASI) has no guard pages (mprotect) nor dup2: the native and sanitizer runs check every cut");
    return;
#endif
    int rows = 0;
    /* Whole where a cut ends at a line break outside the quotes: after the
     * header, after the first row, after the blank line and at the end. */
    CHECK(read_every_cut(csv_file, 0, &rows) == 4);
    CHECK(rows == 2);
}

/* Hostile input: error messages escape what they quote, the line reader
 * keeps to its limit, output files never follow planted links. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/error_message.h"
#include "platform/output_file.h"
#include "chess/position.h"
#include "unit.h"

static int escaped_equals(const char *text, const char *expected)
{
    char out[128];
    escape_text(text, out, sizeof out);
    if (strcmp(out, expected) == 0)
        return 1;
    fprintf(stderr, "escape_text gave '%s', expected '%s'\n", out, expected);
    return 0;
}

TEST(escape_text_leaves_printable_text_and_utf8)
{
    CHECK(escaped_equals("KQkq e3 \\x41", "KQkq e3 \\x41"));
    CHECK(escaped_equals("caf\xc3\xa9 \xe2\x99\x9b \xf0\x9f\x98\x80", "caf\xc3\xa9 \xe2\x99\x9b \xf0\x9f\x98\x80"));
}

TEST(escape_text_escapes_controls_and_invalid_utf8)
{
    CHECK(escaped_equals("a\x1b[2J", "a\\x1b[2J"));
    CHECK(escaped_equals("\r\n\t\x7f", "\\x0d\\x0a\\x09\\x7f"));
    CHECK(escaped_equals("\xc2\x9b"
                         "1m",
                         "\\xc2\\x9b1m"));                             /* C1 CSI */
    CHECK(escaped_equals("\xff\xfe", "\\xff\\xfe"));                   /* never UTF-8 */
    CHECK(escaped_equals("\xc0\xaf", "\\xc0\\xaf"));                   /* overlong '/' */
    CHECK(escaped_equals("\xed\xa0\x80", "\\xed\\xa0\\x80"));          /* surrogate */
    CHECK(escaped_equals("\xf4\x90\x80\x80", "\\xf4\\x90\\x80\\x80")); /* above U+10FFFF */
    CHECK(escaped_equals("\xe2\x99", "\\xe2\\x99"));                   /* cut short */
}

TEST(escape_text_truncates_whole_escapes)
{
    char out[6];
    escape_text("ab\x1b"
                "cd",
                out, sizeof out);
    CHECK(strcmp(out, "ab") == 0);
}

TEST(parse_position_error_quotes_input_escaped)
{
    struct position position;
    char error[256];
    CHECK(parse_position("8/8/8/8/8/8/8/K6k w \x1b[2J - 0 1", &position, error, sizeof error) != 0);
    CHECK(strchr(error, '\x1b') == NULL);
    CHECK(strstr(error, "\\x1b[2J") != NULL);
}

static int count_position(const struct position *position, const char *file_name, long line_number, void *context)
{
    (void)position;
    (void)file_name;
    (void)line_number;
    ++*(long *)context;
    return 0;
}

/* read_positions_from() on `text` with a line limit; -1 on error. */
static long read_text(const char *text, size_t limit, int skip_invalid)
{
    FILE *file = fmemopen((void *)text, strlen(text), "r");
    if (file == NULL)
        return -2;
    struct read_options options = {.skip_invalid = skip_invalid, .max_line_length = limit};
    long seen = 0, skipped = 0;
    FILE *saved = stderr;

    long visited = read_positions_from(file, "text", &options, count_position, &seen, &skipped);
    unit_stderr_back(saved);
    fclose(file);
    return visited == seen || visited < 0 ? visited : -3;
}

TEST(reader_line_limit)
{
    static const char fen[] = "8/8/8/8/8/8/8/K6k w - - 0 1"; /* 27 bytes */
    char text[128];
    snprintf(text, sizeof text, "%s\n%s\r\n", fen, fen);
    CHECK(read_text(text, 27, 0) == 2); /* the CR of CRLF is no part of the line */
    CHECK(read_text(text, 26, 0) == -1);
    snprintf(text, sizeof text, "%s \r\n%s\r", fen, fen);
    CHECK(read_text(text, 27, 0) == -1); /* 28 bytes before the CRLF */
    CHECK(read_text(text, 28, 0) == 2);  /* a last CR with no LF ends the file's last line */
    snprintf(text, sizeof text, "\xEF\xBB\xBF%s\n# comment\n\n%s", fen, fen);
    CHECK(read_text(text, 30, 0) == 2); /* BOM, comment, blank, no final newline */
    CHECK(read_text(text, 29, 0) == -1);
    snprintf(text, sizeof text, "%s\nxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\n%s\n", fen, fen);
    CHECK(read_text(text, 30, 1) == -1); /* an overlong line is not skipped */
    snprintf(text, sizeof text, "%s\nxx\n%s\n", fen, fen);
    CHECK(read_text(text, 30, 1) == 2);
}

TEST(create_new_file_never_follows_a_planted_link)
{
    char directory[] = "/tmp/attackbench-unit-XXXXXX";
    CHECK(unit_temporary_directory(directory) != NULL);
    char victim[64], planted[64];
    snprintf(victim, sizeof victim, "%s/victim", directory);
    snprintf(planted, sizeof planted, "%s/out.csv.tmp.planted", directory);
    FILE *file = fopen(victim, "w");
    CHECK(file != NULL && fputs("victim\n", file) >= 0 && fclose(file) == 0);
    CHECK(symlink("victim", planted) == 0);
    errno = 0;
    CHECK(create_new_file(planted) == -1 && errno == EEXIST);
    struct stat status;
    CHECK(stat(victim, &status) == 0 && status.st_size == 7);
    CHECK(unlink(planted) == 0); /* a dangling link is refused too */
    CHECK(symlink("absent", planted) == 0);
    CHECK(create_new_file(planted) == -1);
    CHECK(lstat(directory, &status) == 0 && access(victim, F_OK) == 0);
    char absent[64];
    snprintf(absent, sizeof absent, "%s/absent", directory);
    CHECK(access(absent, F_OK) != 0);
    unlink(planted);
    unlink(victim);
    rmdir(directory);
}

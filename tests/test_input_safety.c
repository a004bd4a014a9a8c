/* Hostile input: the line reader keeps to its limit. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <string.h>

#include "position.h"
#include "unit.h"

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
    stderr = fopen("/dev/null", "w"); /* the messages are tested by tests/cli */
    long visited = read_positions_from(file, "text", &options, count_position, &seen, &skipped);
    fclose(stderr);
    stderr = saved;
    fclose(file);
    return visited == seen || visited < 0 ? visited : -3;
}

TEST(reader_line_limit)
{
    static const char fen[] = "8/8/8/8/8/8/8/K6k w - - 0 1"; /* 27 bytes */
    char text[128];
    snprintf(text, sizeof text, "%s\n%s\r\n", fen, fen);
    CHECK(read_text(text, 27, 0) == -1); /* the CR counts */
    CHECK(read_text(text, 28, 0) == 2);
    snprintf(text, sizeof text, "\xEF\xBB\xBF%s\n# comment\n\n%s", fen, fen);
    CHECK(read_text(text, 30, 0) == 2); /* BOM, comment, blank, no final newline */
    CHECK(read_text(text, 29, 0) == -1);
    snprintf(text, sizeof text, "%s\nxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\n%s\n", fen, fen);
    CHECK(read_text(text, 30, 1) == -1); /* an overlong line is not skipped */
    snprintf(text, sizeof text, "%s\nxx\n%s\n", fen, fen);
    CHECK(read_text(text, 30, 1) == 2);
}

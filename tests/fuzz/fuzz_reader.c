/* libFuzzer target: the FEN/EPD file reader (line assembly, the line
 * limit, a byte-order mark, CRLF, comments, --skip-invalid).  The first
 * byte chooses the line limit (1 to 127 bytes, or the default when 0) and
 * whether malformed lines are skipped; the rest is the file.  The reader
 * must never crash, must give exactly the positions it visited, and every
 * position must print as a FEN that parses back to it. */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chess/position.h"

struct tally {
    long visited;
};

static int check_position(const struct position *position, const char *file_name, long line_number, void *context)
{
    (void)file_name;
    if (line_number < 1)
        abort();
    char fen[128], error[256];
    struct position again;
    format_fen(position, fen, sizeof fen);
    if (parse_position(fen, &again, error, sizeof error) != 0 ||
        memcmp(position->pieces, again.pieces, sizeof again.pieces) != 0)
        abort();
    ((struct tally *)context)->visited++;
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static FILE *quiet;
    if (size < 1)
        return 0;
    if (quiet == NULL && (quiet = fopen("/dev/null", "w")) == NULL)
        abort();
    /* fmemopen needs at least one byte: an empty file becomes a blank
     * line, which the reader treats alike. */
    char *text = malloc(size);
    if (text == NULL)
        return 0;
    memcpy(text, data + 1, size - 1);
    if (size == 1)
        text[0] = '\n';
    FILE *file = fmemopen(text, size - 1 ? size - 1 : 1, "r");
    if (file == NULL) {
        free(text);
        return 0;
    }
    struct read_options options = {.skip_invalid = data[0] >> 7, .max_line_length = data[0] & 0x7F};
    struct tally tally = {0};
    long skipped = 0;
    /* The reader's messages are not the subject here; sanitizer reports
     * go to the file descriptor, not to this stream. */
    FILE *saved = stderr;
    stderr = quiet;
    long visited = read_positions_from(file, "fuzz", &options, check_position, &tally, &skipped);
    stderr = saved;
    if (visited >= 0 && visited != tally.visited)
        abort();
    if (skipped < 0 || (!options.skip_invalid && skipped != 0))
        abort();
    fclose(file);
    free(text);
    return 0;
}

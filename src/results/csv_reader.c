/* CSV as attackbench writes it (RFC 4180: a header row, fields quoted when
 * they hold a comma, a quote or a line break), read row by row.  The text
 * is read by length: every look at a byte checks the end first, so no
 * lookahead (a doubled quote, a CR before the line break) can pass it. */
#include <stdio.h>
#include <string.h>

#include "base/error_message.h"
#include "result_file.h"

struct csv_cursor {
    const char *path;
    char *text, *end; /* the unread text [text, end), unquoted in place: a field never grows */
    long line;
};

/* The byte at `at`, or '\0' at the end of the text (the text itself holds
 * no NUL: the file reader refuses one). */
static char byte_at(const struct csv_cursor *cursor, const char *at)
{
    return at < cursor->end ? *at : '\0';
}

/* A quoted field from its opening quote: the text unquoted into `write`;
 * returns where the field's text ends (after the closing quote), or NULL
 * after printing an error. */
static char *unquote_field(struct csv_cursor *cursor, char *read, char **write)
{
    long opened = cursor->line;
    read++;
    for (;;) {
        char c = byte_at(cursor, read);
        if (read == cursor->end) {
            fprintf(stderr, "attackbench: %s:%ld: quoted field never closed\n", cursor->path, opened);
            return NULL;
        }
        if (c == '"' && byte_at(cursor, read + 1) != '"')
            break;
        if (c == '"')
            read++;
        else if (c == '\n')
            cursor->line++;
        *(*write)++ = *read++;
    }
    read++;
    if (byte_at(cursor, read) == '\r')
        read++;
    char after = byte_at(cursor, read);
    if (after != ',' && after != '\n' && read != cursor->end) {
        fprintf(stderr, "attackbench: %s:%ld: text after a closing quote\n", cursor->path, cursor->line);
        return NULL;
    }
    return read;
}

/* Read one field starting at cursor->text, unquoting it in place.  Returns
 * its NUL-terminated start, and in *ended the character that ended it
 * (',', '\n', or '\0' at the end of the text); NULL after printing an
 * error. */
static char *next_csv_field(struct csv_cursor *cursor, char *ended)
{
    char *start = cursor->text, *read = start, *write = start;
    if (byte_at(cursor, read) == '"') {
        read = unquote_field(cursor, read, &write);
        if (read == NULL)
            return NULL;
    } else {
        for (char c = byte_at(cursor, read); c != ',' && c != '\n' && c != '"' && read != cursor->end;
             c = byte_at(cursor, read))
            *write++ = *read++;
        if (byte_at(cursor, read) == '"') {
            fprintf(stderr, "attackbench: %s:%ld: a quote inside an unquoted field\n", cursor->path, cursor->line);
            return NULL;
        }
        if (write > start && write[-1] == '\r')
            write--;
    }
    *ended = byte_at(cursor, read);
    cursor->text = read < cursor->end ? read + 1 : read;
    if (*ended == '\n')
        cursor->line++;
    /* write < read <= end, and read < end unless the field ends the text,
     * which never happens: read_csv_rows checked the final line break. */
    *write = '\0';
    return start;
}

/* One record into values[]; returns the field count, or -1 after an error. */
static int next_csv_record(struct csv_cursor *cursor, const char **values)
{
    int count = 0;
    char ended = ',';
    while (ended == ',') {
        char *field = next_csv_field(cursor, &ended);
        if (field == NULL)
            return -1;
        if (count == MAX_ROW_FIELDS) {
            fprintf(stderr, "attackbench: %s:%ld: more than %d fields\n", cursor->path, cursor->line, MAX_ROW_FIELDS);
            return -1;
        }
        values[count++] = field;
    }
    return count;
}

/* A blank line next: its length (1 or 2 with a CR), else 0. */
static int blank_line_length(const struct csv_cursor *cursor)
{
    if (byte_at(cursor, cursor->text) == '\n')
        return 1;
    return byte_at(cursor, cursor->text) == '\r' && byte_at(cursor, cursor->text + 1) == '\n' ? 2 : 0;
}

/* The writer ends every row with a line break: a file without one was cut
 * short, perhaps inside its last sample. */
static int check_final_line_break(const char *path, const char *text, size_t length)
{
    if (length == 0) {
        fprintf(stderr, "attackbench: %s:1: empty file: no CSV header\n", path);
        return -1;
    }
    if (text[length - 1] == '\n')
        return 0;
    long last_line = 1;
    for (size_t i = 0; i < length; i++)
        last_line += text[i] == '\n';
    fprintf(stderr, "attackbench: %s:%ld: the file ends inside a row (no final line break): cut short?\n", path,
            last_line);
    return -1;
}

/* A column named twice makes the file ambiguous (which of the two is the
 * row's value?): refused, naming both places. */
static int check_unique_columns(const char *path, const struct result_fields *header)
{
    for (size_t c = 1; c < header->count; c++)
        for (size_t earlier = 0; earlier < c; earlier++)
            if (strcmp(header->values[c], header->values[earlier]) == 0) {
                char shown[256];
                escape_text(header->values[c], shown, sizeof shown);
                fprintf(stderr, "attackbench: %s:1: column '%s' appears twice (columns %zu and %zu): malformed\n", path,
                        shown, earlier + 1, c + 1);
                return -1;
            }
    return 0;
}

int read_csv_rows(const char *path, char *text, size_t length, row_visitor visit, void *data)
{
    struct csv_cursor cursor = {path, text, text + length, 1};
    struct result_fields header = {0}, row = {0};
    if (check_final_line_break(path, text, length) != 0)
        return -1;
    int columns = next_csv_record(&cursor, header.values);
    if (columns < 0)
        return -1;
    header.count = (size_t)columns;
    if (check_unique_columns(path, &header) != 0)
        return -1;
    for (int c = 0; c < columns; c++)
        row.names[c] = header.values[c];
    row.from_header = 1;
    while (cursor.text < cursor.end) {
        int blank = blank_line_length(&cursor);
        if (blank > 0) {
            cursor.text += blank;
            cursor.line++;
            continue;
        }
        long line = cursor.line;
        int count = next_csv_record(&cursor, row.values);
        if (count < 0)
            return -1;
        if (count != columns) {
            fprintf(stderr, "attackbench: %s:%ld: %d fields, but the header has %d\n", path, line, count, columns);
            return -1;
        }
        row.count = (size_t)count;
        int status = visit(&row, path, line, data);
        if (status != 0)
            return status;
    }
    return 0;
}

const char *field_value(const struct result_fields *row, const char *name)
{
    for (size_t i = 0; i < row->count; i++)
        if (strcmp(row->names[i], name) == 0)
            return row->values[i];
    return NULL;
}

/* CSV as attackbench writes it (RFC 4180: a header row, fields quoted when
 * they hold a comma, a quote or a line break), read row by row. */
#include <stdio.h>
#include <string.h>

#include "result_file.h"

struct csv_cursor {
    const char *path;
    char *text; /* unquoted in place: a field never grows */
    long line;
};

/* Read one field starting at cursor->text, unquoting it in place.  Returns
 * its NUL-terminated start, and in *end the character that ended it (',',
 * '\n' or '\0'); NULL after printing an error. */
static char *next_csv_field(struct csv_cursor *cursor, char *end)
{
    char *start = cursor->text, *read = start, *write = start;
    if (*read == '"') {
        long opened = cursor->line;
        read++;
        for (;;) {
            if (*read == '\0') {
                fprintf(stderr, "attackbench: %s:%ld: quoted field never closed\n", cursor->path, opened);
                return NULL;
            }
            if (*read == '"' && read[1] != '"')
                break;
            if (*read == '"')
                read++;
            else if (*read == '\n')
                cursor->line++;
            *write++ = *read++;
        }
        read++;
        if (*read == '\r')
            read++;
        if (*read != ',' && *read != '\n' && *read != '\0') {
            fprintf(stderr, "attackbench: %s:%ld: text after a closing quote\n", cursor->path, cursor->line);
            return NULL;
        }
    } else {
        while (*read != ',' && *read != '\n' && *read != '\0' && *read != '"')
            *write++ = *read++;
        if (*read == '"') {
            fprintf(stderr, "attackbench: %s:%ld: a quote inside an unquoted field\n", cursor->path, cursor->line);
            return NULL;
        }
        if (write > start && write[-1] == '\r')
            write--;
    }
    *end = *read;
    cursor->text = *read ? read + 1 : read;
    if (*end == '\n')
        cursor->line++;
    *write = '\0';
    return start;
}

/* One record into values[]; returns the field count, or -1 after an error. */
static int next_csv_record(struct csv_cursor *cursor, const char **values)
{
    int count = 0;
    char end = ',';
    while (end == ',') {
        char *field = next_csv_field(cursor, &end);
        if (field == NULL)
            return -1;
        if (count == MAX_ROW_FIELDS) {
            fprintf(stderr, "attackbench: %s:%ld: more than %d fields\n", cursor->path, cursor->line,
                    MAX_ROW_FIELDS);
            return -1;
        }
        values[count++] = field;
    }
    return count;
}

static int is_blank_line(const char *text)
{
    return *text == '\n' || (*text == '\r' && text[1] == '\n');
}

int read_csv_rows(const char *path, char *text, row_visitor visit, void *data)
{
    struct csv_cursor cursor = {path, text, 1};
    struct result_fields header = {0}, row = {0};
    if (*text == '\0') {
        fprintf(stderr, "attackbench: %s:1: empty file: no CSV header\n", path);
        return -1;
    }
    /* The writer ends every row with a line break: a file without one was
     * cut short, perhaps inside its last sample. */
    size_t length = strlen(text);
    if (text[length - 1] != '\n') {
        long last_line = 1;
        for (const char *p = text; *p; p++)
            last_line += *p == '\n';
        fprintf(stderr, "attackbench: %s:%ld: the file ends inside a row (no final line break): cut short?\n",
                path, last_line);
        return -1;
    }
    int columns = next_csv_record(&cursor, header.values);
    if (columns < 0)
        return -1;
    header.count = (size_t)columns;
    for (int c = 0; c < columns; c++)
        row.names[c] = header.values[c];
    while (*cursor.text) {
        if (is_blank_line(cursor.text)) {
            cursor.text += *cursor.text == '\r' ? 2 : 1;
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

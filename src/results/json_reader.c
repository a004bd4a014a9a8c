/* JSON as attackbench writes it: {"schema": N, "context": {...},
 * "results": [{...}, ...]}, every row a flat object whose values are
 * strings, numbers, null, booleans or arrays of numbers.  Not a general
 * JSON parser: it reads the tool's own files and names the line of
 * anything else. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "output.h"
#include "result_file.h"

/* The newest layout this reader knows. */
enum { JSON_SCHEMA = RESULT_JSON_SCHEMA };

struct json_cursor {
    const char *path;
    const char *p;
    long line;
    char *arena; /* decoded names and values */
    size_t used;
};

static int json_error(const struct json_cursor *cursor, const char *what)
{
    fprintf(stderr, "attackbench: %s:%ld: %s\n", cursor->path, cursor->line, what);
    return -1;
}

static void skip_space(struct json_cursor *cursor)
{
    while (*cursor->p == ' ' || *cursor->p == '\t' || *cursor->p == '\r' || *cursor->p == '\n') {
        if (*cursor->p == '\n')
            cursor->line++;
        cursor->p++;
    }
}

static int expect(struct json_cursor *cursor, char wanted)
{
    skip_space(cursor);
    if (*cursor->p == '\0')
        return json_error(cursor, "the file ends too early");
    if (*cursor->p != wanted) {
        char message[64];
        snprintf(message, sizeof message, "expected '%c'", wanted);
        return json_error(cursor, message);
    }
    cursor->p++;
    return 0;
}

/* Consume `wanted` when it comes next; returns whether it did. */
static int accept(struct json_cursor *cursor, char wanted)
{
    skip_space(cursor);
    if (*cursor->p != wanted)
        return 0;
    cursor->p++;
    return 1;
}

static char *arena_start(struct json_cursor *cursor)
{
    return cursor->arena + cursor->used;
}

static void arena_put(struct json_cursor *cursor, char c)
{
    cursor->arena[cursor->used++] = c;
}

/* A string's escapes; only the ASCII range of \u is needed for the tool's
 * own output. */
static int decode_escape(struct json_cursor *cursor)
{
    static const char escapes[] = "\"\"\\\\//b\bf\fn\nr\rt\t";
    char letter = *cursor->p;
    if (letter == '\0')
        return json_error(cursor, "the file ends inside an escape");
    cursor->p++;
    for (size_t i = 0; escapes[i]; i += 2)
        if (escapes[i] == letter) {
            arena_put(cursor, escapes[i + 1]);
            return 0;
        }
    /* \u takes exactly four hex digits; the file may end before them. */
    unsigned code = 0;
    if (letter != 'u')
        return json_error(cursor, "unsupported escape in a string");
    for (int digit = 0; digit < 4; digit++) {
        char c = cursor->p[digit];
        if (!isxdigit((unsigned char)c))
            return json_error(cursor, "\\u needs four hex digits");
        code = code * 16 + (unsigned)(isdigit((unsigned char)c) ? c - '0' : tolower((unsigned char)c) - 'a' + 10);
    }
    if (code == 0 || code > 0x7f)
        return json_error(cursor, "unsupported escape in a string");
    cursor->p += 4;
    arena_put(cursor, (char)code);
    return 0;
}

static const char *parse_string(struct json_cursor *cursor)
{
    if (expect(cursor, '"') != 0)
        return NULL;
    char *start = arena_start(cursor);
    while (*cursor->p != '"') {
        if (*cursor->p == '\0' || *cursor->p == '\n') {
            json_error(cursor, "string never closed");
            return NULL;
        }
        if (*cursor->p == '\\') {
            cursor->p++;
            if (decode_escape(cursor) != 0)
                return NULL;
        } else {
            arena_put(cursor, *cursor->p++);
        }
    }
    cursor->p++;
    arena_put(cursor, '\0');
    return start;
}

/* A number's characters, copied as they are (the caller converts them). */
static int copy_number(struct json_cursor *cursor)
{
    const char *start = cursor->p;
    while (isdigit((unsigned char)*cursor->p) || strchr("+-.eE", *cursor->p) != NULL)
        arena_put(cursor, *cursor->p++);
    return cursor->p > start ? 0 : json_error(cursor, "expected a value");
}

/* An array of numbers, as space-separated text. */
static int copy_number_array(struct json_cursor *cursor)
{
    cursor->p++;
    if (accept(cursor, ']'))
        return 0;
    do {
        skip_space(cursor);
        if (copy_number(cursor) != 0)
            return -1;
        arena_put(cursor, ' ');
    } while (accept(cursor, ','));
    cursor->used--; /* the last space */
    return expect(cursor, ']');
}

/* A row value as text: strings decoded, null empty. */
static const char *parse_value(struct json_cursor *cursor)
{
    skip_space(cursor);
    if (*cursor->p == '"')
        return parse_string(cursor);
    char *start = arena_start(cursor);
    static const char *const words[] = {"null", "true", "false"};
    for (int i = 0; i < 3; i++)
        if (strncmp(cursor->p, words[i], strlen(words[i])) == 0) {
            cursor->p += strlen(words[i]);
            if (i > 0)
                for (const char *w = words[i]; *w; w++)
                    arena_put(cursor, *w);
            arena_put(cursor, '\0');
            return start;
        }
    int status = *cursor->p == '[' ? copy_number_array(cursor) : copy_number(cursor);
    if (status != 0)
        return NULL;
    arena_put(cursor, '\0');
    return start;
}

/* A flat object's members appended to fields. */
static int parse_flat_object(struct json_cursor *cursor, struct result_fields *fields)
{
    if (expect(cursor, '{') != 0)
        return -1;
    if (accept(cursor, '}'))
        return 0;
    do {
        const char *name = parse_string(cursor);
        if (name == NULL || expect(cursor, ':') != 0)
            return -1;
        if (fields->count == MAX_ROW_FIELDS)
            return json_error(cursor, "too many members");
        const char *value = parse_value(cursor);
        if (value == NULL)
            return -1;
        fields->names[fields->count] = name;
        fields->values[fields->count++] = value;
    } while (accept(cursor, ','));
    return expect(cursor, '}');
}

/* The rows of the results array, each with the context's members. */
static int parse_rows(struct json_cursor *cursor, const struct result_fields *context, row_visitor visit,
                      void *data)
{
    if (expect(cursor, '[') != 0)
        return -1;
    if (accept(cursor, ']'))
        return 0;
    do {
        struct result_fields row = *context;
        skip_space(cursor);
        long line = cursor->line;
        if (parse_flat_object(cursor, &row) != 0)
            return -1;
        int status = visit(&row, cursor->path, line, data);
        if (status != 0)
            return status;
    } while (accept(cursor, ','));
    return expect(cursor, ']');
}

static int check_schema(struct json_cursor *cursor)
{
    skip_space(cursor);
    char *end;
    long schema = strtol(cursor->p, &end, 10);
    if (end == cursor->p || schema < 1)
        return json_error(cursor, "schema: expected a positive whole number");
    if (schema > JSON_SCHEMA) {
        char message[96];
        snprintf(message, sizeof message, "schema %ld is newer than this attackbench reads (%d)", schema,
                 JSON_SCHEMA);
        return json_error(cursor, message);
    }
    cursor->p = end;
    return 0;
}

/* The top-level object: schema, context, then results. */
static int parse_document(struct json_cursor *cursor, row_visitor visit, void *data)
{
    struct result_fields context = {0};
    int seen_schema = 0;
    if (expect(cursor, '{') != 0)
        return -1;
    do {
        const char *name = parse_string(cursor);
        if (name == NULL || expect(cursor, ':') != 0)
            return -1;
        int status;
        if (strcmp(name, "schema") == 0) {
            status = check_schema(cursor);
            seen_schema = 1;
        } else if (strcmp(name, "context") == 0) {
            status = parse_flat_object(cursor, &context);
        } else if (strcmp(name, "results") == 0) {
            if (!seen_schema)
                return json_error(cursor, "\"results\" before \"schema\"");
            status = parse_rows(cursor, &context, visit, data);
        } else {
            return json_error(cursor, "unknown member: expected schema, context or results");
        }
        if (status != 0)
            return status;
    } while (accept(cursor, ','));
    return expect(cursor, '}');
}

int read_json_rows(const char *path, char *text, row_visitor visit, void *data)
{
    /* Decoded text is never longer than its source, plus one NUL each. */
    struct json_cursor cursor = {path, text, 1, malloc(2 * strlen(text) + 16), 0};
    if (cursor.arena == NULL) {
        fprintf(stderr, "attackbench: out of memory\n");
        return -1;
    }
    skip_space(&cursor);
    /* Schema 1: a bare array of rows. */
    struct result_fields no_context = {0};
    int status = *cursor.p == '[' ? parse_rows(&cursor, &no_context, visit, data) : parse_document(&cursor, visit, data);
    if (status == 0) {
        skip_space(&cursor);
        if (*cursor.p != '\0')
            status = json_error(&cursor, "text after the end of the document");
    }
    /* The visitor copies what it keeps, so the arena can go. */
    free(cursor.arena);
    return status;
}

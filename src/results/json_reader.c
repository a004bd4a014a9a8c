/* JSON as attackbench writes it: {"schema": N, "context": {...},
 * "results": [{...}, ...]}, every row a flat object whose values are
 * strings, numbers, null, booleans or arrays of numbers.  Not a general
 * JSON parser: it reads the tool's own files and names the line of
 * anything else.  The text is read by length: every look at the next
 * byte goes through peek(), which sees the end, so no lookahead (a number,
 * an escape, a keyword) can pass it, whatever the bytes after it. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/error_message.h"
#include "output.h"
#include "result_file.h"

/* The newest layout this reader knows. */
enum { JSON_SCHEMA = RESULT_JSON_SCHEMA };

/* What peek() gives at the end of the text. */
enum { END_OF_TEXT = -1 };

struct json_cursor {
    const char *path;
    const char *p, *end; /* the unread text: [p, end) */
    long line;
    char *arena; /* decoded names and values */
    size_t used, capacity;
};

static int json_error(const struct json_cursor *cursor, const char *what)
{
    fprintf(stderr, "attackbench: %s:%ld: %s\n", cursor->path, cursor->line, what);
    return -1;
}

/* The next byte, or END_OF_TEXT. */
static int peek(const struct json_cursor *cursor)
{
    return cursor->p < cursor->end ? (unsigned char)*cursor->p : END_OF_TEXT;
}

static size_t remaining(const struct json_cursor *cursor)
{
    return (size_t)(cursor->end - cursor->p);
}

static void skip_space(struct json_cursor *cursor)
{
    for (int c = peek(cursor); c == ' ' || c == '\t' || c == '\r' || c == '\n'; c = peek(cursor)) {
        cursor->line += c == '\n';
        cursor->p++;
    }
}

static int expect(struct json_cursor *cursor, char wanted)
{
    skip_space(cursor);
    if (peek(cursor) == END_OF_TEXT)
        return json_error(cursor, "the file ends too early");
    if (peek(cursor) != (unsigned char)wanted) {
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
    if (peek(cursor) != (unsigned char)wanted)
        return 0;
    cursor->p++;
    return 1;
}

static char *arena_start(struct json_cursor *cursor)
{
    return cursor->arena + cursor->used;
}

/* The arena is sized for the worst case of the text (read_json_rows); a
 * full arena is an error all the same, never a write past it. */
static int arena_put(struct json_cursor *cursor, char c)
{
    if (cursor->used == cursor->capacity)
        return json_error(cursor, "a value larger than the file (internal error)");
    cursor->arena[cursor->used++] = c;
    return 0;
}

static int hex_value(int c)
{
    return isdigit(c) ? c - '0' : tolower(c) - 'a' + 10;
}

/* \u takes exactly four hex digits; only the ASCII range is needed for
 * the tool's own output. */
static int decode_unicode_escape(struct json_cursor *cursor)
{
    unsigned code = 0;
    for (int digit = 0; digit < 4; digit++) {
        int c = peek(cursor);
        if (c == END_OF_TEXT || !isxdigit(c))
            return json_error(cursor, "\\u needs four hex digits");
        code = code * 16 + (unsigned)hex_value(c);
        cursor->p++;
    }
    if (code == 0 || code > 0x7f)
        return json_error(cursor, "unsupported escape in a string");
    return arena_put(cursor, (char)code);
}

/* A string's escape, after its backslash. */
static int decode_escape(struct json_cursor *cursor)
{
    static const char escapes[] = "\"\"\\\\//b\bf\fn\nr\rt\t";
    int letter = peek(cursor);
    if (letter == END_OF_TEXT)
        return json_error(cursor, "the file ends inside an escape");
    cursor->p++;
    if (letter == 'u')
        return decode_unicode_escape(cursor);
    for (size_t i = 0; escapes[i]; i += 2)
        if ((unsigned char)escapes[i] == letter)
            return arena_put(cursor, escapes[i + 1]);
    return json_error(cursor, "unsupported escape in a string");
}

static const char *parse_string(struct json_cursor *cursor)
{
    if (expect(cursor, '"') != 0)
        return NULL;
    char *start = arena_start(cursor);
    for (int c = peek(cursor); c != '"'; c = peek(cursor)) {
        if (c == END_OF_TEXT || c == '\n') {
            json_error(cursor, "string never closed");
            return NULL;
        }
        cursor->p++;
        if ((c == '\\' ? decode_escape(cursor) : arena_put(cursor, (char)c)) != 0)
            return NULL;
    }
    cursor->p++;
    return arena_put(cursor, '\0') == 0 ? start : NULL;
}

static int is_number_character(int c)
{
    return (c >= '0' && c <= '9') || c == '+' || c == '-' || c == '.' || c == 'e' || c == 'E';
}

/* A number's characters, copied as they are (the caller converts them). */
static int copy_number(struct json_cursor *cursor)
{
    const char *start = cursor->p;
    for (int c = peek(cursor); is_number_character(c); c = peek(cursor)) {
        if (arena_put(cursor, (char)c) != 0)
            return -1;
        cursor->p++;
    }
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
        if (copy_number(cursor) != 0 || arena_put(cursor, ' ') != 0)
            return -1;
    } while (accept(cursor, ','));
    cursor->used--; /* the last space */
    return expect(cursor, ']');
}

/* null, true or false next: its length, else 0. */
static size_t keyword_length(const struct json_cursor *cursor, int *which)
{
    static const char *const words[] = {"null", "true", "false"};
    for (int i = 0; i < 3; i++) {
        size_t length = strlen(words[i]);
        if (remaining(cursor) >= length && memcmp(cursor->p, words[i], length) == 0) {
            *which = i;
            return length;
        }
    }
    return 0;
}

/* A row value as text: strings decoded, null empty. */
static const char *parse_value(struct json_cursor *cursor)
{
    skip_space(cursor);
    if (peek(cursor) == '"')
        return parse_string(cursor);
    char *start = arena_start(cursor);
    int which, status = 0;
    size_t length = keyword_length(cursor, &which);
    if (length > 0) {
        /* null is the empty value; true and false are kept as words. */
        for (size_t i = 0; which > 0 && i < length && status == 0; i++)
            status = arena_put(cursor, cursor->p[i]);
        cursor->p += length;
    } else {
        status = peek(cursor) == '[' ? copy_number_array(cursor) : copy_number(cursor);
    }
    if (status != 0 || arena_put(cursor, '\0') != 0)
        return NULL;
    return start;
}

/* A name met twice makes the file ambiguous (which of the two values
 * holds?): refused.  `inherited` members came from the context, which a
 * row's own member would contradict. */
static int check_new_name(const struct json_cursor *cursor, const struct result_fields *fields, size_t inherited,
                          const char *name)
{
    for (size_t i = 0; i < fields->count; i++)
        if (strcmp(fields->names[i], name) == 0) {
            char shown[256], message[320];
            escape_text(name, shown, sizeof shown);
            snprintf(message, sizeof message, "key \"%s\" appears twice (%s): malformed", shown,
                     i < inherited ? "in the context and in this row" : "in one object");
            return json_error(cursor, message);
        }
    return 0;
}

/* A flat object's members appended to fields. */
static int parse_flat_object(struct json_cursor *cursor, struct result_fields *fields)
{
    size_t inherited = fields->count;
    if (expect(cursor, '{') != 0)
        return -1;
    if (accept(cursor, '}'))
        return 0;
    do {
        const char *name = parse_string(cursor);
        if (name == NULL || expect(cursor, ':') != 0)
            return -1;
        if (check_new_name(cursor, fields, inherited, name) != 0)
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
static int parse_rows(struct json_cursor *cursor, const struct result_fields *context, row_visitor visit, void *data)
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

/* The schema: a whole number of at most six digits, at least 1. */
static int check_schema(struct json_cursor *cursor)
{
    skip_space(cursor);
    long schema = 0;
    int digits = 0;
    for (int c = peek(cursor); c >= '0' && c <= '9' && digits < 7; c = peek(cursor), digits++) {
        schema = schema * 10 + (c - '0');
        cursor->p++;
    }
    if (digits == 0 || digits > 6 || schema < 1 || is_number_character(peek(cursor)))
        return json_error(cursor, "schema: expected a positive whole number");
    if (schema > JSON_SCHEMA) {
        char message[96];
        snprintf(message, sizeof message, "schema %ld is newer than this attackbench reads (%d)", schema, JSON_SCHEMA);
        return json_error(cursor, message);
    }
    return 0;
}

/* Whether the unread text holds `needle`. */
static int text_holds(const struct json_cursor *cursor, const char *needle)
{
    size_t length = strlen(needle);
    for (const char *at = cursor->p; at + length <= cursor->end; at++)
        if (memcmp(at, needle, length) == 0)
            return 1;
    return 0;
}

/* A top-level member the benchmark never writes: the --json of ab or
 * recommend named as such (their first members), as the CSV reader names
 * their CSVs; anything else in general words. */
static int unknown_member(const struct json_cursor *cursor, const char *name)
{
    static const struct {
        const char *member, *later, *writer;
    } other_outputs[] = {{"kind", "\"a_method\"", "ab"}, {"threads", "\"candidates\"", "recommend"}};
    for (size_t k = 0; k < sizeof other_outputs / sizeof other_outputs[0]; k++)
        if (strcmp(name, other_outputs[k].member) == 0 && text_holds(cursor, other_outputs[k].later)) {
            fprintf(stderr,
                    "attackbench: %s: the output of attackbench %s, not of a benchmark run: compare reads the "
                    "benchmark's --csv or --json\n",
                    cursor->path, other_outputs[k].writer);
            return -1;
        }
    return json_error(cursor, "unknown member: expected schema, context or results");
}

/* The top-level object: schema, context, then results.  An empty one
 * ({}) is valid JSON with no rows, which the caller says. */
static int parse_document(struct json_cursor *cursor, row_visitor visit, void *data)
{
    struct result_fields context = {0}, members = {0};
    int seen_schema = 0;
    if (expect(cursor, '{') != 0)
        return -1;
    if (accept(cursor, '}'))
        return 0;
    do {
        const char *name = parse_string(cursor);
        if (name == NULL || expect(cursor, ':') != 0)
            return -1;
        if (check_new_name(cursor, &members, 0, name) != 0)
            return -1;
        if (members.count < MAX_ROW_FIELDS)
            members.names[members.count++] = name;
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
            return unknown_member(cursor, name);
        }
        if (status != 0)
            return status;
    } while (accept(cursor, ','));
    return expect(cursor, '}');
}

int read_json_rows(const char *path, const char *text, size_t length, row_visitor visit, void *data)
{
    /* Decoded text is never longer than its source, plus one NUL each. */
    size_t capacity = 2 * length + 16;
    struct json_cursor cursor = {path, text, text + length, 1, malloc(capacity), 0, capacity};
    if (cursor.arena == NULL) {
        fprintf(stderr, "attackbench: out of memory\n");
        return -1;
    }
    skip_space(&cursor);
    /* Schema 1: a bare array of rows. */
    struct result_fields no_context = {0};
    int status =
        peek(&cursor) == '[' ? parse_rows(&cursor, &no_context, visit, data) : parse_document(&cursor, visit, data);
    if (status == 0) {
        skip_space(&cursor);
        if (peek(&cursor) != END_OF_TEXT)
            status = json_error(&cursor, "text after the end of the document");
    }
    /* The visitor copies what it keeps, so the arena can go. */
    free(cursor.arena);
    return status;
}

/* Error messages of the parsers (options, FEN/EPD): written into the
 * caller's buffer, so that the caller decides where and how to show them. */
#ifndef ATTACKBENCH_ERROR_MESSAGE_H
#define ATTACKBENCH_ERROR_MESSAGE_H

#include <stddef.h>

/* Formats the message into error[error_size] (truncated to fit) and
 * returns -1, the parsers' failure value: `return set_error(...)`.  The
 * message quotes input, so it goes through escape_text(). */
int set_error(char *error, size_t error_size, const char *format, ...) __attribute__((format(printf, 3, 4)));

/* Copy `text` into out[out_size] (truncated to fit) with every byte a
 * terminal could act on written as \xNN: control characters, DEL, C1
 * controls and bytes that are not valid UTF-8.  Printable ASCII and valid
 * UTF-8 pass unchanged. */
void escape_text(const char *text, char *out, size_t out_size);

/* The first byte of `text` that escape_text() would escape, or NULL when
 * it would pass the whole text unchanged. */
const char *first_unprintable_byte(const char *text);

#endif

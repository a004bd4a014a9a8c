/* Error messages of the parsers (options, FEN/EPD): written into the
 * caller's buffer, so that the caller decides where and how to show them. */
#ifndef ATTACKBENCH_ERROR_MESSAGE_H
#define ATTACKBENCH_ERROR_MESSAGE_H

#include <stddef.h>

/* Formats the message into error[error_size] (truncated to fit) and
 * returns -1, the parsers' failure value: `return set_error(...)`. */
int set_error(char *error, size_t error_size, const char *format, ...) __attribute__((format(printf, 3, 4)));

#endif

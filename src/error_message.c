/* Error messages of the parsers; see error_message.h. */
#include "error_message.h"

#include <stdarg.h>
#include <stdio.h>

int set_error(char *error, size_t error_size, const char *format, ...)
{
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(error, error_size, format, arguments);
    va_end(arguments);
    return -1;
}

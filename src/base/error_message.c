/* Error messages of the parsers; see error_message.h. */
#include "error_message.h"

#include <stdarg.h>
#include <stdio.h>

/* The length of the valid UTF-8 sequence at `text`, or 0 when the bytes
 * there are not one (RFC 3629: no overlong forms, no surrogates, nothing
 * above U+10FFFF).  C1 controls (U+0080 to U+009F), which some terminals
 * obey as escape sequences, count as invalid. */
static size_t utf8_sequence_length(const unsigned char *text)
{
    unsigned char lead = text[0];
    size_t length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2;
    unsigned char low = 0x80, high = 0xBF; /* range of the second byte */
    if (lead < 0xC2 || lead > 0xF4)
        return 0;
    if (lead == 0xC2)
        low = 0xA0;
    else if (lead == 0xE0)
        low = 0xA0;
    else if (lead == 0xED)
        high = 0x9F;
    else if (lead == 0xF0)
        low = 0x90;
    else if (lead == 0xF4)
        high = 0x8F;
    if (text[1] < low || text[1] > high)
        return 0;
    for (size_t i = 2; i < length; i++)
        if (text[i] < 0x80 || text[i] > 0xBF)
            return 0;
    return length;
}

void escape_text(const char *text, char *out, size_t out_size)
{
    const unsigned char *p = (const unsigned char *)text;
    size_t used = 0;
    while (*p && used + 1 < out_size) {
        size_t length = *p >= 0x80 ? utf8_sequence_length(p) : (*p >= 0x20 && *p != 0x7F);
        if (length == 0) {
            if (used + 5 > out_size)
                break;
            used += (size_t)snprintf(out + used, out_size - used, "\\x%02x", *p++);
            continue;
        }
        if (used + length + 1 > out_size)
            break;
        for (size_t i = 0; i < length; i++)
            out[used++] = (char)*p++;
    }
    if (out_size > 0)
        out[used] = '\0';
}

const char *first_unprintable_byte(const char *text)
{
    const unsigned char *p = (const unsigned char *)text;
    while (*p) {
        size_t length = *p >= 0x80 ? utf8_sequence_length(p) : (*p >= 0x20 && *p != 0x7F);
        if (length == 0)
            return (const char *)p;
        p += length;
    }
    return NULL;
}

int set_error(char *error, size_t error_size, const char *format, ...)
{
    char message[1024];
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(message, sizeof message, format, arguments);
    va_end(arguments);
    escape_text(message, error, error_size);
    return -1;
}

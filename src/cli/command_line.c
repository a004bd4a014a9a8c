/* The command lines of attackbench, read one way (command_line.h). */
#include "command_line.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/error_message.h"

/* The entry of "--name" (length letters of `name`) or of "-x". */
static const struct option_name *long_option(const struct option_name *options, const char *name, size_t length)
{
    for (const struct option_name *option = options; option->name; option++)
        if (strlen(option->name) == length && strncmp(option->name, name, length) == 0)
            return option;
    return NULL;
}

static const struct option_name *short_option(const struct option_name *options, char letter)
{
    for (const struct option_name *option = options; option->name; option++)
        if (option->letter != 0 && option->letter == letter)
            return option;
    return NULL;
}

static int unknown(const struct argument_reader *reader, const char *text, char *error, size_t error_size)
{
    snprintf(error, error_size, "unknown %s '%s'", reader->takes_operands ? "option" : "argument", text);
    return -1;
}

/* The entry an option argument spells, with the value it carries (NULL:
 * none attached). */
static int match_option(const struct argument_reader *reader, const struct option_name *options, const char *text,
                        struct argument *argument, char *error, size_t error_size)
{
    argument->value = NULL;
    if (text[1] == '-') {
        const char *name = text + 2;
        size_t length = strcspn(name, "=");
        argument->option = long_option(options, name, length);
        if (argument->option == NULL)
            return unknown(reader, text, error, error_size);
        if (name[length] == '=') {
            if (!argument->option->takes_value) {
                snprintf(error, error_size, "option '--%s' takes no value", argument->option->name);
                return -1;
            }
            argument->value = name + length + 1;
        }
        return 0;
    }
    argument->option = short_option(options, text[1]);
    if (argument->option == NULL || (text[2] && !argument->option->takes_value))
        return unknown(reader, text, error, error_size);
    if (text[2])
        argument->value = text + 2;
    return 0;
}

int read_argument(struct argument_reader *reader, const struct option_name *options, struct argument *argument,
                  char *error, size_t error_size)
{
    if (reader->next >= reader->argc)
        return 0;
    const char *text = reader->argv[reader->next++];
    if (reader->takes_operands && !reader->operands_only && strcmp(text, "--") == 0) {
        reader->operands_only = 1;
        return read_argument(reader, options, argument, error, error_size);
    }
    if (reader->operands_only || text[0] != '-' || text[1] == '\0') {
        if (!reader->takes_operands)
            return unknown(reader, text, error, error_size);
        *argument = (struct argument){.option = NULL, .value = text};
        return 1;
    }
    if (match_option(reader, options, text, argument, error, error_size) != 0)
        return -1;
    if (argument->option->takes_value && argument->value == NULL) {
        if (reader->next >= reader->argc) {
            snprintf(error, error_size, "option '--%s' needs a value", argument->option->name);
            return -1;
        }
        argument->value = reader->argv[reader->next++];
    }
    return 1;
}

int is_option(const struct argument *argument, const char *name)
{
    return argument->option != NULL && strcmp(argument->option->name, name) == 0;
}

int parse_whole_number(const char *text, uint64_t minimum, uint64_t maximum, uint64_t *value)
{
    size_t digits = strspn(text, "0123456789");
    if (digits == 0 || text[digits] != '\0')
        return -1;
    errno = 0;
    unsigned long long number = strtoull(text, NULL, 10);
    if (errno == ERANGE || number < minimum || number > maximum)
        return -1;
    *value = number;
    return 0;
}

size_t plain_decimal_length(const char *text)
{
    size_t length = strspn(text, "0123456789");
    if (length == 0 || text[length] != '.')
        return length;
    size_t fraction = strspn(text + length + 1, "0123456789");
    return fraction == 0 ? 0 : length + 1 + fraction;
}

int parse_percentage(const char *text, double *percent)
{
    size_t length = plain_decimal_length(text);
    if (length == 0 || (text[length] != '\0' && strcmp(text + length, "%") != 0))
        return -1;
    errno = 0;
    double number = strtod(text, NULL);
    if (errno)
        return -1;
    *percent = number;
    return 0;
}

int refuse(const char *prefix, const char *format, ...)
{
    /* The message quotes what was typed (a path, a value): escaped, so
     * that its control characters cannot act on the terminal or break
     * the one line. */
    char message[4096], shown[4 * sizeof message];
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(message, sizeof message, format, arguments);
    va_end(arguments);
    escape_text(message, shown, sizeof shown);
    fprintf(stderr, "%s: %s\n", prefix, shown);
    return 2;
}

int write_help(const char *prefix, const char *text)
{
    fputs(text, stdout);
    if (fflush(stdout) != 0 || ferror(stdout))
        return refuse(prefix, "cannot write the help: %s", strerror(errno));
    return 0;
}

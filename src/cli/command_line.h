/* The command lines of attackbench, read one way: the benchmark and the
 * subcommands (perft, genpos, recommend, compare) each list their options
 * in a table, and read_argument() takes them in every spelling:
 * "--name=value", "--name value", and a short alias, "-m value" or
 * "-mvalue" (-m --method, -r --reps, -c --calls, -w --workload, -p
 * --piece, -f --format, -q --quiet, -l --list, -h --help, -V --version,
 * where the command has the option); "--" ends the options.  A refusal is
 * one line and exit status 2. */
#ifndef ATTACKBENCH_COMMAND_LINE_H
#define ATTACKBENCH_COMMAND_LINE_H

#include <stddef.h>
#include <stdint.h>

struct option_name {
    const char *name; /* the long name, without "--"; NULL ends a table */
    char letter;      /* the short alias, or 0 */
    int takes_value;
};

/* One argument read: an option (its entry, and its value or NULL for a
 * flag) or an operand (option NULL, value the argument). */
struct argument {
    const struct option_name *option;
    const char *value;
};

/* Where read_argument() is in argv, and whether "--" has been passed. */
struct argument_reader {
    int argc;
    char **argv;
    int next;           /* the next argument to read; starts at 1 */
    int takes_operands; /* 0: every argument is an option */
    int operands_only;  /* "--" has been read */
};

/* Reads the next argument of `reader` against `options` into *argument
 * (a value given apart is taken too).  Returns 1 when one was read, 0 at
 * the end, and -1 with the reason in `error` (no newline): an unknown
 * option ("unknown option '--x'"; "unknown argument 'x'" for a command
 * without operands, which cannot tell a mistyped option from an operand),
 * a value given to a flag, a value missing at the end. */
int read_argument(struct argument_reader *reader, const struct option_name *options, struct argument *argument,
                  char *error, size_t error_size);

/* Whether the argument is the option `name`. */
int is_option(const struct argument *argument, const char *name);

/* The numbers of every command's options are written in plain decimal
 * digits: no sign, no leading space, no "0x" or exponent (strtol and
 * strtod take "+5", " 5" and "1e1"; a value so written is refused, not
 * read).  A whole number from minimum to maximum into *value: 0, or -1. */
int parse_whole_number(const char *text, uint64_t minimum, uint64_t maximum, uint64_t *value);

/* The length of the plain decimal that starts `text`: digits, then a point
 * and digits if a point follows; 0 when `text` does not start with a digit
 * or its point has no digits after it.  The caller reads what follows (a
 * unit, '%') and strtod()s the number. */
size_t plain_decimal_length(const char *text);

/* A percentage as every option takes it: a plain decimal with an optional
 * '%' ("5", "5%", "0.5%"; not "5.", "+5" or "5e0").  0 with the number
 * (5 for "5%") in *percent, or -1. */
int parse_percentage(const char *text, double *percent);

/* One line "PREFIX: MESSAGE" on standard error, the message's control
 * characters escaped (escape_text); returns 2, the exit status of bad
 * usage. */
int refuse(const char *prefix, const char *format, ...) __attribute__((format(printf, 2, 3)));

/* The help on standard output; 0, or 2 with one line when it
 * cannot be written (a full device, a closed pipe). */
int write_help(const char *prefix, const char *text);

#endif

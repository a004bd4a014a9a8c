/* FEN and EPD parsing, and streaming positions from files. */
#define _POSIX_C_SOURCE 200809L
#include "position.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/error_message.h"

/* A character for an error message: printable as is, otherwise \xNN. */
static const char *shown_character(char c, char buffer[8])
{
    unsigned char u = (unsigned char)c;
    if (isprint(u))
        snprintf(buffer, 8, "%c", c);
    else
        snprintf(buffer, 8, "\\x%02x", u);
    return buffer;
}

/* Split off the next whitespace-separated field; returns its length, 0 at
 * the end of the text. */
static size_t next_field(const char **cursor, const char **field)
{
    const char *p = *cursor;
    while (*p == ' ' || *p == '\t')
        p++;
    *field = p;
    while (*p && *p != ' ' && *p != '\t')
        p++;
    *cursor = p;
    return (size_t)(p - *field);
}

static int piece_from_letter(char letter, int *color, int *type)
{
    static const char letters[] = "pnbrqk";
    const char *found = strchr(letters, tolower((unsigned char)letter));
    if (letter == '\0' || found == NULL)
        return -1;
    *type = (int)(found - letters);
    *color = isupper((unsigned char)letter) ? WHITE : BLACK;
    return 0;
}

static int parse_board(const char *field, size_t length, struct position *position, char *error, size_t error_size)
{
    int rank = 7, file = 0;
    char shown[8];
    for (size_t i = 0; i < length; i++) {
        char c = field[i];
        if (c == '/') {
            if (file != 8)
                return set_error(error, error_size, "rank %d has %d squares, not 8", rank + 1, file);
            if (rank == 0)
                return set_error(error, error_size, "board has more than 8 ranks");
            rank--;
            file = 0;
        } else if (c == '0' || c == '9') {
            return set_error(error, error_size, "rank %d: digit '%c' is not a number of empty squares (1 to 8)",
                             rank + 1, c);
        } else if (c >= '1' && c <= '8') {
            if (i > 0 && field[i - 1] >= '1' && field[i - 1] <= '8')
                return set_error(error, error_size, "rank %d has two digits in a row ('%c%c'): write their sum",
                                 rank + 1, field[i - 1], c);
            file += c - '0';
            if (file > 8)
                return set_error(error, error_size, "rank %d has more than 8 squares", rank + 1);
        } else {
            int color, type;
            if (piece_from_letter(c, &color, &type) != 0)
                return set_error(error, error_size, "bad piece letter '%s' in rank %d", shown_character(c, shown),
                                 rank + 1);
            if (file >= 8)
                return set_error(error, error_size, "rank %d has more than 8 squares", rank + 1);
            position->pieces[color][type] |= square_bit(make_square(file, rank));
            file++;
        }
    }
    if (file != 8)
        return set_error(error, error_size, "rank %d has %d squares, not 8", rank + 1, file);
    if (rank != 0)
        return set_error(error, error_size, "board has %d ranks, not 8", 8 - rank);
    return 0;
}

static int parse_castling(const char *field, size_t length, struct position *position, char *error, size_t error_size)
{
    if (length == 1 && field[0] == '-')
        return 0;
    static const char letters[] = "KQkq";
    char shown[8];
    for (size_t i = 0; i < length; i++) {
        const char *found = field[i] ? strchr(letters, field[i]) : NULL;
        if (found == NULL)
            return set_error(error, error_size, "bad castling field '%.*s': '%s' is not one of KQkq or -", (int)length,
                             field, shown_character(field[i], shown));
        int right = 1 << (found - letters);
        if (position->castling & right)
            return set_error(error, error_size, "bad castling field '%.*s': '%c' repeated", (int)length, field,
                             field[i]);
        position->castling |= right;
    }
    return 0;
}

static int parse_en_passant(const char *field, size_t length, struct position *position, char *error, size_t error_size)
{
    if (length == 1 && field[0] == '-')
        return 0;
    if (length != 2 || field[0] < 'a' || field[0] > 'h' || (field[1] != '3' && field[1] != '6'))
        return set_error(error, error_size, "bad en-passant field '%.*s': expected - or a square on rank 3 or 6",
                         (int)length, field);
    position->en_passant = make_square(field[0] - 'a', field[1] - '1');
    return 0;
}

/* A clock field: a decimal integer from `minimum` to INT_MAX. */
static int parse_clock(const char *field, size_t length, int minimum, const char *what, int *value, char *error,
                       size_t error_size)
{
    if (length == 0)
        return set_error(error, error_size, "missing %s", what);
    long long number = 0;
    for (size_t i = 0; i < length; i++) {
        if (!isdigit((unsigned char)field[i]))
            return set_error(error, error_size, "bad %s '%.*s': expected a%s integer", what, (int)length, field,
                             minimum > 0 ? " positive" : " non-negative");
        number = number * 10 + (field[i] - '0');
        if (number > INT_MAX)
            return set_error(error, error_size, "bad %s '%.*s': too large", what, (int)length, field);
    }
    if (number < minimum)
        return set_error(error, error_size, "bad %s '%.*s': expected a positive integer", what, (int)length, field);
    *value = (int)number;
    return 0;
}

/* EPD operations: "opcode operand...;" separated by semicolons; quoted
 * operands may hold semicolons, and escape a quote or a backslash with a
 * backslash, as PGN strings do (a \" ended the string: the comment's rest
 * was read as operations).  Only "Dn count" (perft) is kept. */
static int parse_operations(const char *text, struct position *position, char *error, size_t error_size)
{
    const char *p = text;
    while (*p) {
        while (*p == ' ' || *p == '\t' || *p == ';')
            p++;
        if (!*p)
            break;
        const char *start = p;
        int quoted = 0;
        while (*p && (quoted || *p != ';')) {
            if (quoted && *p == '\\' && (p[1] == '"' || p[1] == '\\'))
                p++;
            else if (*p == '"')
                quoted = !quoted;
            p++;
        }
        if (quoted)
            return set_error(error, error_size, "unterminated quoted string in EPD operations");
        size_t length = (size_t)(p - start);
        /* "D", "D-1" or "D+1" as an opcode is a perft count written wrong,
         * not another opcode to pass over. */
        if (start[0] == 'D' && (length == 1 || strchr(" \t-+", start[1]) != NULL))
            return set_error(error, error_size, "bad perft operation '%.*s': expected 'Dn count' (n from 1)",
                             (int)(length < 20 ? length : 20), start);
        if (length >= 2 && start[0] == 'D' && isdigit((unsigned char)start[1])) {
            char operation[64];
            if (length >= sizeof operation)
                return set_error(error, error_size, "bad perft operation '%.20s...'", start);
            memcpy(operation, start, length);
            operation[length] = '\0';
            char *end;
            errno = 0;
            unsigned long depth = strtoul(operation + 1, &end, 10);
            if (*end != ' ' && *end != '\t')
                return set_error(error, error_size, "bad perft operation '%s': expected 'Dn count'", operation);
            while (*end == ' ' || *end == '\t')
                end++;
            if (!isdigit((unsigned char)*end))
                return set_error(error, error_size, "bad perft operation '%s': count is not a number", operation);
            errno = 0;
            uint64_t count = strtoull(end, &end, 10);
            if (errno == ERANGE)
                return set_error(error, error_size, "bad perft operation '%s': count too large (at most %llu)",
                                 operation, (unsigned long long)UINT64_MAX);
            while (*end == ' ' || *end == '\t')
                end++;
            if (*end)
                return set_error(error, error_size, "bad perft operation '%s': expected 'Dn count'", operation);
            if (depth < 1 || depth > MAX_EXPECTED_DEPTH)
                return set_error(error, error_size, "perft operation '%s': depth must be 1 to %d", operation,
                                 MAX_EXPECTED_DEPTH);
            if (position->expected_given & (UINT32_C(1) << depth))
                return set_error(error, error_size, "perft operation '%s': a second count for depth %lu", operation,
                                 depth);
            position->expected_nodes[depth] = count;
            position->expected_given |= UINT32_C(1) << depth;
        }
    }
    return 0;
}

int parse_position(const char *text, struct position *position, char *error, size_t error_size)
{
    memset(position, 0, sizeof *position);
    position->en_passant = NO_SQUARE;
    position->fullmove_number = 1;

    const char *cursor = text, *field;
    size_t length = next_field(&cursor, &field);
    if (length == 0)
        return set_error(error, error_size, "empty position");
    if (parse_board(field, length, position, error, error_size) != 0)
        return -1;

    length = next_field(&cursor, &field);
    if (length == 0)
        return set_error(error, error_size, "missing side to move");
    if (length != 1 || (field[0] != 'w' && field[0] != 'b'))
        return set_error(error, error_size, "bad side to move '%.*s': expected w or b", (int)length, field);
    position->side_to_move = field[0] == 'w' ? WHITE : BLACK;

    length = next_field(&cursor, &field);
    if (length == 0)
        return set_error(error, error_size, "missing castling field");
    if (parse_castling(field, length, position, error, error_size) != 0)
        return -1;

    length = next_field(&cursor, &field);
    if (length == 0)
        return set_error(error, error_size, "missing en-passant field");
    if (parse_en_passant(field, length, position, error, error_size) != 0)
        return -1;

    /* FEN clocks, or EPD operations.  EPD operations end with ';', so
     * text without one must be the two clocks; with one, clocks may still
     * come first (FEN followed by perft counts). */
    const char *rest = cursor;
    length = next_field(&cursor, &field);
    int clocks_only = length > 0 && strchr(rest, ';') == NULL;
    if (clocks_only || (length > 0 && (isdigit((unsigned char)field[0]) || field[0] == '-' || field[0] == '+'))) {
        if (parse_clock(field, length, 0, "halfmove clock", &position->halfmove_clock, error, error_size) != 0)
            return -1;
        length = next_field(&cursor, &field);
        if (length == 0 || field[0] == ';')
            return set_error(error, error_size, "missing fullmove number after the halfmove clock");
        if (parse_clock(field, length, 1, "fullmove number", &position->fullmove_number, error, error_size) != 0)
            return -1;
        rest = cursor;
        size_t extra = next_field(&cursor, &field);
        if (clocks_only && extra > 0)
            return set_error(error, error_size, "unexpected text '%.*s' after the fullmove number", (int)extra, field);
    }
    return parse_operations(rest, position, error, error_size);
}

void format_fen(const struct position *position, char *buffer, size_t size)
{
    static const char letters[2][PIECE_TYPE_COUNT] = {{'P', 'N', 'B', 'R', 'Q', 'K'}, {'p', 'n', 'b', 'r', 'q', 'k'}};
    char text[128];
    size_t used = 0;
    for (int rank = 7; rank >= 0; rank--) {
        int empty = 0;
        for (int file = 0; file < 8; file++) {
            bitboard bit = square_bit(make_square(file, rank));
            char letter = 0;
            for (int color = 0; color < 2 && !letter; color++)
                for (int type = 0; type < PIECE_TYPE_COUNT; type++)
                    if (position->pieces[color][type] & bit)
                        letter = letters[color][type];
            if (!letter) {
                empty++;
                continue;
            }
            if (empty)
                text[used++] = (char)('0' + empty);
            empty = 0;
            text[used++] = letter;
        }
        if (empty)
            text[used++] = (char)('0' + empty);
        if (rank)
            text[used++] = '/';
    }
    text[used] = '\0';
    char castling[5] = "-";
    int n = 0;
    for (int i = 0; i < 4; i++)
        if (position->castling & (1 << i))
            castling[n++] = "KQkq"[i];
    if (n)
        castling[n] = '\0';
    char en_passant[3] = "-";
    if (position->en_passant != NO_SQUARE)
        square_name(position->en_passant, en_passant);
    snprintf(buffer, size, "%s %c %s %s %d %d", text, position->side_to_move == WHITE ? 'w' : 'b', castling, en_passant,
             position->halfmove_clock, position->fullmove_number);
}

/* What read_line() found besides a line. */
enum { LINE_END_OF_FILE = -1, LINE_TOO_LONG = -2, LINE_READ_ERROR = -3 };

/* Read one line without its '\n' into line[] (room for limit + 1 bytes),
 * NUL-terminated.  A line longer than `limit` is refused as soon as the
 * limit is passed, without reading the rest: an endless line (/dev/zero)
 * costs neither time nor memory.  Returns the length, or one of the
 * LINE_ values; on a read error, errno says why. */
static long read_line(FILE *file, char *line, size_t limit)
{
    size_t length = 0;
    int c;
    while ((c = getc_unlocked(file)) != EOF && c != '\n') {
        if (length == limit) {
            /* The CR of a CRLF ending is no part of the line: a line
             * the limit takes with LF, it takes with CRLF. */
            if (c == '\r' && ((c = getc_unlocked(file)) == '\n' || c == EOF))
                break;
            return LINE_TOO_LONG;
        }
        line[length++] = (char)c;
    }
    line[length] = '\0';
    if (c == EOF && ferror(file))
        return LINE_READ_ERROR;
    if (c == EOF && length == 0)
        return LINE_END_OF_FILE;
    return (long)length;
}

/* Parse one line (BOM and CR already removed).  Returns 1 for a position,
 * 0 for a blank or comment line, -1 with `error` set for a malformed one. */
static int parse_line(const char *text, size_t length, struct position *position, char *error, size_t error_size)
{
    if (memchr(text, '\0', length) != NULL)
        return set_error(error, error_size, "binary data (a NUL byte) in a text line");
    while (*text == ' ' || *text == '\t')
        text++;
    if (*text == '\0' || *text == '#')
        return 0;
    return parse_position(text, position, error, error_size) == 0 ? 1 : -1;
}

/* read_positions_from(), saying each malformed line it skips when
 * `report_skips`. */
static long read_lines(FILE *file, const char *shown_name, const struct read_options *options, int report_skips,
                       position_visitor visit, void *context, long *skipped)
{
    size_t limit = options && options->max_line_length ? options->max_line_length : MAX_LINE_LENGTH;
    char *line = malloc(limit + 1);
    if (line == NULL) {
        fprintf(stderr, "attackbench: %s: out of memory for a %zu-byte line\n", shown_name, limit);
        return -1;
    }
    long line_number = 0, visited = 0, length;
    int failed = 0, skip_invalid = options && options->skip_invalid;
    struct position position;
    char error[256];
    while (!failed && (length = read_line(file, line, limit)) != LINE_END_OF_FILE) {
        line_number++;
        if (length == LINE_READ_ERROR || length == LINE_TOO_LONG) {
            if (length == LINE_READ_ERROR)
                fprintf(stderr, "attackbench: %s:%ld: read error: %s\n", shown_name, line_number, strerror(errno));
            else
                fprintf(stderr, "attackbench: %s:%ld: line is longer than the %zu bytes allowed\n", shown_name,
                        line_number, limit);
            failed = 1;
            break;
        }
        char *text = line;
        /* A UTF-8 byte-order mark on the first line; CRLF line ends. */
        if (line_number == 1 && length >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0) {
            text += 3;
            length -= 3;
        }
        while (length > 0 && text[length - 1] == '\r')
            text[--length] = '\0';
        int parsed = parse_line(text, (size_t)length, &position, error, sizeof error);
        if (parsed < 0) {
            if (!skip_invalid || report_skips)
                fprintf(stderr, "attackbench: %s:%ld: %s%s\n", shown_name, line_number, error,
                        skip_invalid ? " (skipped)" : "");
            if (skip_invalid && skipped)
                (*skipped)++;
            failed = !skip_invalid;
        } else if (parsed > 0) {
            failed = visit(&position, shown_name, line_number, context) != 0;
            visited += !failed;
        }
    }
    free(line);
    return failed ? -1 : visited;
}

long read_positions_from(FILE *file, const char *shown_name, const struct read_options *options, position_visitor visit,
                         void *context, long *skipped)
{
    return read_lines(file, shown_name, options, 1, visit, context, skipped);
}

long read_positions(const char *file_name, const struct read_options *options, position_visitor visit, void *context,
                    long *skipped)
{
    int from_stdin = strcmp(file_name, "-") == 0;
    /* The name as messages show it: a newline or escape sequence in a
     * file's name must not split the one error line or reach the
     * terminal. */
    char shown[PATH_MAX + 64];
    escape_text(from_stdin ? "<stdin>" : file_name, shown, sizeof shown);
    if (file_name[0] == '\0') {
        fprintf(stderr, "attackbench: an empty file name: give a position file's path, or '-' for standard input\n");
        return -1;
    }
    struct stat named;
    if (!from_stdin && stat(file_name, &named) == 0 && (S_ISFIFO(named.st_mode) || S_ISSOCK(named.st_mode))) {
        /* The commands read a named file twice (checked whole before
         * anything is timed, then used): a pipe's lines would be gone
         * the second time, and opening it again would wait for a writer. */
        fprintf(stderr,
                "attackbench: %s: a pipe can be read only once, and position files are read twice: save it "
                "to a file, or give it on standard input as '-'\n",
                shown);
        return -1;
    }
    FILE *file = from_stdin ? stdin : fopen(file_name, "rb");
    if (file == NULL) {
        fprintf(stderr, "attackbench: %s: cannot open: %s\n", shown, strerror(errno));
        return -1;
    }
    struct stat status;
    long visited = -1;
    if (fstat(fileno(file), &status) == 0 && S_ISDIR(status.st_mode))
        fprintf(stderr, "attackbench: %s: is a directory, not a FEN/EPD file\n", shown);
    else
        visited = read_lines(file, shown, options, from_stdin || !options || !options->named_files_checked, visit,
                             context, skipped);
    if (!from_stdin)
        fclose(file);
    return visited;
}

void report_no_positions(const char *file_name)
{
    char shown[PATH_MAX + 64];
    escape_text(strcmp(file_name, "-") == 0 ? "<stdin>" : file_name, shown, sizeof shown);
    fprintf(stderr, "attackbench: %s: no positions in this file\n", shown);
}

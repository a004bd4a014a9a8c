/* Positions read from FEN and EPD text. */
#ifndef ATTACKBENCH_POSITION_H
#define ATTACKBENCH_POSITION_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "attackbench/bitboard.h"

enum color { WHITE, BLACK };
enum piece_type { PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING, PIECE_TYPE_COUNT };

enum castling_right {
    CASTLE_WHITE_KING = 1,
    CASTLE_WHITE_QUEEN = 2,
    CASTLE_BLACK_KING = 4,
    CASTLE_BLACK_QUEEN = 8,
};

enum {
    NO_SQUARE = -1,
    /* Highest depth of a ";Dn count" EPD opcode: the deepest perft search
     * (perft --depth); a deeper one is an error of its line. */
    MAX_EXPECTED_DEPTH = 12
};

struct position {
    bitboard pieces[2][PIECE_TYPE_COUNT]; /* [color][piece_type] */
    int side_to_move;                     /* WHITE or BLACK */
    int castling;                         /* castling_right bits */
    int en_passant;                       /* target square or NO_SQUARE */
    int halfmove_clock;                   /* 0 when the line has no clocks */
    int fullmove_number;                  /* 1 when the line has no clocks */
    /* Perft node counts from ";Dn count" opcodes; a count of 0 (a
     * stalemate's ";D1 0") is a count, so which were given is kept apart. */
    uint64_t expected_nodes[MAX_EXPECTED_DEPTH + 1];
    uint32_t expected_given; /* bit n: ";Dn" was given */
};

/* The ";Dn" count for `depth`, if the line gave one: 1 and *count set. */
static inline int position_expected_nodes(const struct position *position, int depth, uint64_t *count)
{
    if (depth < 1 || depth > MAX_EXPECTED_DEPTH || !(position->expected_given & (UINT32_C(1) << depth)))
        return 0;
    *count = position->expected_nodes[depth];
    return 1;
}

static inline bitboard position_color(const struct position *position, int color)
{
    const bitboard *p = position->pieces[color];
    return p[PAWN] | p[KNIGHT] | p[BISHOP] | p[ROOK] | p[QUEEN] | p[KING];
}

static inline bitboard position_occupied(const struct position *position)
{
    return position_color(position, WHITE) | position_color(position, BLACK);
}

/* Parse one FEN (6 fields) or EPD (4 fields, then opcodes) line.  On
 * error returns -1 and writes what is wrong into `error`. */
int parse_position(const char *text, struct position *position, char *error, size_t error_size);

/* Write the position as a six-field FEN into buffer (at least 100 bytes). */
void format_fen(const struct position *position, char *buffer, size_t size);

/* Called for each position read; return non-zero to abort reading (the
 * visitor reports why). */
typedef int (*position_visitor)(const struct position *position, const char *file_name, long line_number,
                                void *context);

struct read_options {
    int skip_invalid;       /* report and skip malformed lines instead of failing */
    size_t max_line_length; /* longest line accepted; 0: MAX_LINE_LENGTH */
    /* With skip_invalid: the named files were read before and their
     * malformed lines reported then; skip (and count) them without a word
     * (standard input's are still reported: it is read once). */
    int named_files_checked;
};

/* Stream every position of a file ("-" is standard input) to `visit`,
 * one line at a time, keeping no text.  Blank lines and lines starting
 * with '#' are skipped; CRLF endings and a UTF-8 byte-order mark are
 * accepted.  A malformed line is reported as "FILE:LINE: what is wrong"
 * on stderr and fails the read, unless skip_invalid is set (then it is
 * reported, skipped and counted in *skipped).  A line longer than the
 * limit is refused as soon as the limit is passed (even with skip_invalid:
 * finding its end could mean reading forever), and so is a read error.
 * Returns the number of positions visited, or -1 on error (unreadable
 * file, malformed line, visitor abort). */
long read_positions(const char *file_name, const struct read_options *options, position_visitor visit, void *context,
                    long *skipped);

/* "attackbench: FILE: no positions in this file" on stderr, the name
 * escaped ("-" shown as <stdin>): the one wording of every command that
 * refuses a file without a position. */
void report_no_positions(const char *file_name);

/* read_positions() on an open stream, named `shown_name` in messages. */
long read_positions_from(FILE *file, const char *shown_name, const struct read_options *options, position_visitor visit,
                         void *context, long *skipped);

enum {
    /* Longest line accepted, in bytes. */
    MAX_LINE_LENGTH = 65536
};

#endif

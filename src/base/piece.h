/* The sliding pieces attackbench measures: one enum, one name table, and
 * sets of them as bits (1u << piece).  Board piece types (pawn to king)
 * are position.h's; this is the subset whose attacks a backend computes. */
#ifndef ATTACKBENCH_PIECE_H
#define ATTACKBENCH_PIECE_H

/* PIECE_BOTH is a query shape rather than a piece: one square's rook and
 * bishop sets from one call (struct attackbench_both), asked of queens. */
enum piece_kind { PIECE_ROOK, PIECE_BISHOP, PIECE_QUEEN, PIECE_BOTH, PIECE_KIND_COUNT };

/* "rook", "bishop", "queen", "both": the spelling of the CLI, the CSV and
 * every message. */
extern const char *const piece_names[PIECE_KIND_COUNT];

/* The pieces a side has (rook, bishop, queen): the kinds before
 * PIECE_BOTH, for what counts a board's pieces. */
enum { SLIDER_KIND_COUNT = PIECE_BOTH };

/* Every kind, as a set; and the three pieces, the default and what
 * --piece=all asks for (both is asked for by name). */
enum { ALL_PIECES = (1u << PIECE_KIND_COUNT) - 1, THREE_PIECES = (1u << SLIDER_KIND_COUNT) - 1 };

static inline unsigned piece_bit(enum piece_kind piece)
{
    return 1u << piece;
}

#endif

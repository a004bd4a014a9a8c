/* The sliding pieces attackbench measures: one enum, one name table, and
 * sets of them as bits (1u << piece).  Board piece types (pawn to king)
 * are position.h's; this is the subset whose attacks a backend computes. */
#ifndef ATTACKBENCH_PIECE_H
#define ATTACKBENCH_PIECE_H

enum piece_kind { PIECE_ROOK, PIECE_BISHOP, PIECE_QUEEN, PIECE_KIND_COUNT };

/* "rook", "bishop", "queen": the spelling of the CLI, the CSV and every
 * message. */
extern const char *const piece_names[PIECE_KIND_COUNT];

/* Every piece, as a set. */
enum { ALL_PIECES = (1u << PIECE_KIND_COUNT) - 1 };

static inline unsigned piece_bit(enum piece_kind piece)
{
    return 1u << piece;
}

#endif

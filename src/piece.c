/* The sliding pieces: names and where they stand on a board. */
#include "piece.h"

const char *const piece_names[PIECE_KIND_COUNT] = {"rook", "bishop", "queen"};

bitboard position_sliders(const struct position *position, enum piece_kind piece)
{
    static const enum piece_type types[PIECE_KIND_COUNT] = {ROOK, BISHOP, QUEEN};
    return position->pieces[WHITE][types[piece]] | position->pieces[BLACK][types[piece]];
}

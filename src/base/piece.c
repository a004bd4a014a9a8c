/* The sliding pieces' names (piece.h). */
#include "piece.h"

const char *const piece_names[PIECE_KIND_COUNT] = {"rook", "bishop", "queen", "both"};

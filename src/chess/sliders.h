/* A position's sliders as the backends see them: the sliders of one kind,
 * and a side as a side record (include/attackbench/backend.h). */
#ifndef ATTACKBENCH_SLIDERS_H
#define ATTACKBENCH_SLIDERS_H

#include "attackbench/backend.h"
#include "base/piece.h"
#include "position.h"

/* The sliders of this kind on the board, both colours. */
bitboard position_sliders(const struct position *position, enum piece_kind piece);

/* One side of a position as a record (pressure_line 0).  A side with more
 * than ATTACKBENCH_SIDE_MAX_SLIDERS sliders cannot occur in a legal game (13 at most);
 * the extra ones are left out of the square list, not of the sets. */
void side_record_from_position(const struct position *position, int color, struct attackbench_side *side);

/* The sides workload and --dump --workload=sides take at most
 * ATTACKBENCH_SIDE_MAX_SLIDERS sliders a side: 0 when both sides fit, else -1 after
 * printing "FILE:LINE: ..." (a side of a position on that line has more). */
int check_side_sliders(const struct position *position, const char *file_name, long line_number);

#endif

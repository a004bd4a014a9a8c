/* The harness's side of the side-wise workloads (sets, sides): building
 * side records, and a backend's set-wise and multi-square answers and
 * passes whatever hooks it has (the loops: include/side_passes.h). */
#ifndef ATTACKBENCH_SIDES_H
#define ATTACKBENCH_SIDES_H

#include "backend.h"
#include "position.h"
#include "workload.h"

/* One side of a position as a record (pressure_line 0).  A side with more
 * than SIDE_MAX_SLIDERS sliders cannot occur in a legal game (13 at most);
 * the extra ones are left out of the square list, not of the sets. */
void side_record_from_position(const struct position *position, int color, struct side_record *side);

/* The sides workload and --dump --workload=sides take at most
 * SIDE_MAX_SLIDERS sliders a side: 0 when both sides fit, else -1 after
 * printing "FILE:LINE: ..." (a side of a position on that line has more). */
int check_side_sliders(const struct position *position, const char *file_name, long line_number);

/* A record from slider sets: rooks, bishops and queens disjoint, at most
 * SIDE_MAX_SLIDERS together. */
void side_record_from_sets(bitboard rooks, bitboard bishops, bitboard queens, bitboard occupied,
                           struct side_record *side);

/* The backend's set-wise answer: its native entry, or its rook and bishop
 * lookups over the bits of each set, one call per slider. */
bitboard backend_set_attacks(const struct backend *backend, bitboard rook_sliders, bitboard bishop_sliders,
                             bitboard occupied);

/* The backend's multi-square answer: its native entry, or one lookup call
 * per slider. */
void backend_side_attacks(const struct backend *backend, const struct side_record *side, bitboard occupied,
                          bitboard *attacks);

/* One pass of a side stream: batched (the backend's sets_loop or
 * sides_loop), or per call (through the pointers: per position-side for
 * a native entry, per slider otherwise). */
uint64_t side_pass(const struct backend *backend, enum stream_kind kind, int per_call, const struct run *run);

#endif

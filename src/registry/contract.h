/* A backend's answer in every mode, for the runner, the counter and the
 * verifier: whether it can run on this CPU, its tables, its per-call and
 * batched entries by piece, and its set-wise and multi-square answers
 * (native, or composed from its single lookups). */
#ifndef ATTACKBENCH_CONTRACT_H
#define ATTACKBENCH_CONTRACT_H

#include "attackbench/loops.h"
#include "base/piece.h"

/* What one element of a stream is and what a pass computes from it. */
enum stream_kind {
    STREAM_QUERIES, /* (square, occupancy) pairs for one piece */
    STREAM_SETS,    /* side records: one set-wise answer each */
    STREAM_SIDES,   /* side records: one attack set per slider */
};

/* The CPU features a backend needs: its `features` and those its target
 * names (ATTACKBENCH_FEATURE_* bits). */
unsigned backend_features(const struct backend *backend);

/* Why a backend cannot run on this CPU, or NULL when it can.  The text
 * may be the same buffer for every backend: copy it to keep it past the
 * next call. */
const char *backend_unavailable_reason(const struct backend *backend);

/* From now until backend_unguard(), a crash, an exit() or an interrupted
 * loop is named as this backend's during `activity`, when it is a plugin
 * (platform/crash_guard.h); a built-in clears it. */
void backend_guard(const struct backend *backend, const char *activity);
void backend_unguard(void);

/* Build the backend's tables (nothing when it has no init); returns their
 * size in bytes and stores how long that took in *init_ms (unless NULL). */
size_t backend_initialize(const struct backend *backend, double *init_ms);

/* The per-call lookup and the batched pass of one piece.  PIECE_BOTH has
 * no single lookup (NULL: see backend_both), and its pass is NULL in a
 * plugin (see backend_batch_pass). */
attackbench_lookup_function backend_lookup(const struct backend *backend, enum piece_kind piece);
uint64_t (*backend_loop(const struct backend *backend, enum piece_kind piece))(const struct attackbench_run *run);

/* Both at once: the backend's both entry, or (a plugin, a hand-made
 * descriptor) its rook and bishop lookups called one after the other. */
struct attackbench_both backend_both(const struct backend *backend, int square, bitboard occupied);

/* What a pass adds up for one query (before the checking mix): the
 * piece's attack set, or for PIECE_BOTH attackbench_both_term. */
uint64_t backend_query(const struct backend *backend, enum piece_kind piece, int square, bitboard occupied);

/* One pass of a query stream per call: every query an indirect call (a
 * plugin's both, two: its rook and its bishop). */
uint64_t backend_call_pass(const struct backend *backend, enum piece_kind piece, const struct attackbench_run *run);

/* One batched pass: the backend's loop, or where it has none (a plugin's
 * both) the per-call pass. */
uint64_t backend_batch_pass(const struct backend *backend, enum piece_kind piece, const struct attackbench_run *run);

/* A record from slider sets: rooks, bishops and queens disjoint, at most
 * ATTACKBENCH_SIDE_MAX_SLIDERS together. */
void side_record_from_sets(bitboard rooks, bitboard bishops, bitboard queens, bitboard occupied,
                           struct attackbench_side *side);

/* The backend's set-wise answer: its native entry, or its rook and bishop
 * lookups over the bits of each set, one call per slider. */
bitboard backend_set_attacks(const struct backend *backend, bitboard rook_sliders, bitboard bishop_sliders,
                             bitboard occupied);

/* The backend's multi-square answer: its native entry, or one lookup call
 * per slider. */
void backend_side_attacks(const struct backend *backend, const struct attackbench_side *side, bitboard occupied,
                          bitboard *attacks);

/* One pass of a side stream: batched (the backend's sets_loop or
 * sides_loop), or per call (through the pointers: per position-side for
 * a native entry, per slider otherwise). */
uint64_t side_pass(const struct backend *backend, enum stream_kind kind, int per_call,
                   const struct attackbench_run *run);

#endif

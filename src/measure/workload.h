/* Query streams: what the timed loops read.  Built once, before timing. */
#ifndef ATTACKBENCH_WORKLOAD_H
#define ATTACKBENCH_WORKLOAD_H

#include <stddef.h>
#include <stdint.h>

#include "registry/contract.h"
#include "base/piece.h"
#include "chess/position.h"

enum workload_kind {
    WORKLOAD_PIECES,
    WORKLOAD_SQUARES,
    WORKLOAD_RANDOM,
    WORKLOAD_SETS,  /* per position and side: the side's slider attack map */
    WORKLOAD_SIDES, /* per position and side: each slider's own attack set */
    WORKLOAD_KIND_COUNT
};
enum game_phase { PHASE_ALL, PHASE_OPENING, PHASE_MIDDLEGAME, PHASE_ENDGAME, PHASE_COUNT };

/* How a query stream lies in memory (--layout): an occupancy and a square
 * per query, or the positions layout of Gigantua's Chess_Movegen, one
 * occupancy per position shared by ATTACKBENCH_POSITION_SQUARES squares
 * (random workload only). */
enum stream_layout { STREAM_LAYOUT_QUERIES, STREAM_LAYOUT_POSITIONS, STREAM_LAYOUT_COUNT };

extern const char *const workload_names[WORKLOAD_KIND_COUNT];
extern const char *const stream_layout_names[STREAM_LAYOUT_COUNT];
extern const char *const phase_names[PHASE_COUNT];

/* Whether a workload asks side-wise questions (sets, sides). */
static inline int side_workload(enum workload_kind kind)
{
    return kind == WORKLOAD_SETS || kind == WORKLOAD_SIDES;
}

/* The piece a row names: its piece, or "sliders" for the side-wise
 * workloads, which ask about every slider of a side. */
const char *workload_piece_name(enum workload_kind kind, enum piece_kind piece);

/* One stream of queries, laid out as the timed loops read it (see struct
 * run).  Side-wise streams hold side records in `sides` instead of
 * occupied, squares and pressure_lines, and `count` counts records.  Past its limit, queries are kept by reservoir
 * sampling, so any number of positions fits in bounded memory. */
struct stream {
    bitboard *occupied;
    uint8_t *squares;
    uint32_t *pressure_lines; /* a pseudo-random cache line per query */
    struct attackbench_side *sides;
    enum stream_kind kind;
    enum stream_layout layout; /* positions: occupied[] holds count / 12 occupancies */
    size_t count;              /* queries kept */
    size_t capacity;           /* queries the arrays hold */
    size_t limit;              /* most queries kept */
    uint64_t offered;          /* queries seen */
    unsigned sealed;           /* bit k: array k (in the order above) is a read-only
                                  copy (platform/sealed_memory.h) */
};

/* The occupancies a stream holds: one per query, or one per position. */
size_t stream_occupancies(const struct stream *stream);

/* Bytes one query takes in a stream. */
enum { STREAM_BYTES_PER_QUERY = sizeof(bitboard) + sizeof(uint8_t) + sizeof(uint32_t) };

/* A pass over the whole stream (flags cleared). */
struct attackbench_run stream_run(const struct stream *stream);

/* The lookups one pass makes, the unit of ns_per_query: the queries; for
 * side streams the records (sets) or the sliders (sides). */
uint64_t stream_lookups(const struct stream *stream);

struct workload {
    enum workload_kind kind;
    enum stream_layout layout;
    long positions;
    /* streams[piece][phase]: only the pieces asked for; phases other than
     * PHASE_ALL only when split_phases was asked.  The side-wise workloads
     * have one stream per phase, in streams[0]. */
    struct stream streams[PIECE_KIND_COUNT][PHASE_COUNT];
    long phase_positions[PHASE_COUNT];
};

/* The random stream's default length: 65,536 queries (576 KB), so that
 * the branch predictors cannot learn it across passes.  It was 16,384 (144 KB,
 * sized to stay in L2 beside the tables) until 2026-12-01; on a Zen 5
 * the predictors learnt that one for the branchy techniques
 * (docs/findings.md, "The random stream's length"). */
enum { DEFAULT_RANDOM_QUERIES = 65536 };

struct workload_options {
    enum workload_kind kind;
    unsigned pieces; /* piece_bit()s to build */
    uint64_t seed;
    size_t max_queries;    /* per stream */
    size_t random_queries; /* length of the random stream */
    enum stream_layout layout;
    size_t random_positions; /* positions of the positions layout */
    int split_phases;
    struct read_options read;
};

/* Game phase of a position, by material (see README): endgame when the
 * non-pawn material weight (knight and bishop 1, rook 2, queen 4; 24 at
 * the start) is at most 8; opening when at least 30 men are on the board;
 * middlegame otherwise. */
enum game_phase position_phase(const struct position *position);

/* The most bytes the workload's streams can take: exact for the random
 * workload, a bound (every stream full) for files. */
uint64_t workload_bytes_bound(const struct workload_options *options);

/* "attackbench: skipped N malformed lines" on standard error, when N > 0:
 * the closing count of --skip-invalid. */
void report_skipped_lines(long skipped);

/* Build the streams from the files (ignored for the random workload).
 * Returns 0, or -1 after printing an error (the workload is then empty and
 * needs no free_workload). */
int build_workload(struct workload *workload, const struct workload_options *options, char **files, int file_count,
                   long *skipped);

void free_workload(struct workload *workload);

#endif

/* Checking a backend against the reference backend. */
#ifndef ATTACKBENCH_VERIFY_H
#define ATTACKBENCH_VERIFY_H

#include <stdio.h>

#include "attackbench/backend.h"
#include "chess/position.h"
#include "base/piece.h"

/* Occupancy squares that can change a rook's or bishop's attacks from a
 * square: its lines without the square itself and without the edge square
 * that ends each ray.  ray_walk.h derives the same masks by walking rays,
 * for the backends' tables; these are built from line masks instead, on
 * purpose: the independent check, so that a mistake in the walk cannot
 * hide the same mistake in the boards the verifier enumerates. */
bitboard rook_relevant_mask(int square);
bitboard bishop_relevant_mask(int square);

/* Compare one lookup with the reference (for PIECE_BOTH each of its two
 * sets); on a mismatch print a report (backend, piece, square, the
 * occupancy as a diagram, expected and got) to `report` and return -1. */
int verify_lookup(const struct backend *backend, enum piece_kind piece, int square, bitboard occupied, FILE *report);

/* The mismatch report every check prints: `method` got `got` for `what`
 * ("rook", or "both (its rook set)") on `square` under `occupied`, the
 * occupancy, expected and got as diagrams, the differing squares named;
 * `slider` names the marked square. */
void report_mismatch(FILE *report, const char *method, const char *what, const char *slider, int square,
                     bitboard occupied, bitboard expected, bitboard got);

/* Exhaustive check of the selected pieces (a set of piece_bit()s): every subset of the relevant
 * mask of every square (bare and with squares outside the mask, sparse to
 * all of them; queens and both at once on every rook and every bishop
 * subset with such squares on the other lines), the full board with and
 * without the piece's own square and the own square alone, then
 * `random_count` random occupancies.  Stops at the
 * first mismatch.  Returns 0 when all agree, -1 after a mismatch's
 * report, 1 when SIGINT or SIGTERM stopped it (interrupt.h: it looks
 * between two subsets and between two random boards). */
int verify_backend(const struct backend *backend, unsigned pieces, unsigned long random_count, uint64_t seed,
                   FILE *report);

/* The reference's answers to verify_backend's queries, kept by the caller
 * for the next backend it checks: every backend of a run gets the same
 * queries (the same seed, pieces and number of boards), and the
 * reference, a walk along each ray, took half the time of `--verify-only
 * --method=all` answering them again for each.  Zero-initialised; one
 * thread uses it at a time.  Past VERIFY_MAX_ANSWERS (64 MB) nothing is
 * kept and each check asks the reference. */
enum { VERIFY_MAX_ANSWERS = 8 << 20 };
struct verify_answers {
    uint64_t seed;
    unsigned pieces;
    unsigned long random_count;
    bitboard *values;
    size_t count, capacity, next;
    int complete, dropped;
};

/* verify_backend, replaying the answers a complete earlier check with the
 * same queries recorded in `answers`, or recording them (NULL: neither). */
int verify_backend_recorded(struct verify_answers *answers, const struct backend *backend, unsigned pieces,
                            unsigned long random_count, uint64_t seed, FILE *report);
void verify_answers_free(struct verify_answers *answers);

/* Both of the above stop early, returning 1, once a SIGINT or SIGTERM
 * arrived (src/platform/interrupt.h). */

/* What verify_files() checks. */
struct file_check {
    const struct backend *const *backends; /* baselines are skipped */
    int count;
    unsigned pieces;  /* piece_bit()s */
    int every_square; /* all 64 squares of each position, not only its sliders' */
    int sides;        /* also both sides of each position, side-wise (verify_side_record) */
    struct read_options read;
};

/* Every query the files give, for every backend: read through its own
 * visitor, with FILE:LINE after a mismatch report on stderr.  Returns 0,
 * 1 when a backend is wrong, 2 for unreadable input, or 130/143 when a
 * signal stopped it; *positions counts what was read. */
int verify_files(const struct file_check *check, char **files, int file_count, long *positions, long *skipped);

/* Every query of a stream, for every backend (as verify_files): square i
 * against occupied[i / squares_per_occupancy] (1, or 12 in the positions
 * layout).  Returns 0, -1 when a backend is wrong, or 130/143 when a
 * signal stopped it (looked for every few thousand queries: a stream of
 * 2^28 queries takes minutes). */
int verify_stream(const struct file_check *check, enum piece_kind piece, const bitboard *occupied,
                  const uint8_t *squares, size_t count, size_t squares_per_occupancy);

/* The side-wise paths (src/chess/sliders.h) of one record against the
 * reference: the set-wise entry and both sets passes (batched, per
 * call), every slider of the multi-square entry and both sides passes.
 * Returns 0, or -1 after a report. */
struct attackbench_side;
int verify_side_record(const struct backend *backend, const struct attackbench_side *side, FILE *report);

/* verify_side_record() on `random_count` random boards with random slider
 * sets: boards with 0, 1 and 9 queens a side, and any mix up to the
 * record's limit.  Returns 0, -1 after a report, or 1 when a signal
 * stopped it. */
int verify_side_paths(const struct backend *backend, unsigned long random_count, uint64_t seed, FILE *report);

#endif

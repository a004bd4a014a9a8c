/* Checking a backend against the reference backend. */
#ifndef ATTACKBENCH_VERIFY_H
#define ATTACKBENCH_VERIFY_H

#include <stdio.h>

#include "backend.h"

enum piece_selection {
    SELECT_ROOK = 1,
    SELECT_BISHOP = 2,
    SELECT_QUEEN = 4,
    SELECT_ALL_PIECES = 7,
};

/* Occupancy squares that can change a rook's or bishop's attacks from a
 * square: its lines without the square itself and without the edge square
 * that ends each ray. */
bitboard rook_relevant_mask(int square);
bitboard bishop_relevant_mask(int square);

/* Compare one lookup with the reference; on a mismatch print a report
 * (method, piece, square, the occupancy as a diagram, expected and got)
 * to `report` and return -1. piece is 0 rook, 1 bishop, 2 queen. */
int verify_lookup(const struct backend *backend, int piece, int square, bitboard occupied, FILE *report);

/* Exhaustive check of the selected pieces: every subset of the relevant
 * mask of every square (with and without random squares outside the mask;
 * queens on every rook and every bishop subset with random bits on the
 * other lines), then `random_count` random occupancies.  Stops at the
 * first mismatch.  Returns 0 when all agree, -1 otherwise. */
int verify_backend(const struct backend *backend, unsigned pieces, unsigned long random_count, uint64_t seed,
                   FILE *report);

/* Print an occupancy as an 8x8 diagram, rank 8 first, marking `square`. */
void print_board(FILE *out, bitboard board, int square);

/* Deterministic 64-bit generator (xorshift64*), shared so that every
 * method sees the same pseudo-random streams. */
uint64_t random_next(uint64_t *state);

#endif

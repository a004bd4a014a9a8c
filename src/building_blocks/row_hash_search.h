/* The key search behind row-hash-perfect (no backend of its own): per
 * square, 16-bit keys per row and row pattern whose XOR indexes a slice of
 * the square's own size with no harmful collision (two patterns share a
 * slot only when their attack sets are equal).  See row_hash_search.c. */
#ifndef ATTACKBENCH_ROW_HASH_SEARCH_H
#define ATTACKBENCH_ROW_HASH_SEARCH_H

#include <stddef.h>
#include <stdint.h>

#include "attackbench/bitboard.h"
#include "magic_search.h"

/* How a lookup splits the masked occupancy into rows: row r is
 * ((occupied & relevant) >> shift >> 8r) & (patterns - 1). */
struct row_geometry {
    int rows;
    int patterns;
    int shift;
    enum slider piece;
};

struct row_hash_summary {
    size_t entries;       /* table entries, all squares */
    int squares_searched; /* squares whose slice the random search shrank */
};

/* Searches the keys of every square (`tries` random key sets per slice
 * size below the fields) and builds the table.  Writes
 * keys[square][row][pattern] (64 * rows * patterns of them), each
 * square's base offset folded into its row-0 keys, so that the XOR of a
 * lookup's row keys is its index into the returned table (malloc'd, the
 * caller frees it).  Deterministic: a fixed seed. */
bitboard *row_hash_build(const struct row_geometry *geometry, const bitboard relevant[SQUARE_COUNT], int tries,
                         uint16_t *keys, struct row_hash_summary *summary);

#endif

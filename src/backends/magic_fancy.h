/* The tables of the fancy magic backend (src/backends/magic_fancy.c),
 * shared with the kernel that gathers from them in vector lanes
 * (magic_lanes.c), so the two hold one copy. */
#ifndef ATTACKBENCH_MAGIC_FANCY_H
#define ATTACKBENCH_MAGIC_FANCY_H

#include <stdalign.h>
#include <stddef.h>
#include <stdint.h>

#include "attackbench/bitboard.h"

/* One slider on one square: Stockfish's Magic (mask, magic, attacks,
 * shift), with the attacks pointer and the shift sharing one word, so a
 * lookup makes one load fewer: the shift sits in the low 6 bits, which is
 * all a 64-bit shift reads of its count, and the pointer above them
 * (docs/findings.md, "Choices in the code", has the measurement). */
struct fancy_magic {
    bitboard mask;
    bitboard magic;
    uint64_t attacks_and_shift; /* (pointer << 6) | (64 - relevant bits) */
};

enum { FANCY_SHIFT_BITS = 6, FANCY_SHIFT_FIELD = (1 << FANCY_SHIFT_BITS) - 1 };

/* Rook and bishop of a square in one 64-byte cache line, so a queen
 * lookup touches one line besides its two table entries. */
struct fancy_square {
    alignas(64) struct fancy_magic rook;
    struct fancy_magic bishop;
};

/* Builds (or rebuilds: the search is seeded, so the contents never
 * change) the factors and the attack table; returns their size in bytes. */
size_t magic_fancy_build_tables(void);

/* The 64 squares' entries, a1 first. */
const struct fancy_square *magic_fancy_squares(void);

#endif

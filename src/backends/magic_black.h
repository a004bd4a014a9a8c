/* The published constants of black magic bitboards (magic_black.c), shared
 * with the device technique of the same name (src/device/device_tables.c),
 * so that the two read one copy. */
#ifndef ATTACKBENCH_MAGIC_BLACK_H
#define ATTACKBENCH_MAGIC_BLACK_H

#include <stdint.h>

#include "attackbench/bitboard.h"

enum {
    BLACK_ROOK_BITS = 12,
    BLACK_BISHOP_BITS = 9,
    /* Published size of the shared table: the highest slot used plus one. */
    BLACK_TABLE_ENTRIES = 88507
};

/* A published factor and the start of the square's slice in the table. */
struct black_constant {
    uint64_t factor;
    uint32_t offset;
};

extern const struct black_constant black_rook_constants[SQUARE_COUNT];
extern const struct black_constant black_bishop_constants[SQUARE_COUNT];

#endif

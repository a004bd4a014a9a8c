/* FoldingHash, "4x fancy magic": Daniel Infuehr, in Gigantua's
 * Chess_Movegen (FoldingHash.hpp, 2022),
 * https://github.com/Gigantua/Chess_Movegen.  Each of a square's four
 * lines (rank, file, diagonal, anti-diagonal) is hashed on its own: the
 * occupancy ORed with the complement of the line's relevant squares (so
 * only they vary), folded to 32 bits as the source does (high half XOR
 * three times the low half), multiplied by the line's 32-bit factor, the
 * product's top six bits an index from the line's offset into one table
 * that all 256 lines share, overlapping where their used slots allow.  A
 * queen ORs four lookups, a rook or bishop two.  The source's factors
 * came from a GPU search it did not publish; ours come from
 * scripts/generators/folding-hash-search.c (seeded, `make folding-hash-search`),
 * committed as folding_hash_factors.h (8.5 minutes of CPU): a shared
 * table of 5,419 entries (42 KiB), against the source's 5,956. */
#include <stdalign.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#include "attackbench/loops.h"
#include "base/ray_walk.h"

/* One line of one square: the squares outside its relevant squares, its
 * factor and where its slots start in the shared table. */
struct folding_line {
    bitboard outside;
    uint32_t factor;
    uint32_t offset;
};

#include "generated/folding_hash_factors.h"

enum { FOLDING_INDEX_SHIFT = 32 - 6 };

/* One step along each line as (file, rank): rank, file, diagonal,
 * anti-diagonal, the order of the header's four lines per square. */
static const int folding_steps[4][2] = {{1, 0}, {0, 1}, {1, 1}, {-1, 1}};

static alignas(64) bitboard folding_attacks[FOLDING_HASH_TABLE_ENTRIES];

/* What a lookup reads of one line: its offset merged into a pointer to its
 * first slot, so the slot's address is that pointer plus the index, with
 * no add (the source notes the merge).  Built from folding_hash_lines at
 * init; a square's four take 96 bytes. */
struct folding_probe {
    bitboard outside;
    uint64_t factor; /* the line's 32-bit factor, widened */
    const bitboard *slots;
};

static alignas(64) struct folding_probe folding_probes[SQUARE_COUNT][4];

/* The source's fold of 64 bits to 32, and the line's slot. */
static inline uint32_t folding_index(const struct folding_line *line, bitboard occupied)
{
    bitboard filled = occupied | line->outside;
    uint32_t folded = (uint32_t)(filled >> 32) ^ ((uint32_t)filled * 3u);
    return line->offset + ((folded * line->factor) >> FOLDING_INDEX_SHIFT);
}

/* A ray from the square on the empty board without its last square: the
 * squares on it whose occupancy can matter. */
static bitboard folding_inner_ray(int square, int file_step, int rank_step)
{
    bitboard ray = ray_walk(square, 0, file_step, rank_step);
    if (ray == 0)
        return 0;
    bool upwards = rank_step > 0 || (rank_step == 0 && file_step > 0);
    bitboard last = upwards ? (bitboard)1 << (63 - __builtin_clzll(ray)) : ray & -ray;
    return ray & ~last;
}

/* Stores every occupancy's attacks of one line at its slot; an occupancy
 * that lands where a different attack set is stored, or a mask that is not
 * the line's, aborts: the constants would give wrong answers. */
static void folding_fill_line(int square, int kind, bool *filled)
{
    const struct folding_line *line = &folding_hash_lines[square][kind];
    int file_step = folding_steps[kind][0], rank_step = folding_steps[kind][1];
    bitboard relevant =
        folding_inner_ray(square, file_step, rank_step) | folding_inner_ray(square, -file_step, -rank_step);
    if (line->outside != ~relevant) {
        fprintf(stderr, "folding-hash: wrong mask for square %d, line %d\n", square, kind);
        abort();
    }
    bitboard subset = 0;
    do {
        bitboard attacks =
            ray_walk(square, subset, file_step, rank_step) | ray_walk(square, subset, -file_step, -rank_step);
        uint32_t slot = folding_index(line, subset);
        if (slot >= FOLDING_HASH_TABLE_ENTRIES || (filled[slot] && folding_attacks[slot] != attacks)) {
            fprintf(stderr, "folding-hash: factor for square %d, line %d collides at slot %u\n", square, kind,
                    (unsigned)slot);
            abort();
        }
        filled[slot] = true;
        folding_attacks[slot] = attacks;
        subset = (subset - relevant) & relevant;
    } while (subset != 0);
}

static size_t folding_hash_init(void)
{
    static bool filled[FOLDING_HASH_TABLE_ENTRIES];
    for (int square = 0; square < SQUARE_COUNT; square++)
        for (int kind = 0; kind < 4; kind++) {
            const struct folding_line *line = &folding_hash_lines[square][kind];
            folding_fill_line(square, kind, filled);
            folding_probes[square][kind] = (struct folding_probe){
                .outside = line->outside, .factor = line->factor, .slots = &folding_attacks[line->offset]};
        }
    return sizeof folding_probes + sizeof folding_attacks;
}

/* The lookup: folding_index's fold and slot, read through the probe.  The
 * empty asm keeps the index as computed: clang 14 otherwise turned the
 * shift and the load's scale of 8 into a shift by 23 and an AND with ~7,
 * one instruction more per line. */
static inline bitboard folding_line_attacks(const struct folding_probe *probe, bitboard occupied)
{
    bitboard filled = occupied | probe->outside;
    uint32_t folded = (uint32_t)(filled >> 32) ^ ((uint32_t)filled * 3u);
    size_t index = (folded * (uint32_t)probe->factor) >> FOLDING_INDEX_SHIFT;
    __asm__("" : "+r"(index));
    return probe->slots[index];
}

static inline bitboard folding_hash_rook(int square, bitboard occupied)
{
    const struct folding_probe *probes = folding_probes[square];
    return folding_line_attacks(&probes[0], occupied) | folding_line_attacks(&probes[1], occupied);
}

static inline bitboard folding_hash_bishop(int square, bitboard occupied)
{
    const struct folding_probe *probes = folding_probes[square];
    return folding_line_attacks(&probes[2], occupied) | folding_line_attacks(&probes[3], occupied);
}

QUEEN_FROM_ROOK_AND_BISHOP(folding_hash)

BACKEND(folding_hash, "folding-hash",
        "per line: (occupied | ~line) folded to 32 bits, times a 32-bit factor, top 6 bits into one shared overlapping "
        "table",
        "Daniel Infuehr, FoldingHash - 4x fancy magic, Gigantua's Chess_Movegen (2022); factors our own seeded search",
        .init = folding_hash_init)

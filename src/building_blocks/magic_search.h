/* Shared by the magic and PEXT backends (no backend of its own): relevant
 * occupancy masks, a ray walk to fill attack tables, and a deterministic
 * search for magic factors (sparse random candidates from a seeded
 * xorshift generator, each checked against every subset of the mask).
 * Sources: Chessprogramming wiki, "Magic Bitboards" and "Looking for
 * Magics" (Tord Romstad's sparse-candidate search); Stockfish
 * bitboard.cpp (init_magics: carry-rippler subsets, epoch-stamped check). */
#ifndef ATTACKBENCH_MAGIC_SEARCH_H
#define ATTACKBENCH_MAGIC_SEARCH_H

#include <stddef.h>
#include <stdint.h>

#include "attackbench/bitboard.h"

enum slider { SLIDER_ROOK, SLIDER_BISHOP };

enum {
    /* A rook in a corner sees 12 relevant squares: 4096 subsets. */
    MAGIC_MAX_SUBSETS = 4096
};

/* The squares whose occupancy can change the slider's attacks from
 * `square`: its lines without the square and without each ray's last
 * square (a piece there cannot hide anything behind it). */
bitboard magic_relevant_mask(enum slider piece, int square);

/* Attacks by walking each ray to the first occupied square (included).
 * Slow; used only to fill tables at start-up. */
bitboard magic_ray_attacks(enum slider piece, int square, bitboard occupied);

/* Every subset of a square's relevant mask and the attacks it gives. */
struct magic_subsets {
    bitboard mask;
    int count;
    bitboard occupancies[MAGIC_MAX_SUBSETS];
    bitboard attacks[MAGIC_MAX_SUBSETS];
};

/* Fills `subsets` for the slider on `square` (carry-rippler order: the
 * empty subset first). */
void magic_enumerate_subsets(enum slider piece, int square, struct magic_subsets *subsets);

/* Searches for a factor such that ((occupied & mask) * factor) >>
 * (64 - index_bits) maps any two subsets with different attacks to
 * different indices.  Candidates are the AND of three outputs of the
 * xorshift generator whose state is *random_state (advanced), so the
 * result depends only on the seed and the order of calls.  Not thread
 * safe (one static scratch table). */
uint64_t magic_find_factor(const struct magic_subsets *subsets, int index_bits, uint64_t *random_state);

/* The work of every magic_find_factor() call so far: candidates drawn
 * plus subsets checked, the measure scripts/generators/magic-seeds-search.c
 * minimises when it chooses each square's seed. */
uint64_t magic_search_work(void);

#endif

/* Correlation magic: black-magic indexing, index = ((occupied | ~mask) *
 * factor) >> shift, with fixed 12-bit rook and 9-bit bishop indices into a
 * region of its own per square (4096 and 512 entries: 2.36 MB of tables),
 * where neighbouring squares share one factor, shifted right by their
 * distance from the group's first square: a bishop on file f of rank r
 * multiplies by bishop_factor[r] >> f (8 factors in all), a rook on square
 * s by rook_factor[s / 2] >> (s % 2) (32 factors).  Neighbours' masks are
 * nearly shifted copies of one another, which lets one factor serve them.
 * Source: Daniel Infuehr (Inführ), talkchess.com post, 2023,
 * https://www.talkchess.com/forum3/viewtopic.php?f=7&t=82224#p949688, and
 * "Correlation Magic" in Gigantua's Chess_Movegen (Correlationmagic.hpp).
 * The factors are our own, from scripts/generators/correlation-magic-search.c (into
 * src/generated/correlation_magic_factors.h; make generate runs it), each
 * the good factor whose indices fill the fewest 64-byte lines among a
 * million candidates: 0.9 MB of the 2.36 MB are ever read, where the first
 * good factors filled 1.6 MB (docs/findings.md). */
#include <stdalign.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "attackbench/loops.h"
#include "generated/correlation_magic_factors.h"
#include "building_blocks/magic_search.h"

enum {
    CORRELATION_ROOK_SLOTS = 1 << 12,
    CORRELATION_BISHOP_SLOTS = 1 << 9,
    CORRELATION_ROOK_SHIFT = 64 - 12,
    CORRELATION_BISHOP_SHIFT = 64 - 9
};

/* Everything a lookup reads, in one object so that the compiled loops hold
 * one base address instead of six (gcc kept the six in xmm registers and
 * moved them back for every query).  The factors are copied from the
 * generated header at init, beside the complemented masks. */
struct correlation_tables {
    alignas(64) bitboard rook_outside[SQUARE_COUNT]; /* ~relevant mask */
    alignas(64) bitboard bishop_outside[SQUARE_COUNT];
    alignas(64) uint64_t rook_factors[SQUARE_COUNT / 2];
    alignas(64) uint64_t bishop_factors[SQUARE_COUNT / 8];
    alignas(64) bitboard rook_attacks[SQUARE_COUNT][CORRELATION_ROOK_SLOTS];
    alignas(64) bitboard bishop_attacks[SQUARE_COUNT][CORRELATION_BISHOP_SLOTS];
};

static struct correlation_tables correlation;

/* Every lookup reads the tables by byte offset from the start of
 * `correlation`, the arrays' own indexing written out: a factor's element
 * at (index & ~1) * 4 or index & ~7 bytes, a square's region at index
 * times its size, its slot added to the region's address last.  From the
 * array forms gcc 12 made a shift and a register copy for each factor's
 * element and a three-part LEA (region, slot and offset) for each slot;
 * written out, its queens took 0.921 of the time, rooks 0.927, bishops
 * 0.917, and clang's queens 1.004 (no difference), by attackbench ab on a
 * Zen 5. */
static inline const char *correlation_bytes(size_t offset)
{
    return (const char *)&correlation + offset;
}

static inline uint64_t correlation_word(size_t offset)
{
    return *(const uint64_t *)(const void *)correlation_bytes(offset);
}

/* The shared factor of the square's pair, shifted by its place in the
 * pair: rook_factors[index / 2] >> (index % 2). */
static inline uint64_t correlation_rook_factor(size_t index)
{
    return correlation_word(offsetof(struct correlation_tables, rook_factors) + (index & ~(size_t)1) * 4) >>
           (index & 1);
}

/* The shared factor of the square's rank, shifted by its file:
 * bishop_factors[index / 8] >> (index % 8). */
static inline uint64_t correlation_bishop_factor(size_t index)
{
    return correlation_word(offsetof(struct correlation_tables, bishop_factors) + (index & ~(size_t)7)) >> (index & 7);
}

/* Fills one square's region from every subset of its mask.  No attack set
 * is empty, so 0 marks a free slot; two subsets may share a slot only when
 * their attack sets are equal, and a factor that breaks this aborts. */
static void correlation_fill(enum slider piece, int square, uint64_t factor, unsigned shift, bitboard *region,
                             bitboard *outside)
{
    static struct magic_subsets subsets;
    magic_enumerate_subsets(piece, square, &subsets);
    *outside = ~subsets.mask;
    for (int i = 0; i < subsets.count; i++) {
        size_t slot = (size_t)(((subsets.occupancies[i] | ~subsets.mask) * factor) >> shift);
        if (region[slot] != 0 && region[slot] != subsets.attacks[i]) {
            fprintf(stderr, "correlation-magic: shared %s factor collides on square %d\n",
                    piece == SLIDER_ROOK ? "rook" : "bishop", square);
            abort();
        }
        region[slot] = subsets.attacks[i];
    }
}

static size_t correlation_magic_init(void)
{
    memcpy(correlation.rook_factors, correlation_rook_factors, sizeof correlation.rook_factors);
    memcpy(correlation.bishop_factors, correlation_bishop_factors, sizeof correlation.bishop_factors);
    for (int square = 0; square < SQUARE_COUNT; square++) {
        correlation_fill(SLIDER_ROOK, square, correlation_rook_factor((size_t)square), CORRELATION_ROOK_SHIFT,
                         correlation.rook_attacks[square], &correlation.rook_outside[square]);
        correlation_fill(SLIDER_BISHOP, square, correlation_bishop_factor((size_t)square), CORRELATION_BISHOP_SHIFT,
                         correlation.bishop_attacks[square], &correlation.bishop_outside[square]);
    }
    return sizeof correlation;
}

/* Each query derives its factor from the shared one (a load, an AND and a
 * shift), as the technique does: a few instructions more than a per-square
 * copy of the shifted factors would take, which is magic-plain's layout
 * (docs/findings.md, "Choices in the code"). */
static inline bitboard correlation_magic_rook(int square, bitboard occupied)
{
    size_t index = (unsigned)square; /* widened first: gcc 12 split an int's halves with a redundant AND */
    uint64_t key = occupied | correlation.rook_outside[index];
    size_t slot = (key * correlation_rook_factor(index)) >> CORRELATION_ROOK_SHIFT;
    const char *region = correlation_bytes(offsetof(struct correlation_tables, rook_attacks)) +
                         index * sizeof correlation.rook_attacks[0];
    return *(const bitboard *)(const void *)(region + slot * sizeof(bitboard));
}

static inline bitboard correlation_magic_bishop(int square, bitboard occupied)
{
    size_t index = (unsigned)square;
    uint64_t key = occupied | correlation.bishop_outside[index];
    size_t slot = (key * correlation_bishop_factor(index)) >> CORRELATION_BISHOP_SHIFT;
    const char *region = correlation_bytes(offsetof(struct correlation_tables, bishop_attacks)) +
                         index * sizeof correlation.bishop_attacks[0];
    return *(const bitboard *)(const void *)(region + slot * sizeof(bitboard));
}

QUEEN_FROM_ROOK_AND_BISHOP(correlation_magic)

BACKEND(correlation_magic, "correlation-magic",
        "black-magic index, fixed shifts, one factor per rook pair / bishop rank, shifted by file",
        "Daniel Infuehr, Correlation Magic (talkchess 2023, Gigantua's Chess_Movegen); factors: own search",
        .init = correlation_magic_init)

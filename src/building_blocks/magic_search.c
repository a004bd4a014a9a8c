/* Masks, ray walk (both by ray_walk.h, per slider) and magic-factor
 * search shared by the magic and PEXT backends; see magic_search.h.  Sources: Chessprogramming wiki, "Magic
 * Bitboards" and "Looking for Magics"; Stockfish bitboard.cpp. */
#include "magic_search.h"

#include "base/ray_walk.h"

bitboard magic_relevant_mask(enum slider piece, int square)
{
    return piece == SLIDER_ROOK ? ray_walk_rook_relevant(square) : ray_walk_bishop_relevant(square);
}

bitboard magic_ray_attacks(enum slider piece, int square, bitboard occupied)
{
    return piece == SLIDER_ROOK ? ray_walk_rook(square, occupied) : ray_walk_bishop(square, occupied);
}

void magic_enumerate_subsets(enum slider piece, int square, struct magic_subsets *subsets)
{
    bitboard mask = magic_relevant_mask(piece, square);
    bitboard subset = 0;
    int count = 0;
    /* Carry-rippler: (subset - mask) & mask steps through every subset. */
    do {
        subsets->occupancies[count] = subset;
        subsets->attacks[count] = magic_ray_attacks(piece, square, subset);
        count++;
        subset = (subset - mask) & mask;
    } while (subset != 0);
    subsets->mask = mask;
    subsets->count = count;
}

/* Candidates drawn and subsets checked so far (magic_search_work()). */
static uint64_t search_work;

/* xorshift64 (Marsaglia) with a multiplicative output (xorshift64*). */
static inline uint64_t next_random(uint64_t *state)
{
    uint64_t x = *state;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    *state = x;
    return x * 0x2545F4914F6CDD1DULL;
}

/* Good factors have few set bits: AND three random words (about 8 of 64
 * bits set). */
static inline uint64_t sparse_random(uint64_t *state)
{
    uint64_t a = next_random(state);
    uint64_t b = next_random(state);
    uint64_t c = next_random(state);
    return a & b & c;
}

uint64_t magic_find_factor(const struct magic_subsets *subsets, int index_bits, uint64_t *random_state)
{
    /* The subsets in random order: a bad factor then meets a colliding
     * pair after about 30 subsets instead of about 80 in carry-rippler
     * order, where subsets differing only in high bits come last. */
    static bitboard occupancies[MAGIC_MAX_SUBSETS];
    static bitboard attacks[MAGIC_MAX_SUBSETS];
    /* Which attempt last wrote each index, so the scratch table needs no
     * clearing between attempts. */
    static uint32_t written_by[MAGIC_MAX_SUBSETS];
    static bitboard written_attacks[MAGIC_MAX_SUBSETS];
    static uint32_t attempt;

    const int count = subsets->count;
    for (int i = 0; i < count; i++) {
        occupancies[i] = subsets->occupancies[i];
        attacks[i] = subsets->attacks[i];
    }
    for (int i = count - 1; i > 0; i--) { /* Fisher-Yates */
        int j = (int)(((next_random(random_state) >> 32) * (uint64_t)(i + 1)) >> 32);
        bitboard occupancy = occupancies[i], attack = attacks[i];
        occupancies[i] = occupancies[j];
        attacks[i] = attacks[j];
        occupancies[j] = occupancy;
        attacks[j] = attack;
    }

    const unsigned shift = 64u - (unsigned)index_bits;
    for (;;) {
        uint64_t factor = sparse_random(random_state);
        search_work++;
        /* Cheap filter from "Looking for Magics": the product's top byte
         * must take at least 6 bits from the mask, or the high index bits
         * cannot tell enough subsets apart. */
        if (population_count((subsets->mask * factor) >> 56) < 6)
            continue;
        if (++attempt == 0) { /* wrapped: forget every stamp */
            for (int i = 0; i < MAGIC_MAX_SUBSETS; i++)
                written_by[i] = 0;
            attempt = 1;
        }
        int fits = 1;
        int i = 0;
        for (; i < count && fits; i++) {
            unsigned index = (unsigned)((occupancies[i] * factor) >> shift);
            if (written_by[index] != attempt) {
                written_by[index] = attempt;
                written_attacks[index] = attacks[i];
            } else if (written_attacks[index] != attacks[i]) {
                fits = 0; /* two different attack sets on one index */
            }
        }
        search_work += (uint64_t)i;
        if (fits)
            return factor;
    }
}

uint64_t magic_search_work(void)
{
    return search_work;
}

/* Searches the per-rank factors of the kindergarten-magic-file backend
 * (src/backends/kindergarten_magic_file.c): for a rook on rank r of the
 * a-file, a 64-bit factor whose product with the a-file occupancy (a2..a7
 * without the rook's own square) has in its top `bits` bits an index that
 * never puts two different attack sets into one slot.  The idea (Grant
 * Osborne's magic compression of kindergarten file attacks) is from seed
 * 003_92b150df8cf32a5a.txt, Chessprogramming wiki "Kindergarten
 * Bitboards"; the search is ours: seeded random starts, then a walk that
 * flips one or two factor bits and keeps the change unless it adds
 * collisions.  Deterministic: same budget, same output.
 *
 * Build and run (prints the C initializer the backend holds):
 *   cc -O2 -std=c17 -o build/kindergarten_magic_file_search scripts/kindergarten_magic_file_search.c
 *   build/kindergarten_magic_file_search [evaluations per rank and size, default 3000000]
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static uint64_t random_state = 0x9E3779B97F4A7C15ULL;

/* xorshift64* */
static uint64_t next_random(void)
{
    random_state ^= random_state >> 12;
    random_state ^= random_state << 25;
    random_state ^= random_state >> 27;
    return random_state * 0x2545F4914F6CDD1DULL;
}

/* Attacks of a slider at `position` on a line of eight, as a byte. */
static unsigned line_attacks(int position, unsigned occupied)
{
    unsigned attacks = 0;
    for (int next = position + 1; next < 8; next++) {
        attacks |= 1u << next;
        if (occupied & (1u << next))
            break;
    }
    for (int next = position - 1; next >= 0; next--) {
        attacks |= 1u << next;
        if (occupied & (1u << next))
            break;
    }
    return attacks;
}

static uint64_t occupancies[64];
static unsigned attack_sets[64];

/* The 64 subsets of a2..a7 with the rook's own square cleared (32
 * distinct ones when the rook stands on a2..a7), and their attacks. */
static void prepare_rank(int rank)
{
    for (unsigned subset = 0; subset < 64; subset++) {
        unsigned line = subset << 1;
        line &= ~(1u << rank);
        uint64_t occupancy = 0;
        for (int square_rank = 0; square_rank < 8; square_rank++)
            if (line & (1u << square_rank))
                occupancy |= (uint64_t)1 << (8 * square_rank);
        occupancies[subset] = occupancy;
        attack_sets[subset] = line_attacks(rank, line);
    }
}

/* Occupancies that land in a slot already holding another attack set. */
static int collisions(uint64_t factor, int bits)
{
    unsigned slots[64];
    uint64_t used = 0;
    int count = 0;
    for (int subset = 0; subset < 64; subset++) {
        unsigned index = (unsigned)((factor * occupancies[subset]) >> (64 - bits));
        if (used & ((uint64_t)1 << index)) {
            count += slots[index] != attack_sets[subset];
        } else {
            used |= (uint64_t)1 << index;
            slots[index] = attack_sets[subset];
        }
    }
    return count;
}

/* A factor giving a `bits`-bit index without collisions, or 0 when none
 * was found within `budget` evaluations.  Bits 56..63 of the factor never
 * reach the product's top bits (the occupancy starts at bit 8), so the
 * search leaves them clear. */
static uint64_t search(int bits, long budget)
{
    const uint64_t useful = 0x00FFFFFFFFFFFFFFULL;
    long evaluations = 0;
    while (evaluations < budget) {
        uint64_t factor = next_random() & useful;
        int cost = collisions(factor, bits);
        evaluations++;
        for (int step = 0; step < 2000 && cost > 0; step++) {
            uint64_t candidate = factor ^ ((uint64_t)1 << (next_random() % 56));
            if (next_random() & 1)
                candidate ^= (uint64_t)1 << (next_random() % 56);
            int candidate_cost = collisions(candidate, bits);
            evaluations++;
            if (candidate_cost <= cost) {
                factor = candidate;
                cost = candidate_cost;
            }
        }
        if (cost == 0)
            return factor;
    }
    return 0;
}

int main(int argc, char **argv)
{
    long budget = argc > 1 ? atol(argv[1]) : 3000000;
    int total_entries = 0;
    printf("/* rank: factor with the right shift (64 - bits) in bits 58..63 */\n");
    for (int rank = 0; rank < 8; rank++) {
        prepare_rank(rank);
        for (int bits = 3; bits <= 6; bits++) {
            /* Six bits always work (the plain kindergarten index). */
            uint64_t factor = search(bits, bits < 6 ? budget : 1000000000L);
            if (factor == 0)
                continue;
            printf("    0x%016llXULL, /* rank %d: %d-bit index */\n",
                   (unsigned long long)(factor | ((uint64_t)(64 - bits) << 58)), rank + 1, bits);
            total_entries += 1 << bits;
            break;
        }
    }
    printf("/* %d entries, %d bytes */\n", total_entries, 8 * total_entries);
    return 0;
}

/* Searches the submasks and multipliers of the elementary backend
 * (src/backends/elementary.c): for every square and slider, the relevant
 * mask split into at most three submasks, each with a multiplier that
 * moves every subset of its bits, with no carry reaching them, onto the
 * top bits exactly where PEXT would put them, so that
 *     ((o & m0) * k0 | (o & m1) * k1 | (o & m2) * k2) >> (64 - bits)
 * equals PEXT(o, mask).  The idea is Sami Kiminki's Elementary Bitboards
 * (skiminki/hoover-chess-utils, pgn-reader/src/bitboard-attacks-
 * elementary.h, January 2026); this search is the project's own.
 *
 * How: the mask bit of rank i (counted from the lowest) at square b must
 * land at 64 - bits + i, a left shift by d = 64 - bits + i - b, which
 * never grows with i.  Bits of equal shift form a group that one set bit
 * of a multiplier moves together.  Groups are given, in order, to one of
 * at most three submasks (a depth-first search, fewest submasks first);
 * a submask's multiplier has one bit per shift among its groups, and it
 * is accepted only when every subset of its bits lands exactly (checked
 * subset by subset).  Deterministic: the same output every run.
 *
 * Build and run: scripts/generators/generate.sh elementary (make generate); by hand
 * (the header on stdout, the counts of submasks on stderr):
 *   cc -O2 -std=c17 -Isrc -Iinclude -o build/elementary-search scripts/generators/elementary-search.c
 *   build/elementary-search > src/generated/elementary_factors.h
 */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>

#include "building_blocks/magic_search.c"

enum { MAX_SUBMASKS = 3, MAX_GROUPS = 12 };

/* One mask to split: its bits grouped by shift. */
struct split_problem {
    bitboard mask;
    int bits;
    int group_count;
    bitboard group_bits[MAX_GROUPS];
    int group_shift[MAX_GROUPS];
};

/* A split: the groups' submask numbers, and the submasks it gives. */
struct split {
    int submask_of[MAX_GROUPS];
    int submask_count;
    bitboard submasks[MAX_SUBMASKS];
    uint64_t multipliers[MAX_SUBMASKS];
};

/* The bits of `value` under `mask`, packed to the low end (PEXT). */
static uint64_t packed_bits(uint64_t value, uint64_t mask)
{
    uint64_t result = 0;
    for (uint64_t bit = 1; mask != 0; bit <<= 1, mask &= mask - 1)
        if (value & mask & -mask)
            result |= bit;
    return result;
}

/* Groups the mask's bits by the shift that takes each to its place. */
static void prepare_problem(bitboard mask, struct split_problem *problem)
{
    problem->mask = mask;
    problem->bits = population_count(mask);
    problem->group_count = 0;
    int rank = 0;
    for (bitboard rest = mask; rest != 0; rest = without_lowest(rest), rank++) {
        int square = lowest_square(rest);
        int shift = 64 - problem->bits + rank - square;
        int last = problem->group_count - 1;
        if (last < 0 || problem->group_shift[last] != shift) {
            last = problem->group_count++;
            problem->group_bits[last] = 0;
            problem->group_shift[last] = shift;
        }
        problem->group_bits[last] |= square_bit(square);
    }
}

/* Whether every subset of `submask`, times `multiplier`, shows exactly
 * its packed bits in the top `bits` bits of the product. */
static int submask_lands_exactly(const struct split_problem *problem, bitboard submask, uint64_t multiplier)
{
    int shift = 64 - problem->bits;
    bitboard subset = 0;
    do {
        if ((subset * multiplier) >> shift != packed_bits(subset, problem->mask))
            return 0;
        subset = (subset - submask) & submask;
    } while (subset != 0);
    return 1;
}

/* The submask and multiplier of submask `which` from the groups so far. */
static void build_submask(const struct split_problem *problem, struct split *split, int which, int groups_done)
{
    split->submasks[which] = 0;
    split->multipliers[which] = 0;
    for (int group = 0; group < groups_done; group++)
        if (split->submask_of[group] == which) {
            split->submasks[which] |= problem->group_bits[group];
            split->multipliers[which] |= (uint64_t)1 << problem->group_shift[group];
        }
}

/* Gives groups `group` onwards a submask among at most `limit`; 1 when
 * the whole split is found. */
static int place_groups(const struct split_problem *problem, struct split *split, int group, int limit)
{
    if (group == problem->group_count)
        return 1;
    /* A new submask only as the next one: the others are the same splits
     * renumbered. */
    int choices = split->submask_count < limit ? split->submask_count + 1 : limit;
    for (int which = 0; which < choices; which++) {
        int opened = which == split->submask_count;
        split->submask_of[group] = which;
        split->submask_count += opened;
        build_submask(problem, split, which, group + 1);
        if (submask_lands_exactly(problem, split->submasks[which], split->multipliers[which]) &&
            place_groups(problem, split, group + 1, limit))
            return 1;
        split->submask_count -= opened;
        build_submask(problem, split, which, group);
    }
    return 0;
}

/* The split of fewest submasks; 0 when three do not suffice. */
static int find_split(const struct split_problem *problem, struct split *split)
{
    for (int limit = 1; limit <= MAX_SUBMASKS; limit++) {
        *split = (struct split){.submask_count = 0};
        if (place_groups(problem, split, 0, limit))
            return 1;
    }
    return 0;
}

/* Whether the three products ORed give PEXT for every subset of the mask. */
static int split_is_exact(const struct split_problem *problem, const struct split *split)
{
    bitboard subset = 0;
    do {
        uint64_t index = 0;
        for (int which = 0; which < MAX_SUBMASKS; which++)
            index |= (subset & split->submasks[which]) * split->multipliers[which];
        if (index >> (64 - problem->bits) != packed_bits(subset, problem->mask))
            return 0;
        subset = (subset - problem->mask) & problem->mask;
    } while (subset != 0);
    return 1;
}

/* One slider's 64 rows; returns 0 when a square has no split. */
static int print_slider(enum slider piece, const char *name, int submask_counts[MAX_SUBMASKS + 1])
{
    printf("    { /* %s */\n", name);
    for (int square = 0; square < SQUARE_COUNT; square++) {
        struct split_problem problem;
        struct split split;
        prepare_problem(magic_relevant_mask(piece, square), &problem);
        if (!find_split(&problem, &split) || !split_is_exact(&problem, &split)) {
            fprintf(stderr, "elementary-search: %s on square %d: no split into %d submasks\n", name, square,
                    MAX_SUBMASKS);
            return 0;
        }
        submask_counts[split.submask_count]++;
        printf("        {{0x%016" PRIX64 "ULL, 0x%016" PRIX64 "ULL, 0x%016" PRIX64 "ULL},\n", split.submasks[0],
               split.submasks[1], split.submasks[2]);
        printf("         {0x%016" PRIX64 "ULL, 0x%016" PRIX64 "ULL, 0x%016" PRIX64 "ULL}}, /* square %d */\n",
               split.multipliers[0], split.multipliers[1], split.multipliers[2], square);
    }
    printf("    },\n");
    return 1;
}

int main(void)
{
    int submask_counts[2][MAX_SUBMASKS + 1] = {{0}};
    printf("/* Generated by scripts/generators/elementary-search.c: do not edit; rerun\n"
           " *     scripts/generators/generate.sh elementary   (make generate)\n"
           " * Per slider ([0] rooks, [1] bishops) and square, the relevant mask\n"
           " * split into three submasks (unused ones 0) and their multipliers:\n"
           " * ((o & m0) * k0 | (o & m1) * k1 | (o & m2) * k2) >> (64 - mask bits)\n"
           " * is PEXT(o, mask) for every occupancy o. */\n"
           "static const struct elementary_split {\n"
           "    uint64_t submasks[3];\n"
           "    uint64_t multipliers[3];\n"
           "} elementary_splits[2][64] = {\n");
    if (!print_slider(SLIDER_ROOK, "rooks", submask_counts[0]) ||
        !print_slider(SLIDER_BISHOP, "bishops", submask_counts[1]))
        return 1;
    printf("};\n");
    for (int piece = 0; piece < 2; piece++)
        fprintf(stderr, "elementary-search: %s: %d squares with one submask, %d with two, %d with three\n",
                piece == 0 ? "rooks" : "bishops", submask_counts[piece][1], submask_counts[piece][2],
                submask_counts[piece][3]);
    return 0;
}

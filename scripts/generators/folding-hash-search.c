/* Searches the constants of the folding-hash backend
 * (src/backends/folding_hash.c) and writes them as a C header.
 *
 * The technique (Daniel Infuehr, "FoldingHash - 4x fancy magic", in
 * Gigantua's Chess_Movegen, 2022): each of a square's four lines (rank,
 * file, diagonal, anti-diagonal) has a mask of the squares outside its
 * relevant squares, a 32-bit factor and an offset.  A lookup ORs the
 * occupancy with the mask, folds the 64 bits to 32 (the high half XOR
 * three times the low half, the source's fold), multiplies by the factor
 * and takes the product's top six bits; the offset plus that index reads
 * the line's attacks from one table that every line shares.  The source
 * did not publish how its factors were found (a GPU search), so this is
 * our own search:
 *
 *   1. For each of the 256 lines, random factors from a seeded xorshift
 *      generator are kept when no two occupancies with different attacks
 *      share an index ("valid"); occupancies with equal attacks may share.
 *      A factor's footprint is the set of its used indices.
 *   2. The lines are placed one at a time into the shared table, the
 *      lines with the most occupancies first.  For each of a line's valid
 *      factors the lowest offset is found where every used index lands on
 *      a free slot or on a slot holding the same attack set; the factor
 *      whose placement ends lowest is taken (ties: the lower offset).
 *
 * Every random choice comes from one generator with a fixed seed and the
 * work is counted, not timed, so the same budget gives the same header.
 *
 * Build and run:  make folding-hash-search
 *   (cc -O2 -std=c17 -o build/folding-hash-search scripts/generators/folding-hash-search.c
 *    build/folding-hash-search [factors per line] [draws per line] > src/generated/folding_hash_factors.h)
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum {
    LINE_COUNT = 256, /* 64 squares x 4 lines */
    INDEX_BITS = 6,
    SLOTS = 1 << INDEX_BITS,
    TABLE_LIMIT = 16384, /* 256 lines x 64 slots never overlapping */
    DEFAULT_FACTORS_PER_LINE = 250000,
    DEFAULT_DRAWS = 60000000
};

static uint64_t random_state = 0x2545F4914F6CDD1DULL;

/* xorshift64* */
static uint64_t next_random(void)
{
    random_state ^= random_state >> 12;
    random_state ^= random_state << 25;
    random_state ^= random_state >> 27;
    return random_state * 0x2545F4914F6CDD1DULL;
}

/* The source's fold: high half XOR three times the low half. */
static uint32_t fold(uint64_t board)
{
    return (uint32_t)(board >> 32) ^ ((uint32_t)board * 3u);
}

static unsigned slot_of(uint32_t folded, uint32_t factor)
{
    return (uint32_t)(folded * factor) >> (32 - INDEX_BITS);
}

/* One line of one square: every occupancy of its relevant squares, folded
 * with the outside mask ORed in, and the attacks along the line. */
struct line {
    int square, kind;
    uint64_t outside; /* ~relevant squares */
    uint64_t span;    /* every square its attacks can hold */
    int count;
    uint32_t folded[SLOTS];
    uint64_t attacks[SLOTS];
    /* Valid factors found for it, and each one's footprint. */
    int factor_count;
    uint32_t *factors;
    uint64_t *footprints;
    /* Where it stands in the current table. */
    int chosen, offset;
};

static struct line lines[LINE_COUNT];

static const int steps[4][2] = {{1, -1}, {8, -8}, {9, -9}, {7, -7}};

/* One step from `square` by `step` without leaving the board or wrapping
 * round an edge file; -1 when off the board. */
static int step_from(int square, int step)
{
    int target = square + step;
    if (target < 0 || target > 63)
        return -1;
    int file_change = (target & 7) - (square & 7);
    if (file_change > 1 || file_change < -1)
        return -1;
    return target;
}

/* The line's squares other than `square` that have a further square
 * beyond them (a blocker on the last square hides nothing). */
static uint64_t relevant_squares(int square, int kind)
{
    uint64_t relevant = 0;
    for (int direction = 0; direction < 2; direction++)
        for (int at = step_from(square, steps[kind][direction]); at >= 0 && step_from(at, steps[kind][direction]) >= 0;
             at = step_from(at, steps[kind][direction]))
            relevant |= (uint64_t)1 << at;
    return relevant;
}

static uint64_t line_attacks(int square, int kind, uint64_t occupied)
{
    uint64_t attacks = 0;
    for (int direction = 0; direction < 2; direction++)
        for (int at = step_from(square, steps[kind][direction]); at >= 0; at = step_from(at, steps[kind][direction])) {
            attacks |= (uint64_t)1 << at;
            if (occupied & ((uint64_t)1 << at))
                break;
        }
    return attacks;
}

static void prepare_line(struct line *line, int square, int kind)
{
    uint64_t relevant = relevant_squares(square, kind);
    line->square = square;
    line->kind = kind;
    line->outside = ~relevant;
    line->count = 0;
    line->span = line_attacks(square, kind, 0);
    uint64_t subset = 0;
    do { /* carry-rippler over the subsets of `relevant` */
        line->folded[line->count] = fold(subset | line->outside);
        line->attacks[line->count] = line_attacks(square, kind, subset);
        line->count++;
        subset = (subset - relevant) & relevant;
    } while (subset != 0);
}

/* The used indices of `factor`, or 0 when two occupancies with different
 * attacks share one (a footprint is never empty). */
static uint64_t footprint(const struct line *line, uint32_t factor)
{
    uint64_t used = 0, held[SLOTS];
    for (int i = 0; i < line->count; i++) {
        unsigned slot = slot_of(line->folded[i], factor);
        uint64_t bit = (uint64_t)1 << slot;
        if (used & bit) {
            if (held[slot] != line->attacks[i])
                return 0;
        } else {
            used |= bit;
            held[slot] = line->attacks[i];
        }
    }
    return used;
}

/* The attack set a line stores at `slot` under its factor `which`. */
static uint64_t stored_at(const struct line *line, int which, unsigned slot)
{
    for (int i = 0; i < line->count; i++)
        if (slot_of(line->folded[i], line->factors[which]) == slot)
            return line->attacks[i];
    return 0;
}

/* A signature of what a factor stores where: two factors with equal
 * signatures place alike, so only the first is kept. */
static uint64_t placement_signature(const struct line *line, uint32_t factor)
{
    uint64_t signature = 0;
    for (int i = 0; i < line->count; i++) {
        uint64_t mixed = (line->attacks[i] + slot_of(line->folded[i], factor)) * 0x9E3779B97F4A7C15ULL;
        signature += mixed ^ (mixed >> 29);
    }
    return signature;
}

/* Valid factors for a line with different placements, `wanted` of them or
 * as many as `draws` random factors give; the draws are counted, so the
 * result is reproducible. */
static void collect_factors(struct line *line, int wanted, long draws)
{
    size_t seen_size = 1;
    while (seen_size < 2 * (size_t)wanted)
        seen_size <<= 1;
    uint64_t *seen = calloc(seen_size, sizeof *seen);
    line->factors = malloc(sizeof *line->factors * (size_t)wanted);
    line->footprints = malloc(sizeof *line->footprints * (size_t)wanted);
    if (!seen || !line->factors || !line->footprints)
        exit(1);
    line->factor_count = 0;
    for (long draw = 0; draw < draws && line->factor_count < wanted; draw++) {
        uint32_t factor = (uint32_t)(next_random() >> 32);
        uint64_t used = footprint(line, factor);
        if (used == 0)
            continue;
        uint64_t signature = placement_signature(line, factor) | 1;
        size_t at = (size_t)(signature >> 7) & (seen_size - 1);
        while (seen[at] != 0 && seen[at] != signature)
            at = (at + 1) & (seen_size - 1);
        if (seen[at] == signature)
            continue;
        seen[at] = signature;
        line->factors[line->factor_count] = factor;
        line->footprints[line->factor_count] = used;
        line->factor_count++;
    }
    free(seen);
    if (line->factor_count == 0) {
        fprintf(stderr, "no valid factor for square %d line %d\n", line->square, line->kind);
        exit(1);
    }
}

/* The shared table under construction: which slots are taken, by how
 * many lines, and the attack set each holds. */
static uint64_t taken[TABLE_LIMIT / 64 + 2];
static int owners[TABLE_LIMIT + SLOTS];
static uint64_t values[TABLE_LIMIT + SLOTS];

static uint64_t taken_window(int offset)
{
    int word = offset >> 6, bit = offset & 63;
    uint64_t window = taken[word] >> bit;
    if (bit)
        window |= taken[word + 1] << (64 - bit);
    return window;
}

/* Whether the line's factor `which` fits at `offset`: each used index on
 * a free slot or on one holding the same attack set. */
static int fits(const struct line *line, int which, int offset)
{
    uint64_t clash = taken_window(offset) & line->footprints[which];
    while (clash) {
        unsigned slot = (unsigned)__builtin_ctzll(clash);
        if (values[offset + (int)slot] & ~line->span)
            return 0;
        if (values[offset + (int)slot] != stored_at(line, which, slot))
            return 0;
        clash &= clash - 1;
    }
    return 1;
}

static void put(struct line *line, int which, int offset, int add)
{
    line->chosen = which;
    line->offset = offset;
    for (uint64_t used = line->footprints[which]; used; used &= used - 1) {
        int slot = offset + __builtin_ctzll(used);
        owners[slot] += add;
        if (owners[slot] > 0) {
            values[slot] = stored_at(line, which, (unsigned)(slot - offset));
            taken[slot >> 6] |= (uint64_t)1 << (slot & 63);
        } else {
            values[slot] = 0;
            taken[slot >> 6] &= ~((uint64_t)1 << (slot & 63));
        }
    }
}

static int table_end(void)
{
    int end = 0;
    for (int i = 0; i < LINE_COUNT; i++) {
        int last = lines[i].offset + 63 - __builtin_clzll(lines[i].footprints[lines[i].chosen]);
        if (last + 1 > end)
            end = last + 1;
    }
    return end;
}

/* Places a line at the factor and offset that end lowest. */
static void place(struct line *line, int current_end)
{
    int best_which = -1, best_offset = 0, best_end = TABLE_LIMIT + SLOTS;
    for (int which = 0; which < line->factor_count; which++) {
        int top = 63 - __builtin_clzll(line->footprints[which]);
        for (int offset = 0; offset + top < best_end && offset < TABLE_LIMIT; offset++) {
            if (!fits(line, which, offset))
                continue;
            int end = offset + top + 1 > current_end ? offset + top + 1 : current_end;
            if (end < best_end || (end == best_end && offset < best_offset)) {
                best_which = which;
                best_offset = offset;
                best_end = end;
            }
            break;
        }
    }
    if (best_which < 0) {
        fprintf(stderr, "table limit reached\n");
        exit(1);
    }
    put(line, best_which, best_offset, 1);
}

static int by_count_descending(const void *a, const void *b)
{
    const struct line *first = &lines[*(const int *)a], *second = &lines[*(const int *)b];
    if (first->count != second->count)
        return second->count - first->count;
    return *(const int *)a - *(const int *)b;
}

static void greedy_fill(void)
{
    int order[LINE_COUNT];
    for (int i = 0; i < LINE_COUNT; i++)
        order[i] = i;
    qsort(order, LINE_COUNT, sizeof order[0], by_count_descending);
    int end = 0;
    for (int i = 0; i < LINE_COUNT; i++) {
        place(&lines[order[i]], end);
        int last = lines[order[i]].offset + 64 - __builtin_clzll(lines[order[i]].footprints[lines[order[i]].chosen]);
        if (last > end)
            end = last;
    }
}

static const char *const kind_names[4] = {"rank", "file", "diagonal", "anti-diagonal"};

static void write_header(int factors_per_line, long draws, int end)
{
    printf("/* Generated by scripts/generators/folding-hash-search.c (make folding-hash-search);\n"
           " * do not edit.  Up to %d valid factors with different placements per\n"
           " * line, from at most %ld random draws.  Every line's factor, offset and\n"
           " * outside mask for src/backends/folding_hash.c: per square, rank, file,\n"
           " * diagonal, anti-diagonal.  The shared table has %d entries. */\n",
           factors_per_line, draws, end);
    printf("enum { FOLDING_HASH_TABLE_ENTRIES = %d };\n\n", end);
    printf("/* One square's four lines fill one 64-byte cache line. */\n");
    printf("static alignas(64) const struct folding_line folding_hash_lines[64][4] = {\n");
    for (int square = 0; square < 64; square++) {
        printf("    { /* %c%d */\n", 'a' + (square & 7), 1 + (square >> 3));
        for (int kind = 0; kind < 4; kind++) {
            const struct line *line = &lines[4 * square + kind];
            printf("        {0x%016llXULL, 0x%08lXu, %4d}, /* %s */\n", (unsigned long long)line->outside,
                   (unsigned long)line->factors[line->chosen], line->offset, kind_names[kind]);
        }
        printf("    },\n");
    }
    printf("};\n");
}

int main(int argc, char **argv)
{
    int factors_per_line = argc > 1 ? atoi(argv[1]) : DEFAULT_FACTORS_PER_LINE;
    long draws = argc > 2 ? atol(argv[2]) : DEFAULT_DRAWS;
    clock_t start = clock();
    for (int square = 0; square < 64; square++)
        for (int kind = 0; kind < 4; kind++)
            prepare_line(&lines[4 * square + kind], square, kind);
    for (int i = 0; i < LINE_COUNT; i++)
        collect_factors(&lines[i], factors_per_line, draws);
    long occupancies = 0, smallest = 0;
    for (int i = 0; i < LINE_COUNT; i++) {
        int least = SLOTS;
        for (int which = 0; which < lines[i].factor_count; which++)
            if (__builtin_popcountll(lines[i].footprints[which]) < least)
                least = __builtin_popcountll(lines[i].footprints[which]);
        occupancies += lines[i].count;
        smallest += least;
    }
    long kept = 0;
    for (int i = 0; i < LINE_COUNT; i++)
        kept += lines[i].factor_count;
    fprintf(stderr, "%ld occupancies, smallest footprints %ld slots, %ld factors kept\n", occupancies, smallest, kept);
    greedy_fill();
    int end = table_end();
    fprintf(stderr, "greedy: %d entries\n", end);
    fprintf(stderr, "the search ran %.0f s of CPU time\n", (double)(clock() - start) / CLOCKS_PER_SEC);
    write_header(factors_per_line, draws, end);
    return 0;
}

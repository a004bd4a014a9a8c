/* Searches the shared factors of the correlation-magic backend
 * (src/backends/correlation_magic.c).  Correlation magic (Daniel Inführ,
 * talkchess 2023) is black-magic indexing with fixed shifts,
 * index = ((occupied | ~mask) * factor) >> shift, where neighbouring squares
 * share one factor: a bishop on file f of rank r uses
 * bishop_factor[r] >> f (8 factors), a rook on square s uses
 * rook_factor[s / 2] >> (s % 2) (32 factors).  A factor is good when, for
 * every square of its group, no two subsets of the square's relevant mask
 * with different attack sets land on one index of the square's own table
 * (12 index bits for rooks, 9 for bishops).
 *
 * The search is ours: sparse random candidates (the AND of three outputs of
 * xorshift64*), each tried on the group's squares, the hardest first, every
 * square's subsets in a shuffled order so a bad candidate fails early.
 * The first good factor is not kept blindly: the search goes on for a
 * million candidates more and keeps the good factor whose indices fill the
 * fewest 64-byte lines of the tables, the bytes a lookup brings into the
 * cache (about 0.9 MB where the first fits filled 1.6 MB; the peer's
 * published factors fill 1.3 MB).  Each group has its own seed, so the
 * output does not depend on the order or the number of groups searched.
 * Deterministic: same budgets, same output.
 *
 * Build and run: scripts/generators/generate.sh correlation-magic (make generate); by
 * hand (prints the header the backend includes, on stdout; the time,
 * candidates and lines per group on stderr):
 *   cc -O2 -std=c17 -Isrc -Iinclude -o build/correlation-magic-search scripts/generators/correlation-magic-search.c
 *   build/correlation-magic-search [candidates per group, default 20000000000 \
 *       [candidates after the first fit, default 1000000]] > src/generated/correlation_magic_factors.h
 */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "base/ray_walk.h"

enum piece { ROOK, BISHOP };

enum {
    MAX_SUBSETS = 4096,
    ROOK_INDEX_BITS = 12,
    BISHOP_INDEX_BITS = 9,
    ROOK_GROUPS = 32,
    BISHOP_GROUPS = 8,
    MAX_GROUP_SQUARES = 8
};

/* The walk from `square` in direction (file_step, rank_step) up to the
 * first occupied square (included) or the edge. */
static const int directions[2][4][2] = {
    {{1, 0}, {-1, 0}, {0, 1}, {0, -1}},  /* rook */
    {{1, 1}, {-1, 1}, {1, -1}, {-1, -1}} /* bishop */
};

static uint64_t slider_attacks(enum piece piece, int square, uint64_t occupied)
{
    uint64_t attacks = 0;
    for (int d = 0; d < 4; d++)
        attacks |= ray_walk(square, occupied, directions[piece][d][0], directions[piece][d][1]);
    return attacks;
}

/* Each ray without its last square: the occupancy that matters. */
static uint64_t relevant_mask(enum piece piece, int square)
{
    uint64_t mask = 0;
    for (int d = 0; d < 4; d++) {
        uint64_t line = ray_walk(square, 0, directions[piece][d][0], directions[piece][d][1]);
        if (line == 0)
            continue;
        int step = directions[piece][d][0] + 8 * directions[piece][d][1];
        int last = step > 0 ? 63 - __builtin_clzll(line) : __builtin_ctzll(line);
        mask |= line & ~(1ULL << last);
    }
    return mask;
}

static uint64_t random_state;

/* xorshift64* */
static uint64_t next_random(void)
{
    random_state ^= random_state >> 12;
    random_state ^= random_state << 25;
    random_state ^= random_state >> 27;
    return random_state * 0x2545F4914F6CDD1DULL;
}

/* One square of a group: its subsets already ORed with ~mask (the black
 * magic complement), shuffled, with their attacks; and how far the shared
 * factor is shifted right for it. */
struct member {
    int square;
    int factor_shift;
    int count;
    uint64_t keys[MAX_SUBSETS];
    uint64_t attacks[MAX_SUBSETS];
};

static void prepare_member(struct member *member, enum piece piece, int square, int factor_shift)
{
    uint64_t mask = relevant_mask(piece, square), subset = 0;
    int count = 0;
    do {
        member->keys[count] = subset | ~mask;
        member->attacks[count] = slider_attacks(piece, square, subset);
        count++;
        subset = (subset - mask) & mask;
    } while (subset != 0);
    for (int i = count - 1; i > 0; i--) { /* Fisher-Yates */
        int j = (int)((next_random() >> 33) % (uint64_t)(i + 1));
        uint64_t key = member->keys[i], attack = member->attacks[i];
        member->keys[i] = member->keys[j];
        member->attacks[i] = member->attacks[j];
        member->keys[j] = key;
        member->attacks[j] = attack;
    }
    member->square = square;
    member->factor_shift = factor_shift;
    member->count = count;
}

/* Which test last wrote each index, so the scratch table is never cleared. */
static uint32_t written_by[MAX_SUBSETS];
static uint64_t written_attacks[MAX_SUBSETS];
static uint32_t test_number;

static int factor_fits(const struct member *member, uint64_t factor, unsigned shift)
{
    if (++test_number == 0) {
        for (int i = 0; i < MAX_SUBSETS; i++)
            written_by[i] = 0;
        test_number = 1;
    }
    for (int i = 0; i < member->count; i++) {
        unsigned index = (unsigned)((member->keys[i] * factor) >> shift);
        if (written_by[index] != test_number) {
            written_by[index] = test_number;
            written_attacks[index] = member->attacks[i];
        } else if (written_attacks[index] != member->attacks[i]) {
            return 0;
        }
    }
    return 1;
}

struct group {
    enum piece piece;
    int number;
    int size;
    struct member members[MAX_GROUP_SQUARES];
};

static int by_count_descending(const void *left, const void *right)
{
    const struct member *a = left, *b = right;
    if (a->count != b->count)
        return b->count - a->count;
    return a->square - b->square;
}

/* The squares sharing factor `number`: a bishop rank's eight squares
 * (shifted by the file), or a rook's pair of squares (shifted by 0 or 1),
 * the ones with the most subsets first.  The seed depends on the group. */
static void prepare_group(struct group *group, enum piece piece, int number)
{
    random_state = 0x9E3779B97F4A7C15ULL ^ ((uint64_t)(piece * 64 + number + 1) * 0xD1B54A32D192ED03ULL);
    group->piece = piece;
    group->number = number;
    group->size = piece == BISHOP ? 8 : 2;
    for (int i = 0; i < group->size; i++) {
        int square = number * group->size + i;
        prepare_member(&group->members[i], piece, square, i);
    }
    qsort(group->members, (size_t)group->size, sizeof group->members[0], by_count_descending);
}

/* The 64-byte lines of the group's tables that a factor's indices fill
 * (8 entries a line): what a lookup brings into the cache.  A factor that
 * spreads a square's 1,024 subsets over all 4,096 slots fills about 500
 * lines; one that packs them fills 128. */
static uint8_t line_filled[MAX_SUBSETS / 8];

static long lines_filled(const struct group *group, uint64_t factor, unsigned shift)
{
    long lines = 0;
    for (int i = 0; i < group->size; i++) {
        const struct member *member = &group->members[i];
        for (int line = 0; line < MAX_SUBSETS / 8; line++)
            line_filled[line] = 0;
        for (int k = 0; k < member->count; k++) {
            unsigned index = (unsigned)((member->keys[k] * (factor >> member->factor_shift)) >> shift);
            lines += !line_filled[index / 8];
            line_filled[index / 8] = 1;
        }
    }
    return lines;
}

/* The fewest lines the group could fill: its subsets packed 8 a line. */
static long fewest_lines(const struct group *group)
{
    long lines = 0;
    for (int i = 0; i < group->size; i++)
        lines += (group->members[i].count + 7) / 8;
    return lines;
}

struct found {
    uint64_t factor;    /* 0: none within the budget */
    uint64_t first_fit; /* candidates drawn up to the first good factor */
    long lines;         /* lines the chosen factor fills */
};

/* The first good factor within `budget` candidates, then the good factor
 * that fills the fewest lines among the next `refine` candidates (or the
 * first to reach fewest_lines()): a smaller table to keep in the cache,
 * the same lookup. */
static struct found search_group(const struct group *group, uint64_t budget, uint64_t refine)
{
    unsigned shift = 64u - (group->piece == ROOK ? ROOK_INDEX_BITS : BISHOP_INDEX_BITS);
    struct found found = {0, budget, 0};
    long floor = fewest_lines(group);
    uint64_t last = budget;
    for (uint64_t candidate = 1; candidate <= last; candidate++) {
        uint64_t factor = next_random() & next_random() & next_random();
        int fits = 1;
        for (int i = 0; i < group->size && fits; i++)
            fits = factor_fits(&group->members[i], factor >> group->members[i].factor_shift, shift);
        if (!fits)
            continue;
        long lines = lines_filled(group, factor, shift);
        if (found.factor == 0) {
            found.first_fit = candidate;
            last = candidate + refine;
        }
        if (found.factor == 0 || lines < found.lines) {
            found.factor = factor;
            found.lines = lines;
        }
        if (found.lines <= floor)
            break;
    }
    return found;
}

static struct group group;

/* Searches every group of one piece; prints the initializer lines and
 * returns the number of groups left without a factor. */
static int search_piece(enum piece piece, uint64_t budget, uint64_t refine, double *seconds_total, long *lines_total)
{
    int groups = piece == ROOK ? ROOK_GROUPS : BISHOP_GROUPS, missing = 0;
    for (int number = 0; number < groups; number++) {
        prepare_group(&group, piece, number);
        clock_t start = clock();
        struct found found = search_group(&group, budget, refine);
        double seconds = (double)(clock() - start) / CLOCKS_PER_SEC;
        *seconds_total += seconds;
        *lines_total += found.lines;
        int first = number * group.size, last = first + group.size - 1;
        char first_name[3], last_name[3];
        square_name(first, first_name);
        square_name(last, last_name);
        fprintf(stderr, "%s group %2d (%s-%s): first fit after %" PRIu64 " candidates, %ld lines, %.1f s, %s\n",
                piece == ROOK ? "rook" : "bishop", number, first_name, last_name, found.first_fit, found.lines, seconds,
                found.factor ? "found" : "NOT FOUND");
        printf("    0x%016" PRIX64 "ULL, /* %s-%s, %ld lines of 64 bytes (at least %ld) */\n", found.factor, first_name,
               last_name, found.lines, fewest_lines(&group));
        missing += found.factor == 0;
    }
    return missing;
}

int main(int argc, char **argv)
{
    uint64_t budget = argc > 1 ? strtoull(argv[1], NULL, 10) : 20000000000ULL;
    uint64_t refine = argc > 2 ? strtoull(argv[2], NULL, 10) : 1000000ULL;
    double seconds = 0;
    long lines = 0;
    printf("/* Generated by scripts/generators/correlation-magic-search.c (budget %" PRIu64
           " candidates per group, then %" PRIu64
           "\n * more for the factor filling the fewest cache lines): the shared factors of\n"
           " * correlation-magic.  Do not edit; rerun\n"
           " *     scripts/generators/generate.sh correlation-magic   (make generate) */\n",
           budget, refine);
    printf("static const uint64_t correlation_rook_factors[32] = {\n");
    int missing = search_piece(ROOK, budget, refine, &seconds, &lines);
    printf("};\n\nstatic const uint64_t correlation_bishop_factors[8] = {\n");
    missing += search_piece(BISHOP, budget, refine, &seconds, &lines);
    printf("};\n\n/* The tables' lines the factors fill: %ld of 64 bytes (%ld KiB). */\n", lines, lines * 64 / 1024);
    fprintf(stderr, "total %.1f s, %ld lines, %d groups without a factor\n", seconds, lines, missing);
    return missing ? 1 : 0;
}

/* Searches the shift lists of the spectral-magic backends
 * (src/backends/spectral_magic.c and spectral_magic_switched.c) and writes
 * them as a C header.  A spectral magic replaces the multiply of a magic
 * bitboard index by a sum of shifted copies of the masked occupancy
 * m = occupied | ~relevant_mask (the relevant squares free, every other
 * bit set, as in black magics):
 *
 *     index = ((m << s1) + (m << s2) + ... + (m << sk)) >> (64 - bits)
 *
 * which is a multiply by a factor with k set bits, done without a
 * multiplier.  A list is valid for a square when any two occupancies with
 * different attacks get different indices (occupancies with the same
 * attacks may share one).  Idea: Daniel Infuehr, talkchess 2023 (topics
 * 82224 and 79005); the search is ours.
 *
 *   plain      seeded random lists of 7 distinct shifts for a rook
 *              (12-bit index) and 6 for a bishop (9-bit index), the first
 *              valid one per square; writes spectral_magic_shifts.h.
 *   switched   every list of 3 distinct shifts (41,664) for every square,
 *              each at the narrowest index width (up to MAX_INDEX_BITS)
 *              at which it is valid, the KEPT_LISTS lists with the
 *              narrowest span of indices kept; then the squares, widest
 *              narrowest span first, are placed greedily in one shared
 *              table: each of a square's kept lists at the lowest position
 *              where its indices meet only free slots or equal attack
 *              sets, and the list that ends the table lowest chosen;
 *              writes spectral_magic_switched_shifts.h.  Three shifts
 *              suffice for every square.  The table ends at the narrowest
 *              span of a8's rook (260,872 indices, also the narrowest up
 *              to 25 bits): every other square fits inside it.
 *
 * Both are deterministic (a fixed seed; the exhaustive pass has no
 * randomness), so a rerun writes the same constants.
 *
 * Build and run: scripts/generators/generate.sh spectral-magic (make generate) and
 * scripts/generators/generate.sh spectral-magic-switched (make spectral-magic-switched);
 * by hand, from the repository's top folder:
 *   cc -O2 -std=c17 -Isrc -Iinclude -o build/spectral-magic-search scripts/generators/spectral-magic-search.c
 *   build/spectral-magic-search plain|switched OUTPUT.h   (OUTPUT "-": standard output)
 * The search's time goes to standard error, not into the header.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/ray_walk.h"

enum {
    MAX_SUBSETS = 4096,
    /* The widest index the switched search tries. */
    MAX_INDEX_BITS = 23,
    /* Lists kept per square for the switched placement. */
    KEPT_LISTS = 256,
    MAX_TERMS = 8
};

enum piece { ROOK, BISHOP };
static const char *const PIECE_NAMES[2] = {"rook", "bishop"};

/* One square of one piece: its relevant mask and every subset of it with
 * the attacks it gives. */
struct square_subsets {
    bitboard mask;
    int count;
    bitboard occupancies[MAX_SUBSETS];
    bitboard attacks[MAX_SUBSETS];
};

static void enumerate_subsets(enum piece piece, int square, struct square_subsets *subsets)
{
    bitboard mask = piece == ROOK ? ray_walk_rook_relevant(square) : ray_walk_bishop_relevant(square);
    bitboard subset = 0;
    int count = 0;
    do {
        subsets->occupancies[count] = subset;
        subsets->attacks[count] = piece == ROOK ? ray_walk_rook(square, subset) : ray_walk_bishop(square, subset);
        count++;
        subset = (subset - mask) & mask;
    } while (subset != 0);
    subsets->mask = mask;
    subsets->count = count;
}

/* The sum of the shifted copies: the spectral product. */
static uint64_t spectral_sum(bitboard masked, const int *shifts, int terms)
{
    uint64_t sum = 0;
    for (int term = 0; term < terms; term++)
        sum += masked << shifts[term];
    return sum;
}

/* Epoch-stamped scratch table: a slot belongs to the current check when
 * its stamp equals `epoch`. */
static uint32_t slot_epoch[1u << MAX_INDEX_BITS];
static bitboard slot_attacks[1u << MAX_INDEX_BITS];
static uint32_t epoch;

/* Whether the sums, cut to their top `bits` bits, never give two
 * different attack sets one index. */
static int sums_are_valid(const uint64_t *sums, const struct square_subsets *subsets, int bits)
{
    epoch++;
    for (int i = 0; i < subsets->count; i++) {
        uint64_t index = sums[i] >> (64 - bits);
        if (slot_epoch[index] == epoch) {
            if (slot_attacks[index] != subsets->attacks[i])
                return 0;
        } else {
            slot_epoch[index] = epoch;
            slot_attacks[index] = subsets->attacks[i];
        }
    }
    return 1;
}

static void compute_sums(const struct square_subsets *subsets, const int *shifts, int terms, uint64_t *sums)
{
    for (int i = 0; i < subsets->count; i++)
        sums[i] = spectral_sum(subsets->occupancies[i] | ~subsets->mask, shifts, terms);
}

static double seconds_since(struct timespec start)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - start.tv_sec) + (double)(now.tv_nsec - start.tv_nsec) * 1e-9;
}

/* ---- plain: one list of TERMS shifts per square, a fixed index width ---- */

static uint64_t random_state = 0x5EC7A1D0C0FFEE01ULL;

/* xorshift64* */
static uint64_t next_random(void)
{
    random_state ^= random_state >> 12;
    random_state ^= random_state << 25;
    random_state ^= random_state >> 27;
    return random_state * 0x2545F4914F6CDD1DULL;
}

/* `terms` distinct shifts in 0..63, ascending. */
static void draw_shifts(int *shifts, int terms)
{
    uint64_t chosen = 0;
    while (__builtin_popcountll(chosen) < terms)
        chosen |= 1ULL << (next_random() >> 58);
    for (int term = 0; term < terms; term++) {
        shifts[term] = __builtin_ctzll(chosen);
        chosen &= chosen - 1;
    }
}

/* Whether the list is valid, computing each sum only until the first
 * clash (most candidates fail within a few subsets). */
static int list_is_valid(const struct square_subsets *subsets, const int *shifts, int terms, int bits)
{
    epoch++;
    for (int i = 0; i < subsets->count; i++) {
        uint64_t index = spectral_sum(subsets->occupancies[i] | ~subsets->mask, shifts, terms) >> (64 - bits);
        if (slot_epoch[index] == epoch) {
            if (slot_attacks[index] != subsets->attacks[i])
                return 0;
        } else {
            slot_epoch[index] = epoch;
            slot_attacks[index] = subsets->attacks[i];
        }
    }
    return 1;
}

/* Draws lists until one is valid; returns the number drawn. */
static long find_plain_list(const struct square_subsets *subsets, int terms, int bits, int *shifts)
{
    long drawn = 0;
    do {
        draw_shifts(shifts, terms);
        drawn++;
    } while (!list_is_valid(subsets, shifts, terms, bits));
    return drawn;
}

static const int PLAIN_TERMS[2] = {7, 6};
static const int PLAIN_BITS[2] = {12, 9};

static void write_plain_shifts(FILE *output, const char *name, int shifts[SQUARE_COUNT][MAX_TERMS], int terms)
{
    fprintf(output, "static const uint8_t %s[SQUARE_COUNT][%d] = {\n", name, terms);
    for (int square = 0; square < SQUARE_COUNT; square++) {
        char square_text[3];
        square_name(square, square_text);
        fprintf(output, "    {");
        for (int term = 0; term < terms; term++)
            fprintf(output, "%s%2d", term ? ", " : "", shifts[square][term]);
        fprintf(output, "}, /* %s */\n", square_text);
    }
    fprintf(output, "};\n");
}

static void write_plain_header(FILE *output, int shifts[2][SQUARE_COUNT][MAX_TERMS], long drawn)
{
    fprintf(output,
            "/* Generated by scripts/generators/spectral-magic-search.c: do not edit; rerun\n"
            " *     scripts/generators/generate.sh spectral-magic   (make generate)\n"
            " * The search drew %ld random shift lists from its fixed seed.\n"
            " * Per square (a1 = 0 .. h8 = 63) the ascending shifts s of the spectral\n"
            " * index sum over s of (m << s), m = occupied | ~relevant_mask, cut to\n"
            " * its top %d bits for a rook and %d for a bishop: any two occupancies\n"
            " * with different attacks get different indices. */\n"
            "#ifndef ATTACKBENCH_SPECTRAL_MAGIC_SHIFTS_H\n"
            "#define ATTACKBENCH_SPECTRAL_MAGIC_SHIFTS_H\n\n"
            "#include <stdint.h>\n\n"
            "#include \"attackbench/bitboard.h\"\n\n"
            "enum {\n"
            "    SPECTRAL_ROOK_TERMS = %d,\n"
            "    SPECTRAL_ROOK_INDEX_BITS = %d,\n"
            "    SPECTRAL_BISHOP_TERMS = %d,\n"
            "    SPECTRAL_BISHOP_INDEX_BITS = %d\n"
            "};\n\n",
            drawn, PLAIN_BITS[ROOK], PLAIN_BITS[BISHOP], PLAIN_TERMS[ROOK], PLAIN_BITS[ROOK], PLAIN_TERMS[BISHOP],
            PLAIN_BITS[BISHOP]);
    write_plain_shifts(output, "spectral_rook_shifts", shifts[ROOK], PLAIN_TERMS[ROOK]);
    fprintf(output, "\n");
    write_plain_shifts(output, "spectral_bishop_shifts", shifts[BISHOP], PLAIN_TERMS[BISHOP]);
    fprintf(output, "\n#endif\n");
}

static int search_plain(FILE *output)
{
    static struct square_subsets subsets;
    static int shifts[2][SQUARE_COUNT][MAX_TERMS];
    struct timespec start;
    clock_gettime(CLOCK_MONOTONIC, &start);
    long drawn_total = 0;
    for (int piece = ROOK; piece <= BISHOP; piece++)
        for (int square = 0; square < SQUARE_COUNT; square++) {
            enumerate_subsets((enum piece)piece, square, &subsets);
            long drawn = find_plain_list(&subsets, PLAIN_TERMS[piece], PLAIN_BITS[piece], shifts[piece][square]);
            drawn_total += drawn;
            fprintf(stderr, "%s %2d: %ld lists drawn\n", PIECE_NAMES[piece], square, drawn);
        }
    fprintf(stderr, "the search ran %.1f s on one core\n", seconds_since(start));
    write_plain_header(output, shifts, drawn_total);
    return 0;
}

/* ---- switched: three shifts per square, one shared overlapping table ---- */

enum { SWITCHED_TERMS = 3 };

/* A valid list of three shifts at its narrowest valid index width, and
 * the range of indices it uses. */
struct switched_list {
    int shifts[SWITCHED_TERMS];
    int bits;
    uint64_t lowest;
    uint64_t span; /* highest - lowest + 1 */
};

/* The KEPT_LISTS narrowest lists of one square, narrowest first. */
struct kept_lists {
    int count;
    struct switched_list lists[KEPT_LISTS];
};

static void keep_list(struct kept_lists *kept, const struct switched_list *list)
{
    if (kept->count == KEPT_LISTS && kept->lists[KEPT_LISTS - 1].span <= list->span)
        return;
    int position = kept->count < KEPT_LISTS ? kept->count++ : KEPT_LISTS - 1;
    while (position > 0 && kept->lists[position - 1].span > list->span) {
        kept->lists[position] = kept->lists[position - 1];
        position--;
    }
    kept->lists[position] = *list;
}

/* The widest span the kept lists allow a new one (any, until full). */
static uint64_t span_limit(const struct kept_lists *kept)
{
    return kept->count < KEPT_LISTS ? UINT64_MAX : kept->lists[KEPT_LISTS - 1].span - 1;
}

/* The fewest index bits that could hold the square's distinct attack
 * sets (counted in a scratch hash table): no list is valid below. */
static int distinct_attack_bits(const struct square_subsets *subsets)
{
    epoch++;
    int distinct = 0;
    for (int i = 0; i < subsets->count; i++) {
        uint64_t slot = (subsets->attacks[i] * 0x9E3779B97F4A7C15ULL) >> (64 - MAX_INDEX_BITS);
        while (slot_epoch[slot] == epoch && slot_attacks[slot] != subsets->attacks[i])
            slot = (slot + 1) & ((1u << MAX_INDEX_BITS) - 1);
        if (slot_epoch[slot] != epoch) {
            slot_epoch[slot] = epoch;
            slot_attacks[slot] = subsets->attacks[i];
            distinct++;
        }
    }
    int bits = 0;
    while ((1 << bits) < distinct)
        bits++;
    return bits;
}

/* Tries one list: from the narrowest width that could hold the square's
 * distinct attack sets upward, while the span stays under the limit. */
static void try_switched_list(const struct square_subsets *subsets, const int *shifts, int lowest_bits,
                              struct kept_lists *kept)
{
    static uint64_t sums[MAX_SUBSETS];
    compute_sums(subsets, shifts, SWITCHED_TERMS, sums);
    uint64_t smallest = UINT64_MAX, largest = 0;
    for (int i = 0; i < subsets->count; i++) {
        smallest = sums[i] < smallest ? sums[i] : smallest;
        largest = sums[i] > largest ? sums[i] : largest;
    }
    for (int bits = lowest_bits; bits <= MAX_INDEX_BITS; bits++) {
        uint64_t span = (largest >> (64 - bits)) - (smallest >> (64 - bits)) + 1;
        if (span > span_limit(kept))
            return;
        if (sums_are_valid(sums, subsets, bits)) {
            struct switched_list list = {{shifts[0], shifts[1], shifts[2]}, bits, smallest >> (64 - bits), span};
            keep_list(kept, &list);
            return;
        }
    }
}

/* Every list of three distinct shifts for one square. */
static void search_switched_square(const struct square_subsets *subsets, struct kept_lists *kept)
{
    int lowest_bits = distinct_attack_bits(subsets);
    kept->count = 0;
    int shifts[SWITCHED_TERMS];
    for (shifts[0] = 0; shifts[0] < 64; shifts[0]++)
        for (shifts[1] = shifts[0] + 1; shifts[1] < 64; shifts[1]++)
            for (shifts[2] = shifts[1] + 1; shifts[2] < 64; shifts[2]++)
                try_switched_list(subsets, shifts, lowest_bits, kept);
}

/* ---- switched: greedy placement into the shared table ---- */

enum { MAX_TABLE_ENTRIES = 2 << MAX_INDEX_BITS };

/* The shared table while it is built: 0 marks a free slot (no slider's
 * attack set is empty). */
static bitboard shared_table[MAX_TABLE_ENTRIES];

/* One square's distinct indices, relative to its lowest, with their
 * attacks. */
struct relative_slots {
    int count;
    uint32_t slots[MAX_SUBSETS];
    bitboard attacks[MAX_SUBSETS];
};

static void relative_slots_of(const struct square_subsets *subsets, const struct switched_list *list,
                              struct relative_slots *relative)
{
    epoch++;
    relative->count = 0;
    for (int i = 0; i < subsets->count; i++) {
        bitboard masked = subsets->occupancies[i] | ~subsets->mask;
        uint64_t index = spectral_sum(masked, list->shifts, SWITCHED_TERMS) >> (64 - list->bits);
        uint32_t slot = (uint32_t)(index - list->lowest);
        if (slot_epoch[slot] == epoch)
            continue; /* the same slot, the same attacks (the list is valid) */
        slot_epoch[slot] = epoch;
        relative->slots[relative->count] = slot;
        relative->attacks[relative->count] = subsets->attacks[i];
        relative->count++;
    }
}

static int fits_at(const struct relative_slots *relative, uint64_t position)
{
    for (int i = 0; i < relative->count; i++) {
        bitboard present = shared_table[position + relative->slots[i]];
        if (present != 0 && present != relative->attacks[i])
            return 0;
    }
    return 1;
}

/* The lowest position at which the slots meet only free slots or equal
 * attack sets; positions at or past `limit` are not tried (UINT64_MAX
 * when none below it fits). */
static uint64_t lowest_fit(const struct relative_slots *relative, uint64_t limit)
{
    for (uint64_t position = 0; position < limit; position++)
        if (fits_at(relative, position))
            return position;
    return UINT64_MAX;
}

/* A square's chosen list and where its indices go: slot = index + offset. */
struct placement {
    struct switched_list list;
    int64_t offset;
};

static uint64_t table_end; /* the highest slot used, plus one */

/* Places one square: of its kept lists, the one that ends the table
 * lowest when put at its lowest fitting position (ties: lower position,
 * then the narrower list), and writes its attacks into the table. */
static void place_square(const struct square_subsets *subsets, const struct kept_lists *kept, struct placement *chosen)
{
    static struct relative_slots relative, best_relative;
    uint64_t best_end = UINT64_MAX, best_position = 0;
    for (int k = 0; k < kept->count; k++) {
        const struct switched_list *list = &kept->lists[k];
        uint64_t limit = table_end;
        if (best_end != UINT64_MAX)
            limit = best_end >= list->span ? best_end - list->span + 1 : 0;
        if (limit > table_end)
            limit = table_end;
        relative_slots_of(subsets, list, &relative);
        uint64_t position = lowest_fit(&relative, limit);
        if (position == UINT64_MAX)
            position = table_end; /* past the end everything is free */
        uint64_t end = position + list->span > table_end ? position + list->span : table_end;
        if (end < best_end || (end == best_end && position < best_position)) {
            best_end = end;
            best_position = position;
            chosen->list = *list;
            chosen->offset = (int64_t)position - (int64_t)list->lowest;
            best_relative = relative;
        }
    }
    /* Every table_end stays within one index range, so a position below
     * it plus a span never passes the scratch table's end. */
    if (best_end > (1u << MAX_INDEX_BITS)) {
        fprintf(stderr, "the shared table outgrew %u entries\n", 1u << MAX_INDEX_BITS);
        exit(1);
    }
    for (int i = 0; i < best_relative.count; i++)
        shared_table[best_position + best_relative.slots[i]] = best_relative.attacks[i];
    table_end = best_end;
}

/* Squares of both pieces, widest narrowest span first (the square on
 * which the table's size hangs goes in first, the small ones fill gaps);
 * equal spans in rook-then-bishop, a1..h8 order. */
static void order_by_span(struct kept_lists kept[2][SQUARE_COUNT], int order[2 * SQUARE_COUNT])
{
    for (int entry = 0; entry < 2 * SQUARE_COUNT; entry++) {
        uint64_t span = kept[entry / SQUARE_COUNT][entry % SQUARE_COUNT].lists[0].span;
        int position = entry;
        while (position > 0 &&
               kept[order[position - 1] / SQUARE_COUNT][order[position - 1] % SQUARE_COUNT].lists[0].span < span) {
            order[position] = order[position - 1];
            position--;
        }
        order[position] = entry;
    }
}

static void write_switched_cases(FILE *output, const char *name, const struct placement placed[SQUARE_COUNT],
                                 const bitboard masks[SQUARE_COUNT])
{
    fprintf(output, "#define %s(CASE) \\\n", name);
    for (int square = 0; square < SQUARE_COUNT; square++) {
        const struct switched_list *list = &placed[square].list;
        char square_text[3];
        square_name(square, square_text);
        fprintf(output, "    CASE(%2d, 0x%016llXULL, %2d, %2d, %2d, %2d, %8lld) /* %s */ \\\n", square,
                (unsigned long long)~masks[square], list->shifts[0], list->shifts[1], list->shifts[2], 64 - list->bits,
                (long long)placed[square].offset, square_text);
    }
    fprintf(output, "    /* end of %s */\n", name);
}

static void write_switched_header(FILE *output, const struct placement placed[2][SQUARE_COUNT],
                                  const bitboard masks[2][SQUARE_COUNT])
{
    fprintf(output,
            "/* Generated by scripts/generators/spectral-magic-search.c: do not edit; rerun\n"
            " *     scripts/generators/generate.sh spectral-magic-switched   (make spectral-magic-switched)\n"
            " * The search tried every list of three distinct shifts for every square\n"
            " * at index widths up to %d bits, kept each square's %d narrowest and\n"
            " * placed them greedily in one shared table.\n"
            " *\n"
            " * CASE(square, outside, first, second, third, index_shift, offset): with\n"
            " * m = occupied | outside (outside = ~relevant_mask), the square's attacks\n"
            " * are at slot (((m << first) + (m << second) + (m << third)) >> index_shift)\n"
            " * + offset of the shared table, SPECTRAL_SWITCHED_TABLE_ENTRIES long.\n"
            " * Squares a1 = 0 .. h8 = 63. */\n"
            "#ifndef ATTACKBENCH_SPECTRAL_MAGIC_SWITCHED_SHIFTS_H\n"
            "#define ATTACKBENCH_SPECTRAL_MAGIC_SWITCHED_SHIFTS_H\n\n"
            "#include \"attackbench/bitboard.h\"\n\n"
            "enum { SPECTRAL_SWITCHED_TABLE_ENTRIES = %llu };\n\n",
            MAX_INDEX_BITS, KEPT_LISTS, (unsigned long long)table_end);
    write_switched_cases(output, "SPECTRAL_SWITCHED_ROOK_CASES", placed[ROOK], masks[ROOK]);
    fprintf(output, "\n");
    write_switched_cases(output, "SPECTRAL_SWITCHED_BISHOP_CASES", placed[BISHOP], masks[BISHOP]);
    fprintf(output, "\n#endif\n");
}

static int search_switched(FILE *output)
{
    static struct square_subsets subsets;
    static struct kept_lists kept[2][SQUARE_COUNT];
    static struct placement placed[2][SQUARE_COUNT];
    static bitboard masks[2][SQUARE_COUNT];
    struct timespec start;
    clock_gettime(CLOCK_MONOTONIC, &start);
    for (int piece = ROOK; piece <= BISHOP; piece++)
        for (int square = 0; square < SQUARE_COUNT; square++) {
            enumerate_subsets((enum piece)piece, square, &subsets);
            masks[piece][square] = subsets.mask;
            search_switched_square(&subsets, &kept[piece][square]);
            fprintf(stderr, "%s %2d: narrowest span %llu at %d bits\n", PIECE_NAMES[piece], square,
                    (unsigned long long)kept[piece][square].lists[0].span, kept[piece][square].lists[0].bits);
        }
    int order[2 * SQUARE_COUNT];
    order_by_span(kept, order);
    for (int entry = 0; entry < 2 * SQUARE_COUNT; entry++) {
        int piece = order[entry] / SQUARE_COUNT, square = order[entry] % SQUARE_COUNT;
        enumerate_subsets((enum piece)piece, square, &subsets);
        place_square(&subsets, &kept[piece][square], &placed[piece][square]);
        fprintf(stderr, "%s %2d placed: table %llu entries\n", PIECE_NAMES[piece], square,
                (unsigned long long)table_end);
    }
    fprintf(stderr, "the search ran %.0f s on one core\n", seconds_since(start));
    write_switched_header(output, placed, masks);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc != 3 || (strcmp(argv[1], "plain") != 0 && strcmp(argv[1], "switched") != 0)) {
        fprintf(stderr, "usage: %s plain|switched OUTPUT.h\n", argv[0]);
        return 2;
    }
    FILE *output = strcmp(argv[2], "-") == 0 ? stdout : fopen(argv[2], "w");
    if (output == NULL) {
        perror(argv[2]);
        return 1;
    }
    int status = strcmp(argv[1], "plain") == 0 ? search_plain(output) : search_switched(output);
    if (fclose(output) != 0) {
        perror(argv[2]);
        return 1;
    }
    return status;
}

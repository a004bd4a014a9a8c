/* Key search for row-hash-perfect; see row_hash_search.h.
 *
 * Row patterns are grouped first: two patterns of one row whose attack
 * supersets (the attacks with blockers on that row only) are equal give
 * the same attack set whatever the other rows hold, since the attacks are
 * the AND of the rows' supersets (the SISSY identity).  They share a key.
 * A square's hash must then separate the tuples of row classes (at most
 * 768, for a rook on the first or last rank) whose attack sets differ.
 *
 * Giving each row's class number its own bit field makes the XOR a
 * concatenation: a perfect hash by construction, of 2^(sum of field
 * widths) slots.  The search tries random keys for smaller slices, from
 * the fewest bits that can hold the square's distinct attack sets up to
 * one bit below the fields, and keeps the first that separates every
 * tuple; squares where it finds none keep the fields.
 *
 * For rooks it cannot succeed.  Every row but the rook's own holds one
 * relevant square, so its keys are 0 and one word k_r.  Two tuples whose
 * nearest blockers on a ray differ at square j differ in k_j plus any XOR
 * of the keys of squares further out and of the other rays; so no k_j may
 * lie in the span of the other single-square keys (all independent: as
 * many index bits as such rows), and the own row's classes must fall in
 * distinct cosets of that span (the width of its field more).  That is
 * the field concatenation.  Bishop rows hold two squares of different
 * rays; the search has found no shorter keys for them either.
 * Source: seed 004 proposes the perfect hash; the grouping and the
 * fallback are this project's. */
#include "row_hash_search.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
    MAX_ROWS = 8,
    MAX_PATTERNS = 256,
    /* A rook's own row: 3 x 4 nearest-blocker choices at most. */
    MAX_CLASSES = 16,
    MAX_SLICE_BITS = 16,
};

/* One square's rows, grouped into classes. */
struct square_rows {
    int rows;
    int class_count[MAX_ROWS];
    uint8_t class_of[MAX_ROWS][MAX_PATTERNS];
    bitboard superset[MAX_ROWS][MAX_CLASSES];
    uint16_t class_key[MAX_ROWS][MAX_CLASSES];
};

/* Scratch slots of the check, stamped so that no clearing is needed. */
static uint32_t slot_stamp[1u << MAX_SLICE_BITS];
static bitboard slot_attacks[1u << MAX_SLICE_BITS];
static uint32_t stamp;

static void group_rows(const struct row_geometry *geometry, int square, bitboard relevant, struct square_rows *rows)
{
    memset(rows, 0, sizeof *rows);
    rows->rows = geometry->rows;
    for (int row = 0; row < geometry->rows; row++) {
        int shift = geometry->shift + 8 * row;
        unsigned row_mask = (unsigned)(relevant >> shift) & (unsigned)(geometry->patterns - 1);
        /* Patterns with squares outside the mask get the class of their
         * part inside it, so a caller may index keys by a row masked more
         * widely (row-hash-perfect reads a queen's rows). */
        for (unsigned pattern = 0; pattern < (unsigned)geometry->patterns; pattern++) {
            if ((pattern & ~row_mask) != 0) {
                rows->class_of[row][pattern] = rows->class_of[row][pattern & row_mask];
                continue;
            }
            bitboard superset = magic_ray_attacks(geometry->piece, square, (bitboard)pattern << shift);
            int found = 0;
            while (found < rows->class_count[row] && rows->superset[row][found] != superset)
                found++;
            if (found == rows->class_count[row])
                rows->superset[row][rows->class_count[row]++] = superset;
            rows->class_of[row][pattern] = (uint8_t)found;
        }
    }
}

/* Visits every tuple of row classes from `row` on; returns 0 at the
 * first slot that two different attack sets would share.  With `table`,
 * writes the attack sets there instead of checking. */
static int place_tuples(const struct square_rows *rows, int row, unsigned index, bitboard attacks, bitboard *table)
{
    if (row == rows->rows) {
        if (table != NULL) {
            table[index] = attacks;
            return 1;
        }
        if (slot_stamp[index] == stamp)
            return slot_attacks[index] == attacks;
        slot_stamp[index] = stamp;
        slot_attacks[index] = attacks;
        return 1;
    }
    for (int c = 0; c < rows->class_count[row]; c++)
        if (!place_tuples(rows, row + 1, index ^ rows->class_key[row][c], attacks & rows->superset[row][c], table))
            return 0;
    return 1;
}

static int keys_are_perfect(const struct square_rows *rows)
{
    stamp++;
    return place_tuples(rows, 0, 0, ~(bitboard)0, NULL);
}

/* Slots the square needs at least: its number of distinct attack sets,
 * counted as the slots of the field keys that place_tuples() fills. */
static int distinct_attack_bits(struct square_rows *rows, int field_bits)
{
    stamp++;
    place_tuples(rows, 0, 0, ~(bitboard)0, NULL);
    int distinct = 0;
    bitboard seen[1024];
    for (unsigned slot = 0; slot < (1u << field_bits); slot++) {
        if (slot_stamp[slot] != stamp)
            continue;
        int known = 0;
        while (known < distinct && seen[known] != slot_attacks[slot])
            known++;
        if (known == distinct && distinct < 1024)
            seen[distinct++] = slot_attacks[slot];
    }
    int bits = 0;
    while ((1 << bits) < distinct)
        bits++;
    return bits;
}

/* The concatenated fields: class c of row r is c << (width of the rows
 * before r).  Returns the total width. */
static int set_field_keys(struct square_rows *rows)
{
    int offset = 0;
    for (int row = 0; row < rows->rows; row++) {
        int width = 0;
        while ((1 << width) < rows->class_count[row])
            width++;
        for (int c = 0; c < rows->class_count[row]; c++)
            rows->class_key[row][c] = (uint16_t)(c << offset);
        offset += width;
    }
    return offset;
}

/* splitmix64. */
static uint64_t next_random(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* Random keys below 2^bits; the empty row's class keeps key 0 (XORing one
 * constant into a row's keys moves every index alike, so nothing is lost). */
static void set_random_keys(struct square_rows *rows, int bits, uint64_t *state)
{
    for (int row = 0; row < rows->rows; row++)
        for (int c = 1; c < rows->class_count[row]; c++)
            rows->class_key[row][c] = (uint16_t)(next_random(state) & ((1u << bits) - 1));
}

/* The square's keys and the width of its slice: the smallest the search
 * finds, or the fields. */
static int search_square(struct square_rows *rows, int tries, uint64_t *state)
{
    int field_bits = set_field_keys(rows);
    for (int bits = distinct_attack_bits(rows, field_bits); bits < field_bits; bits++)
        for (int attempt = 0; attempt < tries; attempt++) {
            set_random_keys(rows, bits, state);
            if (keys_are_perfect(rows))
                return bits;
        }
    set_field_keys(rows);
    return field_bits;
}

/* Slices largest first, so that each base is a multiple of its slice's
 * size and XORing it into row 0 adds it. */
static size_t place_slices(const int bits[SQUARE_COUNT], size_t base[SQUARE_COUNT])
{
    size_t next = 0;
    for (int width = MAX_SLICE_BITS; width >= 0; width--)
        for (int square = 0; square < SQUARE_COUNT; square++)
            if (bits[square] == width) {
                base[square] = next;
                next += (size_t)1 << width;
            }
    return next;
}

/* keys[row][pattern] of one square from its class keys, base folded in. */
static void write_keys(const struct square_rows *rows, int patterns, size_t base, uint16_t *keys)
{
    for (int row = 0; row < rows->rows; row++)
        for (int pattern = 0; pattern < patterns; pattern++) {
            uint16_t key = rows->class_key[row][rows->class_of[row][pattern]];
            keys[row * patterns + pattern] = row == 0 ? (uint16_t)(key ^ base) : key;
        }
}

bitboard *row_hash_build(const struct row_geometry *geometry, const bitboard relevant[SQUARE_COUNT], int tries,
                         uint16_t *keys, struct row_hash_summary *summary)
{
    static struct square_rows rows[SQUARE_COUNT];
    int bits[SQUARE_COUNT];
    uint64_t state = 0x524F5748415348ULL;
    summary->squares_searched = 0;
    for (int square = 0; square < SQUARE_COUNT; square++) {
        group_rows(geometry, square, relevant[square], &rows[square]);
        int field_bits = set_field_keys(&rows[square]);
        bits[square] = search_square(&rows[square], tries, &state);
        summary->squares_searched += bits[square] < field_bits;
    }
    size_t base[SQUARE_COUNT];
    summary->entries = place_slices(bits, base);
    /* Keys are 16 bits: the rook's fields need at most 64 x 2^10 slots. */
    if (summary->entries > 65536) {
        fprintf(stderr, "row-hash-perfect: %zu table entries do not fit 16-bit keys\n", summary->entries);
        exit(1);
    }
    bitboard *table = calloc(summary->entries, sizeof *table);
    if (table == NULL) {
        fprintf(stderr, "attackbench: row-hash-perfect: cannot allocate %zu bytes (%zu table entries)\n",
                summary->entries * sizeof *table, summary->entries);
        exit(2);
    }
    size_t square_keys = (size_t)geometry->rows * (size_t)geometry->patterns;
    for (int square = 0; square < SQUARE_COUNT; square++) {
        write_keys(&rows[square], geometry->patterns, base[square], keys + (size_t)square * square_keys);
        place_tuples(&rows[square], 0, (unsigned)base[square], ~(bitboard)0, table);
    }
    return table;
}

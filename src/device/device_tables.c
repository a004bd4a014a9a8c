/* The device techniques' tables, built on the host from the ray walk (the
 * reference's own definition) and the magic factor search the CPU's magic
 * backends use, so that a factor means the same on both. */
#include "device_tables.h"

#include "base/ray_walk.h"
#include "building_blocks/magic_search.h"
#include "building_blocks/pext_tables.h"
#include "generated/magic_seeds.h"

/* The eight directions in the order the kernels read them: the four that
 * raise the square index, then their opposites (kernels/classical.cl). */
static const int ray_steps[8][2] = {{0, 1}, {1, 0}, {1, 1}, {-1, 1}, {0, -1}, {-1, 0}, {-1, -1}, {1, -1}};

size_t device_line_table(uint64_t *table)
{
    for (int square = 0; table && square < SQUARE_COUNT; square++) {
        bitboard self = square_bit(square);
        table[4 * square + 0] = file_mask(square) & ~self;
        table[4 * square + 1] = rank_mask(square) & ~self;
        table[4 * square + 2] = diagonal_mask(square) & ~self;
        table[4 * square + 3] = anti_diagonal_mask(square) & ~self;
    }
    return 4 * SQUARE_COUNT;
}

size_t device_ray_table(uint64_t *table)
{
    for (int square = 0; table && square < SQUARE_COUNT; square++)
        for (int direction = 0; direction < 8; direction++)
            table[8 * square + direction] = ray_walk(square, 0, ray_steps[direction][0], ray_steps[direction][1]);
    return 8 * SQUARE_COUNT;
}

/* Magic headers: (piece * 64 + square) * FIELDS words before the attacks. */
enum { FANCY_FIELDS = 3, PLAIN_FIELDS = 2, HEADER_SLOTS = 2 * SQUARE_COUNT };

static struct magic_subsets subsets; /* 64 KiB: one slider and square at a time */

/* The attacks of every subset at base + index, the index from `factor`
 * (or, with factor 0, the extracted occupancy: PEXT). */
static void fill_slots(uint64_t *attacks, const struct magic_subsets *all, uint64_t factor, int bits)
{
    for (int i = 0; i < all->count; i++) {
        uint64_t index = factor ? ((all->occupancies[i] & all->mask) * factor) >> (64 - bits)
                                : software_pext(all->occupancies[i], all->mask);
        attacks[index] = all->attacks[i];
    }
}

size_t device_fancy_table(uint64_t *table)
{
    size_t next = HEADER_SLOTS * FANCY_FIELDS;
    for (int piece = 0; piece < 2; piece++)
        for (int square = 0; square < SQUARE_COUNT; square++) {
            bitboard mask = magic_relevant_mask(piece, square);
            int bits = population_count(mask);
            if (table) {
                magic_enumerate_subsets(piece, square, &subsets);
                uint64_t state = fancy_magic_seeds[piece][square];
                uint64_t factor = magic_find_factor(&subsets, bits, &state);
                uint64_t *header = table + (piece * SQUARE_COUNT + square) * FANCY_FIELDS;
                header[0] = mask;
                header[1] = factor;
                header[2] = (uint64_t)next << 6 | (uint64_t)(64 - bits);
                fill_slots(table + next, &subsets, factor, bits);
            }
            next += (size_t)1 << bits;
        }
    return next;
}

size_t device_plain_table(uint64_t *table)
{
    static const int bits_of[2] = {12, 9};
    size_t next = HEADER_SLOTS * PLAIN_FIELDS;
    for (int piece = 0; piece < 2; piece++)
        for (int square = 0; square < SQUARE_COUNT; square++) {
            if (table) {
                magic_enumerate_subsets(piece, square, &subsets);
                uint64_t state = plain_magic_seeds[piece][square];
                uint64_t factor = magic_find_factor(&subsets, bits_of[piece], &state);
                uint64_t *header = table + (piece * SQUARE_COUNT + square) * PLAIN_FIELDS;
                header[0] = subsets.mask;
                header[1] = factor;
                fill_slots(table + next, &subsets, factor, bits_of[piece]);
            }
            next += (size_t)1 << bits_of[piece];
        }
    return next;
}

size_t device_pext_table(uint64_t *table)
{
    size_t next = HEADER_SLOTS * PLAIN_FIELDS;
    for (int piece = 0; piece < 2; piece++)
        for (int square = 0; square < SQUARE_COUNT; square++) {
            bitboard mask = magic_relevant_mask(piece, square);
            if (table) {
                magic_enumerate_subsets(piece, square, &subsets);
                uint64_t *header = table + (piece * SQUARE_COUNT + square) * PLAIN_FIELDS;
                header[0] = mask;
                header[1] = next;
                fill_slots(table + next, &subsets, 0, 0);
            }
            next += (size_t)1 << population_count(mask);
        }
    return next;
}

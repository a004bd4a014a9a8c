/* The device techniques' tables, built on the host from the ray walk (the
 * reference's own definition) and the magic factor search the CPU's magic
 * backends use, so that a factor means the same on both. */
#include "device_tables.h"

#include "backends/magic_black.h"
#include "base/ray_walk.h"
#include "building_blocks/bit_reverse.h"
#include "building_blocks/first_rank_table.h"
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

/* kernels/sbamg.cl's eight masks a square. */
size_t device_sbamg_table(uint64_t *table)
{
    const bitboard rank_ends = 0x8181818181818181ULL, file_ends = 0xFF000000000000FFULL;
    for (int square = 0; table && square < SQUARE_COUNT; square++) {
        bitboard self = square_bit(square);
        uint64_t *masks = table + 8 * square;
        masks[0] = (self - 1) | 1;
        masks[1] = rank_mask(square) & ~self;
        masks[2] = (masks[1] & rank_ends) | 1;
        masks[3] = file_mask(square) & ~self;
        masks[4] = (masks[3] & file_ends) | 1;
        masks[5] = diagonal_mask(square) & ~self;
        masks[6] = anti_diagonal_mask(square) & ~self;
        masks[7] = flip_vertical(self);
    }
    return 8 * SQUARE_COUNT;
}

/* kernels/sissy.cl's row supersets, then the rook and bishop lines. */
size_t device_sissy_table(uint64_t *table)
{
    enum { SUPERSETS = SQUARE_COUNT * 256 * 8 };
    for (int square = 0; table && square < SQUARE_COUNT; square++) {
        for (int pattern = 0; pattern < 256; pattern++)
            for (int row = 0; row < 8; row++) {
                bitboard blockers = (bitboard)pattern << (8 * row);
                table[(square * 256 + pattern) * 8 + row] =
                    ray_walk_rook(square, blockers) | ray_walk_bishop(square, blockers);
            }
        table[SUPERSETS + square] = ray_walk_rook(square, 0);
        table[SUPERSETS + SQUARE_COUNT + square] = ray_walk_bishop(square, 0);
    }
    return SUPERSETS + 2 * SQUARE_COUNT;
}

/* kernels/bitray.cl's rays: those of device_ray_table(), the four running
 * down the board bit-reversed. */
size_t device_bitray_table(uint64_t *table)
{
    size_t words = device_ray_table(table);
    for (int square = 0; table && square < SQUARE_COUNT; square++)
        for (int direction = 4; direction < 8; direction++)
            table[8 * square + direction] = reverse_bits(table[8 * square + direction]);
    return words;
}

/* kernels/bitray.cl's: the rays of device_bitray_table(), then the
 * first-rank table, one word an entry. */
size_t device_bitray_rank_table(uint64_t *table)
{
    size_t rays = device_bitray_table(table);
    uint8_t first_rank[64][8];
    first_rank_table_build(first_rank);
    for (int inner = 0; table && inner < 64; inner++)
        for (int file = 0; file < 8; file++)
            table[rays + 8 * inner + file] = first_rank[inner][file];
    return rays + 64 * 8;
}

/* kernels/magic_black.cl's: three words a rook square then a bishop
 * square (the complemented mask, the published factor and offset), then
 * the shared table, where overlapping slices agree. */
size_t device_black_table(uint64_t *table)
{
    enum { HEADER = 2 * SQUARE_COUNT * 3 };
    for (int piece = 0; table && piece < 2; piece++)
        for (int square = 0; square < SQUARE_COUNT; square++) {
            const struct black_constant *constant =
                piece == 0 ? &black_rook_constants[square] : &black_bishop_constants[square];
            int shift = 64 - (piece == 0 ? BLACK_ROOK_BITS : BLACK_BISHOP_BITS);
            magic_enumerate_subsets(piece, square, &subsets);
            uint64_t *header = table + (piece * SQUARE_COUNT + square) * 3;
            header[0] = ~subsets.mask;
            header[1] = constant->factor;
            header[2] = HEADER + constant->offset;
            for (int i = 0; i < subsets.count; i++)
                table[header[2] + (((subsets.occupancies[i] | ~subsets.mask) * constant->factor) >> shift)] =
                    subsets.attacks[i];
        }
    return HEADER + BLACK_TABLE_ENTRIES;
}

/* Kindergarten bitboards, 32-bit version: a masked line is folded into 32
 * bits (low half | high half, shifted by an odd amount for files so that
 * the two halves of a file do not overlap) and gathered by a 32-bit
 * multiply into a six-bit index of a 32 KB per-line table [square][index].
 * Source: seed 003_92b150df8cf32a5a.txt, Chessprogramming wiki
 * "Kindergarten Bitboards", section "32-bit Versions" (Zach Wegner). */
#include <stdio.h>

#include "attackbench/loops.h"
#include "building_blocks/kindergarten_tables.h"

/* Ranks, diagonals and anti-diagonals: the halves are or-ed unshifted
 * (one square per file, so no two bits meet) and the 32-bit B-file
 * gathers files b..g into bits 26..31.  Published on the page. */
static const uint32_t LINE_FOLD_FACTOR = 0x02020202u;

/* Files: the high half is shifted down by 27 so that a2..a4 and a5..a7
 * (any file) land on distinct bits.  The page gives the factor 0x01041041
 * with shifts 29, 27 or 25; it is not injective on files f..h with any of
 * them (full and empty files collide), so init() searches a factor for
 * shift 27 that is, for every file. */
enum { FILE_FOLD_SHIFT = 27 };
static uint32_t file_fold_factor;

/* The four line masks of a square; the file mask holds ranks 2..7 only. */
struct square_masks {
    bitboard file;
    bitboard rank;
    bitboard diagonal;
    bitboard anti_diagonal;
};

/* The four 32 KB line tables, interleaved by square so that one square's
 * rows share one base address. */
struct square_attacks {
    bitboard file[64];
    bitboard rank[64];
    bitboard diagonal[64];
    bitboard anti_diagonal[64];
};

static struct square_masks square_masks[SQUARE_COUNT];
static struct square_attacks square_attacks[SQUARE_COUNT];

static inline unsigned line_index(bitboard line_occupancy)
{
    uint32_t fold = (uint32_t)line_occupancy | (uint32_t)(line_occupancy >> 32);
    return (fold * LINE_FOLD_FACTOR) >> 26;
}

static inline unsigned file_index_with(uint32_t factor, bitboard file_occupancy)
{
    uint32_t fold = (uint32_t)file_occupancy | (uint32_t)(file_occupancy >> FILE_FOLD_SHIFT);
    return (fold * factor) >> 26;
}

static inline unsigned file_index(bitboard file_occupancy)
{
    return file_index_with(file_fold_factor, file_occupancy);
}

static inline bitboard kindergarten_fold32_rook(int square, bitboard occupied)
{
    const struct square_masks *masks = &square_masks[(unsigned)square];
    const struct square_attacks *attacks = &square_attacks[(unsigned)square];
    return attacks->file[file_index(masks->file & occupied)] | attacks->rank[line_index(masks->rank & occupied)];
}

static inline bitboard kindergarten_fold32_bishop(int square, bitboard occupied)
{
    const struct square_masks *masks = &square_masks[(unsigned)square];
    const struct square_attacks *attacks = &square_attacks[(unsigned)square];
    return attacks->diagonal[line_index(masks->diagonal & occupied)] |
           attacks->anti_diagonal[line_index(masks->anti_diagonal & occupied)];
}

QUEEN_FROM_ROOK_AND_BISHOP(kindergarten_fold32)

/* Subset number `subset` of the bits of `mask` (carry-rippler order). */
static bitboard mask_subset(bitboard mask, unsigned subset)
{
    bitboard result = 0;
    for (unsigned bit = 0; mask; bit++, mask = without_lowest(mask))
        if (subset & (1u << bit))
            result |= square_bit(lowest_square(mask));
    return result;
}

/* Does `factor` give 64 different indices for the 64 occupancies of
 * ranks 2..7 of each file (file_occupancies[file][subset])? */
static int file_factor_is_injective(uint32_t factor, bitboard file_occupancies[8][64])
{
    for (int file = 0; file < 8; file++) {
        uint64_t seen = 0;
        for (unsigned subset = 0; subset < 64; subset++) {
            unsigned index = file_index_with(factor, file_occupancies[file][subset]);
            if (seen & ((uint64_t)1 << index))
                return 0;
            seen |= (uint64_t)1 << index;
        }
    }
    return 1;
}

/* The first factor with the fewest set bits (one to five, positions in
 * lexicographic order) that is injective: deterministic, at most about
 * 2 * 10^5 candidates, most rejected after a few occupancies. */
static uint32_t search_file_fold_factor(void)
{
    bitboard file_occupancies[8][64];
    for (int file = 0; file < 8; file++)
        for (unsigned subset = 0; subset < 64; subset++)
            file_occupancies[file][subset] = mask_subset(KINDERGARTEN_INNER_FILE_A << file, subset);

    for (int bits = 1; bits <= 5; bits++) {
        int positions[5];
        for (int i = 0; i < bits; i++)
            positions[i] = i;
        for (;;) {
            uint32_t factor = 0;
            for (int i = 0; i < bits; i++)
                factor |= 1u << positions[i];
            if (file_factor_is_injective(factor, file_occupancies))
                return factor;
            int i = bits - 1;
            while (i >= 0 && positions[i] == 32 - bits + i)
                i--;
            if (i < 0)
                break;
            positions[i]++;
            for (int j = i + 1; j < bits; j++)
                positions[j] = positions[j - 1] + 1;
        }
    }
    return 0;
}

/* Attacks of a slider on `square` along the line `mask` (which holds the
 * square), stepping square by square. */
static bitboard line_attacks_slowly(int square, bitboard occupied, bitboard mask)
{
    static const int steps[8][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {-1, -1}, {1, -1}, {-1, 1}};
    bitboard attacks = 0;
    for (int direction = 0; direction < 8; direction++) {
        int file = square_file(square) + steps[direction][0];
        int rank = square_rank(square) + steps[direction][1];
        while (file >= 0 && file < 8 && rank >= 0 && rank < 8 && (mask & square_bit(make_square(file, rank)))) {
            attacks |= square_bit(make_square(file, rank));
            if (occupied & square_bit(make_square(file, rank)))
                break;
            file += steps[direction][0];
            rank += steps[direction][1];
        }
    }
    return attacks;
}

/* Fill row[index] for every subset of `relevant` (the mask the lookup
 * applies), with the attacks along `line`. */
static void fill_row(bitboard row[64], int square, bitboard relevant, bitboard line,
                     unsigned (*index)(bitboard occupancy))
{
    for (unsigned subset = 0; subset < (1u << population_count(relevant)); subset++) {
        bitboard occupancy = mask_subset(relevant, subset);
        row[index(occupancy)] = line_attacks_slowly(square, occupancy, line);
    }
}

static size_t kindergarten_fold32_init(void)
{
    file_fold_factor = search_file_fold_factor();
    for (int square = 0; square < SQUARE_COUNT; square++) {
        struct square_masks *masks = &square_masks[square];
        struct square_attacks *attacks = &square_attacks[square];
        masks->file = KINDERGARTEN_INNER_FILE_A << square_file(square);
        masks->rank = rank_mask(square);
        masks->diagonal = diagonal_mask(square);
        masks->anti_diagonal = anti_diagonal_mask(square);
        fill_row(attacks->file, square, masks->file, file_mask(square), file_index);
        fill_row(attacks->rank, square, masks->rank, masks->rank, line_index);
        fill_row(attacks->diagonal, square, masks->diagonal, masks->diagonal, line_index);
        fill_row(attacks->anti_diagonal, square, masks->anti_diagonal, masks->anti_diagonal, line_index);
    }
    return sizeof square_masks + sizeof square_attacks;
}

static const char *kindergarten_fold32_note(void)
{
    static char note[64];
    snprintf(note, sizeof note, "file fold: >> %d, factor 0x%08x (searched)", FILE_FOLD_SHIFT,
             (unsigned)file_fold_factor);
    return note;
}

BACKEND(kindergarten_fold32, "kindergarten-fold32",
        "line halves folded into 32 bits, 32-bit multiply, 32 KB table per line by square and index",
        "seed 003 (Chessprogramming wiki, Kindergarten Bitboards: 32-bit Versions, Zach Wegner)",
        .init = kindergarten_fold32_init, .note = kindergarten_fold32_note)

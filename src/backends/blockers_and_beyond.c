/* Blockers and Beyond: start from the piece's attack set on the empty
 * board; for every occupied square of its blockers-and-beyond mask, clear
 * the squares behind that blocker as seen from the piece.  One routine
 * serves rook, bishop and queen (and king and knight): only the tables
 * differ.  Source: seed 001_cef53cd249625a49.txt, Chessprogramming wiki
 * "Blockers and Beyond" (Fabien Letouzey, Senpai 1.0, 2014). */
#include "blockers_and_beyond.h"
#include "base/ray_walk.h"

/* behind[from][to]: the squares on the line from `from` through `to` that
 * lie beyond `to`; empty when the two squares share no line. */
static bitboard behind[SQUARE_COUNT][SQUARE_COUNT];

/* Per piece kind and square: empty-board attacks and blockers-and-beyond
 * mask side by side, so one lookup touches one 16-byte entry. */
static struct blockers_and_beyond_entry rook_table[SQUARE_COUNT];
static struct blockers_and_beyond_entry bishop_table[SQUARE_COUNT];
static struct blockers_and_beyond_entry queen_table[SQUARE_COUNT];

/* The blocker loop.  Several blockers on one ray clear overlapping
 * stretches; those beyond the first change nothing. */
static inline __attribute__((always_inline)) bitboard piece_attacks(const struct blockers_and_beyond_entry *table,
                                                                    int square, bitboard occupied)
{
    const struct blockers_and_beyond_entry *entry = &table[square];
    const bitboard *behind_square = behind[square];
    bitboard attacks = entry->empty_board_attacks;
    for (bitboard blockers = occupied & entry->blockers_and_beyond; blockers != 0; blockers = without_lowest(blockers))
        attacks &= ~behind_square[lowest_square(blockers)];
    return attacks;
}

bitboard blockers_and_beyond_attacks(const struct blockers_and_beyond_entry table[SQUARE_COUNT], int square,
                                     bitboard occupied)
{
    return piece_attacks(table, square, occupied);
}

static inline __attribute__((always_inline)) bitboard blockers_and_beyond_rook(int square, bitboard occupied)
{
    return piece_attacks(rook_table, square, occupied);
}

static inline __attribute__((always_inline)) bitboard blockers_and_beyond_bishop(int square, bitboard occupied)
{
    return piece_attacks(bishop_table, square, occupied);
}

static inline __attribute__((always_inline)) bitboard blockers_and_beyond_queen(int square, bitboard occupied)
{
    return piece_attacks(queen_table, square, occupied);
}

/* Adds one ray from `square` to the entry: the ray to its attacks, all
 * but its last square to the blockers-and-beyond mask, and to the behind
 * table, for every square on it, the squares of the ray beyond it. */
static void add_ray(struct blockers_and_beyond_entry *entry, int square, int file_step, int rank_step)
{
    bitboard ray = ray_walk(square, 0, file_step, rank_step);
    entry->empty_board_attacks |= ray;
    entry->blockers_and_beyond |= ray_walk_relevant(square, file_step, rank_step);
    for (bitboard rest = ray; rest != 0; rest = without_lowest(rest)) {
        int blocker = lowest_square(rest);
        behind[square][blocker] = ray & ~ray_walk(square, square_bit(blocker), file_step, rank_step);
    }
}

static size_t blockers_and_beyond_init(void)
{
    static const int rook_steps[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
    static const int bishop_steps[4][2] = {{1, 1}, {-1, 1}, {1, -1}, {-1, -1}};
    for (int square = 0; square < SQUARE_COUNT; square++) {
        rook_table[square] = (struct blockers_and_beyond_entry){0, 0};
        bishop_table[square] = (struct blockers_and_beyond_entry){0, 0};
        for (int to = 0; to < SQUARE_COUNT; to++)
            behind[square][to] = 0;
        for (int direction = 0; direction < 4; direction++) {
            add_ray(&rook_table[square], square, rook_steps[direction][0], rook_steps[direction][1]);
            add_ray(&bishop_table[square], square, bishop_steps[direction][0], bishop_steps[direction][1]);
        }
        queen_table[square].empty_board_attacks =
            rook_table[square].empty_board_attacks | bishop_table[square].empty_board_attacks;
        queen_table[square].blockers_and_beyond =
            rook_table[square].blockers_and_beyond | bishop_table[square].blockers_and_beyond;
    }
    return sizeof behind + sizeof rook_table + sizeof bishop_table + sizeof queen_table;
}

BACKEND(blockers_and_beyond, "blockers-beyond",
        "empty-board attacks, minus the squares behind each blocker (one loop per piece kind)",
        "seed 001 (CPW Blockers and Beyond, Senpai 1.0)", .init = blockers_and_beyond_init)

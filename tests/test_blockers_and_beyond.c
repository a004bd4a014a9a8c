/* Blockers and Beyond: the one routine that serves the sliders also serves
 * king and knight, with their empty-board attack sets (Senpai's tables
 * cover every piece kind). */
#include "../src/backends/blockers_and_beyond.h"
#include "unit.h"
#include "base/random.h"
#include "verify/verify.h"
#include "registry/registry.h"

/* Attacks of a leaper by offsets, the direct way. */
static bitboard leaper_attacks(int square, const int steps[8][2])
{
    bitboard attacks = 0;
    for (int i = 0; i < 8; i++) {
        int file = square_file(square) + steps[i][0];
        int rank = square_rank(square) + steps[i][1];
        if (file >= 0 && file < 8 && rank >= 0 && rank < 8)
            attacks |= square_bit(make_square(file, rank));
    }
    return attacks;
}

static const int king_steps[8][2] = {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
static const int knight_steps[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};

/* Runs the routine over every square and many occupancies with the
 * leaper's table, its blockers-and-beyond masks either empty (as Senpai
 * builds them) or, to make the blocker loop actually run, equal to the
 * attack set: nothing lies behind a king's or knight's target squares in
 * the sense of the behind table, so the attacks must come out unchanged. */
static int leaper_mismatches(const int steps[8][2], int masks_are_attacks)
{
    struct blockers_and_beyond_entry table[SQUARE_COUNT];
    for (int square = 0; square < SQUARE_COUNT; square++) {
        bitboard attacks = leaper_attacks(square, steps);
        table[square].empty_board_attacks = attacks;
        table[square].blockers_and_beyond = masks_are_attacks ? attacks : 0;
    }
    int mismatches = 0;
    uint64_t state = 12345;
    for (int square = 0; square < SQUARE_COUNT; square++) {
        bitboard expected = leaper_attacks(square, steps);
        for (int i = 0; i < 2000; i++) {
            bitboard occupied = random_next(&state);
            if (i % 3 != 0)
                occupied &= random_next(&state);
            if (i == 0)
                occupied = ~(bitboard)0;
            if (i == 1)
                occupied = 0;
            if (blockers_and_beyond_attacks(table, square, occupied) != expected)
                mismatches++;
        }
    }
    return mismatches;
}

TEST(blockers_and_beyond_serves_king)
{
    find_backend("blockers-beyond")->init();
    CHECK(leaper_mismatches(king_steps, 0) == 0);
    CHECK(leaper_mismatches(king_steps, 1) == 0);
}

TEST(blockers_and_beyond_serves_knight)
{
    find_backend("blockers-beyond")->init();
    CHECK(leaper_mismatches(knight_steps, 0) == 0);
    CHECK(leaper_mismatches(knight_steps, 1) == 0);
}

TEST(blockers_and_beyond_queen_on_d4_matches_the_seed)
{
    /* The seed's diagram: a queen on d4 attacks 27 squares on the empty
     * board; with a blocker on every one of them it attacks only the 8
     * neighbours. */
    const struct backend *backend = find_backend("blockers-beyond");
    backend->init();
    int d4 = make_square(3, 3);
    CHECK(population_count(backend->queen(d4, 0)) == 27);
    CHECK(backend->queen(d4, ~(bitboard)0) == leaper_attacks(d4, king_steps));
}

/* The classical, hyperbola, obstruction-difference and rotated backends on
 * the boards their tricks find hardest: empty rays (the stop squares and
 * the borrow from 2^64), blockers on a1 and h8 themselves, and sliders in
 * the corners. */
#include "attackbench/backend.h"
#include "unit.h"
#include "verify/verify.h"
#include "registry/registry.h"

static const char *const line_techniques[] = {"classical", "hyperbola", "obstruction-diff", "rotated"};

static void check_against_reference(const struct backend *backend, int square, bitboard occupied)
{
    const struct backend *reference = find_backend("reference");
    CHECK(backend->rook(square, occupied) == reference->rook(square, occupied));
    CHECK(backend->bishop(square, occupied) == reference->bishop(square, occupied));
    CHECK(backend->queen(square, occupied) == reference->queen(square, occupied));
}

TEST(line_techniques_on_corner_and_edge_boards)
{
    const bitboard boards[] = {0,
                               square_bit(0),
                               square_bit(63),
                               square_bit(0) | square_bit(63),
                               ~0ULL,
                               RANK_1 | RANK_8,
                               FILE_A | FILE_H,
                               DIAGONAL_A1_H8,
                               ANTI_DIAGONAL_H1_A8};
    for (size_t i = 0; i < sizeof line_techniques / sizeof line_techniques[0]; i++) {
        const struct backend *backend = find_backend(line_techniques[i]);
        CHECK(backend != NULL);
        if (!backend)
            continue;
        backend_initialize(backend, NULL);
        for (int square = 0; square < SQUARE_COUNT; square++)
            for (size_t b = 0; b < sizeof boards / sizeof boards[0]; b++)
                check_against_reference(backend, square, boards[b] & ~square_bit(square));
    }
}

TEST(line_techniques_hand_checked)
{
    for (size_t i = 0; i < sizeof line_techniques / sizeof line_techniques[0]; i++) {
        const struct backend *backend = find_backend(line_techniques[i]);
        if (!backend)
            continue;
        backend_initialize(backend, NULL);
        /* Rook a1 with h8 occupied: the whole a-file and first rank. */
        CHECK(backend->rook(0, square_bit(63)) == ((FILE_A | RANK_1) & ~square_bit(0)));
        /* Bishop a1, blocker h8: the long diagonal up to and with h8. */
        CHECK(backend->bishop(0, square_bit(63)) == (DIAGONAL_A1_H8 & ~square_bit(0)));
        /* Bishop h8, blocker a1: the same diagonal from the other end. */
        CHECK(backend->bishop(63, square_bit(0)) == (DIAGONAL_A1_H8 & ~square_bit(63)));
        /* Queen d4 boxed in by the eight neighbours. */
        bitboard neighbours = 0x0000001C141C0000ULL;
        CHECK(backend->queen(27, neighbours) == neighbours);
    }
}

/* The side-wise workloads: records, the verifier of the set-wise and
 * multi-square paths (it must catch a wrong backend), and the batched
 * passes every backend provides. */
#include <stdio.h>

#include "chess/sliders.h"
#include "unit.h"
#include "verify/verify.h"
#include "registry/registry.h"

static bitboard reference_rook(int square, bitboard occupied)
{
    return find_backend("reference")->rook(square, occupied);
}

static bitboard reference_bishop(int square, bitboard occupied)
{
    return find_backend("reference")->bishop(square, occupied);
}

static bitboard reference_queen(int square, bitboard occupied)
{
    return find_backend("reference")->queen(square, occupied);
}

/* A set-wise entry that forgets the bishop-wise half. */
static bitboard rook_wise_only(bitboard rook_sliders, bitboard bishop_sliders, bitboard occupied)
{
    (void)bishop_sliders;
    return attackbench_compose_set(reference_rook, reference_bishop, rook_sliders, 0, occupied);
}

/* A multi-square entry that gives every slider the first one's set. */
static void first_for_all(const struct attackbench_side *side, bitboard occupied, bitboard *attacks)
{
    bitboard first = side->rooks ? reference_rook(side->squares[0], occupied) : 0;
    for (int k = 0; k < attackbench_side_slider_count(side); k++)
        attacks[k] = first;
}

static const struct backend wrong_sets = {
    .name = "wrong-sets",
    .rook = reference_rook,
    .bishop = reference_bishop,
    .queen = reference_queen,
    .set_attacks = rook_wise_only,
};
static const struct backend wrong_sides = {
    .name = "wrong-sides",
    .rook = reference_rook,
    .bishop = reference_bishop,
    .queen = reference_queen,
    .side_attacks = first_for_all,
};
static const struct backend composed = {
    .name = "composed",
    .rook = reference_rook,
    .bishop = reference_bishop,
    .queen = reference_queen,
};

TEST(side_verifier_catches_a_wrong_set_wise_or_multi_square_entry)
{
    FILE *quiet = fopen("/dev/null", "w");
    CHECK(verify_side_paths(&composed, 2000, 7, quiet) == 0);
    CHECK(verify_side_paths(&wrong_sets, 2000, 7, quiet) == -1);
    CHECK(verify_side_paths(&wrong_sides, 2000, 7, quiet) == -1);
    fclose(quiet);
}

TEST(side_record_lists_rooks_then_bishops_then_queens)
{
    struct attackbench_side side;
    /* Rooks a1 h1, bishop c1, queen d1. */
    side_record_from_sets(0x81, 0x04, 0x08, 0xFFFF, &side);
    CHECK(side.rooks == 2 && side.bishops == 1 && side.queens == 1);
    CHECK(side.squares[0] == 0 && side.squares[1] == 7 && side.squares[2] == 2 && side.squares[3] == 3);
    CHECK(side.rook_sliders == 0x89 && side.bishop_sliders == 0x0C);
    /* A rook on a1 with a blocker on a4: a2 a3 a4 and b1 to h1. */
    side_record_from_sets(0x01, 0, 0, 0x01000001, &side);
    CHECK(backend_set_attacks(&composed, side.rook_sliders, side.bishop_sliders, side.occupied) == 0x010101FEULL);
    /* A side without sliders attacks nothing. */
    side_record_from_sets(0, 0, 0, 0xFFFF, &side);
    CHECK(attackbench_side_slider_count(&side) == 0);
    CHECK(backend_set_attacks(&composed, side.rook_sliders, side.bishop_sliders, side.occupied) == 0);
}

TEST(every_backend_has_batched_side_wise_passes)
{
    /* A backend without them would be timed through the per-call
     * fallback in batched rows (BACKEND stamps them; a plugin's macro too). */
    for (size_t i = 0; i < backend_count; i++) {
        if (backends[i]->unavailable_here) /* another architecture's: never run here */
            continue;
        if (!backends[i]->sets_loop || !backends[i]->sides_loop)
            fprintf(
                stderr,
                "%s has no sets_loop or sides_loop (write its descriptor with BACKEND, include/attackbench/loops.h)\n",
                backends[i]->name);
        CHECK(backends[i]->sets_loop != NULL && backends[i]->sides_loop != NULL);
    }
}

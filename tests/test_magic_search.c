/* The helpers shared by the magic and PEXT backends: masks, ray walk and
 * the magic-factor search. */
#include "../src/building_blocks/magic_search.h"
#include "attackbench/backend.h"
#include "unit.h"
#include "base/random.h"
#include "verify/verify.h"
#include "registry/registry.h"

TEST(magic_masks_match_the_verifier)
{
    for (int square = 0; square < SQUARE_COUNT; square++) {
        CHECK(magic_relevant_mask(SLIDER_ROOK, square) == rook_relevant_mask(square));
        CHECK(magic_relevant_mask(SLIDER_BISHOP, square) == bishop_relevant_mask(square));
    }
}

TEST(magic_ray_walk_matches_the_reference)
{
    const struct backend *reference = find_backend("reference");
    uint64_t state = 11;
    for (int i = 0; i < 20000; i++) {
        bitboard occupied = random_next(&state) & random_next(&state);
        int square = (int)(random_next(&state) & 63);
        CHECK(magic_ray_attacks(SLIDER_ROOK, square, occupied) == reference->rook(square, occupied));
        CHECK(magic_ray_attacks(SLIDER_BISHOP, square, occupied) == reference->bishop(square, occupied));
    }
}

TEST(magic_subsets_are_all_distinct_subsets)
{
    static struct magic_subsets subsets;
    magic_enumerate_subsets(SLIDER_ROOK, 0, &subsets);
    CHECK(subsets.count == 4096);
    CHECK(subsets.occupancies[0] == 0);
    bitboard union_of_all = 0;
    for (int i = 0; i < subsets.count; i++) {
        CHECK((subsets.occupancies[i] & ~subsets.mask) == 0);
        union_of_all |= subsets.occupancies[i];
    }
    CHECK(union_of_all == subsets.mask);
    magic_enumerate_subsets(SLIDER_BISHOP, 27, &subsets);
    CHECK(subsets.count == 512);
}

/* A factor is good when no two subsets with different attacks share an
 * index. */
static int factor_is_good(const struct magic_subsets *subsets, uint64_t factor, int index_bits)
{
    static bitboard seen[MAGIC_MAX_SUBSETS];
    static int written[MAGIC_MAX_SUBSETS];
    for (int i = 0; i < MAGIC_MAX_SUBSETS; i++)
        written[i] = 0;
    for (int i = 0; i < subsets->count; i++) {
        unsigned index = (unsigned)((subsets->occupancies[i] * factor) >> (64 - index_bits));
        if (written[index] && seen[index] != subsets->attacks[i])
            return 0;
        written[index] = 1;
        seen[index] = subsets->attacks[i];
    }
    return 1;
}

TEST(magic_search_finds_good_factors_deterministically)
{
    static struct magic_subsets subsets;
    const int squares[] = {0, 7, 27, 36, 63};
    for (size_t k = 0; k < sizeof squares / sizeof squares[0]; k++) {
        int square = squares[k];
        magic_enumerate_subsets(SLIDER_ROOK, square, &subsets);
        int bits = population_count(subsets.mask);
        uint64_t first_state = 42, second_state = 42;
        uint64_t factor = magic_find_factor(&subsets, bits, &first_state);
        CHECK(factor_is_good(&subsets, factor, bits));
        CHECK(magic_find_factor(&subsets, bits, &second_state) == factor);
        CHECK(first_state == second_state);

        magic_enumerate_subsets(SLIDER_BISHOP, square, &subsets);
        bits = population_count(subsets.mask);
        factor = magic_find_factor(&subsets, bits, &first_state);
        CHECK(factor_is_good(&subsets, factor, bits));
    }
}

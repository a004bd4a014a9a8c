/* The Sherwin family: sherwin-hash's parameter, statistics and per-thread
 * tables, and the union variant agreeing with the shift variant. */
#include <pthread.h>
#include <string.h>

#include "attackbench/backend.h"
#include "unit.h"
#include "base/random.h"
#include "verify/verify.h"
#include "base/piece.h"
#include "registry/registry.h"

TEST(sherwin_hash_rejects_bad_parameters)
{
    const struct backend *hash = find_backend("sherwin-hash");
    CHECK(hash != NULL && hash->set_parameter != NULL);
    if (hash == NULL || hash->set_parameter == NULL)
        return;
    char error[160] = "";
    CHECK(hash->set_parameter("hash-bits", "7", error, sizeof error) == -1);
    CHECK(strstr(error, "hash-bits") != NULL);
    CHECK(hash->set_parameter("hash-bits", "27", error, sizeof error) == -1);
    CHECK(hash->set_parameter("hash-bits", "12x", error, sizeof error) == -1);
    CHECK(hash->set_parameter("hash-bits", "", error, sizeof error) == -1);
    CHECK(hash->set_parameter("slots", "12", error, sizeof error) == -1);
    CHECK(hash->set_parameter("hash-bits", "12", error, sizeof error) == 0);
    CHECK(hash->init() > 0);
    CHECK(hash->set_parameter("hash-bits", "16", error, sizeof error) == 0);
    CHECK(hash->init() > 0);
}

TEST(sherwin_hash_counts_hits_and_misses)
{
    const struct backend *hash = find_backend("sherwin-hash");
    hash->init();
    hash->reset_statistics();
    CHECK(hash->hit_rate() == 0.0);
    /* The same query twice: a miss, then a hit. */
    bitboard occupied = 0x0000001000200400ULL;
    CHECK(hash->rook(36, occupied) == find_backend("reference")->rook(36, occupied));
    CHECK(hash->rook(36, occupied) == find_backend("reference")->rook(36, occupied));
    CHECK(hash->hit_rate() == 0.5);
    /* A batched pass counts its lookups too: four more hits. */
    bitboard occupancies[4] = {occupied, occupied, occupied, occupied};
    uint8_t squares[4] = {36, 36, 36, 36};
    struct attackbench_run run = {.occupied = occupancies, .squares = squares, .count = 4};
    CHECK(hash->rook_loop(&run) == 4 * find_backend("reference")->rook(36, occupied));
    CHECK(hash->hit_rate() == 5.0 / 6.0);
    hash->reset_statistics();
    CHECK(hash->hit_rate() == 0.0);
}

static void *verify_in_thread(void *argument)
{
    const struct backend *hash = argument;
    long failed = verify_backend(hash, ALL_PIECES, 20000, 99, NULL);
    return (void *)failed;
}

TEST(sherwin_hash_is_correct_with_two_threads_at_once)
{
    const struct backend *hash = find_backend("sherwin-hash");
    hash->init();
    pthread_t threads[2];
    for (int i = 0; i < 2; i++)
        CHECK(pthread_create(&threads[i], NULL, verify_in_thread, (void *)hash) == 0);
    for (int i = 0; i < 2; i++) {
        void *result = (void *)1;
        pthread_join(threads[i], &result);
        CHECK(result == NULL);
    }
}

TEST(sherwin_union_matches_sherwin)
{
    const struct backend *shifts = find_backend("sherwin");
    const struct backend *bytes = find_backend("sherwin-union");
    shifts->init();
    bytes->init();
    uint64_t state = 11;
    for (int i = 0; i < 100000; i++) {
        bitboard occupied = random_next(&state) & random_next(&state);
        int square = (int)(random_next(&state) & 63);
        CHECK(shifts->queen(square, occupied) == bytes->queen(square, occupied));
    }
}

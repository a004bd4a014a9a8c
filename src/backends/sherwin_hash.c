/* Sherwin's row-signature hash: each row of the masked occupancy selects a
 * random 64-bit key (per square, per row, per pattern); their XOR is the
 * signature of (square, blockers), whose low bits pick a slot of a table of
 * (signature, attacks).  A miss computes the attacks with the classical ray
 * method (one bit scan per direction) and stores them.
 * Source: seed 004 (Michael Sherwin's post: row1hash[blockers.row1] ^ ...
 * ^ row8hash[blockers.row8]; key = signature & MASK), mapped to a1 = 0.
 *
 * Threads: the hash table and the hit counters are per thread (a
 * _Thread_local pointer to a table each thread allocates on its first
 * lookup and frees when it exits), so concurrent lookups never share a
 * writable byte; the key tables are read-only after init().  hit_rate()
 * and reset_statistics() see the calling thread's counters only. */
#if !defined(__wasi__)
#include <pthread.h>
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The timed loops unrolled four times by clang as by gcc.  clang 14 drops
 * the default's count beside vectorize(disable) and does not unroll this
 * loop by itself; rolled, it ran 10-20% slower (11.0-12.3 against
 * 9.6-10.8 ns a random queen; gcc made to leave it rolled ran 12.2-12.4
 * against 10.2-10.7): the probe's miss branch and call in every lookup
 * keep the vectorisers out (tests/cli/inlined_lookups.sh checks that its
 * loops hold no packed vector instruction). */
#if defined(__clang__)
#define ATTACKBENCH_ONE_QUERY_AT_A_TIME_UNROLLED _Pragma("clang loop unroll_count(4)")
#endif
#include "attackbench/loops.h"
#include "base/ray_walk.h"
#include "building_blocks/sherwin_tables.h"

enum {
    DEFAULT_HASH_BITS = 16,
    MIN_HASH_BITS = 8,
    MAX_HASH_BITS = 26,
};

/* Row keys: rooks see all eight bytes of their masked occupancy, bishops
 * the six inner rows through six inner bits (shifted down by 9). */
static uint64_t rook_row_keys[64][SHERWIN_ROOK_ROWS][SHERWIN_ROOK_PATTERNS];
static uint64_t bishop_row_keys[64][SHERWIN_BISHOP_ROWS][SHERWIN_BISHOP_PATTERNS];
static bitboard rook_relevant[64];
static bitboard bishop_relevant[64];

/* The fallback's rays, one per direction and square, without the square. */
enum direction { NORTH, EAST, NORTH_EAST, NORTH_WEST, SOUTH, WEST, SOUTH_WEST, SOUTH_EAST, DIRECTION_COUNT };
static bitboard rays[DIRECTION_COUNT][64];

/* Read by init() and by each thread when it allocates its table. */
static int hash_bits = DEFAULT_HASH_BITS;

struct hash_entry {
    uint64_t signature;
    bitboard attacks;
};

static _Thread_local struct hash_entry *thread_table;
static _Thread_local uint64_t thread_slot_mask;
static _Thread_local uint64_t thread_lookups;
static _Thread_local uint64_t thread_misses;

#if !defined(__wasi__)
/* Each thread's table is freed when the thread ends. */
static pthread_key_t table_key;
static pthread_once_t table_key_once = PTHREAD_ONCE_INIT;

static void free_thread_table(void *table)
{
    free(table);
}

static void create_table_key(void)
{
    pthread_key_create(&table_key, free_thread_table);
}
#endif

/* An empty slot holds a signature whose low bits are not its own slot
 * number, so no real signature can ever match it. */
static struct hash_entry *allocate_thread_table(void)
{
#if !defined(__wasi__)
    pthread_once(&table_key_once, create_table_key);
#endif
    free(thread_table);
    size_t slots = (size_t)1 << hash_bits;
    struct hash_entry *table = malloc(slots * sizeof *table);
    if (table == NULL) {
        /* A table that cannot be had is a setup error (exit 2), not a wrong
         * result (exit 1). */
        fprintf(stderr, "attackbench: sherwin-hash: cannot allocate %zu bytes for the hash table\n",
                slots * sizeof *table);
        exit(2);
    }
    for (size_t slot = 0; slot < slots; slot++) {
        table[slot].signature = ~(uint64_t)slot;
        table[slot].attacks = 0;
    }
    thread_table = table;
    thread_slot_mask = slots - 1;
#if !defined(__wasi__)
    pthread_setspecific(table_key, table);
#endif
    return table;
}

/* Classical ray attacks: each ray up to its first blocker, cut off with
 * the ray from that blocker.  Rays that point up the board take the lowest
 * blocker, the others the highest; a sentinel on h8 (or a1), whose rays in
 * those directions are empty, makes a blocker-free ray need no branch. */
static inline bitboard ray_up(enum direction direction, int square, bitboard occupied)
{
    bitboard ray = rays[direction][square];
    return ray ^ rays[direction][lowest_square((ray & occupied) | square_bit(63))];
}

static inline bitboard ray_down(enum direction direction, int square, bitboard occupied)
{
    bitboard ray = rays[direction][square];
    return ray ^ rays[direction][highest_square((ray & occupied) | square_bit(0))];
}

static bitboard classical_rook(int square, bitboard occupied)
{
    return ray_up(NORTH, square, occupied) | ray_up(EAST, square, occupied) | ray_down(SOUTH, square, occupied) |
           ray_down(WEST, square, occupied);
}

static bitboard classical_bishop(int square, bitboard occupied)
{
    return ray_up(NORTH_EAST, square, occupied) | ray_up(NORTH_WEST, square, occupied) |
           ray_down(SOUTH_WEST, square, occupied) | ray_down(SOUTH_EAST, square, occupied);
}

static bitboard classical_queen(int square, bitboard occupied)
{
    return classical_rook(square, occupied) | classical_bishop(square, occupied);
}

/* The miss path, kept out of the inlined lookup. */
static __attribute__((noinline, cold)) bitboard store_miss(struct hash_entry *entry, uint64_t signature, int square,
                                                           bitboard occupied, attackbench_lookup_function compute)
{
    bitboard attacks = compute(square, occupied);
    entry->signature = signature;
    entry->attacks = attacks;
    thread_misses++;
    return attacks;
}

static inline __attribute__((always_inline)) bitboard probe(uint64_t signature, int square, bitboard occupied,
                                                            attackbench_lookup_function compute)
{
    struct hash_entry *table = thread_table;
    if (__builtin_expect(table == NULL, 0))
        table = allocate_thread_table();
    struct hash_entry *entry = &table[signature & thread_slot_mask];
    if (__builtin_expect(entry->signature == signature, 1))
        return entry->attacks;
    return store_miss(entry, signature, square, occupied, compute);
}

static inline uint64_t rook_signature(int square, bitboard occupied)
{
    bitboard blockers = occupied & rook_relevant[square];
    const uint64_t(*keys)[SHERWIN_ROOK_PATTERNS] = rook_row_keys[square];
    return keys[0][blockers & 255] ^ keys[1][(blockers >> 8) & 255] ^ keys[2][(blockers >> 16) & 255] ^
           keys[3][(blockers >> 24) & 255] ^ keys[4][(blockers >> 32) & 255] ^ keys[5][(blockers >> 40) & 255] ^
           keys[6][(blockers >> 48) & 255] ^ keys[7][blockers >> 56];
}

static inline uint64_t bishop_signature(int square, bitboard occupied)
{
    bitboard blockers = (occupied & bishop_relevant[square]) >> SHERWIN_BISHOP_SHIFT;
    const uint64_t(*keys)[SHERWIN_BISHOP_PATTERNS] = bishop_row_keys[square];
    return keys[0][blockers & 63] ^ keys[1][(blockers >> 8) & 63] ^ keys[2][(blockers >> 16) & 63] ^
           keys[3][(blockers >> 24) & 63] ^ keys[4][(blockers >> 32) & 63] ^ keys[5][(blockers >> 40) & 63];
}

/* The lookups as the batched loops inline them.  A queen's signature is
 * the XOR of its rook and bishop signatures and its entry holds the whole
 * queen set: one probe.  (All keys are independent random words, so a
 * rook, bishop and queen signature coincide only by chance, 2^-64.) */
static inline __attribute__((always_inline)) bitboard hash_rook(int square, bitboard occupied)
{
    return probe(rook_signature(square, occupied), square, occupied, classical_rook);
}

static inline __attribute__((always_inline)) bitboard hash_bishop(int square, bitboard occupied)
{
    return probe(bishop_signature(square, occupied), square, occupied, classical_bishop);
}

static inline __attribute__((always_inline)) bitboard hash_queen(int square, bitboard occupied)
{
    return probe(rook_signature(square, occupied) ^ bishop_signature(square, occupied), square, occupied,
                 classical_queen);
}

/* Lookups are counted per call here, and per pass in the loops below, so
 * that the inlined loop carries no counter through memory. */
static bitboard sherwin_hash_rook(int square, bitboard occupied)
{
    thread_lookups++;
    return hash_rook(square, occupied);
}

static bitboard sherwin_hash_bishop(int square, bitboard occupied)
{
    thread_lookups++;
    return hash_bishop(square, occupied);
}

static bitboard sherwin_hash_queen(int square, bitboard occupied)
{
    thread_lookups++;
    return hash_queen(square, occupied);
}

ATTACKBENCH_PASSES(, hash_rook_loop, attackbench_lookup_entries(hash_rook), ATTACKBENCH_ONE_SET)

static uint64_t counted_rook_loop(const struct attackbench_run *run)
{
    thread_lookups += run->count;
    return hash_rook_loop(run);
}

ATTACKBENCH_PASSES(, hash_bishop_loop, attackbench_lookup_entries(hash_bishop), ATTACKBENCH_ONE_SET)

static uint64_t counted_bishop_loop(const struct attackbench_run *run)
{
    thread_lookups += run->count;
    return hash_bishop_loop(run);
}

ATTACKBENCH_PASSES(, hash_queen_loop, attackbench_lookup_entries(hash_queen), ATTACKBENCH_ONE_SET)

static uint64_t counted_queen_loop(const struct attackbench_run *run)
{
    thread_lookups += run->count;
    return hash_queen_loop(run);
}

/* splitmix64: a fixed seed, so every run uses the same keys. */
static uint64_t next_key(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static void build_rays(void)
{
    static const int steps[DIRECTION_COUNT][2] = {{0, 1}, {1, 0}, {1, 1}, {-1, 1}, {0, -1}, {-1, 0}, {-1, -1}, {1, -1}};
    for (int direction = 0; direction < DIRECTION_COUNT; direction++)
        for (int square = 0; square < 64; square++) {
            bitboard ray = 0;
            int file = square_file(square) + steps[direction][0];
            int rank = square_rank(square) + steps[direction][1];
            for (; file >= 0 && file < 8 && rank >= 0 && rank < 8;
                 file += steps[direction][0], rank += steps[direction][1])
                ray |= square_bit(make_square(file, rank));
            rays[direction][square] = ray;
        }
}

static size_t sherwin_hash_init(void)
{
    uint64_t state = 0x5348455257494EULL;
    for (int square = 0; square < 64; square++) {
        rook_relevant[square] = ray_walk_rook_relevant(square);
        bishop_relevant[square] = ray_walk_bishop_relevant(square);
        for (int row = 0; row < SHERWIN_ROOK_ROWS; row++)
            for (int pattern = 0; pattern < SHERWIN_ROOK_PATTERNS; pattern++)
                rook_row_keys[square][row][pattern] = next_key(&state);
        for (int row = 0; row < SHERWIN_BISHOP_ROWS; row++)
            for (int pattern = 0; pattern < SHERWIN_BISHOP_PATTERNS; pattern++)
                bishop_row_keys[square][row][pattern] = next_key(&state);
    }
    build_rays();
    allocate_thread_table();
    thread_lookups = 0;
    thread_misses = 0;
    return sizeof rook_row_keys + sizeof bishop_row_keys + sizeof rook_relevant + sizeof bishop_relevant + sizeof rays +
           ((size_t)1 << hash_bits) * sizeof(struct hash_entry);
}

static int sherwin_hash_set_parameter(const char *name, const char *value, char *error, size_t error_size)
{
    if (strcmp(name, "hash-bits") != 0) {
        snprintf(error, error_size, "unknown parameter '%s' (sherwin-hash takes hash-bits=%d..%d)", name, MIN_HASH_BITS,
                 MAX_HASH_BITS);
        return -1;
    }
    char *end;
    long bits = strtol(value, &end, 10);
    if (*value == '\0' || *end != '\0' || bits < MIN_HASH_BITS || bits > MAX_HASH_BITS) {
        snprintf(error, error_size, "hash-bits must be an integer from %d to %d (2^N slots of 16 bytes), not '%s'",
                 MIN_HASH_BITS, MAX_HASH_BITS, value);
        return -1;
    }
    hash_bits = (int)bits;
    return 0;
}

static double sherwin_hash_hit_rate(void)
{
    if (thread_lookups == 0)
        return 0.0;
    return (double)(thread_lookups - thread_misses) / (double)thread_lookups;
}

static void sherwin_hash_reset_statistics(void)
{
    thread_lookups = 0;
    thread_misses = 0;
}

static const char *sherwin_hash_note(void)
{
    static char note[96];
    snprintf(note, sizeof note, "hash-bits=%d (%zu KiB per thread), misses by classical rays", hash_bits,
             (((size_t)1 << hash_bits) * sizeof(struct hash_entry)) >> 10);
    return note;
}

/* The per-call lookups above count each call, the query loops each pass;
 * the side-wise passes BACKEND stamps inline the counting lookups, so that
 * the hit rate covers them too. */
BACKEND(sherwin_hash, "sherwin-hash", "XOR of random per-row keys as a signature into a per-thread attack cache",
        "seed 004: Sherwin's row-signature post", .init = sherwin_hash_init, .note = sherwin_hash_note,
        .set_parameter = sherwin_hash_set_parameter, .hit_rate = sherwin_hash_hit_rate,
        .reset_statistics = sherwin_hash_reset_statistics, .rook_loop = counted_rook_loop,
        .bishop_loop = counted_bishop_loop, .queen_loop = counted_queen_loop)

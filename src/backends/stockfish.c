/* Stockfish's sliding attacks as its master builds them on each platform,
 * read from official-stockfish/Stockfish/src/attacks.h and attacks.cpp at
 * commit 762dd1da9a5d (2026-08-03); written here, not copied.
 * - x86-64 with AVX2 ("DualMagic", pull request #6845): hyperbola
 *   quintessence on the file, the diagonal, an empty lane and the
 *   anti-diagonal in the four 64-bit lanes of one ymm, the opposite rays
 *   by a vpshufb that reverses each 16-byte half (two lanes at once);
 *   the rank from a 512-byte table indexed by file and the six inner bits
 *   of the rank (#6865, four times smaller in #6998); rook and bishop come
 *   out of one computation (both_attacks_bb, this backend's native `both`
 *   entry for --piece=both), the compiler dropping what a caller does not
 *   use.  Its formulations are the forms of both_attacks_bb since the
 *   snapshot: `master` (the snapshot's), `short-rook` (pull request
 *   #7154, September 2026: the rook read off lane 0 directly) and
 *   `permute` (#7181: vpermq in place of vextracti128), rebuilt from the
 *   pull requests' descriptions (their diffs were not at hand).
 * - aarch64 and loongarch64 (#6795): scalar hyperbola quintessence with
 *   the bit reversal instruction (rbit), two line masks per square and
 *   piece.
 * - everywhere else (x86-64 without AVX2, wasm32, riscv64): fancy magic
 *   with Stockfish's own factor search (xorshift64* seeded per rank,
 *   sparse factors) into its 0x19000 + 0x1480-entry tables, and on 32-bit
 *   targets its two-multiply 32-bit index.  PEXT is not used (#6939).
 * On x86-64 both forms are built and the registry runs DualMagic on a CPU
 * with AVX2 (the magic form's faster path), as Stockfish's build chooses
 * by ARCH; --list names the form that runs. */
#include <stdalign.h>
#include <stdint.h>

#include "attackbench/loops.h"
#include "base/ray_walk.h"

#if defined(__x86_64__)
#include <immintrin.h>

#define STOCKFISH_DUAL_MAGIC 1
#define DUAL_TARGET "avx2"
#endif

#if defined(__aarch64__) || (defined(__loongarch__) && __loongarch_grlen == 64)
#include "building_blocks/bit_reverse.h"
#define STOCKFISH_HYPERBOLA 1
#else
#define STOCKFISH_MAGIC 1
#endif

#if defined(STOCKFISH_MAGIC)
/* ---- Fancy magic, Stockfish's Magic struct and factor search. ---- */

#if UINTPTR_MAX > 0xFFFFFFFFu
#define STOCKFISH_64_BIT 1
#else
#define STOCKFISH_64_BIT 0
#endif

/* One slider on one square, Stockfish's field order. */
struct stockfish_magic {
    bitboard mask;
    bitboard *attacks;
    bitboard magic;
    unsigned shift;
};

enum { ROOK_ENTRIES = 0x19000, BISHOP_ENTRIES = 0x1480, MAX_SUBSETS = 4096 };

/* [square][0] the bishop, [square][1] the rook, as Magics[s][pt - BISHOP]. */
static alignas(64) struct stockfish_magic stockfish_magics[SQUARE_COUNT][2];
static bitboard rook_table[ROOK_ENTRIES];
static bitboard bishop_table[BISHOP_ENTRIES];

/* Stockfish's PRNG: Vigna's xorshift64*. */
static uint64_t xorshift64_star(uint64_t *state)
{
    *state ^= *state >> 12;
    *state ^= *state << 25;
    *state ^= *state >> 27;
    return *state * 2685821657736338717ULL;
}

/* A factor with about an eighth of its bits set. */
static uint64_t sparse_random(uint64_t *state)
{
    uint64_t first = xorshift64_star(state);
    uint64_t second = xorshift64_star(state);
    return first & second & xorshift64_star(state);
}

static inline unsigned magic_index(const struct stockfish_magic *magic, bitboard occupied)
{
#if STOCKFISH_64_BIT
    return (unsigned)(((occupied & magic->mask) * magic->magic) >> magic->shift);
#else
    uint32_t low = (uint32_t)occupied & (uint32_t)magic->mask;
    uint32_t high = (uint32_t)(occupied >> 32) & (uint32_t)(magic->mask >> 32);
    return (low * (uint32_t)magic->magic ^ high * (uint32_t)(magic->magic >> 32)) >> magic->shift;
#endif
}

/* Fills one square's slice: its subsets (Carry-Rippler), then factors from
 * the rank's seed until one maps every subset without a clash (an epoch
 * per attempt instead of clearing the slice); returns the slice size. */
static int fill_square(struct stockfish_magic *magic, int square, int is_rook)
{
    static const uint64_t seeds[2][8] = {{8977, 44560, 54343, 38998, 5731, 95205, 104912, 17020},
                                         {728, 10316, 55013, 32803, 12281, 15100, 16645, 255}};
    static bitboard occupancies[MAX_SUBSETS], attacks[MAX_SUBSETS];
    static int epoch[MAX_SUBSETS], attempt;
    int size = 0;
    bitboard subset = 0;
    do {
        occupancies[size] = subset;
        attacks[size] = is_rook ? ray_walk_rook(square, subset) : ray_walk_bishop(square, subset);
        size++;
        subset = (subset - magic->mask) & magic->mask;
    } while (subset);

    uint64_t state = seeds[STOCKFISH_64_BIT][square_rank(square)];
    for (int i = 0; i < size;) {
        for (magic->magic = 0; population_count((magic->magic * magic->mask) >> 56) < 6;)
            magic->magic = sparse_random(&state);
        for (++attempt, i = 0; i < size; ++i) {
            unsigned index = magic_index(magic, occupancies[i]);
            if (epoch[index] < attempt) {
                epoch[index] = attempt;
                magic->attacks[index] = attacks[i];
            } else if (magic->attacks[index] != attacks[i]) {
                break;
            }
        }
    }
    return size;
}

static void init_piece(int is_rook, bitboard *table)
{
    int size = 0;
    for (int square = 0; square < SQUARE_COUNT; square++) {
        struct stockfish_magic *magic = &stockfish_magics[square][is_rook];
        magic->mask = is_rook ? ray_walk_rook_relevant(square) : ray_walk_bishop_relevant(square);
        magic->shift = (STOCKFISH_64_BIT ? 64u : 32u) - (unsigned)population_count(magic->mask);
        magic->attacks = square == 0 ? table : stockfish_magics[square - 1][is_rook].attacks + size;
        size = fill_square(magic, square, is_rook);
    }
}

static size_t magic_init(void)
{
    init_piece(1, rook_table);
    init_piece(0, bishop_table);
    return sizeof stockfish_magics + sizeof rook_table + sizeof bishop_table;
}

static inline bitboard magic_rook(int square, bitboard occupied)
{
    const struct stockfish_magic *magic = &stockfish_magics[square][1];
    return magic->attacks[magic_index(magic, occupied)];
}

static inline bitboard magic_bishop(int square, bitboard occupied)
{
    const struct stockfish_magic *magic = &stockfish_magics[square][0];
    return magic->attacks[magic_index(magic, occupied)];
}

QUEEN_FROM_ROOK_AND_BISHOP(magic)
#endif

#if defined(STOCKFISH_HYPERBOLA)
/* ---- Scalar hyperbola quintessence with rbit (aarch64, loongarch64). ---- */

/* For a rook the file and the rank, for a bishop the two diagonals; each
 * without the square. */
struct line_pair {
    bitboard first, second;
};

/* [square][0] the bishop, [square][1] the rook. */
static alignas(64) struct line_pair line_pairs[SQUARE_COUNT][2];

static size_t hyperbola_init(void)
{
    for (int square = 0; square < SQUARE_COUNT; square++) {
        bitboard outside = ~square_bit(square);
        line_pairs[square][0] =
            (struct line_pair){diagonal_mask(square) & outside, anti_diagonal_mask(square) & outside};
        line_pairs[square][1] = (struct line_pair){file_mask(square) & outside, rank_mask(square) & outside};
    }
    return sizeof line_pairs;
}

/* o - s runs up the line from the slider to the first blocker, the same on
 * the reversed board runs down it (the slider reversed is 63 - square). */
static inline bitboard line_attacks(int square, bitboard occupied, bitboard line)
{
    bitboard on_line = occupied & line;
    bitboard forward = on_line - square_bit(square);
    bitboard reverse = reverse_bits(on_line) - square_bit(63 - square);
    return (forward ^ reverse_bits(reverse)) & line;
}

static inline bitboard pair_attacks(int square, bitboard occupied, const struct line_pair *pair)
{
    return line_attacks(square, occupied, pair->first) | line_attacks(square, occupied, pair->second);
}

static inline bitboard hyperbola_rook(int square, bitboard occupied)
{
    return pair_attacks(square, occupied, &line_pairs[square][1]);
}

static inline bitboard hyperbola_bishop(int square, bitboard occupied)
{
    return pair_attacks(square, occupied, &line_pairs[square][0]);
}

QUEEN_FROM_ROOK_AND_BISHOP(hyperbola)
#endif

#if defined(STOCKFISH_DUAL_MAGIC)
/* ---- DualMagic: the file and both diagonals in one ymm (AVX2). ---- */

/* RankAttacks[file][inner]: the first rank's attacks of a rook on `file`
 * when b1..g1 hold the six bits of `inner`. */
static alignas(64) uint8_t rank_attacks_table[8][64];

/* Stockfish's DualMagic, one 64-byte line per square: the lane masks
 * (file, diagonal, none, anti-diagonal, each without the square), twice
 * the slider and twice its mirror (bit 63 - square), the square's row of
 * the rank table and the rank's shift. */
struct dual_magic {
    bitboard mask_file, mask_diagonal, mask_none, mask_anti_diagonal;
    bitboard slider_twice, mirrored_slider_twice;
    const uint8_t *rank_attacks;
    int shift;
};

static alignas(64) struct dual_magic dual_magics[SQUARE_COUNT];

static size_t dual_init(void)
{
    for (int file = 0; file < 8; file++)
        for (unsigned inner = 0; inner < 64; inner++)
            rank_attacks_table[file][inner] = (uint8_t)ray_walk_first_rank(file, inner << 1);
    for (int square = 0; square < SQUARE_COUNT; square++) {
        bitboard outside = ~square_bit(square);
        dual_magics[square] = (struct dual_magic){
            .mask_file = file_mask(square) & outside,
            .mask_diagonal = diagonal_mask(square) & outside,
            .mask_anti_diagonal = anti_diagonal_mask(square) & outside,
            .slider_twice = square_bit(square) * 2,
            .mirrored_slider_twice = square_bit(63 - square) * 2,
            .rank_attacks = rank_attacks_table[square_file(square)],
            .shift = 8 * square_rank(square),
        };
    }
    return sizeof dual_magics + sizeof rank_attacks_table;
}

/* Reverses the 16 bytes of each 128-bit half: lanes 0 and 1 swap places,
 * each byte-reversed, and so do lanes 2 and 3.  Applied before and after a
 * lane-wise subtraction it is the per-lane byte reversal of hyperbola. */
TARGET_ATTRIBUTE(DUAL_TARGET) static inline __m256i reverse_halves(__m256i lanes)
{
    const __m256i order = _mm256_setr_epi8(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, /* */
                                           15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
    return _mm256_shuffle_epi8(lanes, order);
}

/* The four lanes' attacks: hyperbola on the file, the diagonal, the empty
 * lane and the anti-diagonal, the rank left for the table. */
TARGET_ATTRIBUTE(DUAL_TARGET) static inline __m256i dual_lines(const struct dual_magic *magic, bitboard occupied)
{
    const __m256i masks = _mm256_load_si256((const __m256i *)magic);
    const __m256i slider = _mm256_set1_epi64x((long long)magic->slider_twice);
    const __m256i mirrored_slider = _mm256_set1_epi64x((long long)magic->mirrored_slider_twice);
    __m256i on_lines = _mm256_and_si256(masks, _mm256_set1_epi64x((long long)occupied));
    __m256i forward = _mm256_sub_epi64(on_lines, slider);
    __m256i reverse = reverse_halves(_mm256_sub_epi64(reverse_halves(on_lines), mirrored_slider));
    return _mm256_and_si256(_mm256_xor_si256(forward, reverse), masks);
}

static inline bitboard dual_rank(const struct dual_magic *magic, bitboard occupied)
{
    bitboard rank_row = magic->rank_attacks[(occupied >> (magic->shift + 1)) & 0x3f];
    return rank_row << magic->shift;
}

/* The three forms of both_attacks_bb, this backend's formulations; each
 * returns both pieces at once (the backend's native `both` entry), the
 * compiler dropping what a caller does not use.
 * - master (the snapshot): the halves ORed (lane 0 the file, lane 1 both
 *   diagonals), the rank added to the file, so the rook waits for the
 *   extract of the upper half and the OR. */
TARGET_ATTRIBUTE(DUAL_TARGET) static inline struct attackbench_both dual_master_both(int square, bitboard occupied)
{
    const struct dual_magic *magic = &dual_magics[square];
    __m256i lines = dual_lines(magic, occupied);
    __m128i rook_bishop = _mm_or_si128(_mm256_extracti128_si256(lines, 1), _mm256_castsi256_si128(lines));
    return (struct attackbench_both){
        .rook = (bitboard)_mm_cvtsi128_si64(rook_bishop) + dual_rank(magic, occupied),
        .bishop = (bitboard)_mm_extract_epi64(rook_bishop, 1),
    };
}

/* The rook from lane 0 of the lanes themselves, the bishop from lane 1 of
 * the low half ORed with `high`, the upper half brought down. */
TARGET_ATTRIBUTE(DUAL_TARGET)
static inline struct attackbench_both dual_rook_off_the_path(const struct dual_magic *magic, bitboard occupied,
                                                             __m256i lines, __m128i high)
{
    __m128i low = _mm256_castsi256_si128(lines);
    return (struct attackbench_both){
        .rook = (bitboard)_mm_cvtsi128_si64(low) + dual_rank(magic, occupied),
        .bishop = (bitboard)_mm_extract_epi64(_mm_or_si128(high, low), 1),
    };
}

/* - short-rook (pull request #7154, "shorten the rook dependency chain"):
 *   the file is lane 0 of the lanes themselves (the empty lane 2 adds
 *   nothing), read by a cast that compiles to nothing, so the rook no
 *   longer waits for the extract and the OR; the bishop as before. */
TARGET_ATTRIBUTE(DUAL_TARGET) static inline struct attackbench_both dual_short_rook_both(int square, bitboard occupied)
{
    const struct dual_magic *magic = &dual_magics[square];
    __m256i lines = dual_lines(magic, occupied);
    return dual_rook_off_the_path(magic, occupied, lines, _mm256_extracti128_si256(lines, 1));
}

/* - permute (pull request #7181, "use permute in both_attacks_bb"): as
 *   short-rook, the upper half brought down by a 64-bit lane permute
 *   (vpermq) instead of the 128-bit extract (vextracti128), the same
 *   number of instructions. */
TARGET_ATTRIBUTE(DUAL_TARGET) static inline struct attackbench_both dual_permute_both(int square, bitboard occupied)
{
    const struct dual_magic *magic = &dual_magics[square];
    __m256i lines = dual_lines(magic, occupied);
    __m256i upper_down = _mm256_permute4x64_epi64(lines, _MM_SHUFFLE(3, 2, 3, 2));
    return dual_rook_off_the_path(magic, occupied, lines, _mm256_castsi256_si128(upper_down));
}

/* The rook, bishop and queen lookups of each form, from its `both`. */
#define DUAL_FORM_LOOKUPS(FORM) \
    TARGET_ATTRIBUTE(DUAL_TARGET) static inline bitboard stockfish_##FORM##_rook(int square, bitboard occupied) \
    { \
        return dual_##FORM##_both(square, occupied).rook; \
    } \
    TARGET_ATTRIBUTE(DUAL_TARGET) static inline bitboard stockfish_##FORM##_bishop(int square, bitboard occupied) \
    { \
        return dual_##FORM##_both(square, occupied).bishop; \
    } \
    TARGET_ATTRIBUTE(DUAL_TARGET) static inline bitboard stockfish_##FORM##_queen(int square, bitboard occupied) \
    { \
        struct attackbench_both both = dual_##FORM##_both(square, occupied); \
        return both.rook | both.bishop; \
    }

DUAL_FORM_LOOKUPS(master)
DUAL_FORM_LOOKUPS(short_rook)
DUAL_FORM_LOOKUPS(permute)

#endif

/* ---- The backend: the registry runs DualMagic where the CPU has AVX2
 * (its .faster_path), else the form this build has for the platform. ---- */

#if defined(STOCKFISH_HYPERBOLA)
#define STOCKFISH_FORM(piece) hyperbola_##piece
#define STOCKFISH_INIT hyperbola_init
#define STOCKFISH_NOTE "form: hyperbola quintessence with the bit reversal (" BIT_REVERSAL ")"
#elif defined(STOCKFISH_DUAL_MAGIC)
#define STOCKFISH_FORM(piece) magic_##piece
#define STOCKFISH_INIT magic_init
#define STOCKFISH_NOTE "form: fancy magic, Stockfish's seeded factors (this CPU lacks AVX2 for DualMagic)"
#elif STOCKFISH_64_BIT
#define STOCKFISH_FORM(piece) magic_##piece
#define STOCKFISH_INIT magic_init
#define STOCKFISH_NOTE "form: fancy magic, Stockfish's seeded factors"
#else
#define STOCKFISH_FORM(piece) magic_##piece
#define STOCKFISH_INIT magic_init
#define STOCKFISH_NOTE "form: fancy magic with the 32-bit index, Stockfish's seeded factors"
#endif

static inline bitboard stockfish_rook(int square, bitboard occupied)
{
    return STOCKFISH_FORM(rook)(square, occupied);
}

static inline bitboard stockfish_bishop(int square, bitboard occupied)
{
    return STOCKFISH_FORM(bishop)(square, occupied);
}

static inline bitboard stockfish_queen(int square, bitboard occupied)
{
    return STOCKFISH_FORM(queen)(square, occupied);
}

static const char *stockfish_note(void)
{
    return STOCKFISH_NOTE;
}

#define STOCKFISH_NAME "stockfish"
#define STOCKFISH_IDEA \
    "Stockfish master's own form for this platform: DualMagic (hyperbola in AVX2 lanes, rank table) on x86-64 " \
    "with AVX2, rbit hyperbola on aarch64, fancy magic elsewhere"
#define STOCKFISH_SOURCE "official-stockfish/Stockfish attacks.h (PRs #6845, #6865, #6998, #6795, #6939, #7154, #7181)"

#if defined(STOCKFISH_DUAL_MAGIC)
static const char *dual_note(void)
{
    return "form: DualMagic (x86-64 with AVX2: file and diagonals in ymm lanes, 512-byte rank table)";
}

/* DualMagic's three forms are the technique's formulations, master's
 * first (--formulation=fixed runs it); a CPU without AVX2 runs none of
 * them and keeps the form of the platform. */
BACKEND(stockfish_master, STOCKFISH_NAME ":master", "both_attacks_bb at the snapshot: the rook from the ORed halves",
        STOCKFISH_SOURCE, TARGET(DUAL_TARGET), .init = dual_init, .note = dual_note, .both = dual_master_both)
BACKEND(stockfish_short_rook, STOCKFISH_NAME ":short-rook",
        "pull request #7154: the rook read from lane 0 directly, off the extract's path", STOCKFISH_SOURCE,
        TARGET(DUAL_TARGET), .init = dual_init, .note = dual_note, .both = dual_short_rook_both)
BACKEND(stockfish_permute, STOCKFISH_NAME ":permute",
        "pull request #7181: short-rook with vpermq in place of vextracti128", STOCKFISH_SOURCE, TARGET(DUAL_TARGET),
        .init = dual_init, .note = dual_note, .both = dual_permute_both)

static const struct backend *const stockfish_formulations[] = {&stockfish_master_backend, &stockfish_short_rook_backend,
                                                               &stockfish_permute_backend, NULL};

BACKEND(stockfish, STOCKFISH_NAME, STOCKFISH_IDEA, STOCKFISH_SOURCE, .init = STOCKFISH_INIT, .note = stockfish_note,
        .faster_path = &stockfish_master_backend, .formulations = stockfish_formulations)
#else
BACKEND(stockfish, STOCKFISH_NAME, STOCKFISH_IDEA, STOCKFISH_SOURCE, .init = STOCKFISH_INIT, .note = stockfish_note)
#endif

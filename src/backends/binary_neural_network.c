/* Binary neural network: Daniel Infuehr (dangi12012), "Binary Neural
 * Network for sliding piece attacks", talkchess 2022
 * (http://www.talkchess.com/forum3/viewtopic.php?f=7&t=79332), measured as
 * "BinaryNeuralNetwork" in Gigantua's Chess_Movegen.  The idea is his: PEXT
 * gathers a square's relevant occupancy into an n-bit input (n <= 12), one
 * tiny binary network per bit of the empty-board attack set computes that
 * bit, and PDEP deposits the bits onto the board: weights in place of a
 * table of attack sets.
 *
 * The architecture, trainer and weights here are the project's.  Each
 * output bit's network: 32 hidden binary neurons, neuron j reading byte
 * j & 1 of the input (bits 0-7 or 8-15), with 8 binary weights w_j and a
 * threshold t_j in 0..9; it fires when popcount(byte AND w_j) < t_j, and
 * the output bit is set when more than 16 of the 32 fire.  An output bit
 * is "the squares between the slider and the target are all empty", which
 * one neuron per byte with those squares as weights and threshold 1 would
 * compute; the weights are instead trained from random starts by
 * scripts/generators/bnn-train.c (make generate: simulated annealing on all 2^n
 * inputs of each network, fixed seed, about 13 s of CPU), and every one of
 * the 1,456 networks came out exact (none fell back to that construction;
 * generated/binary_neural_network_weights.h says so).  64 bytes per network, 93,184
 * in all, where pext's attack table takes 843 KB.
 *
 * Three paths, its formulations (binary-neural-network:bitalg, :avx2 and
 * :portable), which the registry chooses between at start-up by
 * measurement: with AVX-512 BW and BITALG two networks in one zmm (AND,
 * VPOPCNTB, VPCMPUB against the thresholds into a mask, popcnt of each
 * half); with AVX2, BMI2 and POPCNT the 32 neurons in one ymm (AND,
 * nibble-table popcount by vpshufb, the threshold subtracted, vpmovmskb of
 * the signs, popcnt), both between a PEXT and a PDEP; elsewhere, aarch64
 * included, eight neurons per 64-bit word (a SWAR byte popcount and
 * compare) between a software bit extract and deposit. */
#include <stdalign.h>
#include <stdint.h>

#include "attackbench/loops.h"
#include "building_blocks/magic_search.h"
#include "building_blocks/pext_tables.h"

#include "generated/binary_neural_network_weights.h"

enum {
    ROOK_OUTPUTS = 14,
    /* Each network: 4 words of weights, then 4 words of thresholds. */
    WORDS_PER_NETWORK = 8,
    /* Votes at or above this set the output bit (more than half of 32). */
    MAJORITY = 17
};

/* What a lookup reads about its square: the relevant occupancy mask (the
 * input bits, in square order), the empty-board attacks (the output bits,
 * in square order), and the square's networks, one per output bit. */
struct square_networks {
    bitboard gather;
    bitboard scatter;
    const uint64_t *networks;
    uint64_t outputs;
    const uint64_t *pairs;
};

static alignas(32) struct square_networks rook_squares[SQUARE_COUNT];
static alignas(32) struct square_networks bishop_squares[SQUARE_COUNT];

/* The vector paths' copy of the networks.  Each square has a block of
 * PAIRS_PER_SQUARE pairs, pair p holding networks p and p + 7: both
 * networks' weights in one 64-byte line and their thresholds in the next,
 * so that a zmm load takes a pair whole.  A square with fewer than 14
 * output bits (every bishop) has all-zero networks after its own, whose
 * bits PDEP drops: every lookup evaluates 14 networks, with no branch on
 * its square's count (the loop over a bishop's 7 to 13 outputs
 * mispredicted its exit on random squares). */
enum { PAIRS_PER_SQUARE = 7, WORDS_PER_PAIR = 16 };

#if defined(__x86_64__)
/* The vector paths' paired copies (x86-64 only). */
static alignas(64) uint64_t rook_pairs[SQUARE_COUNT][PAIRS_PER_SQUARE * WORDS_PER_PAIR];
static alignas(64) uint64_t bishop_pairs[SQUARE_COUNT][PAIRS_PER_SQUARE * WORDS_PER_PAIR];
#endif

static void bind_networks(struct square_networks *squares, enum slider piece, const uint64_t *networks)
{
    for (int square = 0; square < SQUARE_COUNT; square++) {
        squares[square].gather = magic_relevant_mask(piece, square);
        squares[square].scatter = magic_ray_attacks(piece, square, 0);
        squares[square].networks = networks;
        squares[square].outputs = (uint64_t)population_count(squares[square].scatter);
        networks += squares[square].outputs * WORDS_PER_NETWORK;
    }
}

/* Points the squares at their networks; returns the size of what the
 * portable lookups read. */
static size_t binary_neural_network_init(void)
{
    bind_networks(rook_squares, SLIDER_ROOK, bnn_rook_parameters);
    bind_networks(bishop_squares, SLIDER_BISHOP, bnn_bishop_parameters);
    return sizeof rook_squares + sizeof bishop_squares + sizeof bnn_rook_parameters + sizeof bnn_bishop_parameters;
}

#if defined(__x86_64__)
/* Copies each square's networks into its block of pairs (the rest of the
 * block stays zero) and points the square at it. */
static void pair_networks(struct square_networks *squares, uint64_t (*blocks)[PAIRS_PER_SQUARE * WORDS_PER_PAIR])
{
    for (int square = 0; square < SQUARE_COUNT; square++) {
        for (uint64_t output = 0; output < squares[square].outputs; output++) {
            const uint64_t *network = squares[square].networks + output * WORDS_PER_NETWORK;
            uint64_t *pair =
                blocks[square] + output % PAIRS_PER_SQUARE * WORDS_PER_PAIR + output / PAIRS_PER_SQUARE * 4;
            for (int word = 0; word < 4; word++) {
                pair[word] = network[word];
                pair[8 + word] = network[4 + word];
            }
        }
        squares[square].pairs = blocks[square];
    }
}

/* The vector paths' start-up: the squares and their blocks of pairs;
 * returns the size of what those lookups read. */
static size_t paired_networks_init(void)
{
    binary_neural_network_init();
    pair_networks(rook_squares, rook_pairs);
    pair_networks(bishop_squares, bishop_pairs);
    return sizeof rook_squares + sizeof bishop_squares + sizeof rook_pairs + sizeof bishop_pairs;
}
#endif

/* A path's three lookups, ID_rook, ID_bishop and ID_queen, from its
 * ATTACKS(entry, occupied, outputs); the rest, its attributes. */
#define NETWORK_LOOKUPS(ID, ATTACKS, ...) \
    __VA_ARGS__ static inline LOOKUP_INLINE bitboard ID##_rook(int square, bitboard occupied) \
    { \
        return ATTACKS(&rook_squares[square], occupied, ROOK_OUTPUTS); \
    } \
    __VA_ARGS__ static inline LOOKUP_INLINE bitboard ID##_bishop(int square, bitboard occupied) \
    { \
        return ATTACKS(&bishop_squares[square], occupied, bishop_squares[square].outputs); \
    } \
    QUEEN_FROM_ROOK_AND_BISHOP(ID, __VA_ARGS__)

/* ---- The portable path: eight neurons per 64-bit word. */

/* The low bits of `value` spread onto the set bits of `mask`, lowest
 * first: what PDEP computes, one mask bit a step. */
static inline LOOKUP_INLINE bitboard software_pdep(uint64_t value, bitboard mask)
{
    bitboard result = 0;
    for (uint64_t bit = 1; mask != 0; bit <<= 1, mask &= mask - 1)
        if (value & bit)
            result |= mask & -mask;
    return result;
}

/* One network's output.  `input` holds the 16-bit input in each of its
 * four 16-bit lanes, so byte i of every word is input byte i & 1, the byte
 * neuron i of that word reads.  Per word: the bytes' popcounts of input
 * AND weights (SWAR), then threshold + 0x7F - popcount, whose top bit is
 * set exactly when popcount < threshold (no byte borrows: threshold <= 9,
 * popcount <= 8); the top bits, moved to bit 0 of each byte and added over
 * the four words, are summed across the bytes by one multiply. */
static inline LOOKUP_INLINE uint64_t portable_network(uint64_t input, const uint64_t *network)
{
    const uint64_t ones = 0x0101010101010101ULL;
    uint64_t fired = 0;
    for (int word = 0; word < 4; word++) {
        uint64_t bits = input & network[word];
        bits -= (bits >> 1) & 0x5555555555555555ULL;
        bits = (bits & 0x3333333333333333ULL) + ((bits >> 2) & 0x3333333333333333ULL);
        bits = (bits + (bits >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
        fired += (((network[4 + word] + 0x7F * ones) - bits) >> 7) & ones;
    }
    uint64_t votes = (fired * ones) >> 56;
    return votes >= MAJORITY;
}

static inline LOOKUP_INLINE bitboard portable_attacks(const struct square_networks *entry, bitboard occupied,
                                                      uint64_t outputs)
{
    uint64_t input = software_pext(occupied, entry->gather) * 0x0001000100010001ULL;
    uint64_t code = 0;
    for (uint64_t output = 0; output < outputs; output++)
        code |= portable_network(input, entry->networks + output * WORDS_PER_NETWORK) << output;
    return software_pdep(code, entry->scatter);
}

NETWORK_LOOKUPS(binary_neural_network, portable_attacks)

#define BNN_NAME "binary-neural-network"
#define BNN_IDEA \
    "PEXT input, one trained binary network per attack bit (32 neurons: popcount(byte AND weights) < threshold, " \
    "majority vote), PDEP output"
#define BNN_SOURCE \
    "Daniel Infuehr, Binary Neural Network (talkchess 2022); weights trained by scripts/generators/bnn-train.c"
#define PORTABLE_NOTE "portable path: software PEXT/PDEP, eight neurons per 64-bit word (SWAR popcount)"

#if defined(__x86_64__)
#include <immintrin.h>

/* ---- The AVX2 path: 32 neurons per ymm. */

/* Ends gcc's reassociation of the code's ORs at each pair: gcc 12 made
 * them a tree, computed every pair's votes before the first OR, ran out
 * of general registers and kept the votes in vector registers, 1.25x
 * slower.  clang 14 needs no help, and with it took 1.4x its time. */
static inline void keep_in_order(uint64_t *code)
{
#if defined(__clang__)
    (void)code;
#else
    __asm__("" : "+r"(*code));
#endif
}

#define AVX2_TARGET "avx2,bmi2,popcnt"

/* The popcount of each byte: two lookups of 4-bit counts by vpshufb. */
__attribute__((target(AVX2_TARGET))) static inline __m256i byte_popcounts(__m256i bytes)
{
    const __m256i nibble_counts = _mm256_setr_epi8(0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, /* */
                                                   0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4);
    const __m256i low_nibbles = _mm256_set1_epi8(0x0F);
    __m256i low = _mm256_and_si256(bytes, low_nibbles);
    __m256i high = _mm256_and_si256(_mm256_srli_epi16(bytes, 4), low_nibbles);
    return _mm256_add_epi8(_mm256_shuffle_epi8(nibble_counts, low), _mm256_shuffle_epi8(nibble_counts, high));
}

/* One network's output, its weights at `weights` and its thresholds 64
 * bytes on (the layout of a pair).  `input` holds the 16-bit input in
 * every 16-bit lane, so byte j is input byte j & 1, the byte neuron j
 * reads; the popcount of input AND weights minus the threshold is negative
 * (top bit set) exactly when the neuron fires (popcount <= 8, threshold <=
 * 9); vpmovmskb gathers the 32 top bits, and (votes + 15) >> 5 is 1
 * exactly when votes >= 17. */
__attribute__((target(AVX2_TARGET))) static inline uint64_t avx2_network(__m256i input, const uint64_t *weights)
{
    __m256i counts = byte_popcounts(_mm256_and_si256(input, _mm256_load_si256((const __m256i *)weights)));
    __m256i thresholds = _mm256_load_si256((const __m256i *)(weights + 8));
    unsigned fired = (unsigned)_mm256_movemask_epi8(_mm256_sub_epi8(counts, thresholds));
    return (_mm_popcnt_u32(fired) + 32u - MAJORITY) >> 5;
}

/* All 14 networks of the square's block, whatever its count. */
__attribute__((target(AVX2_TARGET))) static inline LOOKUP_INLINE bitboard
avx2_attacks(const struct square_networks *entry, bitboard occupied, uint64_t outputs)
{
    (void)outputs;
    __m256i input = _mm256_set1_epi16((short)_pext_u64(occupied, entry->gather));
    uint64_t code = 0;
#pragma GCC unroll 7
    for (int pair = 0; pair < PAIRS_PER_SQUARE; pair++) {
        const uint64_t *weights = entry->pairs + pair * WORDS_PER_PAIR;
        code |= avx2_network(input, weights) << pair | avx2_network(input, weights + 4) << (pair + PAIRS_PER_SQUARE);
        keep_in_order(&code);
    }
    return _pdep_u64(code, entry->scatter);
}

NETWORK_LOOKUPS(binary_neural_network_avx2, avx2_attacks, TARGET_ATTRIBUTE(AVX2_TARGET))

/* ---- The AVX-512 BITALG path: two networks per zmm. */

#define BITALG_TARGET "avx512f,avx512vl,avx512bw,avx512bitalg,bmi2,popcnt"

/* 1 when at least MAJORITY of the 32 neurons whose bits `fired` holds fired. */
__attribute__((target(BITALG_TARGET))) static inline uint64_t majority(uint32_t fired)
{
    return (_mm_popcnt_u32(fired) + 32u - MAJORITY) >> 5;
}

/* The neurons of the pair at `pair` that fire: one zmm of both networks'
 * weights, one of their thresholds; VPOPCNTB counts each neuron's bits,
 * VPCMPUB compares them with the thresholds into a 64-bit mask, the low
 * half the first network's neurons, the high half the second's. */
__attribute__((target(BITALG_TARGET))) static inline __mmask64 fired_neurons(__m512i input, const uint64_t *pair)
{
    __m512i weights = _mm512_load_si512(pair);
    __m512i thresholds = _mm512_load_si512(pair + 8);
    return _mm512_cmplt_epu8_mask(_mm512_popcnt_epi8(_mm512_and_si512(input, weights)), thresholds);
}

/* The pair's two output bits, at bits 0 and PAIRS_PER_SQUARE. */
__attribute__((target(BITALG_TARGET))) static inline uint64_t bitalg_network_pair(__m512i input, const uint64_t *pair)
{
    uint64_t fired = fired_neurons(input, pair);
    /* The mask in a general register: clang 14 otherwise gathered the
     * pairs' masks into vectors for their popcounts, each stored from a
     * mask register as 8 bytes and loaded back as 16 (a failed store
     * forward each), and took twice gcc's time. */
    __asm__("" : "+r"(fired));
    return majority((uint32_t)fired) | majority((uint32_t)(fired >> 32)) << PAIRS_PER_SQUARE;
}

/* All seven pairs of the square's block, whatever its count. */
__attribute__((target(BITALG_TARGET))) static inline LOOKUP_INLINE bitboard
bitalg_attacks(const struct square_networks *entry, bitboard occupied, uint64_t outputs)
{
    (void)outputs;
    __m512i input = _mm512_set1_epi16((short)_pext_u64(occupied, entry->gather));
    uint64_t code = 0;
#pragma GCC unroll 7
    for (int pair = 0; pair < PAIRS_PER_SQUARE; pair++) {
        code |= bitalg_network_pair(input, entry->pairs + pair * WORDS_PER_PAIR) << pair;
        keep_in_order(&code);
    }
    return _pdep_u64(code, entry->scatter);
}

NETWORK_LOOKUPS(binary_neural_network_bitalg, bitalg_attacks, TARGET_ATTRIBUTE(BITALG_TARGET))

/* ---- The AVX-512 BITALG and GFNI path: the votes counted in vectors. */

#define GFNI_TARGET "avx512f,avx512vl,avx512bw,avx512bitalg,gfni,bmi2,popcnt"

/* All seven pairs: pair p's fired neurons become bit p of each neuron's
 * byte (a masked add), so that the 64 bytes hold seven bit planes;
 * GF2P8AFFINEQB transposes each qword's 8x8 bits, so that byte p of a
 * qword holds plane p of its eight neurons, VPOPCNTB counts them, and two
 * shuffles sum each half's four qwords: byte p of the low half is the
 * votes for network p, of the high half for network p + 7.  One compare
 * with 16 and the mask is the code, with no general-register work per
 * network. */
__attribute__((target(GFNI_TARGET))) static inline LOOKUP_INLINE bitboard
gfni_attacks(const struct square_networks *entry, bitboard occupied, uint64_t outputs)
{
    (void)outputs;
    __m512i input = _mm512_set1_epi16((short)_pext_u64(occupied, entry->gather));
    __m512i planes = _mm512_setzero_si512();
#pragma GCC unroll 7
    for (int pair = 0; pair < PAIRS_PER_SQUARE; pair++)
        planes = _mm512_mask_add_epi8(planes, fired_neurons(input, entry->pairs + pair * WORDS_PER_PAIR), planes,
                                      _mm512_set1_epi8((char)(1 << pair)));
    /* Byte j of the constant selects bit j of every byte of the matrix. */
    __m512i transposed = _mm512_gf2p8affine_epi64_epi8(_mm512_set1_epi64(0x8040201008040201LL), planes, 0);
    __m512i counts = _mm512_popcnt_epi8(transposed);
    counts = _mm512_add_epi8(counts, _mm512_permutex_epi64(counts, _MM_SHUFFLE(2, 3, 0, 1)));
    counts = _mm512_add_epi8(counts, _mm512_permutex_epi64(counts, _MM_SHUFFLE(1, 0, 3, 2)));
    uint64_t won = _mm512_cmpgt_epu8_mask(counts, _mm512_set1_epi8(MAJORITY - 1));
    uint64_t code = (won & 0x7F) | (won >> (32 - PAIRS_PER_SQUARE) & 0x7F << PAIRS_PER_SQUARE);
    return _pdep_u64(code, entry->scatter);
}

NETWORK_LOOKUPS(binary_neural_network_gfni, gfni_attacks, TARGET_ATTRIBUTE(GFNI_TARGET))

static const char *bitalg_note(void)
{
    return "AVX-512 BITALG path: PEXT, two networks per zmm (VPOPCNTB, VPCMPUB against the thresholds, popcnt of "
           "each half of the mask), PDEP";
}

static const char *gfni_note(void)
{
    return "AVX-512 BITALG and GFNI path: PEXT, two networks per zmm (VPOPCNTB, VPCMPUB), the votes as bit planes "
           "transposed by GF2P8AFFINEQB and counted by VPOPCNTB, PDEP";
}

static const char *avx2_note(void)
{
    return "AVX2 path: PEXT, 32 neurons per ymm (vpshufb popcount, threshold subtracted, vpmovmskb, popcnt), PDEP";
}

static const char *portable_note(void)
{
    return PORTABLE_NOTE;
}

/* The portable path under its formulation's name. */
NETWORK_LOOKUPS(binary_neural_network_portable, portable_attacks)

/* ---- The three paths are its formulations: the AVX-512 BITALG one, the
 * AVX2 one, then the portable one; the registry runs the fastest that
 * this CPU has (src/measure/formulation_choice.c). */

BACKEND(binary_neural_network_avx2, BNN_NAME ":avx2", "PEXT, 32 neurons per ymm, PDEP (AVX2, BMI2, POPCNT)", BNN_SOURCE,
        TARGET(AVX2_TARGET), .init = paired_networks_init, .note = avx2_note,
        .instructions = INSTRUCTION_PEXT | INSTRUCTION_PDEP)
BACKEND(binary_neural_network_portable, BNN_NAME ":portable",
        "software bit extract and deposit, eight neurons per 64-bit word", BNN_SOURCE,
        .init = binary_neural_network_init, .note = portable_note)

BACKEND(binary_neural_network_bitalg, BNN_NAME ":bitalg",
        "PEXT, two networks per zmm by VPOPCNTB and VPCMPUB, PDEP (AVX-512 BW and BITALG, BMI2, POPCNT)", BNN_SOURCE,
        TARGET(BITALG_TARGET), .init = paired_networks_init, .note = bitalg_note,
        .instructions = INSTRUCTION_PEXT | INSTRUCTION_PDEP)

BACKEND(binary_neural_network_gfni, BNN_NAME ":gfni",
        "PEXT, two networks per zmm, the votes counted as bit planes by GF2P8AFFINEQB and VPOPCNTB, PDEP (AVX-512 BW, "
        "BITALG and GFNI, BMI2, POPCNT)",
        BNN_SOURCE, TARGET(GFNI_TARGET), .init = paired_networks_init, .note = gfni_note,
        .instructions = INSTRUCTION_PEXT | INSTRUCTION_PDEP)

static const struct backend *const binary_neural_network_formulations[] = {
    &binary_neural_network_gfni_backend, &binary_neural_network_bitalg_backend, &binary_neural_network_avx2_backend,
    &binary_neural_network_portable_backend, NULL};

BACKEND(binary_neural_network, BNN_NAME, BNN_IDEA, BNN_SOURCE, .init = binary_neural_network_init,
        .note = portable_note, .formulations = binary_neural_network_formulations)
#else
/* ---- Other architectures: the portable path alone. */

static const char *portable_note(void)
{
    return PORTABLE_NOTE " (the only path on this architecture)";
}

BACKEND(binary_neural_network, BNN_NAME, BNN_IDEA, BNN_SOURCE, .init = binary_neural_network_init,
        .note = portable_note)
#endif

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
};

static alignas(32) struct square_networks rook_squares[SQUARE_COUNT];
static alignas(32) struct square_networks bishop_squares[SQUARE_COUNT];

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
 * lookups read. */
static size_t binary_neural_network_init(void)
{
    bind_networks(rook_squares, SLIDER_ROOK, bnn_rook_parameters);
    bind_networks(bishop_squares, SLIDER_BISHOP, bnn_bishop_parameters);
    return sizeof rook_squares + sizeof bishop_squares + sizeof bnn_rook_parameters + sizeof bnn_bishop_parameters;
}

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
static inline uint64_t portable_network(uint64_t input, const uint64_t *network)
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

/* One network's output.  `input` holds the 16-bit input in every 16-bit
 * lane, so byte j is input byte j & 1, the byte neuron j reads; the
 * popcount of input AND weights minus the threshold is negative (top bit
 * set) exactly when the neuron fires (popcount <= 8, threshold <= 9);
 * vpmovmskb gathers the 32 top bits, and (votes + 15) >> 5 is 1 exactly
 * when votes >= 17. */
__attribute__((target(AVX2_TARGET))) static inline uint64_t avx2_network(__m256i input, const uint64_t *network)
{
    const __m256i *vectors = (const __m256i *)network;
    __m256i counts = byte_popcounts(_mm256_and_si256(input, _mm256_load_si256(&vectors[0])));
    unsigned fired = (unsigned)_mm256_movemask_epi8(_mm256_sub_epi8(counts, _mm256_load_si256(&vectors[1])));
    return (_mm_popcnt_u32(fired) + 32u - MAJORITY) >> 5;
}

__attribute__((target(AVX2_TARGET))) static inline LOOKUP_INLINE bitboard
avx2_attacks(const struct square_networks *entry, bitboard occupied, uint64_t outputs)
{
    __m256i input = _mm256_set1_epi16((short)_pext_u64(occupied, entry->gather));
    uint64_t code = 0;
    for (uint64_t output = 0; output < outputs; output++)
        code |= avx2_network(input, entry->networks + output * WORDS_PER_NETWORK) << output;
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

/* Networks `output` and `output + 1`, their weights side by side in one
 * zmm and their thresholds in another: VPOPCNTB counts each neuron's
 * bits, VPCMPUB compares them with the thresholds into a 64-bit mask, the
 * low half the first network's neurons, the high half the second's. */
__attribute__((target(BITALG_TARGET))) static inline uint64_t bitalg_network_pair(__m512i input,
                                                                                  const uint64_t *network)
{
    const __m256i *first = (const __m256i *)network, *second = (const __m256i *)(network + WORDS_PER_NETWORK);
    __m512i weights =
        _mm512_inserti64x4(_mm512_castsi256_si512(_mm256_load_si256(&first[0])), _mm256_load_si256(&second[0]), 1);
    __m512i thresholds =
        _mm512_inserti64x4(_mm512_castsi256_si512(_mm256_load_si256(&first[1])), _mm256_load_si256(&second[1]), 1);
    uint64_t fired = _mm512_cmplt_epu8_mask(_mm512_popcnt_epi8(_mm512_and_si512(input, weights)), thresholds);
    /* The mask in a general register: clang 14 otherwise gathered the
     * pairs' masks into vectors for their popcounts, each stored from a
     * mask register as 8 bytes and loaded back as 16 (a failed store
     * forward each), and took twice gcc's time. */
    __asm__("" : "+r"(fired));
    return majority((uint32_t)fired) | majority((uint32_t)(fired >> 32)) << 1;
}

/* One network in a ymm, for the last of an odd count. */
__attribute__((target(BITALG_TARGET))) static inline uint64_t bitalg_network(__m512i input, const uint64_t *network)
{
    const __m256i *vectors = (const __m256i *)network;
    __m256i counts =
        _mm256_popcnt_epi8(_mm256_and_si256(_mm512_castsi512_si256(input), _mm256_load_si256(&vectors[0])));
    return majority(_mm256_cmplt_epu8_mask(counts, _mm256_load_si256(&vectors[1])));
}

__attribute__((target(BITALG_TARGET))) static inline LOOKUP_INLINE bitboard
bitalg_attacks(const struct square_networks *entry, bitboard occupied, uint64_t outputs)
{
    __m512i input = _mm512_set1_epi16((short)_pext_u64(occupied, entry->gather));
    uint64_t code = 0, output = 0;
    /* gcc 12 kept the rook's seven pairs a loop, 14% slower than clang
     * 14's code; unrolled, it is not (the same pragma slowed clang 14). */
#if !defined(__clang__)
#pragma GCC unroll 7
#endif
    for (; output + 1 < outputs; output += 2)
        code |= bitalg_network_pair(input, entry->networks + output * WORDS_PER_NETWORK) << output;
    if (output < outputs)
        code |= bitalg_network(input, entry->networks + output * WORDS_PER_NETWORK) << output;
    return _pdep_u64(code, entry->scatter);
}

NETWORK_LOOKUPS(binary_neural_network_bitalg, bitalg_attacks, TARGET_ATTRIBUTE(BITALG_TARGET))

static const char *bitalg_note(void)
{
    return "AVX-512 BITALG path: PEXT, two networks per zmm (VPOPCNTB, VPCMPUB against the thresholds, popcnt of "
           "each half of the mask), PDEP";
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
        TARGET(AVX2_TARGET), .init = binary_neural_network_init, .note = avx2_note,
        .instructions = INSTRUCTION_PEXT | INSTRUCTION_PDEP)
BACKEND(binary_neural_network_portable, BNN_NAME ":portable",
        "software bit extract and deposit, eight neurons per 64-bit word", BNN_SOURCE,
        .init = binary_neural_network_init, .note = portable_note)

BACKEND(binary_neural_network_bitalg, BNN_NAME ":bitalg",
        "PEXT, two networks per zmm by VPOPCNTB and VPCMPUB, PDEP (AVX-512 BW and BITALG, BMI2, POPCNT)", BNN_SOURCE,
        TARGET(BITALG_TARGET), .init = binary_neural_network_init, .note = bitalg_note,
        .instructions = INSTRUCTION_PEXT | INSTRUCTION_PDEP)

static const struct backend *const binary_neural_network_formulations[] = {
    &binary_neural_network_bitalg_backend, &binary_neural_network_avx2_backend, &binary_neural_network_portable_backend,
    NULL};

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

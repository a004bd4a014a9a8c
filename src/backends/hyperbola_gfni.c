/* Hyperbola quintessence on all four lines in one ymm, with a true bit
 * reversal: GF2P8AFFINEQB with the bit-reversal matrix mirrors the bits
 * of every byte and vpshufb reverses the bytes of every 64-bit lane, so
 * the rank is reversed like the file and the diagonals and needs no
 * attack table, only the line masks.  Two code paths, its formulations
 * (hyperbola-gfni:evex, hyperbola-gfni:vex), which the registry chooses
 * between at start-up by measurement: EVEX-encoded
 * 256-bit forms (AVX-512VL, AVX-512BW and GFNI: vpternlogq, embedded
 * broadcasts) or VEX-encoded GFNI on AVX2.
 * Sources: Stockfish PR #6845 (hyperbola quintessence in vector lanes);
 * Intel SDM, GF2P8AFFINEQB; Chessprogramming wiki, "Hyperbola
 * Quintessence". */
#if defined(__x86_64__)
#include <immintrin.h>
#include <stdalign.h>

#include "attackbench/loops.h"

/* What a lookup reads about its square, 64 bytes (one cache line): the
 * lines file, rank, diagonal and anti-diagonal, each without the square
 * (a queen reads the four as one ymm, a rook the low xmm, a bishop the
 * high xmm), then the slider and its mirror image, bit 63 - square, which
 * a lookup broadcasts straight from memory: a load, where building them
 * from the square costs two shifts and two moves into vector registers. */
struct square_entry {
    bitboard lines[4];
    bitboard slider;
    bitboard reversed_slider;
    bitboard padding[2];
};

static alignas(64) struct square_entry square_entries[SQUARE_COUNT];

/* GF2P8AFFINEQB maps each byte x to A * x over GF(2), bit i of the result
 * from byte 7 - i of the 64-bit matrix A; with byte 7 - i holding only
 * bit 7 - i (byte j is 1 << j), bit i of the result is bit 7 - i of x:
 * the byte mirrored. */
static const long long BIT_REVERSAL_MATRIX = (long long)0x8040201008040201ULL;

static size_t hyperbola_gfni_init(void)
{
    for (int square = 0; square < SQUARE_COUNT; square++) {
        bitboard self = square_bit(square);
        square_entries[square] = (struct square_entry){
            .lines = {file_mask(square) & ~self, rank_mask(square) & ~self, diagonal_mask(square) & ~self,
                      anti_diagonal_mask(square) & ~self},
            .slider = self,
            .reversed_slider = square_bit(63 - square),
        };
    }
    return sizeof square_entries;
}

/* The lookups are written once, for the VEX target below; the EVEX entry
 * points further down inline them into functions whose target adds
 * AVX-512VL and BW, where the compiler uses EVEX forms (vpternlogq for
 * the xor and mask, embedded broadcasts).  A build whose -march already
 * has AVX-512 may use EVEX forms on both paths. */
#define VEX_TARGET "avx2,gfni"
#define EVEX_TARGET "avx2,gfni,avx512f,avx512vl,avx512bw"

/* Mirrors every 64-bit lane end to end: the bits of each byte by the
 * affine transform, the bytes of each lane by the shuffle. */
__attribute__((target(VEX_TARGET))) static inline __m256i reverse_lanes(__m256i lanes)
{
    const __m256i byte_order = _mm256_setr_epi8(7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8, /* */
                                                7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8);
    __m256i mirrored = _mm256_gf2p8affine_epi64_epi8(lanes, _mm256_set1_epi64x(BIT_REVERSAL_MATRIX), 0);
    return _mm256_shuffle_epi8(mirrored, byte_order);
}

__attribute__((target(VEX_TARGET))) static inline __m128i reverse_lanes_128(__m128i lanes)
{
    const __m128i byte_order = _mm_setr_epi8(7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8);
    __m128i mirrored = _mm_gf2p8affine_epi64_epi8(lanes, _mm_set1_epi64x(BIT_REVERSAL_MATRIX), 0);
    return _mm_shuffle_epi8(mirrored, byte_order);
}

/* The attacks along the lines of `masks`, one per lane.  The masks leave
 * the slider out of o, so o - r already is o - 2r of the original trick;
 * the reversed image gives the opposite ray the same way (the slider
 * reversed is bit 63 - square), and xor joins the two rays of each line,
 * whose unchanged bits cancel. */
__attribute__((target(VEX_TARGET))) static inline __m256i lines_attacks(const struct square_entry *entry,
                                                                        bitboard occupied, __m256i masks)
{
    const __m256i slider = _mm256_set1_epi64x((long long)entry->slider);
    const __m256i reversed_slider = _mm256_set1_epi64x((long long)entry->reversed_slider);
    __m256i forward = _mm256_and_si256(_mm256_set1_epi64x((long long)occupied), masks);
    __m256i reverse = _mm256_sub_epi64(reverse_lanes(forward), reversed_slider);
    forward = _mm256_sub_epi64(forward, slider);
    return _mm256_and_si256(_mm256_xor_si256(forward, reverse_lanes(reverse)), masks);
}

__attribute__((target(VEX_TARGET))) static inline __m128i two_lines_attacks(const struct square_entry *entry,
                                                                            bitboard occupied, __m128i masks)
{
    const __m128i slider = _mm_set1_epi64x((long long)entry->slider);
    const __m128i reversed_slider = _mm_set1_epi64x((long long)entry->reversed_slider);
    __m128i forward = _mm_and_si128(_mm_set1_epi64x((long long)occupied), masks);
    __m128i reverse = _mm_sub_epi64(reverse_lanes_128(forward), reversed_slider);
    forward = _mm_sub_epi64(forward, slider);
    return _mm_and_si128(_mm_xor_si128(forward, reverse_lanes_128(reverse)), masks);
}

/* The lines are disjoint, so OR joins the lanes. */
__attribute__((target(VEX_TARGET))) static inline bitboard or_two_lanes(__m128i lanes)
{
    return (bitboard)_mm_cvtsi128_si64(_mm_or_si128(lanes, _mm_unpackhi_epi64(lanes, lanes)));
}

__attribute__((target(VEX_TARGET))) static inline bitboard hyperbola_gfni_rook(int square, bitboard occupied)
{
    const struct square_entry *entry = &square_entries[square];
    __m128i masks = _mm_load_si128((const __m128i *)&entry->lines[0]);
    return or_two_lanes(two_lines_attacks(entry, occupied, masks));
}

__attribute__((target(VEX_TARGET))) static inline bitboard hyperbola_gfni_bishop(int square, bitboard occupied)
{
    const struct square_entry *entry = &square_entries[square];
    __m128i masks = _mm_load_si128((const __m128i *)&entry->lines[2]);
    return or_two_lanes(two_lines_attacks(entry, occupied, masks));
}

__attribute__((target(VEX_TARGET))) static inline bitboard hyperbola_gfni_queen(int square, bitboard occupied)
{
    const struct square_entry *entry = &square_entries[square];
    __m256i lines = lines_attacks(entry, occupied, _mm256_load_si256((const __m256i *)entry->lines));
    return or_two_lanes(_mm_or_si128(_mm256_castsi256_si128(lines), _mm256_extracti128_si256(lines, 1)));
}

/* ---- The EVEX path: the same lookups inlined under the wider target. --- */

__attribute__((target(EVEX_TARGET))) static inline bitboard hyperbola_gfni_evex_rook(int square, bitboard occupied)
{
    return hyperbola_gfni_rook(square, occupied);
}

__attribute__((target(EVEX_TARGET))) static inline bitboard hyperbola_gfni_evex_bishop(int square, bitboard occupied)
{
    return hyperbola_gfni_bishop(square, occupied);
}

__attribute__((target(EVEX_TARGET))) static inline bitboard hyperbola_gfni_evex_queen(int square, bitboard occupied)
{
    return hyperbola_gfni_queen(square, occupied);
}

static const char *evex_note(void)
{
    return "EVEX 256-bit path: AVX-512VL/BW + GFNI (vpternlogq, embedded broadcasts)";
}

static const char *vex_note(void)
{
#if defined(__AVX512VL__)
    return "VEX path chosen (GFNI on AVX2), but this build's -march has AVX-512, which the compiler may use";
#else
    return "VEX 256-bit path: GFNI on AVX2";
#endif
}

/* ---- The VEX path under its formulation's name. */

__attribute__((target(VEX_TARGET))) static inline bitboard hyperbola_gfni_vex_rook(int square, bitboard occupied)
{
    return hyperbola_gfni_rook(square, occupied);
}

__attribute__((target(VEX_TARGET))) static inline bitboard hyperbola_gfni_vex_bishop(int square, bitboard occupied)
{
    return hyperbola_gfni_bishop(square, occupied);
}

__attribute__((target(VEX_TARGET))) static inline bitboard hyperbola_gfni_vex_queen(int square, bitboard occupied)
{
    return hyperbola_gfni_queen(square, occupied);
}

/* ---- The two paths are its formulations: EVEX first (the default
 * where the CPU has AVX-512VL and BW, as before formulations), then VEX;
 * the registry runs the faster here (src/measure/formulation_choice.c). */

#define GFNI_NAME "hyperbola-gfni"
#define GFNI_IDEA \
    "o ^ (o - 2r) on all four lines in one ymm, reversed by GF2P8AFFINEQB (bits) and vpshufb (bytes); no table " \
    "beyond line masks and slider bits"
#define GFNI_SOURCE \
    "Stockfish PR #6845 (HQ in vector lanes); Intel SDM, GF2P8AFFINEQB; Chessprogramming wiki, Hyperbola " \
    "Quintessence"

BACKEND(hyperbola_gfni_evex, GFNI_NAME ":evex", "the EVEX-encoded 256-bit forms (AVX-512VL/BW and GFNI)", GFNI_SOURCE,
        TARGET(EVEX_TARGET), .init = hyperbola_gfni_init, .note = evex_note)
BACKEND(hyperbola_gfni_vex, GFNI_NAME ":vex", "the VEX-encoded forms (GFNI on AVX2)", GFNI_SOURCE, TARGET(VEX_TARGET),
        .init = hyperbola_gfni_init, .note = vex_note)

static const struct backend *const hyperbola_gfni_formulations[] = {&hyperbola_gfni_evex_backend,
                                                                    &hyperbola_gfni_vex_backend, NULL};

BACKEND(hyperbola_gfni, GFNI_NAME, GFNI_IDEA, GFNI_SOURCE, TARGET(VEX_TARGET), .init = hyperbola_gfni_init,
        .note = vex_note, .formulations = hyperbola_gfni_formulations)
#else
#include "attackbench/loops.h"

BACKEND_NOT_ON_THIS_ARCHITECTURE(hyperbola_gfni, "hyperbola-gfni", "x86-64 only: GFNI and AVX2 or AVX-512")
#endif

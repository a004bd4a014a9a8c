/* Hyperbola quintessence in AVX2 lanes: o ^ (o - 2r) on the file and both
 * diagonals at once, one line per 64-bit lane, the opposite rays by a
 * byte swap within each lane (vpshufb), which reverses any line with one
 * square per rank.  AVX2 has no bit reversal, so the rank comes from the
 * 512-byte first-rank table as in `hyperbola`.
 * Source: Stockfish PR #6845, "HQ attacks for AVX2" (2026); the trick:
 * Chessprogramming wiki, "Hyperbola Quintessence". */
#if defined(__x86_64__)
#include <immintrin.h>
#include <stdalign.h>

#include "attackbench/loops.h"
#include "building_blocks/first_rank_table.h"

/* The target of every lookup and loop here; the features --list names and
 * the driver checks are derived from it. */
#define HYPERBOLA_AVX2_TARGET "avx2"
#include "base/ray_walk.h"

/* What a lookup reads about its square, 64 bytes (one cache line): lanes
 * file, diagonal, anti-diagonal and an empty fourth lane, read as one ymm,
 * each line without the square itself (a bishop reads lanes 1-2 as one
 * xmm, a rook lane 0 alone); then the slider and its byte-swapped image,
 * square ^ 56, which a lookup broadcasts straight from memory: a load,
 * where building them from the square costs two shifts and two moves
 * into vector registers. */
struct square_entry {
    bitboard file;
    bitboard diagonal;
    bitboard anti_diagonal;
    bitboard unused;
    bitboard slider;
    bitboard swapped_slider;
    bitboard padding[2];
};

static alignas(64) struct square_entry square_entries[SQUARE_COUNT];

/* The first-rank table (building_blocks/first_rank_table.h). */
static uint8_t first_rank_attacks[64][8];

static size_t hyperbola_avx2_init(void)
{
    for (int square = 0; square < SQUARE_COUNT; square++) {
        bitboard self = square_bit(square);
        square_entries[square] = (struct square_entry){
            .file = file_mask(square) & ~self,
            .diagonal = diagonal_mask(square) & ~self,
            .anti_diagonal = anti_diagonal_mask(square) & ~self,
            .slider = self,
            .swapped_slider = flip_vertical(self),
        };
    }
    first_rank_table_build(first_rank_attacks);
    return sizeof square_entries + sizeof first_rank_attacks;
}

static inline bitboard rank_attacks(int square, bitboard occupied)
{
    return first_rank_table_rank_attacks(first_rank_attacks, square, occupied);
}

/* Reverses the byte order of each 64-bit lane: ranks 1..8 become 8..1. */
TARGET_ATTRIBUTE(HYPERBOLA_AVX2_TARGET) static inline __m256i swap_bytes(__m256i lanes)
{
    const __m256i order = _mm256_setr_epi8(7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8, /* */
                                           7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8);
    return _mm256_shuffle_epi8(lanes, order);
}

TARGET_ATTRIBUTE(HYPERBOLA_AVX2_TARGET) static inline __m128i swap_bytes_128(__m128i lanes)
{
    return _mm256_castsi256_si128(swap_bytes(_mm256_castsi128_si256(lanes)));
}

/* The attacks along the lines of `masks`, one per lane.  The masks leave
 * the slider out of o, so o - r already is o - 2r of the original trick;
 * the swapped image gives the ray towards rank 1 the same way (the slider
 * swapped is square ^ 56), and xor joins the two rays of each line, whose
 * unchanged bits cancel. */
TARGET_ATTRIBUTE(HYPERBOLA_AVX2_TARGET)
static inline __m256i lines_attacks(const struct square_entry *entry, bitboard occupied, __m256i masks)
{
    const __m256i slider = _mm256_set1_epi64x((long long)entry->slider);
    const __m256i swapped_slider = _mm256_set1_epi64x((long long)entry->swapped_slider);
    __m256i forward = _mm256_and_si256(_mm256_set1_epi64x((long long)occupied), masks);
    __m256i reverse = _mm256_sub_epi64(swap_bytes(forward), swapped_slider);
    forward = _mm256_sub_epi64(forward, slider);
    return _mm256_and_si256(_mm256_xor_si256(forward, swap_bytes(reverse)), masks);
}

/* The same on two lanes (an xmm), for the bishop and the rook's file. */
TARGET_ATTRIBUTE(HYPERBOLA_AVX2_TARGET)
static inline __m128i two_lines_attacks(const struct square_entry *entry, bitboard occupied, __m128i masks)
{
    const __m128i slider = _mm_set1_epi64x((long long)entry->slider);
    const __m128i swapped_slider = _mm_set1_epi64x((long long)entry->swapped_slider);
    __m128i forward = _mm_and_si128(_mm_set1_epi64x((long long)occupied), masks);
    __m128i reverse = _mm_sub_epi64(swap_bytes_128(forward), swapped_slider);
    forward = _mm_sub_epi64(forward, slider);
    return _mm_and_si128(_mm_xor_si128(forward, swap_bytes_128(reverse)), masks);
}

TARGET_ATTRIBUTE(HYPERBOLA_AVX2_TARGET) static inline bitboard or_two_lanes(__m128i lanes)
{
    return (bitboard)_mm_cvtsi128_si64(_mm_or_si128(lanes, _mm_unpackhi_epi64(lanes, lanes)));
}

TARGET_ATTRIBUTE(HYPERBOLA_AVX2_TARGET) static inline bitboard or_lanes(__m256i lanes)
{
    return or_two_lanes(_mm_or_si128(_mm256_castsi256_si128(lanes), _mm256_extracti128_si256(lanes, 1)));
}

/* Lane 0 is the file; lane 1 (zero mask) gives nothing. */
TARGET_ATTRIBUTE(HYPERBOLA_AVX2_TARGET) static inline bitboard hyperbola_avx2_rook(int square, bitboard occupied)
{
    const struct square_entry *entry = &square_entries[square];
    __m128i file = _mm_loadl_epi64((const __m128i *)&entry->file);
    bitboard file_attacks = (bitboard)_mm_cvtsi128_si64(two_lines_attacks(entry, occupied, file));
    return file_attacks | rank_attacks(square, occupied);
}

TARGET_ATTRIBUTE(HYPERBOLA_AVX2_TARGET) static inline bitboard hyperbola_avx2_bishop(int square, bitboard occupied)
{
    const struct square_entry *entry = &square_entries[square];
    __m128i diagonals = _mm_loadu_si128((const __m128i *)&entry->diagonal);
    return or_two_lanes(two_lines_attacks(entry, occupied, diagonals));
}

TARGET_ATTRIBUTE(HYPERBOLA_AVX2_TARGET) static inline bitboard hyperbola_avx2_queen(int square, bitboard occupied)
{
    const struct square_entry *entry = &square_entries[square];
    __m256i masks = _mm256_load_si256((const __m256i *)entry);
    return or_lanes(lines_attacks(entry, occupied, masks)) | rank_attacks(square, occupied);
}

/* Both at once: the queen's lanes, split instead of ORed together (lane 0
 * the file, lanes 1 and 2 the diagonals). */
TARGET_ATTRIBUTE(HYPERBOLA_AVX2_TARGET)
static inline struct attackbench_both hyperbola_avx2_both_lanes(int square, bitboard occupied)
{
    const struct square_entry *entry = &square_entries[square];
    __m256i lines = lines_attacks(entry, occupied, _mm256_load_si256((const __m256i *)entry));
    __m128i file_diagonal = _mm256_castsi256_si128(lines), anti_diagonal = _mm256_extracti128_si256(lines, 1);
    return (struct attackbench_both){
        .rook = (bitboard)_mm_cvtsi128_si64(file_diagonal) | rank_attacks(square, occupied),
        .bishop = (bitboard)_mm_extract_epi64(file_diagonal, 1) | (bitboard)_mm_cvtsi128_si64(anti_diagonal),
    };
}

BACKEND(hyperbola_avx2, "hyperbola-avx2",
        "o ^ (o - 2r) on the file and both diagonals at once in AVX2 lanes, reversed by vpshufb; "
        "ranks from a 512-byte first-rank table",
        "Stockfish PR #6845 (HQ attacks for AVX2); Chessprogramming wiki, Hyperbola Quintessence",
        TARGET(HYPERBOLA_AVX2_TARGET), .init = hyperbola_avx2_init, .both = hyperbola_avx2_both_lanes)
#else
#include "attackbench/loops.h"

BACKEND_NOT_ON_THIS_ARCHITECTURE(hyperbola_avx2, "hyperbola-avx2", "x86-64 only: AVX2")
#endif

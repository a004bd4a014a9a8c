/* Hyperbola quintessence in WebAssembly SIMD128: o ^ (o - 2r) on two
 * lines at once, one line per 64-bit lane of a v128 (the diagonals
 * together, the file beside an empty lane), the opposite rays by a byte
 * reversal within each lane (i8x16.swizzle), which turns any line with one
 * square per rank upside down.  SIMD128 has no bit reversal, so the rank
 * comes from the 512-byte first-rank table as in `hyperbola`.  The
 * two-lane form of Stockfish's four-lane AVX2 hyperbola (`hyperbola-avx2`).
 * Source: Stockfish PR #6845, "HQ attacks for AVX2" (2026); the trick:
 * Chessprogramming wiki, "Hyperbola Quintessence"; WebAssembly SIMD128
 * (i8x16.swizzle, i64x2.sub). */
#if defined(__wasm__)
#include <stdalign.h>
#include <wasm_simd128.h>

#include "attackbench/loops.h"
#include "building_blocks/first_rank_table.h"

#define HYPERBOLA_SIMD128_TARGET "simd128"
#include "base/ray_walk.h"

/* What a lookup reads about its square, 64 bytes: the diagonals as one
 * v128, the file beside an empty lane as another, each line without the
 * square itself; then the slider and its byte-reversed image (square ^ 56)
 * in both lanes, as a lookup subtracts them. */
struct square_entry {
    bitboard diagonal;
    bitboard anti_diagonal;
    bitboard file;
    bitboard unused;
    bitboard slider[2];
    bitboard swapped_slider[2];
};

static alignas(64) struct square_entry square_entries[SQUARE_COUNT];

/* The first-rank table (building_blocks/first_rank_table.h). */
static uint8_t first_rank_attacks[64][8];

static size_t hyperbola_simd128_init(void)
{
    for (int square = 0; square < SQUARE_COUNT; square++) {
        bitboard self = square_bit(square);
        square_entries[square] = (struct square_entry){
            .diagonal = diagonal_mask(square) & ~self,
            .anti_diagonal = anti_diagonal_mask(square) & ~self,
            .file = file_mask(square) & ~self,
            .slider = {self, self},
            .swapped_slider = {flip_vertical(self), flip_vertical(self)},
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
TARGET_ATTRIBUTE(HYPERBOLA_SIMD128_TARGET) static inline v128_t swap_bytes(v128_t lanes)
{
    const v128_t order = wasm_i8x16_make(7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8);
    return wasm_i8x16_swizzle(lanes, order);
}

/* The attacks along the two lines of `masks`.  The masks leave the slider
 * out of o, so o - r already is o - 2r of the original trick; the
 * reversed image gives the ray towards rank 1 the same way, and xor joins
 * the two rays of each line, whose unchanged bits cancel. */
TARGET_ATTRIBUTE(HYPERBOLA_SIMD128_TARGET)
static inline v128_t two_lines_attacks(const struct square_entry *entry, bitboard occupied, v128_t masks)
{
    const v128_t slider = wasm_v128_load(entry->slider);
    const v128_t swapped_slider = wasm_v128_load(entry->swapped_slider);
    v128_t forward = wasm_v128_and(wasm_i64x2_splat((int64_t)occupied), masks);
    v128_t reverse = wasm_i64x2_sub(swap_bytes(forward), swapped_slider);
    forward = wasm_i64x2_sub(forward, slider);
    return wasm_v128_and(wasm_v128_xor(forward, swap_bytes(reverse)), masks);
}

TARGET_ATTRIBUTE(HYPERBOLA_SIMD128_TARGET) static inline bitboard or_lanes(v128_t lanes)
{
    return (bitboard)(wasm_i64x2_extract_lane(lanes, 0) | wasm_i64x2_extract_lane(lanes, 1));
}

/* The file in lane 0; lane 1 (zero mask) gives nothing. */
TARGET_ATTRIBUTE(HYPERBOLA_SIMD128_TARGET) static inline bitboard hyperbola_simd128_rook(int square, bitboard occupied)
{
    const struct square_entry *entry = &square_entries[square];
    v128_t file = wasm_v128_load(&entry->file);
    bitboard file_attacks = (bitboard)wasm_i64x2_extract_lane(two_lines_attacks(entry, occupied, file), 0);
    return file_attacks | rank_attacks(square, occupied);
}

TARGET_ATTRIBUTE(HYPERBOLA_SIMD128_TARGET)
static inline bitboard hyperbola_simd128_bishop(int square, bitboard occupied)
{
    const struct square_entry *entry = &square_entries[square];
    return or_lanes(two_lines_attacks(entry, occupied, wasm_v128_load(&entry->diagonal)));
}

/* Three lines in two v128: the diagonals, and the file beside nothing. */
TARGET_ATTRIBUTE(HYPERBOLA_SIMD128_TARGET) static inline bitboard hyperbola_simd128_queen(int square, bitboard occupied)
{
    const struct square_entry *entry = &square_entries[square];
    v128_t diagonals = two_lines_attacks(entry, occupied, wasm_v128_load(&entry->diagonal));
    v128_t file = two_lines_attacks(entry, occupied, wasm_v128_load(&entry->file));
    return or_lanes(wasm_v128_or(diagonals, file)) | rank_attacks(square, occupied);
}

BACKEND(hyperbola_simd128, "hyperbola-simd128",
        "o ^ (o - 2r) on two lines at once in WebAssembly SIMD128 lanes, reversed by i8x16.swizzle; "
        "ranks from a 512-byte first-rank table",
        "Stockfish PR #6845 (HQ attacks for AVX2), in two lanes; Chessprogramming wiki, Hyperbola "
        "Quintessence",
        TARGET(HYPERBOLA_SIMD128_TARGET), .init = hyperbola_simd128_init)
#else
#include "attackbench/loops.h"

BACKEND_NOT_ON_THIS_ARCHITECTURE(hyperbola_simd128, "hyperbola-simd128", "WebAssembly only: SIMD128")
#endif

/* Kogge-Stone in WebAssembly SIMD128: the occluded fill as a parallel
 * prefix (steps of 1, 2 and 4 squares, the propagator squared after each,
 * then one more step for the attacks), two directions per v128.  SIMD128
 * shifts both 64-bit lanes by the same amount, so the opposite direction
 * comes from the board turned upside down in lane 1 (one i8x16.swizzle):
 * north fills south there, north-east south-east, north-west south-west,
 * each pair one left shift.  East and west have no such mirror image: that
 * pair shifts both ways and keeps one lane of each.  No tables.
 * Source: Chessprogramming wiki, "Kogge-Stone Algorithm" (Steffan
 * Westcott); the flipped lane: "Flipping Mirroring and Rotating"
 * (vertical flip); WebAssembly SIMD128. */
#if defined(__wasm__)
#include <wasm_simd128.h>

#include "attackbench/loops.h"

#define KOGGE_STONE_SIMD128_TARGET "simd128"

static const bitboard NOT_FILE_A = ~0x0101010101010101ULL;
static const bitboard NOT_FILE_H = ~0x8080808080808080ULL;

/* Lane 0 as it is, lane 1 turned upside down (ranks 1..8 become 8..1);
 * its own inverse. */
TARGET_ATTRIBUTE(KOGGE_STONE_SIMD128_TARGET) static inline v128_t flip_lane_1(v128_t lanes)
{
    const v128_t order = wasm_i8x16_make(0, 1, 2, 3, 4, 5, 6, 7, 15, 14, 13, 12, 11, 10, 9, 8);
    return wasm_i8x16_swizzle(lanes, order);
}

/* Both lanes filled from the slider by `shift` squares up the board
 * (left shifts), blocked by the occupied squares of `empty`'s complement,
 * landing only on `landing`: the attacks in those directions. */
TARGET_ATTRIBUTE(KOGGE_STONE_SIMD128_TARGET)
static inline v128_t fill_up(v128_t slider, v128_t empty, v128_t landing, int shift)
{
    v128_t generator = slider, propagator = wasm_v128_and(empty, landing);
    generator = wasm_v128_or(generator, wasm_v128_and(propagator, wasm_i64x2_shl(generator, shift)));
    propagator = wasm_v128_and(propagator, wasm_i64x2_shl(propagator, shift));
    generator = wasm_v128_or(generator, wasm_v128_and(propagator, wasm_i64x2_shl(generator, 2 * shift)));
    propagator = wasm_v128_and(propagator, wasm_i64x2_shl(propagator, 2 * shift));
    generator = wasm_v128_or(generator, wasm_v128_and(propagator, wasm_i64x2_shl(generator, 4 * shift)));
    return wasm_v128_and(wasm_i64x2_shl(generator, shift), landing);
}

/* Lane 0 shifted left (east), lane 1 right (west), by `shift` squares. */
TARGET_ATTRIBUTE(KOGGE_STONE_SIMD128_TARGET) static inline v128_t shift_east_west(v128_t lanes, int shift)
{
    return wasm_i64x2_shuffle(wasm_i64x2_shl(lanes, shift), wasm_u64x2_shr(lanes, shift), 0, 3);
}

/* East in lane 0, west in lane 1, on the board as it is. */
TARGET_ATTRIBUTE(KOGGE_STONE_SIMD128_TARGET) static inline v128_t fill_east_west(bitboard slider, bitboard occupied)
{
    const v128_t landing = wasm_i64x2_make((int64_t)NOT_FILE_A, (int64_t)NOT_FILE_H);
    v128_t generator = wasm_i64x2_splat((int64_t)slider);
    v128_t propagator = wasm_v128_and(wasm_i64x2_splat((int64_t)~occupied), landing);
    generator = wasm_v128_or(generator, wasm_v128_and(propagator, shift_east_west(generator, 1)));
    propagator = wasm_v128_and(propagator, shift_east_west(propagator, 1));
    generator = wasm_v128_or(generator, wasm_v128_and(propagator, shift_east_west(generator, 2)));
    propagator = wasm_v128_and(propagator, shift_east_west(propagator, 2));
    generator = wasm_v128_or(generator, wasm_v128_and(propagator, shift_east_west(generator, 4)));
    return wasm_v128_and(shift_east_west(generator, 1), landing);
}

TARGET_ATTRIBUTE(KOGGE_STONE_SIMD128_TARGET) static inline bitboard or_lanes(v128_t lanes)
{
    return (bitboard)(wasm_i64x2_extract_lane(lanes, 0) | wasm_i64x2_extract_lane(lanes, 1));
}

/* The slider and the empty squares, lane 1 upside down. */
struct flipped_board {
    v128_t slider, empty;
};

TARGET_ATTRIBUTE(KOGGE_STONE_SIMD128_TARGET)
static inline struct flipped_board flipped_board(int square, bitboard occupied)
{
    return (struct flipped_board){flip_lane_1(wasm_i64x2_splat((int64_t)square_bit(square))),
                                  flip_lane_1(wasm_i64x2_splat((int64_t)~occupied))};
}

/* North (lane 0) and south (lane 1, flipped), with east and west. */
TARGET_ATTRIBUTE(KOGGE_STONE_SIMD128_TARGET)
static inline bitboard kogge_stone_simd128_rook(int square, bitboard occupied)
{
    struct flipped_board board = flipped_board(square, occupied);
    v128_t vertical = fill_up(board.slider, board.empty, wasm_i64x2_splat(-1), 8);
    return or_lanes(flip_lane_1(vertical)) | or_lanes(fill_east_west(square_bit(square), occupied));
}

/* North-east and north-west fills: south-east and south-west in lane 1. */
TARGET_ATTRIBUTE(KOGGE_STONE_SIMD128_TARGET)
static inline bitboard kogge_stone_simd128_bishop(int square, bitboard occupied)
{
    struct flipped_board board = flipped_board(square, occupied);
    v128_t east = fill_up(board.slider, board.empty, wasm_i64x2_splat((int64_t)NOT_FILE_A), 9);
    v128_t west = fill_up(board.slider, board.empty, wasm_i64x2_splat((int64_t)NOT_FILE_H), 7);
    return or_lanes(flip_lane_1(wasm_v128_or(east, west)));
}

TARGET_ATTRIBUTE(KOGGE_STONE_SIMD128_TARGET)
static inline bitboard kogge_stone_simd128_queen(int square, bitboard occupied)
{
    struct flipped_board board = flipped_board(square, occupied);
    v128_t vertical = fill_up(board.slider, board.empty, wasm_i64x2_splat(-1), 8);
    v128_t east = fill_up(board.slider, board.empty, wasm_i64x2_splat((int64_t)NOT_FILE_A), 9);
    v128_t west = fill_up(board.slider, board.empty, wasm_i64x2_splat((int64_t)NOT_FILE_H), 7);
    v128_t up_and_down = flip_lane_1(wasm_v128_or(vertical, wasm_v128_or(east, west)));
    return or_lanes(wasm_v128_or(up_and_down, fill_east_west(square_bit(square), occupied)));
}

BACKEND(kogge_stone_simd128, "kogge-stone-simd128",
        "parallel-prefix occluded fill (steps 1, 2, 4), two directions per SIMD128 register: the "
        "opposite one on the board flipped by i8x16.swizzle in lane 1; no tables",
        "Chessprogramming wiki, Kogge-Stone Algorithm (Steffan Westcott); WebAssembly SIMD128",
        TARGET(KOGGE_STONE_SIMD128_TARGET))
#else
#include "attackbench/loops.h"

BACKEND_NOT_ON_THIS_ARCHITECTURE(kogge_stone_simd128, "kogge-stone-simd128", "WebAssembly only: SIMD128")
#endif

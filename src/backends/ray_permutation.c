/* Ray permutation: the board as 64 bytes, gathered by one VPERMB into ray
 * order (eight directions by eight steps around the square), so that the
 * first blocker of all eight rays is found at once in one 64-bit word:
 * o = rays | 0x8181818181818181; o ^ (o - 0x0303030303030303).  The ray
 * coordinates are computed in 0x88 form from one 64-byte row of offsets
 * and packed to square numbers by GF2P8AFFINEQB, so no table of
 * permutations is needed; returning a bitboard costs a second VPERMB
 * from a 64-byte row per square.  Sources: 87flowers' Rose engine;
 * Reckless pull request #652 ("rays instead of magic bitboards for
 * attack lookups", 2026).  Needs AVX-512 F, BW, VBMI and GFNI. */
#if defined(__x86_64__)
#include <immintrin.h>
#include <stdalign.h>

#include "attackbench/loops.h"

#define RAY_PERMUTATION_TARGET "avx512f,avx512bw,avx512vbmi,gfni"

/* Slot 8 * direction + step of a ray word: step 0 the slider's own square
 * (always set, then dropped), steps 1 to 7 along the ray, the directions
 * north, north-east, east, south-east, south, south-west, west, north-west.
 * The rook's directions are the even bytes, the bishop's the odd ones. */
enum { RAY_DIRECTIONS = 8, RAY_STEPS = 8 };
static const int ray_file_steps[RAY_DIRECTIONS] = {0, 1, 1, 1, 0, -1, -1, -1};
static const int ray_rank_steps[RAY_DIRECTIONS] = {1, 1, 0, -1, -1, -1, 0, 1};
static const uint64_t ROOK_RAYS = 0x00FF00FF00FF00FFULL, BISHOP_RAYS = 0xFF00FF00FF00FF00ULL;

/* Each slot's offset from the square in 0x88 form (16 * rank + file, a
 * byte; off the board when bit 3 or bit 7 is set), and per square the slot
 * each board square is on (slot 0, never an attack, for the others). */
static alignas(64) uint8_t ray_offsets[RAY_DIRECTIONS * RAY_STEPS];
static alignas(64) uint8_t square_slots[SQUARE_COUNT][SQUARE_COUNT];

static size_t ray_permutation_init(void)
{
    for (int direction = 0; direction < RAY_DIRECTIONS; direction++)
        for (int step = 0; step < RAY_STEPS; step++)
            ray_offsets[RAY_STEPS * direction + step] =
                (uint8_t)(16 * step * ray_rank_steps[direction] + step * ray_file_steps[direction]);
    for (int square = 0; square < SQUARE_COUNT; square++)
        for (int direction = 0; direction < RAY_DIRECTIONS; direction++)
            for (int step = 1; step < RAY_STEPS; step++) {
                int file = square_file(square) + step * ray_file_steps[direction];
                int rank = square_rank(square) + step * ray_rank_steps[direction];
                if (file >= 0 && file < 8 && rank >= 0 && rank < 8)
                    square_slots[square][make_square(file, rank)] = (uint8_t)(RAY_STEPS * direction + step);
            }
    return sizeof ray_offsets + sizeof square_slots;
}

/* GF2P8AFFINEQB's matrix taking 0x88 (bits 0-2 file, 4-6 rank) to a
 * square number (bits 0-2 file, 3-5 rank): output bit i is the parity of
 * the input ANDed with byte 7 - i. */
static const uint64_t PACK_0X88 = 0x0102041020400000ULL;

/* The attacks on all eight rays from `square`, in ray order: bit 8 * d + s
 * is step s in direction d. */
TARGET_ATTRIBUTE(RAY_PERMUTATION_TARGET) static inline uint64_t ray_attacks(int square, bitboard occupied)
{
    const int square_0x88 = (square & 7) | ((square & 56) << 1);
    const __m512i coordinates =
        _mm512_add_epi8(_mm512_load_si512((const void *)ray_offsets), _mm512_set1_epi8((char)square_0x88));
    uint64_t off_board = _mm512_test_epi8_mask(coordinates, _mm512_set1_epi8((char)0x88));
    /* In a general register: clang 14 otherwise tested the coordinates a
     * second time for the complement (VPTESTNMB) and ORed in mask
     * registers, three operations more per lookup.  On a Zen 5 clang's
     * queens run 1.25x faster with it and gcc's 1.05x. */
    __asm__("" : "+r"(off_board));
    const __m512i squares = _mm512_gf2p8affine_epi64_epi8(coordinates, _mm512_set1_epi64((long long)PACK_0X88), 0);
    const __m512i board = _mm512_movm_epi8(occupied);
    const uint64_t blockers = _mm512_movepi8_mask(_mm512_permutexvar_epi8(squares, board));
    /* Step 0 and step 7 set in every byte, and the squares off the board
     * as blockers: each byte's run from step 0 to its first blocker. */
    const uint64_t rays = blockers | off_board | 0x8181818181818181ULL;
    return (rays ^ (rays - 0x0303030303030303ULL)) & ~off_board & 0xFEFEFEFEFEFEFEFEULL;
}

/* Ray order back to a bitboard: each square takes its slot's byte. */
TARGET_ATTRIBUTE(RAY_PERMUTATION_TARGET) static inline bitboard ray_bitboard(int square, uint64_t attacks)
{
    const __m512i slots = _mm512_load_si512((const void *)square_slots[square]);
    return _mm512_movepi8_mask(_mm512_permutexvar_epi8(slots, _mm512_movm_epi8(attacks)));
}

TARGET_ATTRIBUTE(RAY_PERMUTATION_TARGET) static inline bitboard ray_permutation_rook(int square, bitboard occupied)
{
    return ray_bitboard(square, ray_attacks(square, occupied) & ROOK_RAYS);
}

TARGET_ATTRIBUTE(RAY_PERMUTATION_TARGET) static inline bitboard ray_permutation_bishop(int square, bitboard occupied)
{
    return ray_bitboard(square, ray_attacks(square, occupied) & BISHOP_RAYS);
}

TARGET_ATTRIBUTE(RAY_PERMUTATION_TARGET) static inline bitboard ray_permutation_queen(int square, bitboard occupied)
{
    return ray_bitboard(square, ray_attacks(square, occupied));
}

BACKEND(ray_permutation, "ray-permutation",
        "the board as 64 bytes gathered into ray order by one VPERMB (the coordinates packed from 0x88 by "
        "GF2P8AFFINEQB), the first blocker of all eight rays at once by o ^ (o - 0x0303...), back to a bitboard by "
        "a second VPERMB",
        "87flowers' Rose engine; Reckless pull request #652 (2026)", TARGET(RAY_PERMUTATION_TARGET),
        .init = ray_permutation_init)
#else
#include "attackbench/loops.h"

BACKEND_NOT_ON_THIS_ARCHITECTURE(ray_permutation, "ray-permutation", "x86-64 only: AVX-512 VBMI and GFNI")
#endif

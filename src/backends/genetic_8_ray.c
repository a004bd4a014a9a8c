/* Genetic 8 ray: the eight rays of a square from a 4 KB table.  A ray
 * going up the board (to higher bits) stops at its lowest blocker: the
 * blockers minus one flips every bit below that blocker, and the XOR with
 * the blockers keeps the run up to it (BLSMSK), which the ray masks.  The
 * four rays going down are done the same way on the bit-reversed board,
 * where they go up: the occupancy is reversed once, their union once.
 * Source: Daniel Infuehr, Genetic 8 Ray (2022, found by a program search
 * over expressions; in Gigantua's Chess_Movegen); Chessprogramming wiki,
 * "Bit-Twiddling" (the reversal). */
#include <stdalign.h>

#include "backend.h"
#include "ray_walk.h"

/* The 64-bit reversal: the compiler's builtin (clang, which lowers it to
 * GFNI where the build has it); with gcc, GF2P8AFFINEQB and a byte swap
 * where the build has GFNI; else a byte swap and three swaps. */
#if defined(__has_builtin) && __has_builtin(__builtin_bitreverse64)
#define BIT_REVERSAL "the compiler's __builtin_bitreverse64"
static inline bitboard reverse_bits(bitboard board)
{
    return __builtin_bitreverse64(board);
}
#elif defined(__GFNI__) && defined(__SSE2__)
#include <immintrin.h>
#define BIT_REVERSAL "GF2P8AFFINEQB and a byte swap (GFNI in this build)"
static inline bitboard reverse_bits(bitboard board)
{
    __m128i bytes = _mm_cvtsi64_si128((long long)board);
    bytes = _mm_gf2p8affine_epi64_epi8(bytes, _mm_set1_epi64x((long long)0x8040201008040201ULL), 0);
    return __builtin_bswap64((bitboard)_mm_cvtsi128_si64(bytes));
}
#else
#define BIT_REVERSAL "a byte swap and three swaps of bit groups"
static inline bitboard reverse_bits(bitboard board)
{
    board = __builtin_bswap64(board);
    board = ((board >> 1) & 0x5555555555555555ULL) | ((board & 0x5555555555555555ULL) << 1);
    board = ((board >> 2) & 0x3333333333333333ULL) | ((board & 0x3333333333333333ULL) << 2);
    return ((board >> 4) & 0x0F0F0F0F0F0F0F0FULL) | ((board & 0x0F0F0F0F0F0F0F0FULL) << 4);
}
#endif

/* Per square: the four rays up the board as they are, the four down it
 * bit-reversed (so that they too go up).  Rook rays first in each half. */
struct eight_rays {
    bitboard up[4];             /* north, east, north-east, north-west */
    bitboard down_reversed[4];  /* south, west, south-west, south-east */
};

static alignas(64) struct eight_rays rays[SQUARE_COUNT];

static size_t genetic_8_ray_init(void)
{
    static const int up_steps[4][2] = {{0, 1}, {1, 0}, {1, 1}, {-1, 1}};
    static const int down_steps[4][2] = {{0, -1}, {-1, 0}, {-1, -1}, {1, -1}};
    for (int square = 0; square < SQUARE_COUNT; square++)
        for (int ray = 0; ray < 4; ray++) {
            rays[square].up[ray] = ray_walk(square, 0, up_steps[ray][0], up_steps[ray][1]);
            rays[square].down_reversed[ray] =
                reverse_bits(ray_walk(square, 0, down_steps[ray][0], down_steps[ray][1]));
        }
    return sizeof rays;
}

/* A ray going up, to and including its lowest blocker. */
static inline bitboard up_to_blocker(bitboard ray, bitboard occupied)
{
    bitboard blockers = occupied & ray;
    return ray & (blockers ^ (blockers - 1));
}

/* Rays first..last - 1 of each half. */
static inline bitboard eight_ray_attacks(int square, bitboard occupied, int first, int last)
{
    const struct eight_rays *square_rays = &rays[square];
    bitboard reversed = reverse_bits(occupied);
    bitboard up = 0, down = 0;
    for (int ray = first; ray < last; ray++) {
        up |= up_to_blocker(square_rays->up[ray], occupied);
        down |= up_to_blocker(square_rays->down_reversed[ray], reversed);
    }
    return up | reverse_bits(down);
}

static inline bitboard genetic_8_ray_rook(int square, bitboard occupied)
{
    return eight_ray_attacks(square, occupied, 0, 2);
}

static inline bitboard genetic_8_ray_bishop(int square, bitboard occupied)
{
    return eight_ray_attacks(square, occupied, 2, 4);
}

static inline bitboard genetic_8_ray_queen(int square, bitboard occupied)
{
    return eight_ray_attacks(square, occupied, 0, 4);
}

static const char *genetic_8_ray_note(void)
{
    return "bit reversal: " BIT_REVERSAL;
}

BACKEND(genetic_8_ray, "genetic-8-ray",
        "eight rays from a 4 KB table: up the board, the run to the lowest blocker (blockers ^ (blockers - 1)); down it, the same on the bit-reversed board",
        "Daniel Infuehr, Genetic 8 Ray (2022, Gigantua's Chess_Movegen); CPW Bit-Twiddling (reversal)",
        .init = genetic_8_ray_init, .note = genetic_8_ray_note)

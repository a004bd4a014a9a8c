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
#include <string.h>

#include "attackbench/loops.h"
#include "building_blocks/bit_reverse.h"
#include "building_blocks/lanes.h"
#include "base/ray_walk.h"

/* Per square: the four rays up the board as they are, the four down it
 * bit-reversed (so that they too go up).  Rook rays first in each half. */
struct eight_rays {
    bitboard up[4];            /* north, east, north-east, north-west */
    bitboard down_reversed[4]; /* south, west, south-west, south-east */
};

static alignas(64) struct eight_rays rays[SQUARE_COUNT];

static size_t genetic_8_ray_init(void)
{
    static const int up_steps[4][2] = {{0, 1}, {1, 0}, {1, 1}, {-1, 1}};
    static const int down_steps[4][2] = {{0, -1}, {-1, 0}, {-1, -1}, {1, -1}};
    for (int square = 0; square < SQUARE_COUNT; square++)
        for (int ray = 0; ray < 4; ray++) {
            rays[square].up[ray] = ray_walk(square, 0, up_steps[ray][0], up_steps[ray][1]);
            rays[square].down_reversed[ray] = reverse_bits(ray_walk(square, 0, down_steps[ray][0], down_steps[ray][1]));
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
    /* Unrolled for gcc 12, which kept the loop over the rays as a loop (a
     * compare and a branch per ray); clang unrolls it by itself. */
#pragma GCC unroll 4
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

/* The queen's eight rays as two vectors of four lanes, up and down: clang
 * 14 vectorised the loop over the rays that way by itself, gcc 12 (whose
 * loop vectoriser the Makefile turns off, for the query loops) ran the rays
 * one by one, the slower of the two; written out, both compilers emit the
 * same lanes.  The lanes are the rays of one query. */
static inline lanes4 up_to_blocker_lanes4(lanes4 rays, bitboard occupied)
{
    lanes4 blockers = ((lanes4){0} + occupied) & rays;
    return rays & (blockers ^ (blockers - 1));
}

static inline bitboard genetic_8_ray_queen(int square, bitboard occupied)
{
    lanes4 up, down_reversed;
    memcpy(&up, rays[square].up, sizeof up);
    memcpy(&down_reversed, rays[square].down_reversed, sizeof down_reversed);
    return or_lanes4(up_to_blocker_lanes4(up, occupied)) |
           reverse_bits(or_lanes4(up_to_blocker_lanes4(down_reversed, reverse_bits(occupied))));
}

static const char *genetic_8_ray_note(void)
{
    return "bit reversal: " BIT_REVERSAL;
}

BACKEND(genetic_8_ray, "genetic-8-ray",
        "eight rays from a 4 KB table: up the board, the run to the lowest blocker (blockers ^ (blockers - 1)); down "
        "it, the same on the bit-reversed board",
        "Daniel Infuehr, Genetic 8 Ray (2022, Gigantua's Chess_Movegen); CPW Bit-Twiddling (reversal)",
        .init = genetic_8_ray_init, .note = genetic_8_ray_note)

/* Bitray: each ray as a lowest-set-bit mask.  On a ray running up the
 * board, o = occupied & ray; o ^ (o - 1) sets every bit up to and including
 * o's lowest, so (o ^ (o - 1)) & ray is the ray up to its first blocker
 * (all of it when o is empty).  A ray running down the board is the same
 * on the bit-reversed board, with the ray's reversed mask; the down rays
 * are joined before one reversal back.  The rank comes from a 512-byte
 * first-rank table.  Source: Daniel Infuehr, Chess_Movegen_GPU,
 * cu_Bitray.h (2023, for CUDA, where __brevll reverses in one
 * instruction); here on the CPU, the reversal the best of
 * building_blocks/bit_reverse.h for the build (--list names it). */
#include <stdalign.h>
#include <string.h>

#include "attackbench/loops.h"
#include "building_blocks/first_rank_table.h"
#include "base/ray_walk.h"
#include "building_blocks/bit_reverse.h"
#include "building_blocks/lanes.h"

/* Per square the rays going up (north, north-east, north-west) and the
 * rays going down, reversed (south, south-west, south-east as seen from
 * the reversed square 63 - square); 48 bytes. */
/* Each pair of diagonal rays is adjacent: up_to_first_diagonals reads
 * north_east with north_west, and south_west_reversed with
 * south_east_reversed, as one vector. */
struct square_rays {
    bitboard north, north_east, north_west;
    bitboard south_reversed, south_west_reversed, south_east_reversed;
};

static alignas(64) struct square_rays square_rays[SQUARE_COUNT];

/* The first-rank table (building_blocks/first_rank_table.h). */
static uint8_t first_rank_attacks[64][8];

static size_t bitray_init(void)
{
    for (int square = 0; square < SQUARE_COUNT; square++)
        square_rays[square] = (struct square_rays){
            .north = ray_walk(square, 0, 0, 1),
            .north_east = ray_walk(square, 0, 1, 1),
            .north_west = ray_walk(square, 0, -1, 1),
            .south_reversed = reverse_bits(ray_walk(square, 0, 0, -1)),
            .south_west_reversed = reverse_bits(ray_walk(square, 0, -1, -1)),
            .south_east_reversed = reverse_bits(ray_walk(square, 0, 1, -1)),
        };
    first_rank_table_build(first_rank_attacks);
    return sizeof square_rays + sizeof first_rank_attacks;
}

/* A ray of the square's record, read into a general register: gcc 12
 * otherwise read the scalar rays into vector registers beside the
 * diagonal pairs and moved each to a general register (once per use), on
 * the way to the blocker's BLSMSK. */
static inline bitboard scalar_ray(const bitboard *ray)
{
    bitboard value = *ray;
#if !defined(__clang__)
    __asm__("" : "+r"(value));
#endif
    return value;
}

/* The ray up to and including its first blocker. */
static inline bitboard up_to_first(bitboard occupied, bitboard ray)
{
    bitboard on_ray = occupied & ray;
    return (on_ray ^ (on_ray - 1)) & ray;
}

/* The two diagonal rays that start at `first` (north-east and north-west,
 * or their reversed south twins, adjacent in struct square_rays) in the
 * two lanes of one vector, up_to_first on each, the lanes ORed.  clang 14
 * made this form itself; gcc 12 kept the rays in general registers,
 * spilled the query stream's pointers and took 1.08-1.09 times clang's
 * time. */
static inline bitboard up_to_first_diagonals(bitboard occupied, const bitboard *first)
{
    lanes2 rays;
    memcpy(&rays, first, sizeof rays);
    lanes2 on_rays = occupied & rays;
    return or_lanes2((on_rays ^ (on_rays - 1)) & rays);
}

static inline bitboard rank_attacks(int square, bitboard occupied)
{
    return first_rank_table_rank_attacks(first_rank_attacks, square, occupied);
}

static inline LOOKUP_INLINE bitboard bitray_rook(int square, bitboard occupied)
{
    const struct square_rays *rays = &square_rays[square];
    bitboard down = up_to_first(reverse_bits(occupied), scalar_ray(&rays->south_reversed));
    return up_to_first(occupied, scalar_ray(&rays->north)) | reverse_bits(down) | rank_attacks(square, occupied);
}

static inline LOOKUP_INLINE bitboard bitray_bishop(int square, bitboard occupied)
{
    const struct square_rays *rays = &square_rays[square];
    bitboard down = up_to_first_diagonals(reverse_bits(occupied), &rays->south_west_reversed);
    return up_to_first_diagonals(occupied, &rays->north_east) | reverse_bits(down);
}

/* One reversal of the board and one of the three down rays together. */
static inline LOOKUP_INLINE bitboard bitray_queen(int square, bitboard occupied)
{
    const struct square_rays *rays = &square_rays[square];
#if !defined(__clang__)
    /* gcc 12 computed the record's address twice and kept the query
     * stream's pointer on the stack (queens 1.05x slower; the same for
     * rooks and bishops made them 1.01-1.03x slower). */
    BASE_REGISTER(rays);
#endif
    bitboard reversed = reverse_bits(occupied);
    bitboard down = up_to_first(reversed, scalar_ray(&rays->south_reversed)) |
                    up_to_first_diagonals(reversed, &rays->south_west_reversed);
    bitboard up = up_to_first(occupied, scalar_ray(&rays->north)) | up_to_first_diagonals(occupied, &rays->north_east);
    return up | reverse_bits(down) | rank_attacks(square, occupied);
}

static const char *bitray_note(void)
{
    return "bit reversal: " BIT_REVERSAL;
}

BACKEND(bitray, "bitray",
        "(o ^ (o - 1)) & ray per ray going up, the same on the bit-reversed board for the rays going down; "
        "ranks from a 512-byte table",
        "Daniel Infuehr, Chess_Movegen_GPU cu_Bitray.h (2023)", .init = bitray_init, .note = bitray_note)

/* Exploding bitboards: the attacks grow from the slider's square outwards
 * on all its rays at once, like the rings of a stone thrown into water.
 * The first ring (the slider's neighbours on its rays) comes from a
 * table; each further step keeps the ring's empty squares, shifts them one
 * square back along a ray (>> 9 for a bishop, >> 8 for a rook) and
 * multiplies by a spreading constant whose bits put a copy of each square
 * on its neighbours in all four directions of the piece; the slider's ray
 * mask drops the copies that left the rays, and what remains is the next
 * ring, ORed into the attacks.  A per-square step count (the longest ray
 * of the square) decides how many steps to take.
 * Source: Harald Lüßen, "Exploding Bitboards" (Winboard forum, "Re:
 * Compact Bitboard Attacks", September 2006; his engine Elephant), as
 * given on the Chessprogramming wiki page "Exploding Bitboards"; written
 * here from that page.  The page's mapping has h1 as bit 0; the steps
 * work on bit positions alone, so its constants, step counts and repairs
 * apply to this project's a1 = 0 mapping unchanged (file 0 is a here, h
 * there).
 * The bishop is the page's: six steps at most, entered by a switch on the
 * step count, the rings not cleared.  The rook follows the page's method
 * (first step with an edge-file constant, the two carry repairs, the ring
 * cleared of earlier squares before it spreads, the first rank from a
 * 64 x 8 rank table since >> 8 loses it), but the page's rook listing does
 * not compile as printed (a stray brace) and shifts by a negative count for
 * most first-rank squares; here the first step's repairs are per-square
 * masks built at init, the same arithmetic without the switch.  Checked
 * on every subset of the full lines (edge squares included) of every
 * square, with and without the slider's own square occupied. */
#include <stdalign.h>

#include "attackbench/loops.h"
#include "base/ray_walk.h"

/* Copies of a square shifted back by 9 (south-west) on its four diagonal
 * neighbours: +0 south-west, +2 south-east, +16 north-west, +18
 * north-east (the page's 0x00050005). */
static const bitboard BISHOP_SPREAD = 0x0000000000050005ULL;
/* Copies of a square shifted back by 8 (south) on its four orthogonal
 * neighbours: +0 south, +7 west, +9 east, +16 north (the page's
 * 0x00010281), and the edge-file forms without the step that wraps: no
 * west step from the a-file (0x00010201), no east step from the h-file
 * (0x00010081). */
static const bitboard ROOK_SPREAD = 0x0000000000010281ULL;
static const bitboard ROOK_SPREAD_FROM_FILE_A = 0x0000000000010201ULL;
static const bitboard ROOK_SPREAD_FROM_FILE_H = 0x0000000000010081ULL;

/* What a lookup reads about its square: one cache line. */
struct explosion {
    bitboard bishop_ring;       /* the first ring: diagonal neighbours */
    bitboard bishop_rays;       /* the diagonals, without the square */
    bitboard rook_ring;         /* the first ring: orthogonal neighbours */
    bitboard rook_rays;         /* the rank and file, without the square */
    bitboard rook_first_spread; /* the spreading constant of the first rook step */
    bitboard rook_first_rays;   /* the rook rays without the first step's carry squares */
    bitboard rook_carry;        /* three east of the square, where a double carry lands for two east */
    uint8_t bishop_steps;       /* steps after the first ring, 3 to 6 */
    uint8_t rook_steps;         /* steps after the first one, 2 to 5 */
    uint8_t padding[6];
};

static alignas(64) struct explosion explosions[SQUARE_COUNT];

/* first_rank_attacks[file][inner]: a rook's attacks along the first rank
 * when b1..g1 hold the six bits of `inner`. */
static uint8_t first_rank_attacks[8][64];

static int smaller(int a, int b)
{
    return a < b ? a : b;
}

static int larger(int a, int b)
{
    return a > b ? a : b;
}

/* The length of the square's longest diagonal ray (bishop) or orthogonal
 * ray (rook): the number of rings to grow.  The page's step counts are
 * this minus one (repsB; repsR too, but for 7 and 8 on the two edge files,
 * which select their own first-step constants). */
static int longest_ray(int square, int diagonal)
{
    int east = 7 - square_file(square), west = square_file(square);
    int north = 7 - square_rank(square), south = square_rank(square);
    if (diagonal)
        return larger(larger(smaller(east, north), smaller(west, north)),
                      larger(smaller(east, south), smaller(west, south)));
    return larger(larger(east, west), larger(north, south));
}

/* The first rook step's repairs (the page's switch cases).  With all four
 * neighbours there, four copies meet on the slider's square and two more
 * on the square two to the east, whose carry lands three to the east: it
 * stands for two to the east.  Two copies meet south-east of the slider
 * and carry one square further, which from the g-file wraps to the a-file
 * square of the slider's own rank: it is dropped. */
static void set_rook_first_step(struct explosion *explosion, int square)
{
    int file = square_file(square), rank = square_rank(square);
    bitboard carry = 0, stray = 0;
    explosion->rook_first_spread = file == 0   ? ROOK_SPREAD_FROM_FILE_A
                                   : file == 7 ? ROOK_SPREAD_FROM_FILE_H
                                               : ROOK_SPREAD;
    if (file > 0 && file < 7 && rank > 0 && rank < 7)
        carry = square_bit(square + 3);
    if (file == 6 && rank > 0)
        stray = square_bit(square - 6);
    explosion->rook_carry = carry;
    explosion->rook_first_rays = explosion->rook_rays & ~carry & ~stray;
}

static size_t exploding_init(void)
{
    for (int square = 0; square < SQUARE_COUNT; square++) {
        struct explosion *explosion = &explosions[square];
        bitboard self = square_bit(square);
        explosion->bishop_ring =
            ((self >> 9) & ~FILE_H) | ((self >> 7) & ~FILE_A) | ((self << 9) & ~FILE_A) | ((self << 7) & ~FILE_H);
        explosion->bishop_rays = (diagonal_mask(square) | anti_diagonal_mask(square)) & ~self;
        explosion->rook_ring = (self >> 8) | ((self >> 1) & ~FILE_H) | ((self << 1) & ~FILE_A) | (self << 8);
        explosion->rook_rays = (file_mask(square) | rank_mask(square)) & ~self;
        explosion->bishop_steps = (uint8_t)(longest_ray(square, 1) - 1);
        explosion->rook_steps = (uint8_t)(longest_ray(square, 0) - 2);
        set_rook_first_step(explosion, square);
    }
    for (int file = 0; file < 8; file++)
        for (unsigned inner = 0; inner < 64; inner++)
            first_rank_attacks[file][inner] = (uint8_t)ray_walk_first_rank(file, inner << 1);
    return sizeof explosions + sizeof first_rank_attacks;
}

/* One bishop step: the wave's empty squares one ring further (and one
 * ring back, onto squares already attacked), kept on the rays. */
static inline bitboard bishop_step(bitboard wave, bitboard empty, bitboard rays)
{
    return (((wave & empty) >> 9) * BISHOP_SPREAD) & rays;
}

/* The page's bishop: the step count picks the entry into six unrolled
 * steps; every square has at least three (a longest ray of four). */
static inline bitboard exploding_bishop(int square, bitboard occupied)
{
    const struct explosion *explosion = &explosions[square];
    bitboard empty = ~occupied, rays = explosion->bishop_rays;
    bitboard wave = explosion->bishop_ring, attacks = wave;
    switch (explosion->bishop_steps) {
    case 6:
        wave = bishop_step(wave, empty, rays);
        attacks |= wave;
        __attribute__((fallthrough));
    case 5:
        wave = bishop_step(wave, empty, rays);
        attacks |= wave;
        __attribute__((fallthrough));
    case 4:
        wave = bishop_step(wave, empty, rays);
        attacks |= wave;
        __attribute__((fallthrough));
    default:
        wave = bishop_step(wave, empty, rays);
        attacks |= wave;
        wave = bishop_step(wave, empty, rays);
        attacks |= wave;
        wave = bishop_step(wave, empty, rays);
        attacks |= wave;
    }
    return attacks;
}

/* The rook's first step from the first ring, with its per-square repairs:
 * the carry square's bit moved one square down, the stray squares
 * dropped. */
static inline bitboard rook_first_step(const struct explosion *explosion, bitboard empty)
{
    bitboard wave = ((explosion->rook_ring & empty) >> 8) * explosion->rook_first_spread;
    wave |= (wave & explosion->rook_carry) >> 1;
    return wave & explosion->rook_first_rays;
}

/* The first rank's rook attacks from the table; nothing elsewhere, where
 * the steps reach the rank. */
static inline bitboard first_rank_rook(int square, bitboard occupied)
{
    bitboard on_first_rank = (bitboard)(square < 8);
    unsigned inner = (unsigned)(occupied >> 1) & 63;
    return on_first_rank * first_rank_attacks[square & 7][inner];
}

/* The page's rook: each later step spreads only the newest ring's empty
 * squares (those not attacked before the last step), so that no two
 * copies meet again. */
static inline bitboard exploding_rook(int square, bitboard occupied)
{
    const struct explosion *explosion = &explosions[square];
    bitboard empty = ~occupied, rays = explosion->rook_rays;
    bitboard earlier = explosion->rook_ring;
    bitboard wave = rook_first_step(explosion, empty);
    bitboard attacks = earlier | wave;
    for (int steps = explosion->rook_steps; steps > 0; steps--) {
        wave = (((wave & empty & ~earlier) >> 8) * ROOK_SPREAD) & rays;
        earlier = attacks;
        attacks |= wave;
    }
    return attacks | first_rank_rook(square, occupied);
}

QUEEN_FROM_ROOK_AND_BISHOP(exploding)

BACKEND(exploding, "exploding",
        "the attacks grow ring by ring from the square: the ring's empty squares shifted back, multiplied by a "
        "spreading constant onto their neighbours, masked by the rays; a per-square step count; first rank from a "
        "table",
        "Harald Luessen, Exploding Bitboards (Winboard forum 2006; Chessprogramming wiki)", .init = exploding_init)

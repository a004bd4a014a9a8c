/* Reference: walk each ray square by square until the edge or the first
 * occupied square, which is included.  No tables; obviously correct, and
 * the yardstick every other backend is verified against.
 * Source: the definition of sliding-piece attacks. */
#include "backend.h"

static inline bitboard reference_ray(int square, bitboard occupied, int file_step, int rank_step)
{
    bitboard attacks = 0;
    int file = square_file(square) + file_step;
    int rank = square_rank(square) + rank_step;
    while (file >= 0 && file < 8 && rank >= 0 && rank < 8) {
        bitboard bit = square_bit(make_square(file, rank));
        attacks |= bit;
        if (occupied & bit)
            break;
        file += file_step;
        rank += rank_step;
    }
    return attacks;
}

static inline bitboard reference_rook(int square, bitboard occupied)
{
    return reference_ray(square, occupied, 1, 0) | reference_ray(square, occupied, -1, 0) |
           reference_ray(square, occupied, 0, 1) | reference_ray(square, occupied, 0, -1);
}

static inline bitboard reference_bishop(int square, bitboard occupied)
{
    return reference_ray(square, occupied, 1, 1) | reference_ray(square, occupied, -1, 1) |
           reference_ray(square, occupied, 1, -1) | reference_ray(square, occupied, -1, -1);
}

static inline bitboard reference_queen(int square, bitboard occupied)
{
    return reference_rook(square, occupied) | reference_bishop(square, occupied);
}

static size_t reference_init(void)
{
    return 0;
}

static uint64_t reference_rook_loop(const struct run *run)
{
    return run_lookup_loop(reference_rook, run);
}

static uint64_t reference_bishop_loop(const struct run *run)
{
    return run_lookup_loop(reference_bishop, run);
}

static uint64_t reference_queen_loop(const struct run *run)
{
    return run_lookup_loop(reference_queen, run);
}

const struct backend reference_backend = {
    .name = "reference",
    .description = "ray-by-ray loop to the first blocker; the yardstick for verification",
    .source = "definition of sliding attacks",
    .features = 0,
    .init = reference_init,
    .rook = reference_rook,
    .bishop = reference_bishop,
    .queen = reference_queen,
    .rook_loop = reference_rook_loop,
    .bishop_loop = reference_bishop_loop,
    .queen_loop = reference_queen_loop,
};

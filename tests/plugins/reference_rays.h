/* Ray-by-ray attack sets for the test plugins (each a loop to the first
 * blocker), so that each plugin differs from a correct one only where it
 * means to. */
#include <stdint.h>

static uint64_t reference_ray(int square, uint64_t occupied, int file_step, int rank_step)
{
    uint64_t attacks = 0;
    int file = square % 8 + file_step, rank = square / 8 + rank_step;
    for (; file >= 0 && file < 8 && rank >= 0 && rank < 8; file += file_step, rank += rank_step) {
        attacks |= 1ULL << (8 * rank + file);
        if (occupied & (1ULL << (8 * rank + file)))
            break;
    }
    return attacks;
}

static uint64_t reference_rook(int square, uint64_t occupied)
{
    return reference_ray(square, occupied, 0, 1) | reference_ray(square, occupied, 0, -1) |
           reference_ray(square, occupied, 1, 0) | reference_ray(square, occupied, -1, 0);
}

static uint64_t reference_bishop(int square, uint64_t occupied)
{
    return reference_ray(square, occupied, 1, 1) | reference_ray(square, occupied, 1, -1) |
           reference_ray(square, occupied, -1, 1) | reference_ray(square, occupied, -1, -1);
}

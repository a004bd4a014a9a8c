/* xorshift64*: shifts 12, 25, 27 and the multiplier from Vigna's paper
 * (see src/base/random.h). */
#include "random.h"

uint64_t random_next(uint64_t *state)
{
    uint64_t x = *state;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    *state = x;
    return x * 0x2545F4914F6CDD1DULL;
}

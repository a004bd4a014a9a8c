/* The positions pass with a lookup that is a jump-table switch, inlined:
 * clang 14 and 15 copied the pass's empty asm on the occupancy into the
 * switch's cases and lost the tie of its "+r" operand, so the lookups
 * read an unwritten register (ATTACKBENCH_OPAQUE in
 * include/attackbench_plugin_loops.h).  The sum of the pass is checked
 * against the same lookups called one by one. */
#include "attackbench_plugin.h"
#include "attackbench_plugin_loops.h"
#include "unit.h"

enum { SWITCH_POSITIONS = 4 };

/* Eight cases, so that both compilers build a jump table; each result
 * depends on the occupancy, so a wrong occupancy changes the sum. */
static inline __attribute__((always_inline)) uint64_t switched_lookup(int square, uint64_t occupied)
{
    switch (square) {
    case 0:
        return 0x100 | (occupied & 0x79b97f4a7c15);
    case 1:
        return 0x200 | (occupied & 0xf372fe94f82a);
    case 2:
        return 0x300 | (occupied & 0x6d2c7ddf743f);
    case 3:
        return 0x400 | (occupied & 0xe6e5fd29f054);
    case 4:
        return 0x500 ^ (occupied >> 3);
    case 5:
        return 0x600 ^ (occupied << 5);
    case 6:
        return 0x700 + (occupied >> 11);
    case 7:
        return 0x800 - (occupied << 2);
    default:
        __builtin_unreachable();
    }
}

static __attribute__((noinline)) uint64_t switched_pass(const struct attackbench_run *run)
{
    const struct attackbench_entries entries = {switched_lookup, NULL, NULL};
    return attackbench_positions_pass(entries, ATTACKBENCH_ONE_SET, run, 0, 0);
}

TEST(positions_pass_keeps_the_occupancy_through_an_inlined_switch)
{
    static const uint64_t occupied[SWITCH_POSITIONS] = {~0ULL, 0x0123456789abcdefULL, 0xfedcba9876543210ULL,
                                                        0x00ff00ff00ff00ffULL};
    uint8_t squares[SWITCH_POSITIONS * ATTACKBENCH_POSITION_SQUARES];
    uint64_t expected = 0;
    for (int i = 0; i < SWITCH_POSITIONS * ATTACKBENCH_POSITION_SQUARES; i++) {
        squares[i] = (uint8_t)((i * 5 + i / 7) & 7);
        expected += switched_lookup(squares[i], occupied[i / ATTACKBENCH_POSITION_SQUARES]);
    }
    struct attackbench_run run = {.occupied = occupied,
                                  .squares = squares,
                                  .count = SWITCH_POSITIONS * ATTACKBENCH_POSITION_SQUARES,
                                  .positions_layout = 1};
    CHECK(switched_pass(&run) == expected);
}

/* perft's figures (src/engine_view/perft_figures.c). */
#include "engine_view/perft_figures.h"
#include "unit.h"

/* A run of `positions` positions in `blocks` blocks, each repetition of
 * its one method lasting `seconds` in all. */
static double shortest_pass(size_t positions, size_t blocks, double seconds)
{
    double rep_seconds[3] = {seconds, seconds, seconds};
    struct perft_settings settings = {.reps = 3, .threads = 1, .processes = 1};
    struct perft_method method = {.rep_seconds = rep_seconds};
    struct perft_run run = {.settings = &settings,
                            .methods = &method,
                            .method_count = 1,
                            .blocks_finished = blocks,
                            .positions = positions};
    return perft_shortest_pass(&run);
}

/* A block's pass is a full block's share of the time: one position more
 * than a block (a second block of one position) does not halve it, which
 * set off the short-pass warning for 1025 positions and not for 1024. */
TEST(perft_pass_is_a_full_block)
{
    CHECK(shortest_pass(1024, 1, 0.030) == 0.030);
    CHECK(shortest_pass(1025, 2, 0.030) > 0.0299);
    CHECK(shortest_pass(2048, 2, 0.060) == 0.030);
    CHECK(shortest_pass(500, 1, 0.010) == 0.010);
    CHECK(shortest_pass(0, 0, 0) == 0);
}

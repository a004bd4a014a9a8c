/* The input checks stop at a signal (src/verify/verify.c). */
#include <signal.h>

#include "platform/interrupt.h"
#include "registry/registry.h"
#include "unit.h"
#include "verify/verify.h"

/* A rook lookup that is always wrong: a check that looked at any query
 * would say so. */
static uint64_t no_rook_attacks(int square, uint64_t occupied)
{
    (void)square;
    (void)occupied;
    return 0;
}

/* A stream's check looks for SIGINT and SIGTERM as the file checks do:
 * it went through every query of the stream (2^28 of them take minutes,
 * and the run then said it had verified them all) before the signal
 * was seen. */
TEST(verify_stream_stops_at_a_signal)
{
    struct backend wrong = *find_backend("reference");
    wrong.name = "wrong-rook";
    wrong.rook = no_rook_attacks;
    const struct backend *backends[] = {&wrong};
    struct file_check check = {.backends = backends, .count = 1, .pieces = piece_bit(PIECE_ROOK)};
    static bitboard occupied[8192];
    static uint8_t squares[8192];
    interrupt_signal = SIGTERM;
    int status = verify_stream(&check, PIECE_ROOK, occupied, squares, 8192, 1);
    interrupt_signal = 0;
    CHECK(status == 128 + SIGTERM);
}

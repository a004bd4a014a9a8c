/* libFuzzer target: EPD operations and perft on parsed positions.  The
 * first byte picks a backend and the depth (1 or 2); the rest is one
 * FEN/EPD line.  Expected counts ("Dn count") must survive a round trip
 * through text; a position the move generator accepts must give the same
 * perft with the chosen backend as with the reference, and perft_divide
 * must add up to perft. */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "attackbench/backend.h"
#include "chess/movegen.h"
#include "chess/perft.h"
#include "chess/position.h"
#include "registry/registry.h"

/* The position's expected counts written back as EPD operations and
 * parsed again must be the same counts. */
static void check_operations(const struct position *position)
{
    char text[128 + (MAX_EXPECTED_DEPTH + 1) * 32], error[256];
    format_fen(position, text, sizeof text);
    size_t used = strlen(text);
    for (int depth = 1; depth <= MAX_EXPECTED_DEPTH; depth++)
        if (position->expected_nodes[depth])
            used += (size_t)snprintf(text + used, sizeof text - used, " ;D%d %llu", depth,
                                     (unsigned long long)position->expected_nodes[depth]);
    struct position again;
    if (parse_position(text, &again, error, sizeof error) != 0 ||
        memcmp(position->expected_nodes, again.expected_nodes, sizeof again.expected_nodes) != 0)
        abort();
}

static const struct backend *usable_backend(uint8_t choice)
{
    static unsigned char initialized[256];
    size_t index = choice % backend_count;
    const struct backend *backend = backends[index];
    if (backend->baseline || backend_unavailable_reason(backend))
        backend = find_backend("reference");
    if (!initialized[index] && backend->init) {
        backend->init();
        initialized[index] = 1;
    }
    return backend;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static FILE *quiet;
    if (size < 1)
        return 0;
    if (quiet == NULL && (quiet = fopen("/dev/null", "w")) == NULL)
        abort();
    const struct backend *reference = find_backend("reference");
    if (reference->init)
        reference->init();
    movegen_init();
    char *text = malloc(size);
    if (text == NULL)
        return 0;
    memcpy(text, data + 1, size - 1);
    text[size - 1] = '\0';
    struct position position;
    char error[256];
    if (parse_position(text, &position, error, sizeof error) == 0) {
        check_operations(&position);
        if (position_illegal_reason(reference, &position) == NULL) {
            const struct backend *backend = usable_backend(data[0] >> 1);
            int depth = 1 + (data[0] & 1);
            struct board board;
            board_from_position(&board, &position);
            uint64_t nodes = perft(reference, &board, depth);
            if (perft(backend, &board, depth) != nodes || perft_divide(reference, &board, depth, quiet) != nodes)
                abort();
        }
    }
    free(text);
    return 0;
}

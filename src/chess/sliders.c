/* A position's sliders as the backends see them (sliders.h). */
#include "sliders.h"

#include <stdio.h>
#include <string.h>
#include "registry/contract.h"

bitboard position_sliders(const struct position *position, enum piece_kind piece)
{
    /* Both at once is asked of the queens, the queen rows' squares. */
    static const enum piece_type types[PIECE_KIND_COUNT] = {ROOK, BISHOP, QUEEN, QUEEN};
    return position->pieces[WHITE][types[piece]] | position->pieces[BLACK][types[piece]];
}

void side_record_from_position(const struct position *position, int color, struct attackbench_side *side)
{
    const bitboard *pieces = position->pieces[color];
    side_record_from_sets(pieces[ROOK], pieces[BISHOP], pieces[QUEEN], position_occupied(position), side);
}

int check_side_sliders(const struct position *position, const char *file_name, long line_number)
{
    static const char *const colors[2] = {"white", "black"};
    for (int color = WHITE; color <= BLACK; color++) {
        const bitboard *pieces = position->pieces[color];
        int sliders = population_count(pieces[ROOK] | pieces[BISHOP] | pieces[QUEEN]);
        if (sliders > ATTACKBENCH_SIDE_MAX_SLIDERS) {
            fprintf(stderr,
                    "attackbench: %s:%ld: %s has %d sliders; the sides workload takes at most %d a side "
                    "(the other workloads take any board)\n",
                    file_name, line_number, colors[color], sliders, ATTACKBENCH_SIDE_MAX_SLIDERS);
            return -1;
        }
    }
    return 0;
}

/* HyperCube: an incremental PEXT index.  The engine keeps, for every
 * square, the PEXT index of its rook mask and of its bishop mask (which of
 * the mask's squares are occupied, packed to the low end) up to date as
 * make and unmake move set and clear squares: setting square s adds, to
 * the index of every square whose mask holds s, that square's power of two
 * for s (its "delta"); clearing s subtracts it.  A lookup is then one read,
 * rook_attacks[square][rook_index[square]], in pext's dense tables, and
 * ignores the occupancy it is given; no PEXT instruction anywhere (the
 * deltas come from a software bit extract at init).
 * Source: Daniel Infuehr (Inführ), HyperCube (talkchess 2022,
 * http://www.talkchess.com/forum3/viewtopic.php?f=7&t=79004&p=916723#p916723),
 * "HyperCube" in Gigantua's Chess_Movegen, whose updates are generated
 * straight-line code per square touching only the indices whose masks hold
 * it, and whose tables also hold x-ray attacks (left out here).  Here the
 * 128 16-bit indices sit in vectors (eight ymm with AVX2, sixteen xmm or
 * NEON registers elsewhere) and a square's deltas in a 256-byte row (0
 * where its mask does not reach), so an update is eight or sixteen vector
 * adds; the same updates as scalar read-modify-writes of only the
 * touched indices (up to 27 per square) were several times slower on the
 * random and pieces workloads (docs/findings.md, "Choices in the code").
 *
 * What is timed.  attackbench's lookups are stateless (square, occupancy),
 * so each thread keeps the occupancy its indices were last brought to; a
 * lookup whose occupancy differs first applies the updates an engine's
 * make/unmake would (a clear per square occupied before and not now, a set
 * per square occupied now and not before; or, when more squares differ
 * than the new occupancy holds, a rebuild from the empty board, as on
 * setting up a position), then reads.  The timing therefore holds every
 * occupancy change's updates plus the read.  Streams whose consecutive
 * queries share an occupancy (the 12 squares of each random occupancy, a
 * side's sliders in --workload=sides) pay one update per occupancy; perft
 * pays the two to four squares a move changes, and also each switch to
 * and from the other occupancies its move generator asks with (the enemy
 * pieces alone for pins, where an engine would read HyperCube's x-ray
 * tables; the board without the king for the king's escapes);
 * --workload=pieces, whose queries are shuffled across positions, pays a
 * rebuild at nearly every query.  An engine's updates happen in make/unmake whether or not a
 * lookup follows; here only when a lookup sees the change.
 *
 * The slider's own square never changes its own index (pext's masks leave
 * the square out), so a query whose occupancy holds the slider needs no
 * masking.  The state is _Thread_local: each measuring thread keeps its
 * own, starting from the empty board (all indices 0), a consistent state;
 * init() resets the calling thread's. */
#include <stdalign.h>
#include <stdint.h>

#include "attackbench/loops.h"
#include "building_blocks/pext_tables.h"

/* 16-bit indices side by side in one vector register (written with the
 * vector extensions gcc and clang share): sixteen in a ymm with AVX2,
 * eight in an xmm or a NEON register elsewhere.  Wider vectors than the
 * build's registers would be split by the compiler through memory. */
#if defined(__AVX2__)
#define HYPERCUBE_LANES 16
#else
#define HYPERCUBE_LANES 8
#endif

enum {
    INDEX_COUNT = 2 * SQUARE_COUNT, /* slots 0..63 are the rook indices, 64..127 the bishop indices */
    BISHOP_SLOT = SQUARE_COUNT,
    INDEX_VECTORS = INDEX_COUNT / HYPERCUBE_LANES
};

typedef uint16_t index_vector __attribute__((vector_size(2 * HYPERCUBE_LANES)));

/* The 128 indices: a lookup reads one of them, an update adds to all.
 * Aligned for a ymm on every build, so that the sizes (and the table
 * bytes reported) are the same everywhere. */
union hypercube_indices {
    alignas(32) index_vector vectors[INDEX_VECTORS];
    uint16_t slots[INDEX_COUNT];
};

/* The loops over the vectors (8 or 16) are unrolled whole, so that the
 * indices stay in registers while a position is applied (without it gcc
 * keeps them in a stack array, one store and reload per square). */
#define HYPERCUBE_EVERY_VECTOR _Pragma("GCC unroll 16")

/* Square s's delta for every index: its power of two in each index whose
 * mask holds s (what PEXT makes of s alone under that mask), 0 in the
 * others.  Setting s adds the row, clearing s subtracts it. */
static union hypercube_indices hypercube_deltas[SQUARE_COUNT];

/* What a thread has brought its indices to: the occupancy, and the rook
 * and bishop index of every square under it. */
struct hypercube_state {
    union hypercube_indices indices;
    bitboard occupied;
};

static _Thread_local struct hypercube_state hypercube_state;

static size_t hypercube_init(void)
{
    size_t tables = pext_tables_build();
    for (int square = 0; square < SQUARE_COUNT; square++) {
        bitboard bit = (bitboard)1 << square;
        for (int target = 0; target < SQUARE_COUNT; target++) {
            uint16_t *slots = hypercube_deltas[square].slots;
            slots[target] = (uint16_t)software_pext(bit, pext_tables.rook_masks[target]);
            slots[BISHOP_SLOT + target] = (uint16_t)software_pext(bit, pext_tables.bishop_masks[target]);
        }
    }
    hypercube_state = (struct hypercube_state){0};
    return tables + sizeof hypercube_deltas + sizeof hypercube_state;
}

/* Brings the indices from the last occupancy to `occupied`, square by
 * square, as the moves between the two positions would: make-move's
 * "clear square" subtracts the square's deltas, "set square" adds them.
 * When more squares differ than `occupied` holds, it starts, as an engine
 * setting up a new position does, from the empty board (every index 0)
 * and sets each occupied square.  The indices stay in registers
 * throughout. */
static void hypercube_move_to(struct hypercube_state *state, bitboard occupied)
{
    bitboard last = state->occupied;
    bitboard to_clear = last & ~occupied;
    bitboard to_set = occupied & ~last;
    /* Decided before the indices are loaded: the counts may be calls
     * (builds without POPCNT), across which vector registers are not kept. */
    const int rebuild = population_count(to_clear | to_set) > population_count(occupied);
    index_vector index[INDEX_VECTORS];
    HYPERCUBE_EVERY_VECTOR
    for (int v = 0; v < INDEX_VECTORS; v++)
        index[v] = rebuild ? (index_vector){0} : state->indices.vectors[v];
    if (rebuild) {
        to_clear = 0;
        to_set = occupied;
    }
    for (; to_clear; to_clear = without_lowest(to_clear))
        HYPERCUBE_EVERY_VECTOR
    for (int v = 0; v < INDEX_VECTORS; v++)
        index[v] -= hypercube_deltas[lowest_square(to_clear)].vectors[v];
    for (; to_set; to_set = without_lowest(to_set))
        HYPERCUBE_EVERY_VECTOR
    for (int v = 0; v < INDEX_VECTORS; v++)
        index[v] += hypercube_deltas[lowest_square(to_set)].vectors[v];
    HYPERCUBE_EVERY_VECTOR
    for (int v = 0; v < INDEX_VECTORS; v++)
        state->indices.vectors[v] = index[v];
    state->occupied = occupied;
}

/* The calling thread's indices, brought to `occupied` if they are not
 * there yet. */
static inline const struct hypercube_state *hypercube_follow(bitboard occupied)
{
    struct hypercube_state *state = &hypercube_state;
    if (__builtin_expect(state->occupied != occupied, 0))
        hypercube_move_to(state, occupied);
    return state;
}

static inline bitboard hypercube_rook(int square, bitboard occupied)
{
    const struct hypercube_state *state = hypercube_follow(occupied);
    return pext_tables.rook_attacks[square][state->indices.slots[square]];
}

static inline bitboard hypercube_bishop(int square, bitboard occupied)
{
    const struct hypercube_state *state = hypercube_follow(occupied);
    return pext_tables.bishop_attacks[square][state->indices.slots[BISHOP_SLOT + square]];
}

static inline bitboard hypercube_queen(int square, bitboard occupied)
{
    const struct hypercube_state *state = hypercube_follow(occupied);
    return pext_tables.rook_attacks[square][state->indices.slots[square]] |
           pext_tables.bishop_attacks[square][state->indices.slots[BISHOP_SLOT + square]];
}

BACKEND(hypercube, "hypercube",
        "pext's tables read at per-square rook and bishop indices kept incrementally: setting or clearing a square "
        "adds or subtracts its 256-byte row of deltas by vector adds; each lookup first applies, timed, the "
        "squares changed since the thread's last occupancy, then one read",
        "Daniel Infuehr, HyperCube (talkchess 2022; Gigantua's Chess_Movegen)", .init = hypercube_init)

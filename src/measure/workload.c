/* Building the query streams. */
#include "workload.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "platform/interrupt.h"
#include "platform/sealed_memory.h"
#include "base/random.h"
#include "chess/sliders.h"
#include "registry/contract.h"

const char *const workload_names[WORKLOAD_KIND_COUNT] = {"pieces", "squares", "random", "sets", "sides"};
const char *const phase_names[PHASE_COUNT] = {"all", "opening", "middlegame", "endgame"};
const char *const stream_layout_names[STREAM_LAYOUT_COUNT] = {"queries", "positions"};

size_t stream_occupancies(const struct stream *stream)
{
    return stream->layout == STREAM_LAYOUT_POSITIONS ? stream->count / ATTACKBENCH_POSITION_SQUARES : stream->count;
}

const char *workload_piece_name(enum workload_kind kind, enum piece_kind piece)
{
    return side_workload(kind) ? "sliders" : piece_names[piece];
}

enum game_phase position_phase(const struct position *position)
{
    int weight = 0, men = 0;
    for (int color = 0; color < 2; color++) {
        const bitboard *pieces = position->pieces[color];
        weight += population_count(pieces[KNIGHT] | pieces[BISHOP]) + 2 * population_count(pieces[ROOK]) +
                  4 * population_count(pieces[QUEEN]);
        men += population_count(position_color(position, color));
    }
    if (weight <= 8)
        return PHASE_ENDGAME;
    if (men >= 30)
        return PHASE_OPENING;
    return PHASE_MIDDLEGAME;
}

static int piece_count(unsigned pieces)
{
    return population_count(pieces & ALL_PIECES);
}

uint64_t workload_bytes_bound(const struct workload_options *options)
{
    if (options->kind == WORKLOAD_RANDOM && options->layout == STREAM_LAYOUT_POSITIONS)
        return options->random_positions * (sizeof(bitboard) + ATTACKBENCH_POSITION_SQUARES) *
               (uint64_t)piece_count(options->pieces);
    uint64_t queries = options->kind == WORKLOAD_RANDOM ? options->random_queries : options->max_queries;
    int streams = piece_count(options->pieces) * (options->split_phases ? PHASE_COUNT : 1);
    return queries * STREAM_BYTES_PER_QUERY * (uint64_t)streams;
}

/* Resize the stream's arrays to hold `capacity` queries. */
static int resize_stream(struct stream *stream, size_t capacity)
{
    bitboard *occupied = realloc(stream->occupied, capacity * sizeof *occupied);
    if (occupied)
        stream->occupied = occupied;
    uint8_t *squares = realloc(stream->squares, capacity * sizeof *squares);
    if (squares)
        stream->squares = squares;
    uint32_t *lines = realloc(stream->pressure_lines, capacity * sizeof *lines);
    if (lines)
        stream->pressure_lines = lines;
    if (!occupied || !squares || !lines) {
        fprintf(stderr, "attackbench: out of memory building a query stream of %zu queries (%zu bytes)\n", capacity,
                capacity * (size_t)STREAM_BYTES_PER_QUERY);
        return -1;
    }
    stream->capacity = capacity;
    return 0;
}

/* Side streams hold records; their arrays grow the same way. */
static int resize_side_stream(struct stream *stream, size_t capacity)
{
    struct attackbench_side *sides = realloc(stream->sides, capacity * sizeof *sides);
    if (!sides) {
        fprintf(stderr, "attackbench: out of memory building a stream of %zu position-sides (%zu bytes)\n", capacity,
                capacity * sizeof *sides);
        return -1;
    }
    stream->sides = sides;
    stream->capacity = capacity;
    return 0;
}

/* Reservoir sampling of side records, as stream_offer() for queries. */
static int side_offer(struct stream *stream, const struct attackbench_side *side, uint64_t *random_state)
{
    stream->offered++;
    size_t slot = stream->count;
    if (stream->count < stream->limit) {
        if (stream->count == stream->capacity) {
            size_t capacity = stream->capacity ? 2 * stream->capacity : 4096;
            if (resize_side_stream(stream, capacity < stream->limit ? capacity : stream->limit) != 0)
                return -1;
        }
        stream->count++;
    } else {
        slot = (size_t)(random_next(random_state) % stream->offered);
        if (slot >= stream->limit)
            return 0;
    }
    stream->sides[slot] = *side;
    stream->sides[slot].pressure_line = (uint32_t)(random_next(random_state) >> 32);
    return 0;
}

static void store_query(struct stream *stream, size_t slot, int square, bitboard occupied, uint64_t *random_state)
{
    stream->occupied[slot] = occupied;
    stream->squares[slot] = (uint8_t)square;
    stream->pressure_lines[slot] = (uint32_t)(random_next(random_state) >> 32);
}

/* Offer a query to a stream: kept while there is room, then by reservoir
 * sampling (each of the n queries seen is kept with probability limit/n).
 * The arrays double as they fill, up to the limit. */
static int stream_offer(struct stream *stream, int square, bitboard occupied, uint64_t *random_state)
{
    stream->offered++;
    if (stream->count < stream->limit) {
        if (stream->count == stream->capacity) {
            size_t capacity = stream->capacity ? 2 * stream->capacity : 4096;
            if (resize_stream(stream, capacity < stream->limit ? capacity : stream->limit) != 0)
                return -1;
        }
        store_query(stream, stream->count++, square, occupied, random_state);
        return 0;
    }
    uint64_t slot = random_next(random_state) % stream->offered;
    if (slot < stream->limit)
        store_query(stream, (size_t)slot, square, occupied, random_state);
    return 0;
}

struct build_context {
    struct workload *workload;
    const struct workload_options *options;
    uint64_t random_state;
};

/* Both sides of a position, white first, into the side stream. */
static int offer_sides(struct build_context *context, const struct position *position, int phase)
{
    struct workload *workload = context->workload;
    for (int color = WHITE; color <= BLACK; color++) {
        struct attackbench_side side;
        side_record_from_position(position, color, &side);
        if (side_offer(&workload->streams[0][PHASE_ALL], &side, &context->random_state) != 0)
            return -1;
        if (context->options->split_phases &&
            side_offer(&workload->streams[0][phase], &side, &context->random_state) != 0)
            return -1;
    }
    return 0;
}

static int offer(struct build_context *context, int piece, int phase, int square, bitboard occupied)
{
    struct workload *workload = context->workload;
    if (stream_offer(&workload->streams[piece][PHASE_ALL], square, occupied, &context->random_state) != 0)
        return -1;
    if (context->options->split_phases &&
        stream_offer(&workload->streams[piece][phase], square, occupied, &context->random_state) != 0)
        return -1;
    return 0;
}

/* The squares of one position that give queries for a piece. */
static bitboard query_squares(const struct build_context *context, const struct position *position,
                              enum piece_kind piece)
{
    return context->workload->kind == WORKLOAD_SQUARES ? ~(bitboard)0 : position_sliders(position, piece);
}

static int visit_position(const struct position *position, const char *file_name, long line_number, void *data)
{
    struct build_context *context = data;
    struct workload *workload = context->workload;
    if (interrupt_requested())
        return -1;
    bitboard occupied = position_occupied(position);
    int phase = position_phase(position);
    workload->positions++;
    workload->phase_positions[phase]++;
    if (workload->kind == WORKLOAD_SIDES && check_side_sliders(position, file_name, line_number) != 0)
        return -1;
    if (side_workload(workload->kind))
        return offer_sides(context, position, phase);
    for (int piece = 0; piece < PIECE_KIND_COUNT; piece++) {
        if (!(context->options->pieces & piece_bit(piece)))
            continue;
        for (bitboard squares = query_squares(context, position, piece); squares; squares = without_lowest(squares))
            if (offer(context, piece, phase, lowest_square(squares), occupied) != 0)
                return -1;
    }
    return 0;
}

/* Fisher-Yates, so that branch predictors cannot learn the file order. */
static void shuffle(struct stream *stream, uint64_t *random_state)
{
    if (stream->sides) {
        for (size_t i = stream->count; i > 1; i--) {
            size_t j = (size_t)(random_next(random_state) % i);
            struct attackbench_side side = stream->sides[i - 1];
            stream->sides[i - 1] = stream->sides[j];
            stream->sides[j] = side;
        }
        return;
    }
    for (size_t i = stream->count; i > 1; i--) {
        size_t j = (size_t)(random_next(random_state) % i);
        bitboard occupied = stream->occupied[i - 1];
        uint8_t square = stream->squares[i - 1];
        stream->occupied[i - 1] = stream->occupied[j];
        stream->squares[i - 1] = stream->squares[j];
        stream->occupied[j] = occupied;
        stream->squares[j] = square;
    }
}

/* The random workload: occupancy r1 & r2, shared by 12 uniform squares;
 * every piece asked for gets the same queries.  The arrays are allocated
 * once, at their final size. */
static int build_random(struct build_context *context)
{
    enum { SQUARES_PER_OCCUPANCY = 12 };
    const struct workload_options *options = context->options;
    size_t count = options->random_queries;
    for (int piece = 0; piece < PIECE_KIND_COUNT; piece++)
        if ((options->pieces & piece_bit(piece)) &&
            resize_stream(&context->workload->streams[piece][PHASE_ALL], count ? count : 1) != 0)
            return -1;
    uint64_t state = options->seed ^ 0x9E3779B97F4A7C15ULL;
    bitboard occupied = 0;
    for (size_t i = 0; i < count; i++) {
        if (i % SQUARES_PER_OCCUPANCY == 0)
            occupied = random_next(&state) & random_next(&state);
        if (i % (1u << 20) == 0 && interrupt_requested())
            return -1;
        int square = (int)(random_next(&state) >> 58);
        for (int piece = 0; piece < PIECE_KIND_COUNT; piece++)
            if (options->pieces & piece_bit(piece))
                offer(context, piece, PHASE_ALL, square, occupied);
    }
    return 0;
}

/* The same random queries in the positions layout: each occupancy stored
 * once, then its 12 squares (the stream build_random makes of as many
 * queries, so the two layouts give one checksum).  No pressure lines. */
static int build_positions(struct build_context *context)
{
    const struct workload_options *options = context->options;
    const size_t positions = options->random_positions, count = positions * ATTACKBENCH_POSITION_SQUARES;
    struct stream *first = NULL;
    for (int piece = 0; piece < PIECE_KIND_COUNT; piece++) {
        if (!(options->pieces & piece_bit(piece)))
            continue;
        struct stream *stream = &context->workload->streams[piece][PHASE_ALL];
        stream->occupied = malloc(positions * sizeof *stream->occupied);
        stream->squares = malloc(count);
        if (!stream->occupied || !stream->squares) {
            fprintf(stderr, "attackbench: out of memory building a stream of %zu positions (%zu bytes)\n", positions,
                    positions * (sizeof(bitboard) + ATTACKBENCH_POSITION_SQUARES));
            return -1;
        }
        stream->layout = STREAM_LAYOUT_POSITIONS;
        stream->count = stream->capacity = count;
        stream->offered = count;
        if (first != NULL) { /* every piece reads the same queries */
            memcpy(stream->occupied, first->occupied, positions * sizeof *stream->occupied);
            memcpy(stream->squares, first->squares, count);
            continue;
        }
        first = stream;
        uint64_t state = options->seed ^ 0x9E3779B97F4A7C15ULL;
        for (size_t position = 0; position < positions; position++) {
            if (position % (1u << 16) == 0 && interrupt_requested())
                return -1;
            stream->occupied[position] = random_next(&state) & random_next(&state);
            for (int k = 0; k < ATTACKBENCH_POSITION_SQUARES; k++)
                stream->squares[position * ATTACKBENCH_POSITION_SQUARES + k] = (uint8_t)(random_next(&state) >> 58);
        }
    }
    context->workload->positions = (long)positions;
    return 0;
}

static int build_from_files(struct build_context *context, char **files, int file_count, long *skipped)
{
    struct workload *workload = context->workload;
    for (int i = 0; i < file_count; i++) {
        long before = workload->positions;
        if (read_positions(files[i], &context->options->read, visit_position, context, skipped) < 0)
            return -1;
        if (workload->positions == before && !(skipped && *skipped)) {
            report_no_positions(files[i]);
            return -1;
        }
    }
    for (int piece = 0; piece < PIECE_KIND_COUNT; piece++)
        for (int phase = 0; phase < PHASE_COUNT; phase++)
            shuffle(&workload->streams[piece][phase], &context->random_state);
    return 0;
}

/* One array replaced by its read-only copy (kept writable when memory is
 * short: sealing guards against plugins, it is not needed to measure);
 * 1 when it was. */
static unsigned seal_array(void **array, size_t bytes)
{
    void *copy = *array ? sealed_copy(*array, bytes, "attackbench's query stream") : NULL;
    if (copy == NULL)
        return 0;
    free(*array);
    *array = copy;
    return 1;
}

/* The built stream made read-only: a plugin that writes into the queries
 * it is handed is stopped and named (platform/crash_guard.h). */
static void seal_stream(struct stream *stream)
{
    size_t count = stream->count;
    stream->sealed = seal_array((void **)&stream->occupied, stream_occupancies(stream) * sizeof *stream->occupied) |
                     seal_array((void **)&stream->squares, count * sizeof *stream->squares) << 1 |
                     seal_array((void **)&stream->pressure_lines, count * sizeof *stream->pressure_lines) << 2 |
                     seal_array((void **)&stream->sides, count * sizeof *stream->sides) << 3;
}

/* Release array k of a stream (of `elements` elements), sealed or not. */
static void release_array(const struct stream *stream, int k, void *array, size_t elements, size_t element_bytes)
{
    if (stream->sealed & (1u << k))
        sealed_free(array, elements * element_bytes);
    else
        free(array);
}

void report_skipped_lines(long skipped)
{
    if (skipped > 0)
        fprintf(stderr, "attackbench: skipped %ld malformed line%s\n", skipped, skipped == 1 ? "" : "s");
}

int build_workload(struct workload *workload, const struct workload_options *options, char **files, int file_count,
                   long *skipped)
{
    memset(workload, 0, sizeof *workload);
    workload->kind = options->kind;
    enum stream_kind stream_kind = options->kind == WORKLOAD_SETS    ? STREAM_SETS
                                   : options->kind == WORKLOAD_SIDES ? STREAM_SIDES
                                                                     : STREAM_QUERIES;
    for (int piece = 0; piece < PIECE_KIND_COUNT; piece++)
        for (int phase = 0; phase < PHASE_COUNT; phase++) {
            workload->streams[piece][phase].limit =
                options->kind == WORKLOAD_RANDOM ? options->random_queries : options->max_queries;
            workload->streams[piece][phase].kind = stream_kind;
        }
    struct build_context context = {workload, options, options->seed ? options->seed : 1};
    workload->layout = options->kind == WORKLOAD_RANDOM ? options->layout : STREAM_LAYOUT_QUERIES;
    int status = options->kind != WORKLOAD_RANDOM              ? build_from_files(&context, files, file_count, skipped)
                 : workload->layout == STREAM_LAYOUT_POSITIONS ? build_positions(&context)
                                                               : build_random(&context);
    if (status != 0) {
        free_workload(workload);
        return status;
    }
    for (int piece = 0; piece < PIECE_KIND_COUNT; piece++)
        for (int phase = 0; phase < PHASE_COUNT; phase++)
            seal_stream(&workload->streams[piece][phase]);
    return 0;
}

struct attackbench_run stream_run(const struct stream *stream)
{
    struct attackbench_run run = {
        .occupied = stream->occupied,
        .squares = stream->squares,
        .count = stream->count,
        .pressure_lines = stream->pressure_lines,
        .sides = stream->sides,
        .positions_layout = stream->layout == STREAM_LAYOUT_POSITIONS,
    };
    return run;
}

uint64_t stream_lookups(const struct stream *stream)
{
    if (stream->kind != STREAM_SIDES)
        return stream->count;
    uint64_t sliders = 0;
    for (size_t i = 0; i < stream->count; i++)
        sliders += (uint64_t)attackbench_side_slider_count(&stream->sides[i]);
    return sliders;
}

void free_workload(struct workload *workload)
{
    for (int piece = 0; piece < PIECE_KIND_COUNT; piece++)
        for (int phase = 0; phase < PHASE_COUNT; phase++) {
            struct stream *stream = &workload->streams[piece][phase];
            release_array(stream, 0, stream->occupied, stream_occupancies(stream), sizeof *stream->occupied);
            release_array(stream, 1, stream->squares, stream->count, sizeof *stream->squares);
            release_array(stream, 2, stream->pressure_lines, stream->count, sizeof *stream->pressure_lines);
            release_array(stream, 3, stream->sides, stream->count, sizeof *stream->sides);
        }
    memset(workload, 0, sizeof *workload);
}

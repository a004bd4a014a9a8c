/* Building the query streams. */
#include "workload.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "random.h"

const char *const workload_names[WORKLOAD_KIND_COUNT] = {"pieces", "squares", "random"};
const char *const phase_names[PHASE_COUNT] = {"all", "opening", "middlegame", "endgame"};

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

/* Offer a query to a stream: kept while there is room, then by reservoir
 * sampling (each of the n queries seen is kept with probability limit/n). */
static int stream_offer(struct stream *stream, struct query query, uint64_t *random_state)
{
    stream->offered++;
    if (stream->count < stream->limit) {
        if (stream->count % 4096 == 0) {
            size_t capacity = stream->count + 4096;
            struct query *grown = realloc(stream->queries, capacity * sizeof *grown);
            if (grown == NULL) {
                fprintf(stderr, "attackbench: out of memory building the query stream\n");
                return -1;
            }
            stream->queries = grown;
        }
        stream->queries[stream->count++] = query;
        return 0;
    }
    uint64_t slot = random_next(random_state) % stream->offered;
    if (slot < stream->limit)
        stream->queries[slot] = query;
    return 0;
}

struct build_context {
    struct workload *workload;
    const struct workload_options *options;
    uint64_t random_state;
};

static int offer(struct build_context *context, int piece, int phase, int square, bitboard occupied,
                 const char *file_name, long line_number)
{
    const struct workload_options *options = context->options;
    if (options->inspect && options->inspect(piece, square, occupied, file_name, line_number,
                                             options->inspect_context) != 0)
        return -1;
    struct query query = {.occupied = occupied, .square = (uint32_t)square, .pressure_line = 0};
    struct workload *workload = context->workload;
    if (stream_offer(&workload->streams[piece][PHASE_ALL], query, &context->random_state) != 0)
        return -1;
    if (options->split_phases &&
        stream_offer(&workload->streams[piece][phase], query, &context->random_state) != 0)
        return -1;
    return 0;
}

static int visit_position(const struct position *position, const char *file_name, long line_number, void *data)
{
    struct build_context *context = data;
    struct workload *workload = context->workload;
    bitboard occupied = position_occupied(position);
    int phase = position_phase(position);
    workload->positions++;
    workload->phase_positions[phase]++;
    if (workload->kind == WORKLOAD_SQUARES) {
        for (int piece = 0; piece < PIECE_KIND_COUNT; piece++)
            for (int square = 0; square < SQUARE_COUNT; square++)
                if (offer(context, piece, phase, square, occupied, file_name, line_number) != 0)
                    return -1;
        return 0;
    }
    for (int piece = 0; piece < PIECE_KIND_COUNT; piece++) {
        bitboard sliders = position_sliders(position, piece);
        for (; sliders; sliders = without_lowest(sliders))
            if (offer(context, piece, phase, lowest_square(sliders), occupied, file_name, line_number) != 0)
                return -1;
    }
    return 0;
}

static void shuffle(struct stream *stream, uint64_t *random_state)
{
    for (size_t i = stream->count; i > 1; i--) {
        size_t j = (size_t)(random_next(random_state) % i);
        struct query swap = stream->queries[i - 1];
        stream->queries[i - 1] = stream->queries[j];
        stream->queries[j] = swap;
    }
}

static int build_random(struct build_context *context)
{
    enum { SQUARES_PER_OCCUPANCY = 12 };
    const struct workload_options *options = context->options;
    size_t count = options->random_queries;
    uint64_t state = options->seed ^ 0x9E3779B97F4A7C15ULL;
    bitboard occupied = 0;
    for (size_t i = 0; i < count; i++) {
        if (i % SQUARES_PER_OCCUPANCY == 0)
            occupied = random_next(&state) & random_next(&state);
        int square = (int)(random_next(&state) >> 58);
        for (int piece = 0; piece < PIECE_KIND_COUNT; piece++)
            if (offer(context, piece, PHASE_ALL, square, occupied, "random", 0) != 0)
                return -1;
    }
    return 0;
}

int build_workload(struct workload *workload, const struct workload_options *options, char **files,
                   int file_count, long *skipped)
{
    memset(workload, 0, sizeof *workload);
    workload->kind = options->kind;
    for (int piece = 0; piece < PIECE_KIND_COUNT; piece++)
        for (int phase = 0; phase < PHASE_COUNT; phase++)
            workload->streams[piece][phase].limit =
                options->kind == WORKLOAD_RANDOM ? options->random_queries : options->max_queries;
    struct build_context context = {workload, options, options->seed ? options->seed : 1};

    if (options->kind == WORKLOAD_RANDOM) {
        if (build_random(&context) != 0)
            return -1;
    } else {
        for (int i = 0; i < file_count; i++) {
            long before = workload->positions;
            if (read_positions(files[i], &options->read, visit_position, &context, skipped) < 0)
                return -1;
            if (workload->positions == before && !(skipped && *skipped)) {
                fprintf(stderr, "attackbench: %s: no positions in this file\n",
                        strcmp(files[i], "-") == 0 ? "<stdin>" : files[i]);
                return -1;
            }
        }
    }

    /* Shuffle the file streams so branch predictors cannot learn the
     * order, give every query its pseudo-random cache line, and lay the
     * stream out as arrays. */
    for (int piece = 0; piece < PIECE_KIND_COUNT; piece++)
        for (int phase = 0; phase < PHASE_COUNT; phase++) {
            struct stream *stream = &workload->streams[piece][phase];
            if (options->kind != WORKLOAD_RANDOM)
                shuffle(stream, &context.random_state);
            size_t count = stream->count ? stream->count : 1;
            stream->occupied = malloc(count * sizeof *stream->occupied);
            stream->squares = malloc(count * sizeof *stream->squares);
            stream->pressure_lines = malloc(count * sizeof *stream->pressure_lines);
            if (!stream->occupied || !stream->squares || !stream->pressure_lines) {
                fprintf(stderr, "attackbench: out of memory building the query stream\n");
                return -1;
            }
            for (size_t i = 0; i < stream->count; i++) {
                stream->occupied[i] = stream->queries[i].occupied;
                stream->squares[i] = (uint8_t)stream->queries[i].square;
                stream->pressure_lines[i] = (uint32_t)(random_next(&context.random_state) >> 32);
            }
            free(stream->queries);
            stream->queries = NULL;
        }
    return 0;
}

struct run stream_run(const struct stream *stream)
{
    struct run run = {
        .occupied = stream->occupied,
        .squares = stream->squares,
        .count = stream->count,
        .pressure_lines = stream->pressure_lines,
    };
    return run;
}

void free_workload(struct workload *workload)
{
    for (int piece = 0; piece < PIECE_KIND_COUNT; piece++)
        for (int phase = 0; phase < PHASE_COUNT; phase++) {
            struct stream *stream = &workload->streams[piece][phase];
            free(stream->queries);
            free(stream->occupied);
            free(stream->squares);
            free(stream->pressure_lines);
        }
    memset(workload, 0, sizeof *workload);
}

/* The information commands: --list (the backends, whether this CPU runs
 * them, their tables) and --dump (every slider's attack set as CSV). */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "position.h"

int list_command(void)
{
    for (size_t i = 0; i < backend_count; i++) {
        const struct backend *backend = backends[i];
        char needs[64];
        cpu_feature_names(backend->features, needs, sizeof needs);
        const char *reason = backend_unavailable_reason(backend);
        if (reason) {
            printf("%-24s unavailable (%s)  table -  needs %s  source: %s  idea: %s\n", backend->name, reason,
                   needs, backend->source, backend->description);
            continue;
        }
        double init_ms;
        size_t table_bytes = backend_initialize(backend, &init_ms);
        printf("%-24s available  table %zu bytes  init %.2f ms  needs %s  source: %s", backend->name, table_bytes,
               init_ms, needs, backend->source);
        const char *note = backend->note ? backend->note() : NULL;
        if (note && *note)
            printf("  note: %s", note);
        printf("  idea: %s\n", backend->description);
    }
    return 0;
}

/* --dump: the attack set of every slider of every position. */
struct dump_context {
    const struct backend *backend;
    long index;
};

static int dump_position(const struct position *position, const char *file_name, long line_number, void *data)
{
    (void)file_name;
    (void)line_number;
    struct dump_context *context = data;
    context->index++;
    bitboard occupied = position_occupied(position);
    for (int square = 0; square < SQUARE_COUNT; square++) {
        /* One line per slider; a square holds at most one piece. */
        for (int piece = 0; piece < PIECE_KIND_COUNT; piece++) {
            if (!(position_sliders(position, piece) & square_bit(square)))
                continue;
            char name[3];
            square_name(square, name);
            printf("%ld,%s,%s,0x%016" PRIx64 "\n", context->index, name, piece_names[piece],
                   backend_lookup(context->backend, piece)(square, occupied));
        }
    }
    if (ferror(stdout)) {
        fprintf(stderr, "attackbench: cannot write the dump: %s\n", strerror(errno));
        return -1;
    }
    return 0;
}

int dump_command(const struct options *options, const struct backend **selected, int count)
{
    if (count != 1) {
        fprintf(stderr, "attackbench: --dump takes exactly one --method\n");
        return 2;
    }
    if (options->file_count == 0) {
        fprintf(stderr, "attackbench: --dump needs FEN/EPD files ('-' for standard input)\n");
        return 2;
    }
    backend_initialize(selected[0], NULL);
    struct dump_context context = {selected[0], 0};
    struct read_options read = {.skip_invalid = options->skip_invalid};
    long skipped = 0;
    printf("position,square,piece,attacks\n");
    for (int i = 0; i < options->file_count; i++)
        if (read_positions(options->files[i], &read, dump_position, &context, &skipped) < 0)
            return 2;
    if (skipped)
        fprintf(stderr, "attackbench: skipped %ld malformed line%s\n", skipped, skipped == 1 ? "" : "s");
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "attackbench: cannot write the dump: %s\n", strerror(errno));
        return 2;
    }
    return 0;
}

/* perft's counting and timing: positions stream from the files in blocks;
 * each block is counted by every method in interleaved, rotating
 * repetitions (as the benchmark times its backends), checked against the
 * ";Dn" counts and between methods, and printed before the next is read,
 * so memory does not grow with the input. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "platform/interrupt.h"
#include "platform/memory_limit.h"
#include "chess/movegen.h"
#include "registry/contract.h"
#include "chess/perft.h"
#include "perft_run.h"
#include "perft_workers.h"
#include "platform/timer.h"

enum { DEFAULT_DEPTH = 3 };

void perft_run_close(struct perft_run *run)
{
    perft_workers_stop(run->workers);
    engine_memory_close(&run->memory);
    for (size_t m = 0; run->methods && m < run->method_count; m++) {
        free(run->methods[m].rep_seconds);
        free(run->methods[m].solo_seconds);
    }
    free(run->methods);
    free(run->block);
    free(run->block_nodes);
    free(run->repeated_nodes);
    free(run->differs);
    free(run->block_seconds);
    free(run->block_solo_seconds);
}

/* The block buffers and each method's repetition times. */
static int allocate_run(struct perft_run *run)
{
    size_t methods = run->method_count, reps = (size_t)run->settings->reps;
    run->methods = calloc(methods, sizeof *run->methods);
    run->block = malloc(PERFT_BLOCK_POSITIONS * sizeof *run->block);
    run->block_nodes = malloc(methods * PERFT_BLOCK_POSITIONS * sizeof *run->block_nodes);
    run->block_seconds = malloc(methods * reps * sizeof *run->block_seconds);
    run->block_solo_seconds = malloc(methods * reps * sizeof *run->block_solo_seconds);
    run->repeated_nodes = malloc(PERFT_BLOCK_POSITIONS * sizeof *run->repeated_nodes);
    run->differs = malloc(methods * PERFT_BLOCK_POSITIONS);
    int failed = !run->methods || !run->block || !run->block_nodes || !run->repeated_nodes || !run->differs ||
                 !run->block_seconds || !run->block_solo_seconds;
    for (size_t m = 0; !failed && m < methods; m++) {
        run->methods[m].rep_seconds = calloc(reps, sizeof(double));
        run->methods[m].solo_seconds = calloc(reps, sizeof(double));
        failed = !run->methods[m].rep_seconds || !run->methods[m].solo_seconds;
    }
    if (failed)
        fprintf(stderr, "attackbench: perft: out of memory\n");
    return failed ? -1 : 0;
}

/* Hash tables larger than the memory this process may use (a container's
 * limit among them): filled, they would swap for minutes or get the run
 * killed without a word.  COPIES tables, one per worker process. */
static int check_pressure_memory(const struct perft_settings *settings, int copies)
{
    uint64_t needed = (uint64_t)settings->pressure_bytes * (uint64_t)copies, available = memory_available();
    if (needed <= available)
        return 0;
    if (copies == 1)
        fprintf(stderr,
                "attackbench: perft: --pressure=%s: the hash table would need %llu bytes, more than the %llu bytes of "
                "memory available\n",
                settings->pressure_text, (unsigned long long)needed, (unsigned long long)available);
    else
        fprintf(stderr,
                "attackbench: perft: --pressure=%s: %d hash tables (one for each worker process) would need %llu "
                "bytes, more than the %llu bytes of memory available\n",
                settings->pressure_text, copies, (unsigned long long)needed, (unsigned long long)available);
    return -1;
}

/* A --pressure size the machine cannot give (one hash table, or one per
 * worker process) is one line and no run, said before any worker starts. */
static int check_pressure_size(const struct perft_settings *settings)
{
    int copies = settings->processes > 1 ? settings->processes : 1;
    if (settings->pressure_bytes == 0)
        return 0;
    if (check_pressure_memory(settings, copies) != 0)
        return -1;
    if (engine_memory_fits(settings->pressure_bytes, copies))
        return 0;
    if (copies == 1)
        fprintf(stderr, "attackbench: perft: --pressure=%s: cannot allocate %zu bytes\n", settings->pressure_text,
                settings->pressure_bytes);
    else
        fprintf(stderr,
                "attackbench: perft: --pressure=%s: cannot allocate %d x %zu bytes (a hash table for each worker "
                "process)\n",
                settings->pressure_text, copies, settings->pressure_bytes);
    return -1;
}

int perft_run_open(struct perft_run *run, const struct perft_settings *settings, const struct backend **chosen,
                   int count)
{
    run->settings = settings;
    run->method_count = (size_t)count;
    if (allocate_run(run) != 0 || check_pressure_size(settings) != 0)
        return -1;
    for (int m = 0; m < count; m++)
        run->methods[m].backend = chosen[m];
    /* Processes start before this one builds a table, so that each builds
     * its own; threads share this one's. */
    if (settings->processes > 1 && (run->workers = perft_workers_start(run)) == NULL)
        return -1;
    for (int m = 0; m < count; m++)
        run->methods[m].table_bytes = backend_initialize(chosen[m], &run->methods[m].init_ms);
    movegen_init();
    if (settings->threads > 1 && (run->workers = perft_workers_start(run)) == NULL)
        return -1;
    if (!run->workers && engine_memory_open(&run->memory, settings->pressure_bytes, settings->eval_bytes) != 0) {
        fprintf(stderr, "attackbench: perft: out of memory\n");
        return -1;
    }
    return 0;
}

/* Without --depth: the deepest ";Dn" count at or below the first bound;
 * a line whose counts are all above it, its shallowest count when that is
 * at or below the second (a few seconds of counting) or no deeper than
 * DEFAULT_DEPTH (a count no real position reaches); else DEFAULT_DEPTH,
 * unchecked (the line's `unchecked` flag says so). */
static const uint64_t AUTOMATIC_DEPTH_NODE_BOUND = 1000000;
static const uint64_t SHALLOWEST_COUNT_NODE_BOUND = 100000000;

static int automatic_depth(const struct position *position, int *unchecked)
{
    int deepest = 0, shallowest = 0;
    uint64_t count, shallowest_count = 0;
    for (int n = 1; n <= MAX_EXPECTED_DEPTH; n++) {
        if (!position_expected_nodes(position, n, &count))
            continue;
        if (count <= AUTOMATIC_DEPTH_NODE_BOUND)
            deepest = n;
        if (shallowest == 0) {
            shallowest = n;
            shallowest_count = count;
        }
    }
    *unchecked = 0;
    if (deepest)
        return deepest;
    if (shallowest && (shallowest <= DEFAULT_DEPTH || shallowest_count <= SHALLOWEST_COUNT_NODE_BOUND))
        return shallowest; /* no deeper than the default costs no more */
    *unchecked = shallowest != 0;
    return DEFAULT_DEPTH;
}

/* The first line of a run whose counts were all too large to check
 * without --depth, said once. */
static void note_unchecked_line(struct perft_run *run, const char *file_name, long line_number)
{
    if (run->unchecked_noted)
        return;
    run->unchecked_noted = 1;
    fprintf(stderr,
            "attackbench: note: %s:%ld: every ;Dn count of the line is above 100,000,000 nodes: counted at depth %d, "
            "unchecked (so is any later such line; --depth=N counts and checks depth N)\n",
            file_name, line_number, DEFAULT_DEPTH);
}

/* Legality needs slider attacks: the first method's. */
static int report_if_illegal(const struct perft_run *run, const struct position *position, const char *file_name,
                             long line_number)
{
    const char *reason = position_illegal_reason(run->methods[0].backend, position);
    if (reason == NULL)
        return 0;
    fprintf(stderr, "attackbench: %s:%ld: illegal position: %s\n", file_name, line_number, reason);
    return -1;
}

/* --divide: the count under each root move of each position, untimed. */
static void print_divides(const struct perft_run *run)
{
    for (size_t i = 0; i < run->block_count && !interrupt_requested(); i++) {
        struct board board;
        board_from_position(&board, &run->block[i].position);
        perft_divide(run->methods[0].backend, &board, run->block[i].depth, stdout);
        fputc('\n', stdout);
    }
}

/* The engine's other memory of the calling thread, or NULL when off. */
static struct engine_memory *serial_memory(struct perft_run *run)
{
    return run->memory.hash_table || run->memory.network ? &run->memory : NULL;
}

/* One method over the block: its counts into nodes[], the seconds taken. */
static double time_method(struct perft_run *run, const struct backend *backend, uint64_t *nodes)
{
    struct engine_memory *memory = serial_memory(run);
    uint64_t start = clock_nanoseconds();
    for (size_t i = 0; i < run->block_count; i++) {
        struct board board;
        board_from_position(&board, &run->block[i].position);
        nodes[i] = perft_in_engine(backend, &board, run->block[i].depth, memory);
    }
    return (double)(clock_nanoseconds() - start) / 1e9;
}

static uint64_t block_total(const struct perft_run *run, const uint64_t *nodes)
{
    uint64_t total = 0;
    for (size_t i = 0; i < run->block_count; i++)
        total += nodes[i];
    return total;
}

/* With workers: the block with one of them and with all, in an order that
 * alternates from one repetition to the next; the two totals must agree.
 * Returns 0, -1 on a signal or a dead worker (run->failed set). */
static int time_with_workers(struct perft_run *run, size_t m, int rep, uint64_t *nodes)
{
    const size_t slot = m * (size_t)run->settings->reps + (size_t)rep;
    const int all = perft_workers_count_of(run->workers);
    uint64_t totals[2];
    for (int pass = 0; pass < 2; pass++) {
        int together = (pass + rep) % 2;
        double *seconds = together ? &run->block_seconds[slot] : &run->block_solo_seconds[slot];
        int status = perft_workers_count(run->workers, run, m, together ? all : 1, nodes, seconds);
        if (status == -2)
            run->failed = 1;
        if (status != 0)
            return -1;
        totals[together] = block_total(run, nodes);
    }
    if (totals[0] != totals[1]) {
        run->mismatches++;
        fprintf(stderr, "attackbench: perft: %s counts %llu nodes in the block with one worker, %llu with %d\n",
                run->methods[m].backend->name, (unsigned long long)totals[0], (unsigned long long)totals[1], all);
    }
    return 0;
}

/* A later repetition's counts of method m must be the first's: a
 * backend wrong on some calls only is caught whichever repetition it is
 * wrong in.  A position that differs is a line and a mismatch, once. */
static void check_repetition(struct perft_run *run, size_t m, int rep)
{
    const uint64_t *first = &run->block_nodes[m * PERFT_BLOCK_POSITIONS];
    unsigned char *differs = &run->differs[m * PERFT_BLOCK_POSITIONS];
    for (size_t i = 0; i < run->block_count; i++) {
        if (run->repeated_nodes[i] == first[i] || differs[i])
            continue;
        differs[i] = 1;
        run->mismatches++;
        const struct perft_entry *entry = &run->block[i];
        fprintf(stderr, "attackbench: %s:%ld: %s counts %llu in repetition %d, %llu in repetition 1\n",
                entry->file_name, entry->line_number, run->methods[m].backend->name,
                (unsigned long long)run->repeated_nodes[i], rep + 1, (unsigned long long)first[i]);
    }
}

/* Every repetition runs every method once, the order rotating from one
 * repetition and one block to the next so that drift hits all alike; the
 * first repetition's counts are kept, and every later one is checked
 * against them.  Returns -1 when a signal or a dead worker stopped it. */
static int time_block(struct perft_run *run)
{
    const size_t methods = run->method_count;
    const int reps = run->settings->reps;
    if (run->workers && perft_workers_load_block(run->workers, run) != 0)
        return -1;
    memset(run->differs, 0, methods * PERFT_BLOCK_POSITIONS);
    for (int rep = 0; rep < reps; rep++) {
        size_t first = (run->blocks_finished + (size_t)rep) % methods;
        for (size_t k = 0; k < methods; k++) {
            size_t m = (first + k) % methods;
            uint64_t *nodes = rep == 0 ? &run->block_nodes[m * PERFT_BLOCK_POSITIONS] : run->repeated_nodes;
            if (run->workers) {
                if (time_with_workers(run, m, rep, nodes) != 0)
                    return -1;
            } else {
                backend_guard(run->methods[m].backend, "perft");
                double seconds = time_method(run, run->methods[m].backend, nodes);
                backend_unguard();
                if (interrupt_requested())
                    return -1;
                run->block_seconds[m * (size_t)reps + (size_t)rep] = seconds;
            }
            if (rep > 0)
                check_repetition(run, m, rep);
        }
    }
    return 0;
}

/* The row of one position, from the first method; a count that differs
 * from the EPD's or between methods is reported on stderr, and the row's
 * status says mismatch (the EPD's count) or disagree (another method's). */
static void write_row(struct perft_run *run, size_t i)
{
    const struct perft_entry *entry = &run->block[i];
    uint64_t nodes = run->block_nodes[i], expected;
    int given = position_expected_nodes(&entry->position, entry->depth, &expected);
    if (given && expected != nodes) {
        run->mismatches++;
        fprintf(stderr, "attackbench: %s:%ld: perft %d gives %llu, the EPD says %llu\n", entry->file_name,
                entry->line_number, entry->depth, (unsigned long long)nodes, (unsigned long long)expected);
    }
    int disagree = 0;
    for (size_t m = 1; m < run->method_count; m++) {
        uint64_t other = run->block_nodes[m * PERFT_BLOCK_POSITIONS + i];
        if (other != nodes) {
            run->mismatches++;
            disagree = 1;
            fprintf(stderr, "attackbench: %s:%ld: %s counts %llu, %s counts %llu\n", entry->file_name,
                    entry->line_number, run->methods[0].backend->name, (unsigned long long)nodes,
                    run->methods[m].backend->name, (unsigned long long)other);
        }
    }
    if (!run->settings->bmf && !ferror(stdout)) { /* after a cut write, nothing left to wait at exit */
        printf("%zu,%d,%llu,", run->positions + i + 1, entry->depth, (unsigned long long)nodes);
        if (given)
            printf("%llu", (unsigned long long)expected);
        printf(",%s\n", given && expected != nodes ? "mismatch" : disagree ? "disagree" : given ? "ok" : "unknown");
    }
}

/* The block's rows on stdout, flushed so that they come out as the input
 * is read; a write error (full disk, closed pipe) ends the run, and so
 * does a write the signal cut short, as the interrupt it is: the finished
 * blocks are still reported (after a write error, this one too). */
static int write_rows(struct perft_run *run)
{
    if (!run->rows_started && !run->settings->bmf)
        fputs("position,depth,nodes,expected,status\n", stdout);
    run->rows_started = 1;
    for (size_t i = 0; i < run->block_count; i++)
        write_row(run, i);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        if (interrupt_cut_write(errno))
            return -1;
        size_t finished = run->positions + run->block_count;
        fprintf(stderr, "attackbench: perft: cannot write the rows: %s; reporting the %zu position%s finished\n",
                strerror(errno), finished, finished == 1 ? "" : "s");
        run->failed = run->output_failed = 1;
        return -1;
    }
    return 0;
}

/* A finished block joins the totals. */
static void add_block(struct perft_run *run)
{
    const int reps = run->settings->reps;
    for (size_t m = 0; m < run->method_count; m++) {
        for (size_t i = 0; i < run->block_count; i++)
            run->methods[m].nodes += run->block_nodes[m * PERFT_BLOCK_POSITIONS + i];
        for (int rep = 0; rep < reps; rep++) {
            run->methods[m].rep_seconds[rep] += run->block_seconds[m * (size_t)reps + (size_t)rep];
            if (run->workers)
                run->methods[m].solo_seconds[rep] += run->block_solo_seconds[m * (size_t)reps + (size_t)rep];
        }
    }
    for (size_t i = 0; i < run->block_count; i++) {
        if (run->positions + i == 0)
            run->depth = run->block[i].depth;
        else if (run->depth != run->block[i].depth)
            run->depth = -1; /* mixed */
    }
    run->positions += run->block_count;
    run->blocks_finished++;
    run->block_count = 0;
}

static int finish_block(struct perft_run *run)
{
    if (run->block_count == 0)
        return 0;
    if (run->settings->divide)
        print_divides(run);
    if (time_block(run) != 0)
        return -1;
    if (write_rows(run) == 0) {
        add_block(run);
        return 0;
    }
    if (run->output_failed) /* counted whole: reported with the others */
        add_block(run);
    return -1;
}

/* The visitor of the counting pass. */
static int take_position(const struct position *position, const char *file_name, long line_number, void *data)
{
    struct perft_run *run = data;
    if (interrupt_requested())
        return -1;
    if (report_if_illegal(run, position, file_name, line_number) != 0) {
        run->failed = run->input_failed = 1;
        return -1;
    }
    if (run->block_count == 0) /* a block never spans two files */
        snprintf(run->block_file_name, sizeof run->block_file_name, "%s", file_name);
    struct perft_entry *entry = &run->block[run->block_count++];
    entry->position = *position;
    entry->file_name = run->block_file_name;
    entry->line_number = line_number;
    entry->depth = run->settings->depth;
    if (entry->depth == 0) {
        int unchecked;
        entry->depth = automatic_depth(position, &unchecked);
        if (unchecked)
            note_unchecked_line(run, file_name, line_number);
    }
    return run->block_count == PERFT_BLOCK_POSITIONS ? finish_block(run) : 0;
}

int perft_count_files(struct perft_run *run)
{
    for (size_t f = 0; f < run->settings->file_count; f++) {
        /* A block never spans two files: the reader promises the file
         * name its visitor gets only while it reads that file, so the
         * block keeps its own copy (take_position). */
        long read = read_positions(run->settings->files[f], NULL, take_position, run, NULL);
        if (read < 0) {
            /* Not a dead worker's or a failed write's (run->failed set
             * before): the reader's, a line it could not read. */
            run->input_failed |= !run->failed && !interrupt_requested();
            run->failed |= !interrupt_requested();
            return -1;
        }
        if (read == 0 && strcmp(run->settings->files[f], "-") == 0) { /* a named file was checked */
            report_no_positions("-");
            run->failed = run->input_failed = 1;
            return -1;
        }
        if (finish_block(run) != 0)
            return -1;
    }
    return 0;
}

/* The checking pass: the first illegal position is named, in one line
 * with a count of the others (once a line each, thousands of lines). */
struct check_context {
    const struct perft_run *run;
    char first_file_name[PATH_MAX + 64]; /* the reader's name lasts only while it reads */
    long first_line_number;
    const char *first_reason;
    long illegal;
};

static int check_position(const struct position *position, const char *file_name, long line_number, void *data)
{
    struct check_context *context = data;
    if (interrupt_requested())
        return -1;
    const char *reason = position_illegal_reason(context->run->methods[0].backend, position);
    if (reason == NULL)
        return 0;
    if (context->illegal++ == 0) {
        snprintf(context->first_file_name, sizeof context->first_file_name, "%s", file_name);
        context->first_line_number = line_number;
        context->first_reason = reason;
    }
    return 0;
}

/* The one line of the checking pass: the first illegal position, and how
 * many more there were. */
static void report_illegal_positions(const struct check_context *context)
{
    long others = context->illegal - 1;
    char more[64] = "";
    if (others > 0)
        snprintf(more, sizeof more, " (and %ld more illegal position%s)", others, others == 1 ? "" : "s");
    fprintf(stderr, "attackbench: %s:%ld: illegal position: %s%s\n", context->first_file_name,
            context->first_line_number, context->first_reason, more);
}

int perft_check_files(const struct perft_run *run)
{
    struct check_context context = {.run = run};
    for (size_t f = 0; f < run->settings->file_count; f++) {
        if (strcmp(run->settings->files[f], "-") == 0)
            continue; /* read once, as it is counted */
        long read = read_positions(run->settings->files[f], NULL, check_position, &context, NULL);
        if (read < 0)
            return -1;
        if (read == 0) { /* as the benchmark: a file without a position is a mistake, named */
            report_no_positions(run->settings->files[f]);
            return -1;
        }
    }
    if (context.illegal)
        report_illegal_positions(&context);
    return context.illegal ? -1 : 0;
}

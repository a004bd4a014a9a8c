/* `attackbench perft`: count the legal move tree of EPD positions with one
 * or more backends, check the counts against the ";Dn" opcodes, and
 * compare the backends' speed inside a real move generator. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "build_info.h"
#include "backend.h"
#include "movegen.h"
#include "output.h"
#include "perft.h"
#include "position.h"

enum {
    EXIT_MISMATCH = 1,
    EXIT_USAGE = 2,
    DEFAULT_DEPTH = 3,
    MAX_DEPTH = 12,
};

/* Without --depth: the deepest ";Dn" count at or below this bound. */
static const uint64_t AUTOMATIC_DEPTH_NODE_BOUND = 1000000;

static const char usage_text[] =
    "usage: attackbench perft [--method=NAME[,NAME...]|all] [--depth=N] [--divide] [--csv=FILE] [FILE...]\n"
    "\n"
    "Counts the leaf nodes of the legal move tree (perft) of every position in\n"
    "the FEN/EPD files (\"-\" is standard input; default data/perft.epd), using the\n"
    "chosen backends' rook/bishop/queen functions for every sliding-piece attack\n"
    "of the move generator (moves, checks, pins, the king's forbidden squares).\n"
    "The last ply is counted in bulk: its moves are generated and counted, not\n"
    "played.\n"
    "\n"
    "  --method=LIST  backends to run, comma-separated, or all (the default):\n"
    "                 every backend this CPU can run, except the null baseline\n"
    "  --depth=N      plies to search (1-12); without it each position uses the\n"
    "                 deepest depth whose EPD ;Dn count is at most 1,000,000,\n"
    "                 or 3 when the line gives no counts\n"
    "  --divide       before the CSV, print the count under each root move\n"
    "                 (\"e2e4: 20\"), one block per position, with the first method\n"
    "  --csv=FILE     also write one row per method (the benchmark's metadata\n"
    "                 columns, then method, positions, depth, nodes, seconds,\n"
    "                 nodes_per_second, relative, table_bytes, init_ms), through\n"
    "                 a temporary file renamed at the end\n"
    "  -h, --help     this text\n"
    "\n"
    "Standard output is CSV: position,depth,nodes,expected,status, one row per\n"
    "position (1-based index; expected from the ;Dn opcode or empty; status ok,\n"
    "mismatch or unknown).  The summary (nodes, seconds, nodes per second) and,\n"
    "with several methods, the comparison table go to standard error.\n"
    "\n"
    "A position must be legal: one king per side, no pawn on the first or last\n"
    "rank, the side not to move not in check.\n"
    "\n"
    "Exit status: 0 all counts match or are unknown, 1 a count differs from the\n"
    "EPD or the methods disagree, 2 bad usage, unreadable file or illegal\n"
    "position.\n";

struct perft_entry {
    struct position position;
    const char *file_name;
    long line_number;
    int depth;
};

struct entry_list {
    struct perft_entry *entries;
    size_t count, capacity;
    const char *file_name; /* owned copy for the file being read */
};

struct method_result {
    const struct backend *backend;
    size_t table_bytes;
    double init_ms;
    double seconds;
    uint64_t total_nodes;
    uint64_t *nodes; /* per position */
};

static double now_seconds(void)
{
    struct timespec time;
    clock_gettime(CLOCK_MONOTONIC, &time);
    return (double)time.tv_sec + 1e-9 * (double)time.tv_nsec;
}

static int collect_position(const struct position *position, const char *file_name, long line_number, void *context)
{
    struct entry_list *list = context;
    (void)file_name;
    if (list->count == list->capacity) {
        size_t capacity = list->capacity ? 2 * list->capacity : 64;
        struct perft_entry *grown = realloc(list->entries, capacity * sizeof *grown);
        if (grown == NULL) {
            fprintf(stderr, "attackbench: perft: out of memory\n");
            return 1;
        }
        list->entries = grown;
        list->capacity = capacity;
    }
    struct perft_entry *entry = &list->entries[list->count++];
    entry->position = *position;
    entry->file_name = list->file_name;
    entry->line_number = line_number;
    entry->depth = 0;
    return 0;
}

static int automatic_depth(const struct position *position)
{
    int depth = 0;
    for (int n = 1; n <= MAX_EXPECTED_DEPTH; n++)
        if (position->expected_nodes[n] != 0 && position->expected_nodes[n] <= AUTOMATIC_DEPTH_NODE_BOUND)
            depth = n;
    return depth ? depth : DEFAULT_DEPTH;
}

/* Append the backends named in `list` ("all" or comma-separated names).
 * Returns the number chosen, or -1 after reporting an unknown name. */
static int choose_methods(const char *list, const struct backend **chosen, size_t capacity)
{
    size_t count = 0;
    if (strcmp(list, "all") == 0) {
        for (size_t i = 0; i < backend_count && count < capacity; i++) {
            if (backends[i]->baseline)
                continue;
            const char *reason = backend_unavailable_reason(backends[i]);
            if (reason) {
                fprintf(stderr, "attackbench: perft: skipping %s: %s\n", backends[i]->name, reason);
                continue;
            }
            chosen[count++] = backends[i];
        }
        return (int)count;
    }
    const char *start = list;
    while (*start) {
        const char *end = strchr(start, ',');
        size_t length = end ? (size_t)(end - start) : strlen(start);
        char name[64];
        if (length == 0 || length >= sizeof name) {
            fprintf(stderr, "attackbench: perft: bad method list '%s'\n", list);
            return -1;
        }
        memcpy(name, start, length);
        name[length] = '\0';
        const struct backend *backend = find_backend(name);
        if (backend == NULL) {
            fprintf(stderr, "attackbench: perft: unknown method '%s' (see attackbench --list)\n", name);
            return -1;
        }
        if (backend->baseline) {
            fprintf(stderr, "attackbench: perft: %s computes no attack sets and cannot run perft\n", name);
            return -1;
        }
        const char *reason = backend_unavailable_reason(backend);
        int duplicate = 0;
        for (size_t i = 0; i < count; i++)
            duplicate |= chosen[i] == backend;
        if (reason)
            fprintf(stderr, "attackbench: perft: skipping %s: %s\n", name, reason);
        else if (!duplicate && count < capacity)
            chosen[count++] = backend;
        start += length;
        if (*start == ',')
            start++;
    }
    return (int)count;
}

struct method_table {
    const struct method_result *results;
    size_t method_count, positions;
    const char *depth;
    double fastest;
};

static void write_method_rows(FILE *out, void *data)
{
    const struct method_table *table = data;
    char timestamp[32], host[256] = "unknown";
    time_t now = time(NULL);
    struct tm utc;
    gmtime_r(&now, &utc);
    strftime(timestamp, sizeof timestamp, "%Y-%m-%dT%H:%M:%SZ", &utc);
    if (gethostname(host, sizeof host) != 0)
        snprintf(host, sizeof host, "unknown");
    host[sizeof host - 1] = '\0';

    fputs("timestamp,host,cpu,compiler,flags,method,positions,depth,nodes,seconds,nodes_per_second,relative,"
          "table_bytes,init_ms\n",
          out);
    for (size_t i = 0; i < table->method_count; i++) {
        const struct method_result *result = &table->results[i];
        const char *fields[] = {timestamp, host, cpu_model_name(), attackbench_compiler, attackbench_flags,
                                result->backend->name};
        for (size_t f = 0; f < sizeof fields / sizeof fields[0]; f++) {
            write_csv_field(out, fields[f]);
            fputc(',', out);
        }
        double rate = result->seconds > 0 ? (double)result->total_nodes / result->seconds : 0;
        fprintf(out, "%zu,", table->positions);
        write_csv_field(out, table->depth);
        fprintf(out, ",%llu,%.6f,%.0f,%.3f,%zu,%.3f\n", (unsigned long long)result->total_nodes, result->seconds,
                rate, table->fastest > 0 ? result->seconds / table->fastest : 0, result->table_bytes,
                result->init_ms);
    }
}

static void init_method(struct method_result *result, const struct backend *backend)
{
    result->backend = backend;
    double start = now_seconds();
    result->table_bytes = backend->init();
    result->init_ms = 1000 * (now_seconds() - start);
}

static void run_method(struct method_result *result, const struct entry_list *list, int divide)
{
    double start = now_seconds();
    result->total_nodes = 0;
    for (size_t i = 0; i < list->count; i++) {
        const struct perft_entry *entry = &list->entries[i];
        struct board board;
        board_from_position(&board, &entry->position);
        uint64_t nodes;
        if (divide) {
            nodes = perft_divide(result->backend, &board, entry->depth, stdout);
            fprintf(stdout, "\n");
        } else {
            nodes = perft(result->backend, &board, entry->depth);
        }
        result->nodes[i] = nodes;
        result->total_nodes += nodes;
    }
    result->seconds = now_seconds() - start;
}

int perft_command(int argc, char **argv)
{
    const char *method_list = "all", *csv_file = NULL;
    int depth = 0, divide = 0;
    const char **files = calloc((size_t)argc + 1, sizeof *files);
    size_t file_count = 0;
    if (files == NULL)
        return EXIT_USAGE;

    for (int i = 1; i < argc; i++) {
        const char *argument = argv[i];
        if (strcmp(argument, "-h") == 0 || strcmp(argument, "--help") == 0) {
            fputs(usage_text, stdout);
            free(files);
            return 0;
        } else if (strncmp(argument, "--method=", 9) == 0) {
            method_list = argument + 9;
        } else if (strncmp(argument, "--depth=", 8) == 0) {
            char *end;
            long value = strtol(argument + 8, &end, 10);
            if (*end || end == argument + 8 || value < 1 || value > MAX_DEPTH) {
                fprintf(stderr, "attackbench: perft: --depth must be 1 to %d, not '%s'\n", MAX_DEPTH,
                        argument + 8);
                free(files);
                return EXIT_USAGE;
            }
            depth = (int)value;
        } else if (strcmp(argument, "--divide") == 0) {
            divide = 1;
        } else if (strncmp(argument, "--csv=", 6) == 0 && argument[6]) {
            csv_file = argument + 6;
        } else if (argument[0] == '-' && argument[1] != '\0') {
            fprintf(stderr, "attackbench: perft: unknown option '%s'\n%s", argument, usage_text);
            free(files);
            return EXIT_USAGE;
        } else {
            files[file_count++] = argument;
        }
    }
    if (file_count == 0)
        files[file_count++] = "data/perft.epd";

    const struct backend *chosen[64];
    int method_count = choose_methods(method_list, chosen, sizeof chosen / sizeof chosen[0]);
    if (method_count <= 0) {
        if (method_count == 0)
            fprintf(stderr, "attackbench: perft: no method to run\n");
        free(files);
        return EXIT_USAGE;
    }

    /* Read every position first, so that a bad line stops the run before
     * anything is timed. */
    struct entry_list list = {0};
    char **owned_names = calloc(file_count, sizeof *owned_names);
    int status = 0;
    if (owned_names == NULL)
        status = EXIT_USAGE;
    for (size_t f = 0; f < file_count && status == 0; f++) {
        owned_names[f] = strdup(strcmp(files[f], "-") == 0 ? "<stdin>" : files[f]);
        list.file_name = owned_names[f];
        if (read_positions(files[f], NULL, collect_position, &list, NULL) < 0)
            status = EXIT_USAGE;
    }
    if (status == 0 && list.count == 0) {
        fprintf(stderr, "attackbench: perft: no positions read\n");
        status = EXIT_USAGE;
    }

    /* Every backend builds its tables once, before anything is timed. */
    struct method_result *results = calloc((size_t)method_count, sizeof *results);
    if (results == NULL || owned_names == NULL) {
        fprintf(stderr, "attackbench: perft: out of memory\n");
        status = EXIT_USAGE;
    }
    if (status == 0)
        for (int m = 0; m < method_count; m++)
            init_method(&results[m], chosen[m]);

    /* Legality needs slider attacks: the first method's. */
    if (status == 0) {
        movegen_init();
        for (size_t i = 0; i < list.count; i++) {
            struct perft_entry *entry = &list.entries[i];
            const char *reason = position_illegal_reason(chosen[0], &entry->position);
            if (reason) {
                fprintf(stderr, "attackbench: %s:%ld: illegal position: %s\n", entry->file_name,
                        entry->line_number, reason);
                status = EXIT_USAGE;
            }
            entry->depth = depth ? depth : automatic_depth(&entry->position);
        }
    }

    if (status == 0) {
        for (int m = 0; m < method_count; m++) {
            results[m].nodes = calloc(list.count, sizeof *results[m].nodes);
            if (results[m].nodes == NULL) {
                fprintf(stderr, "attackbench: perft: out of memory\n");
                exit(EXIT_USAGE);
            }
            run_method(&results[m], &list, divide && m == 0);
        }

        /* One row per position, from the first method. */
        printf("position,depth,nodes,expected,status\n");
        int mismatches = 0;
        for (size_t i = 0; i < list.count; i++) {
            const struct perft_entry *entry = &list.entries[i];
            uint64_t nodes = results[0].nodes[i];
            uint64_t expected = entry->depth <= MAX_EXPECTED_DEPTH ? entry->position.expected_nodes[entry->depth] : 0;
            const char *verdict = expected == 0 ? "unknown" : expected == nodes ? "ok" : "mismatch";
            if (expected != 0 && expected != nodes) {
                mismatches++;
                fprintf(stderr, "attackbench: %s:%ld: perft %d gives %llu, the EPD says %llu\n", entry->file_name,
                        entry->line_number, entry->depth, (unsigned long long)nodes, (unsigned long long)expected);
            }
            printf("%zu,%d,%llu,", i + 1, entry->depth, (unsigned long long)nodes);
            if (expected)
                printf("%llu", (unsigned long long)expected);
            printf(",%s\n", verdict);
            for (int m = 1; m < method_count; m++) {
                if (results[m].nodes[i] != nodes) {
                    mismatches++;
                    fprintf(stderr, "attackbench: %s:%ld: %s counts %llu, %s counts %llu\n", entry->file_name,
                            entry->line_number, results[0].backend->name, (unsigned long long)nodes,
                            results[m].backend->name, (unsigned long long)results[m].nodes[i]);
                }
            }
        }
        fflush(stdout);

        double fastest = 0;
        for (int m = 0; m < method_count; m++)
            if (fastest == 0 || results[m].seconds < fastest)
                fastest = results[m].seconds;
        int same_depth = 1;
        for (size_t i = 1; i < list.count; i++)
            same_depth &= list.entries[i].depth == list.entries[0].depth;
        char depth_text[16];
        if (same_depth)
            snprintf(depth_text, sizeof depth_text, "%d", list.entries[0].depth);
        else
            snprintf(depth_text, sizeof depth_text, "mixed");

        if (method_count == 1) {
            const struct method_result *r = &results[0];
            fprintf(stderr, "perft: %s: %zu positions, depth %s, %llu nodes in %.3f s, %.2f Mnodes/s\n",
                    r->backend->name, list.count, depth_text, (unsigned long long)r->total_nodes, r->seconds,
                    r->seconds > 0 ? (double)r->total_nodes / r->seconds / 1e6 : 0.0);
        } else {
            fprintf(stderr, "perft: %zu positions, depth %s, %d methods\n", list.count, depth_text, method_count);
            fprintf(stderr, "%-28s %14s %10s %10s %9s %12s\n", "method", "nodes", "seconds", "Mnodes/s", "relative",
                    "table_bytes");
            for (int m = 0; m < method_count; m++) {
                const struct method_result *r = &results[m];
                fprintf(stderr, "%-28s %14llu %10.3f %10.2f %9.2f %12zu\n", r->backend->name,
                        (unsigned long long)r->total_nodes, r->seconds,
                        r->seconds > 0 ? (double)r->total_nodes / r->seconds / 1e6 : 0.0,
                        fastest > 0 ? r->seconds / fastest : 0.0, r->table_bytes);
            }
        }
        struct method_table table = {results, (size_t)method_count, list.count, depth_text, fastest};
        if (csv_file && write_file_atomically(csv_file, write_method_rows, &table) != 0)
            status = EXIT_USAGE;
        if (mismatches)
            status = EXIT_MISMATCH;
    }

    for (int m = 0; results && m < method_count; m++)
        free(results[m].nodes);
    free(results);
    free(list.entries);
    for (size_t f = 0; owned_names && f < file_count; f++)
        free(owned_names[f]);
    free(owned_names);
    free(files);
    return status;
}

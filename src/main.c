/* attackbench: the command-line driver.  It selects backends from the
 * registry, builds the query streams, verifies, times and reports; it
 * knows nothing about any technique. */
#define _GNU_SOURCE
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "backend.h"
#include "benchmark.h"
#include "build_info.h"
#include "options.h"
#include "output.h"
#include "perft.h"
#include "position.h"
#include "verify.h"
#include "workload.h"


enum { MAX_METHODS = 128 };

struct selected_backend {
    const struct backend *backend;
    size_t table_bytes;
    double init_ms;
};

static void usage_error(const char *format, const char *detail)
{
    fprintf(stderr, "attackbench: ");
    fprintf(stderr, format, detail);
    fputc('\n', stderr);
}

static void list_backend_names(FILE *out)
{
    fprintf(out, "known methods:");
    for (size_t i = 0; i < backend_count; i++)
        fprintf(out, " %s", backends[i]->name);
    fprintf(out, " (and all)\n");
}

/* Resolve --method into backends, skipping (with a note) those this CPU
 * cannot run.  Returns the number selected, or -1 for an unknown name. */
static int select_backends(const char *methods, const struct backend **selected, int quiet)
{
    int count = 0;
    if (strcmp(methods, "all") == 0) {
        for (size_t i = 0; i < backend_count; i++) {
            const char *reason = backend_unavailable_reason(backends[i]);
            if (reason) {
                if (!quiet)
                    fprintf(stderr, "attackbench: skipping %s: %s\n", backends[i]->name, reason);
                continue;
            }
            selected[count++] = backends[i];
        }
        return count;
    }
    const char *p = methods;
    while (*p) {
        size_t length = strcspn(p, ",");
        char name[64];
        if (length == 0 || length >= sizeof name) {
            fprintf(stderr, "attackbench: --method=%s: empty or overlong name\n", methods);
            list_backend_names(stderr);
            return -1;
        }
        memcpy(name, p, length);
        name[length] = '\0';
        const struct backend *backend = find_backend(name);
        if (backend == NULL) {
            fprintf(stderr, "attackbench: unknown method '%s'\n", name);
            list_backend_names(stderr);
            return -1;
        }
        const char *reason = backend_unavailable_reason(backend);
        int duplicate = 0;
        for (int i = 0; i < count; i++)
            duplicate |= selected[i] == backend;
        if (reason)
            fprintf(stderr, "attackbench: skipping %s: %s\n", name, reason);
        else if (!duplicate && count < MAX_METHODS)
            selected[count++] = backend;
        p += length;
        if (*p == ',')
            p++;
    }
    return count;
}

static double seconds_now(void)
{
    return (double)clock_nanoseconds() / 1e9;
}

static void initialize(struct selected_backend *entry)
{
    double start = seconds_now();
    entry->table_bytes = entry->backend->init();
    entry->init_ms = (seconds_now() - start) * 1e3;
}

/* Hand every --param to the selected backends that know it. */
static int apply_parameters(const struct options *options, const struct backend **selected, int count)
{
    for (int k = 0; k < options->parameter_count; k++) {
        char name[64];
        const char *text = options->parameters[k];
        size_t length = strcspn(text, "=");
        if (length >= sizeof name) {
            fprintf(stderr, "attackbench: --param=%s: name too long\n", text);
            return -1;
        }
        memcpy(name, text, length);
        name[length] = '\0';
        int accepted = 0;
        for (int i = 0; i < count; i++) {
            if (selected[i]->set_parameter == NULL)
                continue;
            char error[256] = "";
            int status = selected[i]->set_parameter(name, text + length + 1, error, sizeof error);
            if (status < 0) {
                fprintf(stderr, "attackbench: --param=%s: %s: %s\n", text, selected[i]->name, error);
                return -1;
            }
            accepted |= status == 0;
        }
        if (!accepted) {
            fprintf(stderr, "attackbench: --param=%s: no selected method has a parameter '%s'\n", text, name);
            return -1;
        }
    }
    return 0;
}

static int list_command(void)
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
        struct selected_backend entry = {backend, 0, 0};
        initialize(&entry);
        printf("%-24s available  table %zu bytes  init %.2f ms  needs %s  source: %s", backend->name,
               entry.table_bytes, entry.init_ms, needs, backend->source);
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
        bitboard bit = square_bit(square);
        const char *piece;
        bitboard attacks;
        if ((position->pieces[WHITE][ROOK] | position->pieces[BLACK][ROOK]) & bit) {
            piece = "rook";
            attacks = context->backend->rook(square, occupied);
        } else if ((position->pieces[WHITE][BISHOP] | position->pieces[BLACK][BISHOP]) & bit) {
            piece = "bishop";
            attacks = context->backend->bishop(square, occupied);
        } else if ((position->pieces[WHITE][QUEEN] | position->pieces[BLACK][QUEEN]) & bit) {
            piece = "queen";
            attacks = context->backend->queen(square, occupied);
        } else {
            continue;
        }
        char name[3];
        square_name(square, name);
        printf("%ld,%s,%s,0x%016" PRIx64 "\n", context->index, name, piece, attacks);
    }
    if (ferror(stdout)) {
        fprintf(stderr, "attackbench: cannot write the dump: %s\n", strerror(errno));
        return -1;
    }
    return 0;
}

static int dump_command(const struct options *options, const struct backend **selected, int count)
{
    if (count != 1) {
        fprintf(stderr, "attackbench: --dump takes exactly one --method\n");
        return 2;
    }
    if (options->file_count == 0) {
        fprintf(stderr, "attackbench: --dump needs FEN/EPD files ('-' for standard input)\n");
        return 2;
    }
    struct selected_backend entry = {selected[0], 0, 0};
    initialize(&entry);
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

/* Verification of every query of the loaded positions, as they are read. */
struct inspect_context {
    const struct backend **selected;
    int count;
    unsigned pieces;
    int failed;
};

static int inspect_query(int piece, int square, bitboard occupied, const char *file_name, long line_number,
                         void *data)
{
    struct inspect_context *context = data;
    if (!(context->pieces & (1u << piece)))
        return 0;
    for (int i = 0; i < context->count; i++) {
        const struct backend *backend = context->selected[i];
        if (backend->baseline)
            continue;
        if (verify_lookup(backend, piece, square, occupied, stderr) != 0) {
            if (line_number > 0)
                fprintf(stderr, "(from %s:%ld)\n", file_name, line_number);
            context->failed = 1;
            return -1;
        }
    }
    return 0;
}

static void write_csv_to(FILE *out, void *data)
{
    void **parts = data;
    write_csv(out, parts[0], *(size_t *)parts[1], parts[2]);
}

static void make_context(struct run_context *context, const struct options *options, const struct timer *timer,
                         int pin_cpu)
{
    time_t now = time(NULL);
    struct tm utc;
    gmtime_r(&now, &utc);
    strftime(context->timestamp, sizeof context->timestamp, "%Y-%m-%dT%H:%M:%SZ", &utc);
    if (gethostname(context->host, sizeof context->host) != 0)
        snprintf(context->host, sizeof context->host, "unknown");
    context->host[sizeof context->host - 1] = '\0';
    context->cpu = cpu_model_name();
    context->compiler = attackbench_compiler;
    context->flags = attackbench_flags;
    context->timer = timer;
    context->pin_cpu = pin_cpu;
    context->reps = options->reps;
    context->seed = (unsigned long long)options->seed;
}

static volatile sig_atomic_t interrupted;

static void on_interrupt(int signal_number)
{
    (void)signal_number;
    interrupted = 1;
}

static int benchmark_command(const struct options *options, const struct backend **selected, int count)
{
    /* From here on SIGINT stops the run between repetitions, and the rows
     * finished so far are still reported. */
    struct sigaction action = {0};
    action.sa_handler = on_interrupt;
    sigaction(SIGINT, &action, NULL);

    int verify_only = options->action == ACTION_VERIFY_ONLY;
    int needs_files = (options->workloads & ~(1u << WORKLOAD_RANDOM)) != 0;
    if (needs_files && options->file_count == 0) {
        if (verify_only || options->verify) {
            /* Verification alone needs no positions. */
        } else {
            fprintf(stderr, "attackbench: no FEN/EPD files given (try data/positions.fen, or --workload=random)\n");
            return 2;
        }
    }
    if (!needs_files && options->file_count > 0 && !options->quiet)
        fprintf(stderr, "attackbench: note: the random workload ignores the files given\n");

    /* The reference gives the checksums; the null backend the harness cost. */
    const struct backend *reference = find_backend("reference");
    struct selected_backend entries[MAX_METHODS + 2];
    int entry_count = 0, has_null = 0;
    for (int i = 0; i < count; i++) {
        entries[entry_count++] = (struct selected_backend){selected[i], 0, 0};
        has_null |= selected[i]->baseline;
    }
    if (!has_null && !verify_only) {
        for (size_t i = 0; i < backend_count; i++)
            if (backends[i]->baseline) {
                entries[entry_count++] = (struct selected_backend){backends[i], 0, 0};
                break;
            }
    }
    for (int i = 0; i < entry_count; i++)
        initialize(&entries[i]);
    reference->init();

    const struct backend *methods[MAX_METHODS + 2];
    for (int i = 0; i < entry_count; i++)
        methods[i] = entries[i].backend;

    if (options->verify || verify_only) {
        for (int i = 0; i < count; i++) {
            if (selected[i]->baseline || selected[i] == reference)
                continue;
            if (verify_backend(selected[i], options->pieces, 1000000, options->seed, stderr) != 0)
                return 1;
            if (!options->quiet)
                fprintf(stderr, "attackbench: verified %s: every subset of every relevant mask, 1000000 random boards\n",
                        selected[i]->name);
        }
    }

    struct timer timer;
    int pin_cpu = -1;
    int cpus[MAX_THREADS];
    int cpu_count = allowed_cpus(cpus, MAX_THREADS);
    if (!verify_only) {
        if (options->threads > cpu_count) {
            fprintf(stderr, "attackbench: --threads=%d: this process may use only %d CPU%s\n", options->threads,
                    cpu_count, cpu_count == 1 ? "" : "s");
            return 2;
        }
        if (options->pin_cpu >= 0) {
            pin_cpu = options->pin_cpu;
        } else if (options->pin_cpu == -1 && cpu_count > 0) {
            /* One thread: the last allowed CPU, usually the quieter one;
             * several: the first N. */
            pin_cpu = options->threads == 1 ? cpus[cpu_count - 1] : cpus[0];
        }
        if (pin_cpu >= 0) {
            if (options->threads > 1) {
                /* Thread i on the i-th allowed CPU from pin_cpu on. */
                int start = 0;
                while (start < cpu_count && cpus[start] != pin_cpu)
                    start++;
                if (start == cpu_count || start + options->threads > cpu_count) {
                    fprintf(stderr, "attackbench: --pin=%d: not enough allowed CPUs from there for %d threads\n",
                            pin_cpu, options->threads);
                    return 2;
                }
                memmove(cpus, cpus + start, (size_t)options->threads * sizeof cpus[0]);
            }
            if (pin_to_cpu(pin_cpu) != 0) {
                fprintf(stderr, "attackbench: --pin=%d: cannot run on that CPU\n", pin_cpu);
                return 2;
            }
        }
        timer_setup(&timer, options->timer, 250);
        if (timer.fallback)
            fprintf(stderr, "attackbench: using clock_gettime: %s\n", timer.fallback);
    } else {
        timer_setup(&timer, TIMER_CLOCK, 0);
    }

    uint8_t *pressure = NULL;
    if (options->pressure_bytes && !verify_only) {
        pressure = mmap(NULL, options->pressure_bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (pressure == MAP_FAILED) {
            fprintf(stderr, "attackbench: --pressure: cannot allocate %zu bytes\n", options->pressure_bytes);
            return 2;
        }
        memset(pressure, 1, options->pressure_bytes);
    }

    struct run_context context;
    make_context(&context, options, &timer, pin_cpu);
    if (!options->quiet && !verify_only) {
        fprintf(stderr, "attackbench %s: %s; %s; flags %s\n", attackbench_version, context.cpu, attackbench_compiler,
                attackbench_flags);
        if (timer.kind == TIMER_TSC)
            fprintf(stderr, "timer: TSC at %.4f GHz (empty region %.0f ticks)", timer.tsc_hz / 1e9,
                    timer.empty_ticks);
        else
            fprintf(stderr, "timer: clock_gettime(CLOCK_MONOTONIC_RAW)");
        fprintf(stderr, "; pinned to CPU %d; %d thread%s\n", pin_cpu, options->threads,
                options->threads == 1 ? "" : "s");
    }

    size_t row_capacity = 64, row_count = 0;
    struct result_row *rows = malloc(row_capacity * sizeof *rows);
    struct measurement *measured = malloc((size_t)entry_count * sizeof *measured);
    if (rows == NULL || measured == NULL) {
        fprintf(stderr, "attackbench: out of memory\n");
        return 2;
    }
    int status = 0;
    for (int kind = 0; kind < WORKLOAD_KIND_COUNT && status == 0 && !interrupted; kind++) {
        if (!(options->workloads & (1u << kind)))
            continue;
        if (kind != WORKLOAD_RANDOM && options->file_count == 0)
            continue;
        struct inspect_context inspect = {selected, count, options->pieces, 0};
        struct workload_options workload_options = {
            .kind = kind,
            .seed = options->seed,
            .max_queries = options->max_queries,
            .random_queries = options->random_queries,
            .split_phases = options->split_phases && kind != WORKLOAD_RANDOM,
            .read = {.skip_invalid = options->skip_invalid},
            .inspect = (options->verify || verify_only) ? inspect_query : NULL,
            .inspect_context = &inspect,
        };
        struct workload workload;
        long skipped = 0;
        if (build_workload(&workload, &workload_options, options->files, options->file_count, &skipped) != 0) {
            free_workload(&workload);
            status = inspect.failed ? 1 : 2;
            break;
        }
        if (skipped)
            fprintf(stderr, "attackbench: skipped %ld malformed line%s\n", skipped, skipped == 1 ? "" : "s");
        if (kind != WORKLOAD_RANDOM && workload.positions == 0) {
            fprintf(stderr, "attackbench: no positions to measure\n");
            free_workload(&workload);
            status = 2;
            break;
        }
        if (verify_only || options->verify) {
            if (!options->quiet)
                fprintf(stderr, "attackbench: verified every %s query (%ld positions)\n", workload_names[kind],
                        workload.positions);
        }
        if (verify_only) {
            free_workload(&workload);
            continue;
        }
        if (!options->quiet && kind != WORKLOAD_RANDOM) {
            fprintf(stderr, "workload %s: %ld positions", workload_names[kind], workload.positions);
            if (options->split_phases)
                fprintf(stderr, " (opening %ld, middlegame %ld, endgame %ld)", workload.phase_positions[PHASE_OPENING],
                        workload.phase_positions[PHASE_MIDDLEGAME], workload.phase_positions[PHASE_ENDGAME]);
            fputc('\n', stderr);
        }
        for (int piece = 0; piece < PIECE_KIND_COUNT && status == 0 && !interrupted; piece++) {
            if (!(options->pieces & (1u << piece)))
                continue;
            for (int phase = 0; phase < PHASE_COUNT && status == 0 && !interrupted; phase++) {
                if (phase != PHASE_ALL && !workload_options.split_phases)
                    continue;
                const struct stream *stream = &workload.streams[piece][phase];
                if (stream->count == 0) {
                    if (!options->quiet)
                        fprintf(stderr, "attackbench: no %s queries in the %s workload (phase %s): skipped\n",
                                piece_names[piece], workload_names[kind], phase_names[phase]);
                    continue;
                }
                uint64_t checksum = stream_checksum(reference, piece, stream, options->chained);
                for (int dispatch = 0; dispatch < DISPATCH_KIND_COUNT && status == 0 && !interrupted; dispatch++) {
                    if (!(options->dispatches & (1u << dispatch)))
                        continue;
                    if (!options->quiet && isatty(fileno(stderr)))
                        fprintf(stderr, "measuring %s %s %s...\r", workload_names[kind], piece_names[piece],
                                dispatch_names[dispatch]);
                    struct measurement_config config = {
                        .timer = &timer,
                        .dispatch = dispatch,
                        .chained = options->chained,
                        .pressure_buffer = pressure,
                        .pressure_line_mask = pressure ? (uint32_t)(options->pressure_bytes / 64 - 1) : 0,
                        .reps = options->reps,
                        .calls = options->calls,
                        .threads = options->threads,
                        .cpus = pin_cpu >= 0 ? cpus : NULL,
                        .stop = &interrupted,
                    };
                    int measured_status =
                        measure_backends(methods, (size_t)entry_count, piece, stream, checksum, &config, measured);
                    if (measured_status > 0)
                        break; /* interrupted: this group is incomplete */
                    if (measured_status < 0) {
                        status = 1;
                        break;
                    }
                    for (int i = 0; i < entry_count; i++) {
                        if (row_count == row_capacity) {
                            row_capacity *= 2;
                            struct result_row *grown = realloc(rows, row_capacity * sizeof *rows);
                            if (grown == NULL) {
                                fprintf(stderr, "attackbench: out of memory\n");
                                exit(2);
                            }
                            rows = grown;
                        }
                        rows[row_count++] = (struct result_row){
                            .measurement = measured[i],
                            .workload = kind,
                            .piece = piece,
                            .dispatch = dispatch,
                            .chained = options->chained,
                            .pressure_bytes = options->pressure_bytes,
                            .phase = phase,
                            .threads = options->threads,
                            .positions = phase == PHASE_ALL ? workload.positions : workload.phase_positions[phase],
                            .queries = stream->count,
                            .table_bytes = entries[i].table_bytes,
                            .init_ms = entries[i].init_ms,
                            .checksum = checksum,
                        };
                    }
                }
            }
        }
        free_workload(&workload);
    }
    benchmark_shutdown();
    if (!options->quiet && isatty(fileno(stderr)))
        fprintf(stderr, "%60s\r", "");
    if (interrupted)
        fprintf(stderr, "attackbench: interrupted: reporting the %zu rows finished\n", row_count);

    if (!verify_only && row_count > 0) {
        complete_rows(rows, row_count);
        if (options->csv_path) {
            void *parts[3] = {rows, &row_count, &context};
            if (write_file_atomically(options->csv_path, write_csv_to, parts) != 0 && status == 0)
                status = 2;
        }
        if (options->format == FORMAT_CSV)
            write_csv(stdout, rows, row_count, &context);
        else if (options->format == FORMAT_JSON)
            write_json(stdout, rows, row_count, &context);
        else
            write_table(stdout, rows, row_count, &context);
        if (fflush(stdout) != 0 || ferror(stdout)) {
            fprintf(stderr, "attackbench: cannot write the results: %s\n", strerror(errno));
            if (status == 0)
                status = 2;
        }
    }
    free(rows);
    free(measured);
    if (pressure)
        munmap(pressure, options->pressure_bytes);
    if (interrupted && status == 0)
        status = 130;
    return status;
}

static int run_command(const struct options *options)
{
    if (options->action == ACTION_HELP) {
        fputs(usage_text, stdout);
        return 0;
    }
    if (options->action == ACTION_VERSION) {
        printf("attackbench %s (%s; %s)\n", attackbench_version, attackbench_compiler, attackbench_flags);
        return 0;
    }
    if (options->action == ACTION_LIST)
        return list_command();

    const char *methods = options->methods;
    if (options->action == ACTION_DUMP && strcmp(methods, "all") == 0)
        methods = "reference";
    const struct backend *selected[MAX_METHODS];
    int count = select_backends(methods, selected, options->quiet);
    if (count < 0)
        return 2;
    if (count == 0) {
        fprintf(stderr, "attackbench: no method to run on this CPU\n");
        return 2;
    }
    if (apply_parameters(options, selected, count) != 0)
        return 2;
    return options->action == ACTION_DUMP ? dump_command(options, selected, count)
                                          : benchmark_command(options, selected, count);
}

/* Output still buffered is written before the exit and checked: a full
 * disk or a closed pipe under --help, --version or --list is exit 2 with
 * a message, not a silent success (paths that report their own write
 * errors have a non-zero status by then). */
static int finish_standard_output(int status)
{
    if (status == 0 && (fflush(stdout) != 0 || ferror(stdout))) {
        perror("attackbench: cannot write to standard output");
        return 2;
    }
    return status;
}

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "perft") == 0)
        return perft_command(argc - 1, argv + 1);
    if (argc > 1 && strcmp(argv[1], "genpos") == 0)
        return genpos_command(argc - 1, argv + 1);
    /* A closed pipe is reported as a write error, not a silent death. */
    signal(SIGPIPE, SIG_IGN);

    struct options options;
    char error[512];
    int status;
    if (parse_options(argc, argv, &options, error, sizeof error) != 0) {
        usage_error("%s", error);
        status = 2;
    } else {
        status = finish_standard_output(run_command(&options));
    }
    free(options.files);
    return status;
}

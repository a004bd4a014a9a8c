/* `attackbench genpos`: realistic positions from seeded random games
 * (genpos_game.c plays them).  The same seed gives the same file on every
 * machine.  A signal stops the run between games and leaves no file. */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "command_line.h"
#include "base/error_message.h"
#include "attackbench/backend.h"
#include "subcommands.h"
#include "chess/genpos_game.h"
#include "platform/interrupt.h"
#include "output_checks.h"
#include "platform/output_file.h"
#include "results/output.h"
#include "registry/registry.h"

enum { EXIT_USAGE = 2 };

struct generator {
    unsigned long long seed;
    long games;
    int have_seed;
    const char *out_file;
    struct game_sampler sampler;
    long played;
    int differed; /* the method's moves differed from the reference's */
};

static const char genpos_usage_text[] = "usage: attackbench genpos --seed=N --games=G [--out=FILE] [--method=NAME]\n"
                                        "\n"
                                        "Plays G random games from the initial position, with move choices weighted\n"
                                        "towards captures, development and castling, and samples a position every\n"
                                        "3 to 7 plies from ply 8 on, one six-field FEN a line, duplicates dropped.\n"
                                        "Each game gets a random length of 40 to 240 plies and ends earlier at mate,\n"
                                        "stalemate, the 50-move rule, insufficient material, or when a side stays 10\n"
                                        "points of material behind for more than 6 plies; with --seed=1 that gives\n"
                                        "about 13 positions per game.  The first line is a\n"
                                        "'#' comment with the command that made the file.  The same seed always\n"
                                        "gives the same positions.\n"
                                        "\n"
                                        "  --seed=N       random seed (0 or more)\n"
                                        "  --games=G      number of games (1 to 1000000)\n"
                                        "  --out=FILE     write to FILE (the games kept in a scratch file, then\n"
                                        "                 copied to a temporary file renamed over FILE at the\n"
                                        "                 end); default standard output\n"
                                        "  --method=NAME  backend for the move generator's slider attacks\n"
                                        "                 (default reference; the positions do not depend on it:\n"
                                        "                 every position's moves are checked against the reference's)\n"
                                        "  -h, --help     this text\n"
                                        "\n"
                                        "Exit status: 0 success, 1 the method's moves differ from the reference's\n"
                                        "(standard output keeps the positions before it), 2 bad usage or a write\n"
                                        "error, 130 interrupted by\n"
                                        "SIGINT (143: SIGTERM, 129: SIGHUP unless ignored, as by nohup, 131:\n"
                                        "SIGQUIT); an interrupted run leaves --out's file as it was.\n";

/* The whole file: the command as a comment, then the games' samples.
 * Stops between games (a game takes about a millisecond) at a signal or
 * a write error; returns 0 when every game was played, or -1. */
static int generate(struct generator *generator, FILE *out)
{
    generator->sampler.out = out;
    /* The path escaped: a newline in it would end the comment and leave
     * a line no reader could parse. */
    size_t shown_size = generator->out_file ? 4 * strlen(generator->out_file) + 1 : 1;
    char *shown = malloc(shown_size);
    if (shown == NULL)
        return -1;
    escape_text(generator->out_file ? generator->out_file : "", shown, shown_size);
    fprintf(out, "# attackbench genpos --seed=%llu --games=%ld%s%s\n", generator->seed, generator->games,
            generator->out_file ? " --out=" : "", shown);
    free(shown);
    while (generator->played < generator->games && !interrupt_requested() && !ferror(out)) {
        backend_guard(generator->sampler.backend, "position generation");
        int played = play_game(&generator->sampler);
        backend_unguard();
        if (played != 0) {
            generator->differed = 1;
            return -1;
        }
        generator->played++;
    }
    return generator->played == generator->games && !ferror(out) ? 0 : -1;
}

/* The line and 128 + the signal; standard output is not whole when the
 * signal cut a write (blocked on a full pipe) short. */
static int report_interrupted(const struct generator *generator)
{
    const char *standard_output = ferror(stdout) ? "; standard output not written whole" : "";
    fprintf(stderr, "attackbench: genpos: interrupted after %ld of %ld games%s%s%s\n", generator->played,
            generator->games, generator->out_file ? "; " : standard_output,
            generator->out_file ? generator->out_file : "", generator->out_file ? " left as it was" : "");
    return interrupt_exit_status();
}

/* A method whose moves or attacks differ from the reference's: the
 * position named, exit 1 (a wrong result), as perft reports one. */
static int report_differed(const struct generator *generator)
{
    fprintf(stderr,
            "attackbench: genpos: %s's legal moves or attacks differ from the reference's in %s; stopped in game %ld "
            "of %ld%s%s\n",
            generator->sampler.backend->name, generator->sampler.differing, generator->played + 1, generator->games,
            generator->out_file ? "; nothing written to " : "", generator->out_file ? generator->out_file : "");
    return 1;
}

/* The finished games, from the scratch file into the output file. */
static void copy_scratch(FILE *out, void *data)
{
    FILE *scratch = data;
    static char buffer[1 << 16]; /* not on the stack: a small `ulimit -s` */
    size_t length;
    rewind(scratch);
    while ((length = fread(buffer, 1, sizeof buffer, scratch)) > 0 && fwrite(buffer, 1, length, out) == length)
        continue;
}

/* The games go to a temporary file without a name first (tmpfile), and
 * are copied into place through write_file_atomically once complete: a
 * signal during the long generation leaves no file behind and the output
 * file as it was. */
static int write_to_file(struct generator *generator)
{
    FILE *scratch = open_scratch_file();
    if (scratch == NULL) {
        fprintf(stderr, "attackbench: genpos: cannot create a temporary file: %s\n", strerror(errno));
        return EXIT_USAGE;
    }
    int generated = generate(generator, scratch);
    int status = 0;
    if (generator->differed) {
        status = report_differed(generator);
    } else if (interrupt_requested()) {
        status = report_interrupted(generator);
    } else if (generated != 0 || fflush(scratch) != 0) {
        fprintf(stderr, "attackbench: genpos: cannot write the temporary file: %s\n", strerror(errno));
        status = EXIT_USAGE;
    } else if (write_file_atomically(generator->out_file, copy_scratch, scratch) != 0) {
        status = EXIT_USAGE;
    }
    fclose(scratch);
    return status;
}

static int write_to_stdout(struct generator *generator)
{
    generate(generator, stdout);
    if (generator->differed) {
        fflush(stdout);
        return report_differed(generator);
    }
    if ((fflush(stdout) != 0 || ferror(stdout)) && !interrupt_cut_write(errno)) {
        fprintf(stderr, "attackbench: genpos: cannot write to standard output: %s\n", strerror(errno));
        return EXIT_USAGE;
    }
    return interrupt_requested() ? report_interrupted(generator) : 0;
}

enum parsed { PARSED_RUN, PARSED_HELP, PARSED_ERROR };

static const char genpos_prefix[] = "attackbench: genpos";

static const struct option_name genpos_options[] = {
    {"seed", 0, 1}, {"games", 0, 1}, {"out", 0, 1}, {"method", 'm', 1}, {"help", 'h', 0}, {NULL, 0, 0},
};

/* --seed and --games: whole numbers in plain digits, as every command's. */
static enum parsed parse_number_option(const struct argument *argument, struct generator *generator)
{
    const char *value = argument->value;
    uint64_t number;
    if (is_option(argument, "seed")) {
        if (parse_whole_number(value, 0, UINT64_MAX, &number) != 0) {
            refuse(genpos_prefix, "bad --seed '%s'", value);
            return PARSED_ERROR;
        }
        generator->seed = number;
        generator->have_seed = 1;
    } else {
        if (parse_whole_number(value, 1, 1000000, &number) != 0) {
            refuse(genpos_prefix, "--games must be 1 to 1000000, not '%s'", value);
            return PARSED_ERROR;
        }
        generator->games = (long)number;
    }
    return PARSED_RUN;
}

static enum parsed parse_option(const struct argument *argument, struct generator *generator, const char **method)
{
    const char *value = argument->value;
    if (is_option(argument, "help"))
        return PARSED_HELP;
    if (is_option(argument, "seed") || is_option(argument, "games")) {
        return parse_number_option(argument, generator);
    } else if (is_option(argument, "out")) {
        if (value[0] == '\0') {
            refuse(genpos_prefix, "--out needs a file name");
            return PARSED_ERROR;
        }
        generator->out_file = value;
    } else if (is_option(argument, "method")) {
        *method = value;
    }
    return PARSED_RUN;
}

/* The method --method names, in any case, as every other command's
 * --method takes it (the registry's names are lower case); NULL for
 * none. */
static const struct backend *find_method(const char *typed)
{
    char name[128];
    size_t length = strlen(typed);
    if (length >= sizeof name)
        return NULL;
    for (size_t i = 0; i <= length; i++)
        name[i] = (char)tolower((unsigned char)typed[i]);
    return find_backend(name);
}

/* --method: one method this CPU runs and that computes attack sets; 0, or
 * -1 after one line on why not. */
static int refuse_method(const char *method, const struct backend *backend)
{
    const char *reason = backend ? backend_unavailable_reason(backend) : NULL;
    if (backend == NULL)
        refuse(genpos_prefix, "--method=%s: not the name of one method (attackbench --list names them)", method);
    else if (backend->baseline)
        refuse(genpos_prefix, "--method=%s: %s computes no attack sets", method, backend->name);
    else if (reason)
        refuse(genpos_prefix, "--method=%s: %s", method, reason);
    return backend == NULL || backend->baseline || reason ? -1 : 0;
}

/* The options into *generator, and the backend they name initialised. */
static enum parsed parse_settings(int argc, char **argv, struct generator *generator)
{
    const char *method = "reference";
    struct argument_reader reader = {.argc = argc, .argv = argv, .next = 1};
    struct argument argument;
    char error[256];
    int read;
    while ((read = read_argument(&reader, genpos_options, &argument, error, sizeof error)) > 0) {
        enum parsed parsed = parse_option(&argument, generator, &method);
        if (parsed != PARSED_RUN)
            return parsed;
    }
    if (read < 0) {
        refuse(genpos_prefix, "%s", error);
        return PARSED_ERROR;
    }
    if (!generator->have_seed || generator->games == 0) {
        refuse(genpos_prefix, "--seed and --games are required (attackbench genpos --help)");
        return PARSED_ERROR;
    }
    /* Checked before the games are played, which may take minutes: it
     * can be written and is no plugin the run loaded. */
    struct output_files output = {.prefix = genpos_prefix, .csv = generator->out_file, .csv_option = "--out"};
    if (generator->out_file && check_output_files(&output) != 0)
        return PARSED_ERROR;
    const struct backend *backend = find_method(method);
    if (refuse_method(method, backend) != 0)
        return PARSED_ERROR;
    backend_initialize(backend, NULL);
    generator->sampler.backend = backend;
    /* Every position's moves checked against the reference's: a method
     * is no faster here, and a wrong one would write illegal games. */
    const struct backend *reference = find_backend("reference");
    if (backend != reference) {
        backend_initialize(reference, NULL);
        generator->sampler.reference = reference;
    }
    game_sampler_seed(&generator->sampler, generator->seed);
    return PARSED_RUN;
}

int genpos_command(int argc, char **argv)
{
    /* A closed pipe is reported as a write error, not a silent death. */
    signal(SIGPIPE, SIG_IGN);
    struct generator generator = {0};
    enum parsed parsed = parse_settings(argc, argv, &generator);
    if (parsed != PARSED_RUN)
        return parsed == PARSED_HELP ? write_help(genpos_prefix, genpos_usage_text) : EXIT_USAGE;
    interrupt_catch_hangup();
    int status = generator.out_file ? write_to_file(&generator) : write_to_stdout(&generator);
    game_sampler_free(&generator.sampler);
    if (status == 0)
        fprintf(stderr, "genpos: %ld game%s, %ld position%s\n", generator.games, generator.games == 1 ? "" : "s",
                generator.sampler.written, generator.sampler.written == 1 ? "" : "s");
    return status;
}

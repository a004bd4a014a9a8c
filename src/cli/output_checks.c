/* The output files of a command, checked before its run (output_checks.h). */
#include "output_checks.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/error_message.h"
#include "platform/output_file.h"
#include "registry/registry.h"

enum { EXIT_USAGE = 2 };

/* Whether `path` is the regular file standard input reads ('-' given
 * with `< file`). */
static int names_standard_input(const char *path)
{
    struct stat output, input;
    return stat(path, &output) == 0 && S_ISREG(output.st_mode) && fstat(STDIN_FILENO, &input) == 0 &&
           output.st_dev == input.st_dev && output.st_ino == input.st_ino;
}

/* Whether `path` names a file the run reads: one of the inputs, or the
 * shared object of a plugin it loaded. */
static int names_input(const struct output_files *files, const char *path)
{
    for (int i = 0; i < files->input_count; i++)
        if (strcmp(files->inputs[i], "-") == 0 ? names_standard_input(path) : same_file(path, files->inputs[i]))
            return 1;
    for (size_t i = 0; i < backend_count; i++)
        if (backends[i]->plugin_file && same_file(path, backends[i]->plugin_file))
            return 1;
    return 0;
}

/* Whether `path` is the running program's own file (where /proc says
 * which): a --csv naming it would replace the program with a table. */
static int names_running_program(const char *path)
{
    struct stat output, program;
    return stat(path, &output) == 0 && stat("/proc/self/exe", &program) == 0 && output.st_dev == program.st_dev &&
           output.st_ino == program.st_ino;
}

int check_output_files(const struct output_files *files)
{
    const char *paths[2] = {files->csv, files->json};
    const char *names[2] = {files->csv_option ? files->csv_option : "--csv", "--json"};
    for (int k = 0; k < 2; k++) {
        if (paths[k] == NULL)
            continue;
        char shown[PATH_MAX + 64];
        escape_text(paths[k], shown, sizeof shown);
        if (names_input(files, paths[k])) {
            fprintf(stderr, "%s: %s: %s names an input file; it would be replaced\n", files->prefix, shown, names[k]);
            return EXIT_USAGE;
        }
        if (names_running_program(paths[k])) {
            fprintf(stderr, "%s: %s: %s names this attackbench program's own file; it would be replaced\n",
                    files->prefix, shown, names[k]);
            return EXIT_USAGE;
        }
        if (check_output_path(paths[k]) != 0)
            return EXIT_USAGE;
    }
    if (paths[0] && paths[1] && same_file(paths[0], paths[1])) {
        char shown[PATH_MAX + 64];
        escape_text(paths[0], shown, sizeof shown);
        fprintf(stderr, "%s: %s: --csv and --json name the same file\n", files->prefix, shown);
        return EXIT_USAGE;
    }
    return 0;
}

int check_standard_input_once(const char *prefix, const char *const *inputs, int input_count)
{
    int named = 0;
    for (int i = 0; i < input_count; i++)
        named += strcmp(inputs[i], "-") == 0;
    if (named <= 1)
        return 0;
    fprintf(stderr, "%s: '-' is given %d times: standard input can be read once\n", prefix, named);
    return 2;
}

/* attackbench: the command-line driver.  It parses the options, chooses
 * the backends and dispatches to a command; it knows nothing about any
 * technique. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/error_message.h"
#include "platform/c_locale.h"
#include "platform/cpu.h"
#include "platform/engine.h"
#include "platform/slow_instructions.h"
#include "platform/timer.h"
#include "cli/commands.h"
#include "cli/device_command.h"
#include "device/device.h"
#include "cli/instruction_count.h"
#include "measure/callgrind.h"
#include "measure/fake_disturbances.h"
#include "cli/options.h"
#include "cli/plugin_arguments.h"
#include "registry/registry.h"
#include "cli/selection.h"
#include "cli/subcommands.h"

enum { MAX_SELECTED = 128 };

static void usage_error(const char *format, const char *detail)
{
    fprintf(stderr, "attackbench: ");
    fprintf(stderr, format, detail);
    fputc('\n', stderr);
}

static int run_command(const struct options *options)
{
    if (options->action == ACTION_HELP) {
        fputs(usage_text, stdout);
        return 0;
    }
    if (options->action == ACTION_VERSION) {
        return version_command();
    }
    if (options->action == ACTION_LIST)
        return list_command(options);
    if (options->action == ACTION_LIST_DEVICES)
        return list_devices_command();
    if (options->device)
        return device_command(options);

    /* --count=instructions chooses its backends under valgrind, whose CPU
     * is not this one. */
    if (options->count_instructions && !counting_under_callgrind())
        return count_under_callgrind();

    const char *names = options->methods; /* the CLI says method; the code, backend */
    if (options->action == ACTION_DUMP && !options->method_given)
        names = "reference";
    const struct backend *selected[MAX_SELECTED];
    /* null computes no attack sets: nothing to dump or to verify. */
    const struct selection_rules rules = {.prefix = "attackbench",
                                          .without_baseline =
                                              options->action == ACTION_DUMP || options->action == ACTION_VERIFY_ONLY,
                                          .quiet = options->quiet};
    /* --dump takes one method, counted before those this CPU cannot run
     * are left out: pext,dumb7fill-avx512 would dump pext's sets unnamed. */
    if (options->action == ACTION_DUMP) {
        struct selection_rules named_rules = rules;
        named_rules.keep_unavailable = 1;
        int named = select_backends(names, &named_rules, selected, MAX_SELECTED);
        if (named < 0)
            return 2;
        if (named > 1) {
            fprintf(stderr, "attackbench: --dump takes exactly one --method\n");
            return 2;
        }
    }
    int count = select_backends(names, &rules, selected, MAX_SELECTED);
    if (count < 0)
        return 2;
    if (count > MAX_SELECTED) {
        fprintf(stderr, "attackbench: --method=%s: more than %d methods\n", names, MAX_SELECTED);
        return 2;
    }
    if (count == 0) {
        report_empty_selection(names, "attackbench");
        return 2;
    }
    if (apply_parameters(options->parameters, options->parameters_typed, options->parameter_count, selected, count) !=
        0)
        return 2;
    if (options->action == ACTION_DUMP)
        return dump_command(options, selected, count);
    if (options->count_instructions)
        return count_command(options, selected, count);
    return benchmark_command(options, selected, count);
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

/* The environment variables that change what the tool does (the tests'
 * hooks among them): a value they cannot read is one line and exit 2, for
 * every command, not a setting silently ignored. */
static int check_environment(void)
{
    char message[768];
    if (cpu_check_hidden_features(message, sizeof message) != 0 ||
        timer_check_forced_probe(message, sizeof message) != 0 ||
        slow_instructions_check_environment(message, sizeof message) != 0 ||
        fake_disturbances_check_environment(message, sizeof message) != 0 ||
        device_check_environment(message, sizeof message) != 0) {
        /* The messages quote the variables' values: a control byte in one
         * is shown as \xNN, not sent to the terminal. */
        char shown[4 * sizeof message];
        escape_text(message, shown, sizeof shown);
        fprintf(stderr, "attackbench: %s\n", shown);
        return -1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    platform_start();
    /* Before any plugin is loaded: its setlocale cannot reach this thread. */
    if (keep_c_locale_in_this_thread() != 0) {
        fprintf(stderr, "attackbench: out of memory\n");
        return 2;
    }
    /* A file size limit (ulimit -f) is a write error (EFBIG) that the
     * writers report, with the temporary file removed, not a silent death. */
    signal(SIGXFSZ, SIG_IGN);
    if (check_environment() != 0)
        return 2;
    registry_choose_variants();
    remember_command_line(argc, argv);
    int plugin_status = refuse_plugins_with_device(argc, argv);
    if (plugin_status == 0)
        plugin_status = load_plugin_arguments(&argc, argv);
    if (plugin_status != 0)
        return plugin_status;
    subcommand_function subcommand = argc > 1 ? find_subcommand(argv[1]) : NULL;
    if (subcommand)
        return subcommand(argc - 1, argv + 1);
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

/* --count=instructions's processes.  The command starts itself again under
 *   valgrind --tool=callgrind --collect-atstart=no
 *            --toggle-collect=attackbench_counted_pass
 *            --dump-after=attackbench_counted_pass
 * so that callgrind counts only the instructions inside
 * attackbench_counted_pass and writes one numbered file per call, which the
 * counting process reads right after the call returns.  valgrind 3.19
 * cannot decode AVX-512, hence the x86-64-v3 build of `make instructions`. */
#define _GNU_SOURCE
#include "callgrind.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#if !defined(__wasi__)
#include <sys/wait.h>
#endif
#include <unistd.h>

#include "platform/cpu.h"
#include "platform/interrupt.h"
#include "platform/work_directory.h"

/* Set for the process valgrind runs: the private directory its parent
 * made for callgrind's files.  The environment only says where to look:
 * the counted process takes the directory only when it is one its parent
 * made (see callgrind_private_output()), never a file the environment names. */
static const char OUTPUT_VARIABLE[] = "ATTACKBENCH_CALLGRIND_OUT";
static const char DIRECTORY_PREFIX[] = "/tmp/attackbench-count.";
static const char PARENT_FILE[] = "parent";
/* The CPU this process runs on, written by the parent for the counted
 * process: under valgrind, CPUID describes valgrind's emulated CPU. */
static const char HOST_FILE[] = "host";
/* Written by the process valgrind runs once it knows itself: without it,
 * valgrind failed before the program started (its tool cannot run this
 * build's architecture, say). */
static const char STARTED_FILE[] = "started";

/* The command line as main received it, plugins included: the counted
 * process is started with exactly these arguments, never with a copy read
 * back from /proc (which the kernel cuts at a page or two). */
static char **command_arguments;

/* The copy is only ever read where the counted process is started; in an
 * AVX-512 build valgrind cannot run that path, the compiler removes it
 * and then the variable, and LeakSanitizer reports the copy as lost.  It
 * is released at exit instead. */
static void forget_command_line(void)
{
    free(command_arguments);
    command_arguments = NULL;
}

void remember_command_line(int argc, char **argv)
{
    command_arguments = calloc((size_t)argc + 1, sizeof *command_arguments);
    if (command_arguments != NULL) {
        memcpy(command_arguments, argv, (size_t)argc * sizeof *argv);
        atexit(forget_command_line);
    }
}

#if defined(__wasi__)
/* valgrind cannot run WebAssembly: no count here (count_under_callgrind
 * says so), and never a process valgrind runs. */
const char *callgrind_private_output(void)
{
    (void)OUTPUT_VARIABLE;
    (void)DIRECTORY_PREFIX;
    (void)PARENT_FILE;
    (void)HOST_FILE;
    (void)STARTED_FILE;
    return NULL;
}

const struct host_cpu *callgrind_host_cpu(const char *output)
{
    (void)output;
    return NULL;
}

static int run_under_callgrind(void)
{
    fprintf(stderr, "attackbench: --count=instructions: valgrind cannot run WebAssembly; count with the native "
                    "build (make instructions)\n");
    return 2;
}

static const int built_with_avx512 = 0;
#else
/* Start valgrind on this same program and arguments in `directory`. */
static void exec_valgrind(const char *directory)
{
    static char executable[4096], output[4200], output_option[4300];
    char **arguments = command_arguments;
    ssize_t length = readlink("/proc/self/exe", executable, sizeof executable - 1);
    if (arguments == NULL || arguments[0] == NULL || length <= 0 || (size_t)length >= sizeof executable - 1) {
        fprintf(stderr, "attackbench: --count=instructions: cannot name this program for valgrind "
                        "(/proc/self/exe unreadable or too long)\n");
        _exit(2);
    }
    executable[length] = '\0';
    snprintf(output, sizeof output, "%s/callgrind.out", directory);
    snprintf(output_option, sizeof output_option, "--callgrind-out-file=%s", output);
    setenv(OUTPUT_VARIABLE, directory, 1);
    /* valgrind's own temporary files go with the rest, into the private
     * directory removed at the end: a TMPDIR that is missing or not
     * writable once gave a dozen lines of valgrind's complaints. */
    setenv("TMPDIR", directory, 1);
    char *prefix[] = {"valgrind",
                      "--tool=callgrind",
                      "-q",
                      output_option,
                      "--collect-atstart=no",
                      "--toggle-collect=attackbench_counted_pass",
                      "--dump-after=attackbench_counted_pass",
                      executable};
    size_t prefix_count = sizeof prefix / sizeof prefix[0], count = 0;
    while (arguments[count])
        count++;
    char **command = calloc(prefix_count + count, sizeof *command);
    if (command == NULL)
        _exit(2);
    memcpy(command, prefix, sizeof prefix);
    memcpy(command + prefix_count, arguments + 1, (count - 1) * sizeof *command);
    execvp("valgrind", command);
    fprintf(stderr, "attackbench: --count=instructions needs valgrind (Debian: apt-get install valgrind): %s\n",
            strerror(errno));
    _exit(127);
}

/* The host's CPU, one field a line: brand, vendor, family, model. */
static int write_host_cpu(const char *directory)
{
    char path[256];
    snprintf(path, sizeof path, "%s/%s", directory, HOST_FILE);
    FILE *out = fopen(path, "wx");
    const struct cpu_identity *identity = cpu_identity();
    if (out == NULL)
        return -1;
    int written =
        fprintf(out, "%s\n%s\n%u\n%u\n", cpu_model_name(), identity->vendor, identity->family, identity->model) >= 0;
    return fclose(out) == 0 && written ? 0 : -1;
}

static double seconds_now(void)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + (double)now.tv_nsec * 1e-9;
}

/* Waits for valgrind's process.  A SIGINT or SIGTERM this process gets is
 * passed on to it once (a Ctrl-C reaches both); when it has not ended two
 * seconds later (a pass or a table still being built under valgrind) it
 * is killed.  Returns 1 when it was killed. */
static int wait_for_count(pid_t child, int *status)
{
    double passed_on = 0;
    for (;;) {
        pid_t done = waitpid(child, status, passed_on > 0 ? WNOHANG : 0);
        if (done == child || (done < 0 && errno != EINTR))
            return 0;
        if (!interrupt_requested())
            continue;
        if (passed_on == 0) {
            kill(child, interrupt_signal);
            passed_on = seconds_now();
        } else if (seconds_now() - passed_on > 2.0) {
            kill(child, SIGKILL);
            while (waitpid(child, status, 0) < 0 && errno == EINTR)
                continue;
            return 1;
        } else {
            nanosleep(&(struct timespec){.tv_nsec = 10000000}, NULL);
        }
    }
}

static int run_under_callgrind(void)
{
    char directory[] = "/tmp/attackbench-count.XXXXXX";
    if (mkdtemp(directory) == NULL) {
        fprintf(stderr, "attackbench: cannot create a directory in /tmp: %s\n", strerror(errno));
        return 2;
    }
    char parent_path[sizeof directory + sizeof PARENT_FILE + 1];
    snprintf(parent_path, sizeof parent_path, "%s/%s", directory, PARENT_FILE);
    FILE *parent = fopen(parent_path, "wx");
    if (parent == NULL || fprintf(parent, "%ld\n", (long)getpid()) < 0 || fclose(parent) != 0 ||
        write_host_cpu(directory) != 0) {
        fprintf(stderr, "attackbench: cannot write in %s: %s\n", directory, strerror(errno));
        work_directory_remove(directory, NULL, 0);
        return 2;
    }
    /* Killed outright (kill -9), this process leaves the directory to the
     * janitor; valgrind ends with it. */
    struct work_directory_janitor janitor = work_directory_start_janitor(directory, NULL, 0);
    /* SIGINT and SIGTERM are passed on to valgrind's process (below); a
     * parent killed outright takes valgrind with it. */
    interrupt_catch();
    pid_t self = getpid();
    fflush(NULL);
    pid_t child = fork();
    if (child == 0) {
        if (interrupt_end_with_parent(self) != 0)
            _exit(2);
        exec_valgrind(directory);
    }
    int status = 0;
    int killed = child > 0 && wait_for_count(child, &status);
    char started_path[sizeof directory + sizeof STARTED_FILE + 1];
    snprintf(started_path, sizeof started_path, "%s/%s", directory, STARTED_FILE);
    int started = access(started_path, F_OK) == 0;
    work_directory_remove(directory, NULL, 0);
    work_directory_end_janitor(janitor);
    /* Interrupted: the counted process stops at its next check, says so
     * and writes nothing; one that had to be killed is said here. */
    if (interrupt_requested() && (killed || !WIFEXITED(status))) {
        fprintf(stderr, "attackbench: interrupted: the instruction count stopped unfinished; nothing written\n");
        return interrupt_exit_status();
    }
    if (child < 0 || !WIFEXITED(status)) {
        fprintf(stderr, "attackbench: --count=instructions: valgrind did not finish (%s)\n",
                child < 0 ? strerror(errno) : "killed by a signal");
        return 2;
    }
    if (WEXITSTATUS(status) == 127)
        return 2; /* no valgrind: the child said so */
    if (WEXITSTATUS(status) != 0 && !started) {
        fprintf(stderr,
                "attackbench: --count=instructions: valgrind could not run this build (exit status %d; its "
                "message, if any, is above)\n",
                WEXITSTATUS(status));
        return 2;
    }
    return WEXITSTATUS(status);
}

/* valgrind 3.19 stops with SIGILL on the first AVX-512 instruction. */
#if defined(__AVX512F__)
static const int built_with_avx512 = 1;
#else
static const int built_with_avx512 = 0;
#endif

/* The callgrind output name when this process is the one valgrind runs for
 * its parent: the environment names a directory made by mkdtemp with the
 * tool's prefix, a real directory of this user with mode 0700, holding
 * the parent's process id.  Anything else is not a count in progress. */
const char *callgrind_private_output(void)
{
    static char output[256];
    const char *directory = getenv(OUTPUT_VARIABLE);
    struct stat status;
    if (directory == NULL || strncmp(directory, DIRECTORY_PREFIX, strlen(DIRECTORY_PREFIX)) != 0 ||
        strlen(directory) != strlen(DIRECTORY_PREFIX) + 6 || strchr(directory + strlen(DIRECTORY_PREFIX), '/') ||
        lstat(directory, &status) != 0 || !S_ISDIR(status.st_mode) || status.st_uid != geteuid() ||
        (status.st_mode & 0777) != 0700)
        return NULL;
    char parent_path[256];
    long parent = 0;
    snprintf(parent_path, sizeof parent_path, "%s/%s", directory, PARENT_FILE);
    FILE *in = fopen(parent_path, "r");
    int read = in != NULL && fscanf(in, "%ld", &parent) == 1;
    if (in)
        fclose(in);
    if (!read || parent != (long)getppid())
        return NULL;
    static int marked;
    if (!marked) {
        char started_path[256];
        snprintf(started_path, sizeof started_path, "%s/%s", directory, STARTED_FILE);
        FILE *started = fopen(started_path, "w");
        if (started)
            fclose(started);
        marked = 1;
    }
    snprintf(output, sizeof output, "%s/callgrind.out", directory);
    return output;
}

/* One line of the host file without its newline; 0 when read. */
static int read_line(FILE *in, char *line, size_t size)
{
    if (fgets(line, (int)size, in) == NULL)
        return -1;
    line[strcspn(line, "\n")] = '\0';
    return 0;
}

/* The host's CPU as the parent wrote it, or NULL. */
const struct host_cpu *callgrind_host_cpu(const char *output)
{
    static struct host_cpu host;
    char path[256];
    snprintf(path, sizeof path, "%.*s/%s", (int)(strrchr(output, '/') - output), output, HOST_FILE);
    FILE *in = fopen(path, "r");
    if (in == NULL)
        return NULL;
    int read = read_line(in, host.name, sizeof host.name) == 0 && read_line(in, host.vendor, sizeof host.vendor) == 0 &&
               read_line(in, host.family, sizeof host.family) == 0 && read_line(in, host.model, sizeof host.model) == 0;
    fclose(in);
    return read ? &host : NULL;
}

#endif

int counting_under_callgrind(void)
{
    return callgrind_private_output() != NULL;
}

int count_under_callgrind(void)
{
    if (built_with_avx512) {
        fprintf(stderr, "attackbench: --count=instructions: this binary uses AVX-512 (-march=native on an AVX-512 "
                        "CPU), which valgrind cannot decode; count with attackbench-valgrind (make install) or "
                        "build/valgrind/attackbench (make instructions-build)\n");
        return 2;
    }
    return run_under_callgrind();
}

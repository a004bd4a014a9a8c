/* --count=instructions' processes: the command started again under
 * valgrind's callgrind, which gives the same count for the same binary
 * and input however busy the machine is, and the counted process's view
 * of what its parent left it (cli/instruction_count.c counts and writes
 * the rows). */
#ifndef ATTACKBENCH_CALLGRIND_H
#define ATTACKBENCH_CALLGRIND_H

/* The CPU the count was started on, as the parent process saw it: under
 * valgrind, CPUID describes valgrind's emulated CPU instead. */
struct host_cpu {
    char name[64];
    char vendor[16];
    char family[12];
    char model[12];
};

/* Keep main's argc and argv (before --plugin is taken out of them): the
 * arguments the counted process is started with. */
void remember_command_line(int argc, char **argv);

/* Whether this process is the one valgrind runs for --count=instructions. */
int counting_under_callgrind(void);

/* Run this same command under callgrind and return its exit status (2
 * when valgrind is missing or cannot run this binary). */
int count_under_callgrind(void);

/* The callgrind output name (OUTPUT, dumped as OUTPUT.1, OUTPUT.2, ...)
 * when this process is the one valgrind runs for its parent, or NULL. */
const char *callgrind_private_output(void);

/* The host's CPU as the parent wrote it beside OUTPUT, or NULL. */
const struct host_cpu *callgrind_host_cpu(const char *output);

#endif

/* A side of `attackbench ab`, served a round at a time (see ab_serve.h).
 * The protocol, one line each way: the side writes "ready" when warm and
 * pinned, "ready CPU_SECONDS"; then for each 'r' ab writes it times one
 * round and answers "NS TICKS CPU_SECONDS CPU PREEMPTED_SECONDS" (its ns
 * and TSC ticks per query, 0 ticks without a TSC; the CPU time it has
 * used; the CPU it ran on; how long other work kept it off the CPU during
 * its timed passes, a field that sides built before it lack); at 'q' or
 * the end of the pipe it exits. */
#define _GNU_SOURCE
#include "ab_serve.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "base/error_message.h"
#include "measure/cpu_choice.h"
#include "platform/timer.h"

struct serve_channel {
    int commands, replies, cpu;
    int ready;
};

static void write_line(int descriptor, const char *line)
{
    size_t length = strlen(line), done = 0;
    while (done < length) {
        ssize_t written = write(descriptor, line + done, length - done);
        if (written < 0 && errno == EINTR)
            continue;
        if (written < 0 && errno == EPIPE)
            exit(0); /* ab has gone: nothing is waiting for this side */
        if (written <= 0) {
            fprintf(stderr, "attackbench: %s: cannot answer on descriptor %d: %s\n", AB_SERVE_VARIABLE, descriptor,
                    strerror(errno));
            exit(2);
        }
        done += (size_t)written;
    }
}

static int serve_wait(void *context)
{
    struct serve_channel *channel = context;
    if (!channel->ready) {
        if (channel->cpu >= 0)
            pin_to_cpu(channel->cpu);
        char line[64];
        snprintf(line, sizeof line, "ready %.6f\n", seconds_on_clock(CLOCK_PROCESS_CPUTIME_ID));
        write_line(channel->replies, line);
        channel->ready = 1;
    }
    char command;
    ssize_t got;
    while ((got = read(channel->commands, &command, 1)) < 0 && errno == EINTR)
        ;
    if (got == 1 && command == 'r')
        return 1;
    exit(0);
}

static void serve_report(void *context, double ns_per_query, double ticks_per_query, double preempted_seconds)
{
    struct serve_channel *channel = context;
    char line[160];
    int cpu = -1;
#if !defined(__wasi__)
    cpu = sched_getcpu();
#endif
    snprintf(line, sizeof line, "%.9g %.9g %.6f %d %.6f\n", ns_per_query, ticks_per_query,
             seconds_on_clock(CLOCK_PROCESS_CPUTIME_ID), cpu, preempted_seconds);
    write_line(channel->replies, line);
}

/* One whole number from low to high at *text, in decimal digits (a '-'
 * before them only where low is negative), followed by `end`; *text
 * moves past `end`.  0, or -1 for anything else: no digits, a sign or
 * space strtol would take, a number out of range (no overflow). */
static int parse_number(const char **text, long low, long high, char end, int *number)
{
    const char *start = *text;
    if (!(start[0] >= '0' && start[0] <= '9') && !(low < 0 && start[0] == '-' && start[1] >= '0' && start[1] <= '9'))
        return -1;
    char *after;
    errno = 0;
    long value = strtol(start, &after, 10);
    if (errno != 0 || value < low || value > high || *after != end)
        return -1;
    *number = (int)value;
    *text = end ? after + 1 : after;
    return 0;
}

/* "COMMANDS,REPLIES,CPU,BLOCK_US": four whole numbers and nothing after
 * them, each in its range.  0, or -1 for any other text. */
static int parse_channel(const char *value, struct serve_channel *channel, int *block_us)
{
    return parse_number(&value, 0, INT_MAX, ',', &channel->commands) != 0 ||
                   parse_number(&value, 0, INT_MAX, ',', &channel->replies) != 0 ||
                   parse_number(&value, -1, INT_MAX, ',', &channel->cpu) != 0 ||
                   parse_number(&value, 1, 1000000, '\0', block_us) != 0
               ? -1
               : 0;
}

/* Whether `descriptor` is one of the pipes ab gives a side: above the
 * standard streams (/dev/null and the side's log there), a pipe, and open
 * for reading (the commands) or for writing (the replies). */
static int side_pipe(int descriptor, int writing)
{
    struct stat status;
    int flags = fcntl(descriptor, F_GETFL);
    if (descriptor <= STDERR_FILENO || flags < 0 || fstat(descriptor, &status) != 0 || !S_ISFIFO(status.st_mode))
        return 0;
    int access = flags & O_ACCMODE;
    return access == O_RDWR || access == (writing ? O_WRONLY : O_RDONLY);
}

int ab_serve_setup(struct round_server *server)
{
    const char *value = getenv(AB_SERVE_VARIABLE);
    if (value == NULL || value[0] == '\0')
        return 0;
    static struct serve_channel channel;
    int block_us = 0;
    char shown[256]; /* the variable's text as messages show it */
    escape_text(value, shown, sizeof shown);
    if (parse_channel(value, &channel, &block_us) != 0) {
        fprintf(stderr,
                "attackbench: %s=%s: expected COMMANDS,REPLIES,CPU,BLOCK_US, whole numbers (descriptors, a CPU "
                "or -1, microseconds up to 1000000)\n",
                AB_SERVE_VARIABLE, shown);
        return -1;
    }
    if (fcntl(channel.commands, F_GETFD) < 0 || fcntl(channel.replies, F_GETFD) < 0) {
        fprintf(stderr, "attackbench: %s=%s: descriptor %d or %d is not open (only attackbench ab sets this)\n",
                AB_SERVE_VARIABLE, shown, channel.commands, channel.replies);
        return -1;
    }
    if (!side_pipe(channel.commands, 0) || !side_pipe(channel.replies, 1)) {
        fprintf(stderr,
                "attackbench: %s=%s: descriptors %d and %d are not the pipes attackbench ab gives its sides (only "
                "attackbench ab sets this)\n",
                AB_SERVE_VARIABLE, shown, channel.commands, channel.replies);
        return -1;
    }
    *server = (struct round_server){serve_wait, serve_report, &channel, block_us * 1e3};
    return 1;
}

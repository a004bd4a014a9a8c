/* The log of a child process (src/platform/child_log.h). */
#define _POSIX_C_SOURCE 200809L
#include "child_log.h"

#include <signal.h>
#include <string.h>
#include <sys/stat.h>
#if !defined(__wasi__)
#include <sys/resource.h>
#endif

#include "base/error_message.h"

void child_log_limit_size(void)
{
#if !defined(__wasi__)
    /* attackbench ignores SIGXFSZ and SIGPIPE (a write error it reports,
     * not a silent death), and an ignored signal stays ignored across
     * exec: the child gets them back at their defaults, so that the cap
     * ends it instead of failing its writes with EFBIG until the
     * command's deadline, and a closed pipe ends it too. */
    signal(SIGXFSZ, SIG_DFL);
    signal(SIGPIPE, SIG_DFL);
    struct rlimit limit;
    if (getrlimit(RLIMIT_FSIZE, &limit) == 0 &&
        (limit.rlim_max == RLIM_INFINITY || limit.rlim_max > (rlim_t)CHILD_LOG_LIMIT_BYTES)) {
        limit.rlim_cur = CHILD_LOG_LIMIT_BYTES;
        setrlimit(RLIMIT_FSIZE, &limit);
    }
#endif
}

/* Where the shown part starts: 0, or the start of the first whole line
 * of the last CHILD_LOG_SHOWN_BYTES. */
static long shown_start(FILE *in)
{
    struct stat status;
    if (fstat(fileno(in), &status) != 0 || status.st_size <= CHILD_LOG_SHOWN_BYTES)
        return 0;
    long window = (long)(status.st_size - CHILD_LOG_SHOWN_BYTES), start = window;
    if (fseek(in, start - 1, SEEK_SET) != 0)
        return 0;
    int c;
    while ((c = fgetc(in)) != EOF && c != '\n')
        start++;
    return c == EOF ? window : start; /* one long line: its end */
}

void child_log_print_tail(FILE *out, const char *log)
{
    FILE *in = fopen(log, "r");
    if (in == NULL)
        return;
    long start = shown_start(in);
    if (start > 0)
        fprintf(out, "  (the log's first %ld bytes left out)\n", start);
    if (fseek(in, start, SEEK_SET) == 0) {
        /* Each line escaped (escape_text): a child's control characters
         * (a screen clear, a window title, a carriage return) would act on
         * the terminal that shows the report, or fake lines of it. */
        char line[512], shown[4 * sizeof line];
        while (fgets(line, sizeof line, in)) {
            line[strcspn(line, "\n")] = '\0';
            escape_text(line, shown, sizeof shown);
            fprintf(out, "  %s\n", shown);
        }
    }
    fclose(in);
}

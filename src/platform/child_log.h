/* The log of a child process (an ab side, a recommend measurement): its
 * standard error in a file of the command's work directory, capped in
 * size, and shown in a failure's report by its last lines only. */
#ifndef ATTACKBENCH_CHILD_LOG_H
#define ATTACKBENCH_CHILD_LOG_H

#include <stdio.h>

enum {
    /* The most a child may write to its files: a child that writes past
     * it (a side stuck printing) ends by SIGXFSZ, instead of filling the
     * disk while the command waits for it. */
    CHILD_LOG_LIMIT_BYTES = 64 << 20,
    /* The most of a log a failure's report shows: its last lines. */
    CHILD_LOG_SHOWN_BYTES = 4096,
};

/* In the child, before exec: cap the size of the files it writes, and
 * give SIGXFSZ and SIGPIPE back their default actions (this program
 * ignores them), so that a child writing past the cap ends. */
void child_log_limit_size(void);

/* The log's last lines, at most CHILD_LOG_SHOWN_BYTES of them, each
 * indented by two spaces, its control characters and bytes that are not
 * UTF-8 escaped as \xNN (escape_text), after a line saying how many bytes
 * before them were left out, if any. */
void child_log_print_tail(FILE *out, const char *log);

#endif

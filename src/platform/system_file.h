/* Small files of /proc and /sys, read below $ATTACKBENCH_SYSTEM_ROOT when
 * it is set (the tests give a fake tree there).  Whatever that tree holds,
 * a read never blocks and never runs on: only regular files are opened
 * (no FIFO, no device such as /dev/zero), without waiting, and a file is
 * read up to SYSTEM_FILE_LIMIT bytes. */
#ifndef ATTACKBENCH_SYSTEM_FILE_H
#define ATTACKBENCH_SYSTEM_FILE_H

#include <stddef.h>
#include <stdio.h>

enum { SYSTEM_FILE_LIMIT = 4 << 20 };

struct system_file {
    FILE *in;
    size_t budget; /* bytes still to be read */
};

/* Open `file` ("/proc/stat"); 0, or -1 when it is absent or not a regular file. */
int open_system_file(const char *file, struct system_file *system);

/* The next line into `line` (cut at size - 1 bytes); NULL at the end of the
 * file or of its budget. */
char *read_system_line(struct system_file *system, char *line, size_t size);

void close_system_file(struct system_file *system);

#endif

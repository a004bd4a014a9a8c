/* A private work directory for a command's files (recommend's logs and
 * results, ab's side logs): made by mkdtemp under $TMPDIR, as other
 * POSIX tools do, or under /tmp where TMPDIR is unset or empty. */
#ifndef ATTACKBENCH_WORK_DIRECTORY_H
#define ATTACKBENCH_WORK_DIRECTORY_H

#include <stddef.h>

/* The room for the path: a TMPDIR that leaves too little of it for
 * "/attackbench-NAME-XXXXXX" (about 225 bytes) is refused (ENAMETOOLONG),
 * so that the files' paths in it fit PATH_MAX buffers. */
enum { WORK_DIRECTORY_SIZE = 256 };

/* Make TMPDIR/attackbench-NAME-XXXXXX (the X's made unique) and write its
 * path into `path` (`size` bytes): 0, or -1 with errno set (ENAMETOOLONG
 * when the path does not fit; ENOSYS under WASI, which has no mkdtemp);
 * `path` then holds the template that failed, for the message. */
int work_directory_make(char *path, size_t size, const char *name);

#endif

/* A private work directory for a command's files (recommend's logs and
 * results, ab's side logs): made by mkdtemp under $TMPDIR, as other
 * POSIX tools do, or under /tmp where TMPDIR is unset or empty; removed
 * by its command, or by a janitor process when the command is killed. */
#ifndef ATTACKBENCH_WORK_DIRECTORY_H
#define ATTACKBENCH_WORK_DIRECTORY_H

#include <stddef.h>
#include <sys/types.h>

/* The room for the path: a TMPDIR that leaves too little of it for
 * "/attackbench-NAME-XXXXXX" (about 990 bytes) is refused
 * (ENAMETOOLONG), so that the files' paths in it, and the command lines
 * that name them, fit their PATH_MAX and 4096-byte buffers. */
enum { WORK_DIRECTORY_SIZE = 1024 };

/* Make TMPDIR/attackbench-NAME-XXXXXX (the X's made unique) and write its
 * path into `path` (`size` bytes): 0, or -1 with errno set (ENAMETOOLONG
 * when the path does not fit; ENOSYS under WASI, which has no mkdtemp);
 * `path` then says what failed, for the message: the template, or the
 * length of a TMPDIR too long. */
int work_directory_make(char *path, size_t size, const char *name);

/* The files `names` (count of them) in `directory`, then the directory;
 * with `names` NULL, every file in it (a directory whose files another
 * program names, as valgrind's). */
void work_directory_remove(const char *directory, const char *const *names, size_t count);

/* A janitor: a process that removes the directory (its files `names`)
 * once the command has ended, however it ended (kill -9 included, which no
 * handler sees).  It waits for the end of a pipe only the command holds
 * (closed on exec, so the command's children never hold it); in a
 * session of its own, it outlives a kill of the whole process group
 * (timeout -s KILL, a cancelled CI job), and it ignores the terminal's
 * signals, which the command answers itself.  `pid` is -1 where none
 * could start (or under WASI), and the command alone removes the
 * directory then. */
struct work_directory_janitor {
    pid_t pid;
    int held_end;
};
struct work_directory_janitor work_directory_start_janitor(const char *directory, const char *const *names,
                                                           size_t count);

/* The directory removed by the command itself: the janitor, told by the
 * pipe's end, ends (waited for). */
void work_directory_end_janitor(struct work_directory_janitor janitor);

#endif

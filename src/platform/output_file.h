/* Output files (--csv, perft --csv, genpos --out): replaced atomically
 * when they are regular files, written straight through otherwise. */
#ifndef ATTACKBENCH_OUTPUT_FILE_H
#define ATTACKBENCH_OUTPUT_FILE_H

#include <stdio.h>

/* Write `path` with `writer`.
 * - An existing regular file the caller may not write (access(W_OK) with
 *   the effective IDs) is refused, as sort -o refuses it, and kept.
 * - A regular file (or a new one) is replaced atomically: `writer` fills a
 *   temporary file in the same directory, created with O_EXCL and
 *   O_NOFOLLOW under an unpredictable name, which gets the old file's
 *   permission bits (a new file: 0666 less the umask) and is renamed over
 *   the file only when everything was written and synced.
 * - A symbolic link is followed: its final target is replaced, the link
 *   stays.  A link in a sticky world-writable directory (/tmp) is followed
 *   only when the caller or the directory's owner owns it, as the kernel's
 *   protected_symlinks does.
 * - Anything else (/dev/stdout, /dev/null, /dev/full, a FIFO, a terminal)
 *   is opened and written straight through, never replaced.
 * While the temporary file exists, SIGINT, SIGTERM and SIGHUP, unless the
 * caller handles or ignores them, remove it before the process dies.
 * Returns 0, or -1 after printing an error ("PATH: cannot write: ..."). */
int write_file_atomically(const char *path, void (*writer)(FILE *out, void *data), void *data);

/* The same for a writer that can fail or give up: a non-zero return from
 * `writer` leaves `path` as it was (the writer reports why) and returns
 * -1. */
int write_file_atomically_checked(const char *path, int (*writer)(FILE *out, void *data), void *data);

/* Create `path` as a new, empty file, open for writing, with mode 0600:
 * fails (EEXIST) when anything exists there, a symbolic link included,
 * which is never followed.  Returns the descriptor or -1. */
int create_new_file(const char *path);

/* A temporary file without a name, for writing and reading back
 * (tmpfile(); WASI has none, so there a file whose name is removed at
 * once).  NULL with errno set when none can be made. */
FILE *open_scratch_file(void);

/* Before a long run: 0 when `path` can be written (its directory exists
 * and takes a new file, it is no directory, an existing file is writable
 * by the caller, its links may be followed),
 * else -1 after printing "PATH: cannot ...: why". */
int check_output_path(const char *path);

/* Whether two paths name one file: the same name, the same inode, or for
 * files not there yet the same name in the same folder. */
int same_file(const char *first, const char *second);

#endif

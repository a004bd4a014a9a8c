/* The private work directory of a command (src/platform/work_directory.h). */
#define _POSIX_C_SOURCE 200809L
#include "work_directory.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#if !defined(__wasi__)
#include <sys/wait.h>
#endif

int work_directory_make(char *path, size_t size, const char *name)
{
    const char *base = getenv("TMPDIR");
    if (base == NULL || base[0] == '\0')
        base = "/tmp";
    int length = snprintf(path, size, "%s/attackbench-%s-XXXXXX", base, name);
    if (length < 0 || (size_t)length >= size) {
        snprintf(path, size, "under TMPDIR (%zu characters; at most %zu fit)", strlen(base),
                 size - sizeof "/attackbench--XXXXXX" - strlen(name));
        errno = ENAMETOOLONG;
        return -1;
    }
#if defined(__wasi__)
    errno = ENOSYS;
    return -1;
#else
    return mkdtemp(path) == NULL ? -1 : 0;
#endif
}

/* Every entry of `directory` (none of them a directory), each removed as
 * it is read; the listing is read again while that removed any (a listing
 * changed while it is read may skip a name), a few times at most. */
static void remove_every_file(const char *directory)
{
    char path[PATH_MAX];
    for (int removed = 1, pass = 0; removed && pass < 8; pass++) {
        removed = 0;
        DIR *listing = opendir(directory);
        if (listing == NULL)
            return;
        struct dirent *entry;
        while ((entry = readdir(listing)) != NULL) {
            if (strcmp(entry->d_name, ".") == 0 || strcmp(entry->d_name, "..") == 0)
                continue;
            snprintf(path, sizeof path, "%s/%s", directory, entry->d_name);
            removed |= unlink(path) == 0;
        }
        closedir(listing);
    }
}

void work_directory_remove(const char *directory, const char *const *names, size_t count)
{
    char path[PATH_MAX];
    if (names == NULL)
        remove_every_file(directory);
    for (size_t i = 0; names != NULL && i < count; i++) {
        snprintf(path, sizeof path, "%s/%s", directory, names[i]);
        unlink(path);
    }
    rmdir(directory);
}

#if defined(__wasi__)
struct work_directory_janitor work_directory_start_janitor(const char *directory, const char *const *names,
                                                           size_t count)
{
    (void)directory;
    (void)names;
    (void)count;
    return (struct work_directory_janitor){-1, -1};
}

void work_directory_end_janitor(struct work_directory_janitor janitor)
{
    (void)janitor;
}
#else
/* A descriptor moved above the standard streams: with standard output
 * closed, pipe() hands out 1, which the janitor's /dev/null would replace
 * (and the command's own output would go into the pipe).  -1 on failure. */
static int above_standard_streams(int descriptor)
{
    if (descriptor > 2)
        return descriptor;
    int moved = fcntl(descriptor, F_DUPFD, 3);
    close(descriptor);
    return moved;
}

/* The janitor's own life: in a session of its own, deaf to the signals
 * that end the command, holding none of the caller's streams, it waits
 * for the end of the pipe only the command holds, then removes the
 * directory. */
static void run_janitor(const char *directory, const char *const *names, size_t count, int read_end)
{
    setsid();
    static const int ignored[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};
    for (size_t i = 0; i < sizeof ignored / sizeof ignored[0]; i++)
        signal(ignored[i], SIG_IGN);
    /* No pipe of the caller's held open past this process's end. */
    int null = open("/dev/null", O_RDWR);
    for (int descriptor = 0; null >= 0 && descriptor <= 2; descriptor++)
        dup2(null, descriptor);
    char byte;
    for (ssize_t got; (got = read(read_end, &byte, 1)) != 0;)
        if (got < 0 && errno != EINTR)
            break;
    /* A child killed with the command may still be closing its log: a few
     * tries over a second. */
    for (int tries = 0; tries < 20 && access(directory, F_OK) == 0; tries++) {
        work_directory_remove(directory, names, count);
        nanosleep(&(struct timespec){0, 50000000}, NULL);
    }
    _exit(0);
}

struct work_directory_janitor work_directory_start_janitor(const char *directory, const char *const *names,
                                                           size_t count)
{
    struct work_directory_janitor none = {-1, -1};
    int ends[2];
    if (pipe(ends) != 0)
        return none;
    ends[0] = above_standard_streams(ends[0]);
    ends[1] = above_standard_streams(ends[1]);
    if (ends[0] < 0 || ends[1] < 0) {
        close(ends[0]);
        close(ends[1]);
        return none;
    }
    fcntl(ends[1], F_SETFD, FD_CLOEXEC);
    pid_t pid = fork();
    if (pid == 0) {
        close(ends[1]);
        run_janitor(directory, names, count, ends[0]);
    }
    close(ends[0]);
    if (pid < 0) {
        close(ends[1]);
        return none;
    }
    return (struct work_directory_janitor){pid, ends[1]};
}

void work_directory_end_janitor(struct work_directory_janitor janitor)
{
    if (janitor.pid < 0)
        return;
    close(janitor.held_end);
    while (waitpid(janitor.pid, NULL, 0) < 0 && errno == EINTR)
        continue;
}
#endif

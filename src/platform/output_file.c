/* Output files: atomic replacement of regular files, straight writes to
 * everything else; see output_file.h.  The rules are those of careful
 * editors and coreutils' sort -o: never turn a device or a FIFO into a
 * regular file, never replace a file the caller may not write (as sort -o
 * cannot open it), follow symbolic links to the file they name, and never
 * follow a link planted where the temporary file goes. */
#define _DEFAULT_SOURCE
#include "output_file.h"

#include "base/error_message.h"
#include "interrupt.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The temporary file to remove if a signal ends the process meanwhile. */
static char temporary_name[PATH_MAX + 32];
static volatile sig_atomic_t temporary_exists;

/* A failure, in one line.  EINTR is the caught SIGINT or SIGTERM that
 * cut an open or a write short (a FIFO nobody reads blocks the open): it
 * is said as the interrupt it is, not as a fault of the path. */
static int report(const char *path, const char *what, int error)
{
    char shown[PATH_MAX + 64]; /* no control byte of the name reaches the terminal */
    escape_text(path, shown, sizeof shown);
    if (error == EINTR)
        fprintf(stderr, "attackbench: interrupted: %s: %s\n", shown,
                strcmp(what, "cannot write") == 0 ? "not written whole" : "not written");
    else
        fprintf(stderr, "attackbench: %s: %s: %s\n", shown, what, strerror(error));
    return -1;
}

#if defined(__wasi__)
/* WebAssembly (WASI) delivers no signals: no cleanup to install, nothing
 * to block, and a closed pipe is a write error already. */
struct signal_state {
    int unused;
};
static void install_cleanup(struct signal_state *state)
{
    (void)state;
}

static void restore_signals(const struct signal_state *state)
{
    (void)state;
}

static void block_cleanup_signals(int block, struct signal_state *state)
{
    (void)block;
    (void)state;
}

static void ignore_broken_pipe(struct signal_state *state)
{
    (void)state;
}

static void restore_broken_pipe(const struct signal_state *state)
{
    (void)state;
}
#else
static const int cleanup_signals[] = {SIGINT, SIGTERM, SIGHUP};
enum { CLEANUP_SIGNAL_COUNT = sizeof cleanup_signals / sizeof cleanup_signals[0] };

/* The signal actions and mask a step saves and puts back. */
struct signal_state {
    struct sigaction actions[CLEANUP_SIGNAL_COUNT];
    sigset_t mask;
};

/* Remove the temporary file, then die of the signal as if uncaught. */
static void remove_temporary_and_die(int signal_number)
{
    if (temporary_exists)
        unlink(temporary_name);
    signal(signal_number, SIG_DFL);
    raise(signal_number); /* delivered when the handler returns */
}

/* Only signals left at their default action: a caller that handles one
 * (the benchmark reports its finished rows on SIGINT) or ignores it
 * keeps it. */
static void install_cleanup(struct signal_state *state)
{
    struct sigaction *saved = state->actions;
    struct sigaction cleanup = {0};
    cleanup.sa_handler = remove_temporary_and_die;
    sigemptyset(&cleanup.sa_mask);
    for (int i = 0; i < CLEANUP_SIGNAL_COUNT; i++) {
        sigaction(cleanup_signals[i], NULL, &saved[i]);
        if (saved[i].sa_handler == SIG_DFL)
            sigaction(cleanup_signals[i], &cleanup, NULL);
    }
}

static void restore_signals(const struct signal_state *state)
{
    const struct sigaction *saved = state->actions;
    for (int i = 0; i < CLEANUP_SIGNAL_COUNT; i++)
        sigaction(cleanup_signals[i], &saved[i], NULL);
}

/* Block (or unblock) the cleanup signals around a step that must not be
 * cut in two, such as the rename and forgetting the temporary name. */
static void block_cleanup_signals(int block, struct signal_state *state)
{
    sigset_t *previous = &state->mask;
    if (!block) {
        sigprocmask(SIG_SETMASK, previous, NULL);
        return;
    }
    sigset_t blocked;
    sigemptyset(&blocked);
    for (int i = 0; i < CLEANUP_SIGNAL_COUNT; i++)
        sigaddset(&blocked, cleanup_signals[i]);
    sigprocmask(SIG_BLOCK, &blocked, previous);
}

/* A FIFO whose reader went away is EPIPE, reported, not a silent death. */
static void ignore_broken_pipe(struct signal_state *state)
{
    struct sigaction ignore = {0};
    ignore.sa_handler = SIG_IGN;
    sigaction(SIGPIPE, &ignore, &state->actions[0]);
}

static void restore_broken_pipe(const struct signal_state *state)
{
    sigaction(SIGPIPE, &state->actions[0], NULL);
}
#endif

int create_new_file(const char *path)
{
    return open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC | O_NOCTTY, S_IRUSR | S_IWUSR);
}

/* The longest name of one file that Linux, the BSDs and macOS take
 * (NAME_MAX): a temporary name longer than that cannot be created. */
enum { LONGEST_FILE_NAME = 255, RANDOM_LETTERS = 12 };

/* The bytes of `final` the temporary name keeps: its directory and as
 * much of its last name as leaves room for ".tmp." and the random
 * letters within LONGEST_FILE_NAME, so that a final name near that
 * limit (which the rename may still give) gets a temporary too. */
static size_t temporary_stem_length(const char *final)
{
    const char *slash = strrchr(final, '/');
    size_t directory = slash ? (size_t)(slash - final) + 1 : 0, name = strlen(final) - directory;
    size_t room = LONGEST_FILE_NAME - (sizeof ".tmp." - 1) - RANDOM_LETTERS;
    return directory + (name < room ? name : room);
}

/* Create "DIRECTORY/NAME.tmp.XXXXXXXXXXXX" beside `final` with twelve
 * random letters and digits (71 bits from getentropy), as mkstemp does,
 * into temporary_name (NAME cut to fit a file name's length).  Returns
 * the descriptor or -1 with errno set. */
static int create_temporary(const char *final)
{
    static const char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    size_t stem = temporary_stem_length(final);
    if (stem + sizeof ".tmp." + RANDOM_LETTERS > sizeof temporary_name) {
        errno = ENAMETOOLONG;
        return -1;
    }
    for (int attempt = 0; attempt < 100; attempt++) {
        unsigned char random[RANDOM_LETTERS];
        if (getentropy(random, sizeof random) != 0)
            return -1;
        int used = snprintf(temporary_name, sizeof temporary_name, "%.*s.tmp.", (int)stem, final);
        for (int i = 0; i < RANDOM_LETTERS; i++)
            temporary_name[used++] = alphabet[random[i] % (sizeof alphabet - 1)];
        temporary_name[used] = '\0';
        int descriptor = create_new_file(temporary_name);
        if (descriptor >= 0 || errno != EEXIST)
            return descriptor;
    }
    errno = EEXIST;
    return -1;
}

/* The kernel's protected_symlinks rule: a link in a sticky, world-writable
 * directory (/tmp) is followed only when its owner is the caller or the
 * directory's owner, so that another user cannot plant one there to make
 * this process replace a file it may write and they may not. */
static int link_is_protected(const char *link_path, const struct stat *link_status)
{
#if defined(__wasi__)
    /* WASI has no users: no link belongs to anyone else. */
    (void)link_path;
    (void)link_status;
    return 0;
#else
    char directory[PATH_MAX];
    const char *slash = strrchr(link_path, '/');
    if (slash == NULL)
        snprintf(directory, sizeof directory, ".");
    else if (slash == link_path)
        snprintf(directory, sizeof directory, "/");
    else
        snprintf(directory, sizeof directory, "%.*s", (int)(slash - link_path), link_path);
    struct stat directory_status;
    if (stat(directory, &directory_status) != 0)
        return 0;
    int sticky_and_open = (directory_status.st_mode & S_ISVTX) && (directory_status.st_mode & S_IWOTH);
    return sticky_and_open && link_status->st_uid != geteuid() && link_status->st_uid != directory_status.st_uid;
#endif
}

/* Whether a link is one of /proc's links to an open file (/dev/stdout
 * and /dev/fd/1 lead to /proc/self/fd/1): its target names that file, but
 * the kernel opens the file itself, and replacing the named file would
 * cut away what was written to it through the open descriptor. */
static int links_to_open_file(const struct stat *link_status)
{
#if defined(__linux__)
    struct stat proc;
    return lstat("/proc/self", &proc) == 0 && proc.st_dev == link_status->st_dev;
#else
    (void)link_status;
    return 0;
#endif
}

/* Follow `path` through symbolic links, as the kernel does, to the name
 * that is to be replaced (a dangling link names the file it would
 * create).  Returns that name (malloc'ed) with *exists and *status, or
 * NULL with errno set; *open_file (when not NULL) says whether a link on
 * the way was /proc's link to an open file. */
static char *resolve_links(const char *path, struct stat *status, int *exists, int *open_file)
{
    char *current = strdup(path);
    if (open_file)
        *open_file = 0;
    for (int hops = 0; current != NULL && hops < 40; hops++) {
        if (lstat(current, status) != 0) {
            int error = errno;
            *exists = 0;
            if (error == ENOENT)
                return current;
            free(current);
            errno = error;
            return NULL;
        }
        *exists = 1;
        if (!S_ISLNK(status->st_mode))
            return current;
        if (open_file && links_to_open_file(status))
            *open_file = 1;
        if (link_is_protected(current, status)) {
            free(current);
            errno = EACCES;
            return NULL;
        }
        char target[PATH_MAX];
        ssize_t length = readlink(current, target, sizeof target - 1);
        if (length < 0 || length == (ssize_t)sizeof target - 1) {
            int error = length < 0 ? errno : ENAMETOOLONG;
            free(current);
            errno = error;
            return NULL;
        }
        target[length] = '\0';
        /* A relative target is relative to the link's directory. */
        const char *slash = strrchr(current, '/');
        int directory_length = target[0] == '/' || slash == NULL ? 0 : (int)(slash - current + 1);
        char *next = malloc((size_t)directory_length + (size_t)length + 1);
        if (next != NULL)
            snprintf(next, (size_t)directory_length + (size_t)length + 1, "%.*s%s", directory_length, current, target);
        free(current);
        current = next;
    }
    if (current != NULL) {
        free(current);
        errno = ELOOP;
    }
    return NULL;
}

/* An existing regular file the caller may not write is refused, as
 * sort -o refuses it: the rename beside it would replace it anyway, since
 * that needs only the directory's permission.  Checked with the effective
 * IDs (root may write anything).  0, or -1 after the error line. */
static int refuse_unwritable(const char *path, const char *final, int exists)
{
    if (!exists || faccessat(AT_FDCWD, final, W_OK, AT_EACCESS) == 0)
        return 0;
    return report(path, "cannot write", errno);
}

/* Flush and check a stream the writer filled; `status` is the writer's.
 * *error is 0 when only the writer failed: it said why. */
static int stream_failed(FILE *out, int status, int *error)
{
    *error = 0;
    if (fflush(out) != 0 || ferror(out)) {
        *error = errno ? errno : EIO;
        return 1;
    }
    return status != 0;
}

/* Open a device or FIFO to write, without creating or cutting it.  A FIFO
 * nobody reads makes the open wait for a reader; once the run was
 * interrupted it waits no more: with no reader there the open fails as
 * interrupted (EINTR) rather than blocking the exit the user asked for. */
static int open_through(const char *path)
{
    int flags = O_WRONLY | O_APPEND | O_NOCTTY | O_CLOEXEC;
    if (!interrupt_requested())
        return open(path, flags);
    int descriptor = open(path, flags | O_NONBLOCK);
    if (descriptor < 0) {
        if (errno == ENXIO)
            errno = EINTR;
        return -1;
    }
    fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK);
    return descriptor;
}

/* Straight through: a device, a FIFO, our own standard output.  The file
 * is opened without O_CREAT or O_TRUNC, so nothing is created or cut. */
static int write_through(const char *path, const struct stat *followed, int (*writer)(FILE *, void *), void *data)
{
    struct stat standard_output;
    fflush(stdout); /* what the program printed comes first */
    int to_stdout = fstat(STDOUT_FILENO, &standard_output) == 0 && standard_output.st_dev == followed->st_dev &&
                    standard_output.st_ino == followed->st_ino;
    FILE *out = stdout;
    if (!to_stdout) {
        int descriptor = open_through(path);
        out = descriptor >= 0 ? fdopen(descriptor, "w") : NULL;
        if (out == NULL) {
            int error = errno;
            if (descriptor >= 0)
                close(descriptor);
            return report(path, "cannot open", error);
        }
    }
    struct signal_state previous;
    ignore_broken_pipe(&previous);
    errno = 0;
    int error, failed = stream_failed(out, writer(out, data), &error);
    if (!to_stdout && fclose(out) != 0 && !failed) {
        failed = 1;
        error = errno;
    }
    restore_broken_pipe(&previous);
    return failed && error != 0 ? report(path, "cannot write", error) : -failed;
}

/* Give the temporary file the old file's owner (when allowed) and
 * permission bits, or a new file's 0666 less the umask. */
static void copy_permissions(int descriptor, const struct stat *old)
{
#if defined(__wasi__)
    /* WASI has no owners or permission bits: the host's defaults apply. */
    (void)descriptor;
    (void)old;
#else
    if (old != NULL) {
        if (fchown(descriptor, old->st_uid, old->st_gid) != 0) {
            /* Not allowed: the file becomes ours, as with any editor. */
        }
        fchmod(descriptor, old->st_mode & 07777);
        return;
    }
    mode_t mask = umask(0);
    umask(mask);
    fchmod(descriptor, 0666 & ~mask);
#endif
}

/* Fill a temporary file beside `final` and rename it over `final`;
 * messages name `path`, the name the user gave. */
static int replace_file(const char *path, const char *final, const struct stat *old, int (*writer)(FILE *, void *),
                        void *data)
{
    struct signal_state saved, previous;
    install_cleanup(&saved);
    block_cleanup_signals(1, &previous);
    int descriptor = create_temporary(final);
    int error = errno;
    temporary_exists = descriptor >= 0;
    block_cleanup_signals(0, &previous);
    if (descriptor < 0) {
        restore_signals(&saved);
        /* The file is there, its folder refuses a new one (/proc, say). */
        return report(path, old ? "cannot create a temporary file beside it" : "cannot create", error);
    }
    FILE *out = fdopen(descriptor, "w");
    int failed = out == NULL;
    error = errno;
    errno = 0;
    if (out == NULL)
        close(descriptor);
    else
        failed = stream_failed(out, writer(out, data), &error);
    if (!failed && fsync(fileno(out)) != 0 && errno != EINVAL) {
        failed = 1;
        error = errno;
    }
    if (out != NULL) {
        copy_permissions(fileno(out), old);
        if (fclose(out) != 0 && !failed) {
            failed = 1;
            error = errno;
        }
    }
    block_cleanup_signals(1, &previous);
    if (!failed && rename(temporary_name, final) != 0) {
        failed = 1;
        error = errno;
    }
    if (failed)
        unlink(temporary_name);
    temporary_exists = 0;
    block_cleanup_signals(0, &previous);
    restore_signals(&saved);
    return failed && error != 0 ? report(path, "cannot write", error) : -failed;
}

FILE *open_scratch_file(void)
{
#if defined(__wasi__)
    /* WASI has no tmpfile(): a new file in $TMPDIR (or /tmp), its name
     * removed at once, does the same. */
    const char *directory = getenv("TMPDIR");
    char place[PATH_MAX];
    snprintf(place, sizeof place, "%s/attackbench-scratch", directory && *directory ? directory : "/tmp");
    int descriptor = create_temporary(place);
    if (descriptor < 0)
        return NULL;
    /* The new file opened again for reading too, then its name removed. */
    FILE *scratch = fopen(temporary_name, "w+");
    close(descriptor);
    unlink(temporary_name);
    return scratch;
#else
    return tmpfile();
#endif
}

/* One try of write_file_atomically_checked.  *raced is set, and nothing
 * written, when the file changed between the two looks at it: the path
 * followed by the kernel (stat) and by hand (resolve_links) reached two
 * different files, and no link on the way was one of /proc's.  Another
 * writer renamed its file over this one in between: writing through would
 * append to that writer's file. */
static int write_once(const char *path, int (*writer)(FILE *out, void *data), void *data, int *raced)
{
    struct stat followed, final_status;
    *raced = 0;
    int reachable = stat(path, &followed) == 0;
    if (reachable && S_ISDIR(followed.st_mode))
        return report(path, "cannot write", EISDIR);
    if (reachable && !S_ISREG(followed.st_mode))
        return write_through(path, &followed, writer, data);
    int exists = 0, open_file = 0;
    char *final = resolve_links(path, &final_status, &exists, &open_file);
    if (final == NULL)
        return report(path, "cannot create", errno);
    int differs =
        reachable && (!exists || final_status.st_dev != followed.st_dev || final_status.st_ino != followed.st_ino);
    int status = -1;
    if (differs && !open_file)
        *raced = 1;
    else if (refuse_unwritable(path, final, exists) != 0)
        status = -1;
    else if (reachable && (open_file || differs))
        /* A link the kernel resolves by itself (/dev/stdout, /proc/self/fd/N)
         * to a file already open: write into that file, do not replace it. */
        status = write_through(path, &followed, writer, data);
    else
        status = replace_file(path, final, exists ? &final_status : NULL, writer, data);
    free(final);
    return status;
}

int write_file_atomically_checked(const char *path, int (*writer)(FILE *out, void *data), void *data)
{
    /* Concurrent writers of one file rename over each other for as long
     * as each takes to write: a few tries see it still. */
    enum { TRIES = 100 };
    int raced = 0;
    for (int attempt = 0; attempt < TRIES; attempt++) {
        int status = write_once(path, writer, data, &raced);
        if (!raced)
            return status;
    }
    char shown[PATH_MAX + 64];
    escape_text(path, shown, sizeof shown);
    fprintf(stderr, "attackbench: %s: kept changing while it was being replaced (%d tries): not written\n", shown,
            TRIES);
    return -1;
}

/* Adapts a writer that cannot fail to write_file_atomically_checked. */
struct plain_writer {
    void (*writer)(FILE *out, void *data);
    void *data;
};

static int call_plain_writer(FILE *out, void *data)
{
    const struct plain_writer *plain = data;
    plain->writer(out, plain->data);
    return 0;
}

int write_file_atomically(const char *path, void (*writer)(FILE *out, void *data), void *data)
{
    struct plain_writer plain = {writer, data};
    return write_file_atomically_checked(path, call_plain_writer, &plain);
}

/* Whether `path` could be written now: not a directory, every link
 * followable, an existing file writable by the caller, and a temporary file can be created beside its final
 * target (made and removed at once).  Devices and FIFOs are opened at
 * write time, as write_file_atomically does. */
int check_output_path(const char *path)
{
    /* '-' is standard input wherever a file is read: as an output it made
     * a file named '-' in the working directory, which nobody means. */
    if (strcmp(path, "-") == 0) {
        fprintf(stderr, "attackbench: -: not an output file name ('-' is standard input); name /dev/stdout to "
                        "write to standard output\n");
        return -1;
    }
    struct stat followed, final_status;
    int reachable = stat(path, &followed) == 0;
    if (reachable && S_ISDIR(followed.st_mode))
        return report(path, "cannot write", EISDIR);
    /* "x.csv/" names a directory: said so, not the lookup's ENOTDIR or
     * ENOENT, which hide the slash that is the real problem. */
    size_t length = strlen(path);
    if (length > 0 && path[length - 1] == '/') {
        fprintf(stderr, "attackbench: %s: the name ends in '/', a directory's name, not a file's\n", path);
        return -1;
    }
    if (reachable && !S_ISREG(followed.st_mode))
        return 0;
    int exists = 0, open_file = 0;
    char *final = resolve_links(path, &final_status, &exists, &open_file);
    if (final == NULL)
        return report(path, "cannot create", errno);
    if (reachable && open_file) { /* written through, as write_file_atomically does */
        free(final);
        return 0;
    }
    if (refuse_unwritable(path, final, exists) != 0) {
        free(final);
        return -1;
    }
    int descriptor = create_temporary(final);
    int error = errno;
    free(final);
    if (descriptor < 0)
        return report(path, exists ? "cannot create a temporary file beside it" : "cannot create", error);
    close(descriptor);
    unlink(temporary_name);
    return 0;
}

/* Whether two names of files that do not exist yet would create one file:
 * the same last name in the same folder ("x", "./x" and "dir/../x"). */
static int same_new_file(const char *first, const char *second)
{
    const char *first_slash = strrchr(first, '/'), *second_slash = strrchr(second, '/');
    const char *first_name = first_slash ? first_slash + 1 : first;
    const char *second_name = second_slash ? second_slash + 1 : second;
    if (strcmp(first_name, second_name) != 0)
        return 0;
    char first_folder[PATH_MAX], second_folder[PATH_MAX];
    snprintf(first_folder, sizeof first_folder, "%.*s", first_slash ? (int)(first_slash - first) + 1 : 1,
             first_slash ? first : ".");
    snprintf(second_folder, sizeof second_folder, "%.*s", second_slash ? (int)(second_slash - second) + 1 : 1,
             second_slash ? second : ".");
    struct stat a, b;
    return stat(first_folder, &a) == 0 && stat(second_folder, &b) == 0 && a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

int same_file(const char *first, const char *second)
{
    struct stat a, b;
    if (strcmp(first, second) == 0)
        return 1;
    int first_exists = stat(first, &a) == 0, second_exists = stat(second, &b) == 0;
    if (first_exists || second_exists)
        return first_exists && second_exists && a.st_dev == b.st_dev && a.st_ino == b.st_ino;
    /* Neither exists yet: the names they would create, past dangling links. */
    int exists;
    char *first_final = resolve_links(first, &a, &exists, NULL),
         *second_final = resolve_links(second, &b, &exists, NULL);
    int same = first_final && second_final && same_new_file(first_final, second_final);
    free(first_final);
    free(second_final);
    return same;
}

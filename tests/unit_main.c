/* Runs every registered unit test on the backends as the program chooses
 * them for this CPU; prints "ok NAME" or "FAIL NAME" per test and exits
 * non-zero when any failed. */
#define _DEFAULT_SOURCE
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "registry/registry.h"
#include "unit.h"

enum { MAX_TESTS = 512 };

static struct {
    const char *name;
    void (*function)(void);
} tests[MAX_TESTS];
static int test_count;
static int current_failures;
static const char *current_skip;

void unit_register(const char *name, void (*function)(void))
{
    if (test_count == MAX_TESTS) {
        fprintf(stderr, "unit: more than %d tests\n", MAX_TESTS);
        exit(2);
    }
    tests[test_count].name = name;
    tests[test_count].function = function;
    test_count++;
}

int unit_checksum_catches(const struct backend *wrong, enum piece_kind piece, const struct stream *stream)
{
    struct timer timer;
    timer_setup(&timer, TIMER_CLOCK, 0);
    const struct backend *pair[2] = {find_backend("reference"), wrong};
    int caught = 1;
    for (int dispatch = 0; dispatch < DISPATCH_KIND_COUNT; dispatch++) {
        struct measurement_config config = {.timer = &timer, .dispatch = dispatch, .reps = 1, .calls = 4, .threads = 1};
        struct measurement results[2];
        FILE *saved = unit_stderr_to(fopen("/dev/null", "w"));
        struct pass_checksums expected = stream_checksums(pair[0], piece, stream, 0);
        int status = measure_backends(pair, 2, piece, stream, &expected, &config, results);
        unit_stderr_back(saved);
        caught = caught && status == -1;
    }
    return caught;
}

void unit_skip(const char *reason)
{
    current_skip = reason;
}

FILE *unit_stderr_to(FILE *replacement)
{
#if defined(__wasi__)
    if (replacement != NULL)
        fclose(replacement);
    return NULL;
#else
    FILE *saved = stderr;
    if (replacement != NULL)
        stderr = replacement;
    return saved;
#endif
}

void unit_stderr_back(FILE *saved)
{
#if defined(__wasi__)
    (void)saved;
#else
    if (stderr != saved) {
        fclose(stderr);
        stderr = saved;
    }
#endif
}

char *unit_temporary_directory(char *template_path)
{
#if defined(__wasi__)
    size_t length = strlen(template_path);
    if (length < 6)
        return NULL;
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    unsigned long long seed = (unsigned long long)now.tv_nsec ^ ((unsigned long long)now.tv_sec << 20);
    for (int attempt = 0; attempt < 100; attempt++, seed = seed * 6364136223846793005ULL + 1442695040888963407ULL) {
        for (int i = 0; i < 6; i++)
            template_path[length - 6 + i] = "abcdefghijklmnopqrstuvwxyz0123456789"[(seed >> (6 * i + 20)) % 36];
        if (mkdir(template_path, 0700) == 0)
            return template_path;
    }
    return NULL;
#else
    return mkdtemp(template_path);
#endif
}

int unit_remove_tree(const char *path)
{
    struct stat status;
    if (lstat(path, &status) != 0)
        return -1;
    if (!S_ISDIR(status.st_mode))
        return unlink(path);
    DIR *listing = opendir(path);
    if (listing == NULL)
        return -1;
    int failed = 0;
    struct dirent *entry;
    while ((entry = readdir(listing)) != NULL) {
        if (strcmp(entry->d_name, ".") == 0 || strcmp(entry->d_name, "..") == 0)
            continue;
        char child[1024];
        snprintf(child, sizeof child, "%s/%s", path, entry->d_name);
        failed |= unit_remove_tree(child) != 0;
    }
    closedir(listing);
    return rmdir(path) != 0 || failed ? -1 : 0;
}

void unit_fail(const char *file, int line, const char *expression)
{
    fprintf(stderr, "%s:%d: check failed: %s\n", file, line, expression);
    current_failures++;
}

int main(int argc, char **argv)
{
    int failed = 0;
    registry_choose_variants(); /* the code for this CPU, as main() runs it */
    for (int i = 0; i < test_count; i++) {
        if (argc > 1 && strstr(tests[i].name, argv[1]) == NULL)
            continue;
        current_failures = 0;
        current_skip = NULL;
        tests[i].function();
        if (current_skip != NULL && current_failures == 0)
            printf("skip %s: %s\n", tests[i].name, current_skip);
        else
            printf("%s %s\n", current_failures ? "FAIL" : "ok", tests[i].name);
        failed += current_failures != 0;
    }
    fflush(stdout);
    return failed ? 1 : 0;
}

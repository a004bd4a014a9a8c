/* A small unit-test harness: TEST(name) { ... } registers a test, CHECK()
 * records a failure with its file and line and carries on. */
#ifndef ATTACKBENCH_UNIT_H
#define ATTACKBENCH_UNIT_H

#include <stdio.h>

#include "measure/runner.h"

void unit_register(const char *name, void (*function)(void));
void unit_fail(const char *file, int line, const char *expression);

/* The current test cannot run on this platform: it prints "skip NAME:
 * REASON" instead of ok, and the test should return at once. */
void unit_skip(const char *reason);

/* Standard error pointed at `replacement` (which the swap owns) until
 * unit_stderr_back(): messages other tests check (tests/cli) stay out of
 * the unit tests' output.  Under WASI stderr is a constant: there the
 * replacement is closed at once and the messages stay on stderr. */
FILE *unit_stderr_to(FILE *replacement);
void unit_stderr_back(FILE *saved);

/* The wrong backend measured beside the reference on `stream` for
 * `piece`, once in each dispatch mode: 1 when every run was refused (its
 * checksum differs from the reference's), 0 when one was not. */
int unit_checksum_catches(const struct backend *wrong, enum piece_kind piece, const struct stream *stream);

/* mkdtemp(), which WASI lacks: TEMPLATE ends in XXXXXX; NULL on failure. */
char *unit_temporary_directory(char *template_path);

/* Remove a directory and everything under it (rm -rf without a shell,
 * which WASI lacks); 0 on success. */
int unit_remove_tree(const char *path);

#define TEST(name)                                                                                                     \
    static void name(void);                                                                                            \
    __attribute__((constructor)) static void register_##name(void)                                                     \
    {                                                                                                                  \
        unit_register(#name, name);                                                                                    \
    }                                                                                                                  \
    static void name(void)

#define CHECK(expression)                                                                                              \
    do {                                                                                                               \
        if (!(expression))                                                                                             \
            unit_fail(__FILE__, __LINE__, #expression);                                                                \
    } while (0)

#endif

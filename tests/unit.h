/* A small unit-test harness: TEST(name) { ... } registers a test, CHECK()
 * records a failure with its file and line and carries on. */
#ifndef ATTACKBENCH_UNIT_H
#define ATTACKBENCH_UNIT_H

#include <stdio.h>

void unit_register(const char *name, void (*function)(void));
void unit_fail(const char *file, int line, const char *expression);

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

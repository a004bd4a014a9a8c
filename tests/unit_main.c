/* Runs every registered unit test on the backends as the program chooses
 * them for this CPU; prints "ok NAME" or "FAIL NAME" per test and exits
 * non-zero when any failed. */
#include <stdlib.h>
#include <string.h>

#include "registry/registry.h"
#include "unit.h"

enum { MAX_TESTS = 512 };

static struct {
    const char *name;
    void (*function)(void);
} tests[MAX_TESTS];
static int test_count;
static int current_failures;

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
        tests[i].function();
        printf("%s %s\n", current_failures ? "FAIL" : "ok", tests[i].name);
        failed += current_failures != 0;
    }
    fflush(stdout);
    return failed ? 1 : 0;
}

/* The device layer's environment variables, read in every build so that a
 * value of another form is refused by every command (main.c), not
 * silently ignored: ATTACKBENCH_OPENCL_WATCHDOG and the tests'
 * ATTACKBENCH_OPENCL_PLANT. */
#include "device.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_WATCHDOG_SECONDS = 1000000 };

/* docs/gpu.md's planted faults (opencl_programs.c, opencl_devices.c). */
static const char *const plants[] = {"wrong", "sparse-queen", "broken", "slow", "memory"};

/* ATTACKBENCH_OPENCL_WATCHDOG's seconds: a plain decimal number above 0
 * and at most MAX_WATCHDOG_SECONDS; -1 for any other text. */
static double parse_watchdog(const char *text)
{
    char *end;
    if (text[strspn(text, "0123456789.")] != '\0')
        return -1; /* digits and a point only: no sign, space, exponent, hex, inf or nan */
    double seconds = strtod(text, &end);
    return *end == '\0' && isfinite(seconds) && seconds > 0 && seconds <= MAX_WATCHDOG_SECONDS ? seconds : -1;
}

static int known_plant(const char *plant)
{
    for (size_t i = 0; i < sizeof plants / sizeof plants[0]; i++)
        if (strcmp(plant, plants[i]) == 0)
            return 1;
    return 0;
}

int device_check_environment(char *message, size_t size)
{
    const char *watchdog = getenv("ATTACKBENCH_OPENCL_WATCHDOG");
    if (watchdog && *watchdog && parse_watchdog(watchdog) < 0) {
        snprintf(message, size,
                 "ATTACKBENCH_OPENCL_WATCHDOG=%s: expected the seconds a launch may take, a number above 0 and at "
                 "most %d (or empty)",
                 watchdog, MAX_WATCHDOG_SECONDS);
        return -1;
    }
    const char *plant = getenv("ATTACKBENCH_OPENCL_PLANT");
    if (plant && *plant && !known_plant(plant)) {
        snprintf(message, size,
                 "ATTACKBENCH_OPENCL_PLANT=%s: expected wrong, sparse-queen, broken, slow or memory (or empty)", plant);
        return -1;
    }
    return 0;
}

int device_planted(const char *what)
{
    const char *plant = getenv("ATTACKBENCH_OPENCL_PLANT");
    return plant && strcmp(plant, what) == 0;
}

double device_watchdog_seconds(void)
{
    const char *text = getenv("ATTACKBENCH_OPENCL_WATCHDOG");
    double seconds = text && *text ? parse_watchdog(text) : -1;
    return seconds > 0 ? seconds : 60;
}

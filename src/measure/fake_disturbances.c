/* The tests' fake disturbances (see fake_disturbances.h). */
#include "fake_disturbances.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char OTHER_WORK_VARIABLE[] = "ATTACKBENCH_FAKE_OTHER_WORK";
static const char CANARY_DRIFT_VARIABLE[] = "ATTACKBENCH_FAKE_CANARY_DRIFT";
static const char PREEMPTED_ROUNDS_VARIABLE[] = "ATTACKBENCH_FAKE_PREEMPTED_ROUNDS";

/* A plain decimal number from 0 to 1 (digits and a point: no sign, space,
 * exponent, hex, inf or nan); -1 for any other text. */
static double parse_fraction(const char *text)
{
    if (text[strspn(text, "0123456789.")] != '\0')
        return -1;
    char *end;
    double value = strtod(text, &end);
    return *end == '\0' && end != text && isfinite(value) && value >= 0 && value <= 1 ? value : -1;
}

/* The variable's value when set and not empty, else NULL. */
static const char *set_value(const char *variable)
{
    const char *value = getenv(variable);
    return value != NULL && value[0] != '\0' ? value : NULL;
}

static int check_variable(const char *variable, const char *meaning, char *message, size_t size)
{
    const char *value = set_value(variable);
    if (value == NULL || parse_fraction(value) >= 0)
        return 0;
    snprintf(message, size, "%s=%.64s: expected %s, a number from 0 to 1 (or empty)", variable, value, meaning);
    return -1;
}

int fake_disturbances_check_environment(char *message, size_t size)
{
    if (check_variable(OTHER_WORK_VARIABLE, "the share of the measuring CPUs other work took", message, size) != 0)
        return -1;
    if (check_variable(PREEMPTED_ROUNDS_VARIABLE, "the share of ab's rounds taken as preempted", message, size) != 0)
        return -1;
    return check_variable(CANARY_DRIFT_VARIABLE, "the harness's drift in speed", message, size);
}

static int read_fake(const char *variable, double *value)
{
    const char *text = set_value(variable);
    double parsed = text ? parse_fraction(text) : -1;
    if (parsed < 0)
        return 0; /* unset, empty, or refused before the command ran */
    *value = parsed;
    return 1;
}

int fake_other_work(double *share)
{
    return read_fake(OTHER_WORK_VARIABLE, share);
}

int fake_canary_drift(double *drift)
{
    return read_fake(CANARY_DRIFT_VARIABLE, drift);
}

int fake_preempted_round(long round)
{
    double share;
    if (!read_fake(PREEMPTED_ROUNDS_VARIABLE, &share))
        return 0;
    return floor((double)(round + 1) * share) > floor((double)round * share);
}

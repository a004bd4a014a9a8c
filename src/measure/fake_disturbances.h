/* The tests' stand-ins for disturbances no test can make on demand:
 * ATTACKBENCH_FAKE_OTHER_WORK=SHARE, the share of the measuring CPUs that
 * other work took in each group, ATTACKBENCH_FAKE_CANARY_DRIFT=DRIFT,
 * how far the harness's null loop changed speed, and
 * ATTACKBENCH_FAKE_PREEMPTED_ROUNDS=SHARE, the share of ab's rounds taken
 * as preempted by other work (evenly spread); each a plain decimal
 * number from 0 to 1.  Empty, either is not set; any other value is
 * refused before a command runs (main.c), since read as 0 it would
 * silence the real warnings, and read as 5 invent a 500% drift. */
#ifndef ATTACKBENCH_FAKE_DISTURBANCES_H
#define ATTACKBENCH_FAKE_DISTURBANCES_H

#include <stddef.h>

/* 0, or -1 with one line in message when either variable is set, not
 * empty and not a number from 0 to 1. */
int fake_disturbances_check_environment(char *message, size_t size);

/* 1 with *share when ATTACKBENCH_FAKE_OTHER_WORK is set and not empty;
 * else 0, *share untouched. */
int fake_other_work(double *share);

/* 1 with *drift when ATTACKBENCH_FAKE_CANARY_DRIFT is set and not empty;
 * else 0, *drift untouched. */
int fake_canary_drift(double *drift);

/* Whether ab's round number `round` (from 0, over the whole run) is taken
 * as preempted: ATTACKBENCH_FAKE_PREEMPTED_ROUNDS's share of the rounds,
 * evenly spread; 0 when it is not set. */
int fake_preempted_round(long round);

#endif

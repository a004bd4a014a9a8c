/* SIGINT and SIGTERM as a request to stop.  A long command installs the
 * handlers, looks at stop_signal wherever it can stop (between games,
 * between positions, inside the perft recursion), cleans up, and exits
 * with stop_exit_status(): 128 + the signal's number (130 for SIGINT, 143
 * for SIGTERM), the status a shell shows for a process the signal ended. */
#ifndef ATTACKBENCH_STOP_SIGNAL_H
#define ATTACKBENCH_STOP_SIGNAL_H

#include <signal.h>

/* 0, or the number of the first SIGINT or SIGTERM received. */
extern volatile sig_atomic_t stop_signal;

/* Catch SIGINT and SIGTERM into stop_signal. */
void stop_on_signals(void);

static inline int stop_exit_status(void)
{
    return 128 + stop_signal;
}

#endif

/* SIGINT and SIGTERM set a flag that long loops look at. */
#define _POSIX_C_SOURCE 200809L
#include <stddef.h>

#include "stop_signal.h"

volatile sig_atomic_t stop_signal;

static void remember_signal(int signal_number)
{
    if (stop_signal == 0)
        stop_signal = signal_number;
}

void stop_on_signals(void)
{
    struct sigaction action = {0};
    action.sa_handler = remember_signal;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, NULL);
    sigaction(SIGTERM, &action, NULL);
}

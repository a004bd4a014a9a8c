/* The SIGINT/SIGTERM flag (see src/platform/interrupt.h). */
#define _POSIX_C_SOURCE 200809L
#include "interrupt.h"

#include <stddef.h>

#include "crash_guard.h"

volatile sig_atomic_t interrupt_signal;

static void on_signal(int signal_number)
{
    interrupt_signal = signal_number;
    crash_guard_interrupted(signal_number); /* a plugin's code gets a deadline */
}

void interrupt_catch(void)
{
    struct sigaction action = {0};
    action.sa_handler = on_signal;
    sigemptyset(&action.sa_mask);
    /* No SA_RESTART: a blocking read returns, so a wait for standard
     * input ends too. */
    sigaction(SIGINT, &action, NULL);
    sigaction(SIGTERM, &action, NULL);
}

int interrupt_exit_status(void)
{
    return interrupt_signal ? 128 + interrupt_signal : 0;
}

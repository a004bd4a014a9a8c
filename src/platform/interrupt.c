/* The SIGINT/SIGTERM flag (see src/platform/interrupt.h). */
#define _POSIX_C_SOURCE 200809L
#include "interrupt.h"

#include <stddef.h>
#if !defined(__wasi__)
#include <unistd.h>
#endif
#if defined(__linux__)
#include <sys/prctl.h>
#endif

#include "crash_guard.h"

volatile sig_atomic_t interrupt_signal;

static void on_signal(int signal_number)
{
    interrupt_signal = signal_number;
    crash_guard_interrupted(signal_number); /* a plugin's code gets a deadline */
}

/* The handler for each of the signals (count of them). */
static void catch_signals(const int *signals, int count)
{
#if defined(__wasi__)
    /* WASI delivers no signals: Ctrl-C ends the engine (node) at once,
     * with no report of finished rows. */
    (void)on_signal;
    (void)signals;
    (void)count;
#else
    struct sigaction action = {0};
    action.sa_handler = on_signal;
    sigemptyset(&action.sa_mask);
    /* No SA_RESTART: a blocking read returns, so a wait for standard
     * input ends too. */
    for (int i = 0; i < count; i++)
        sigaction(signals[i], &action, NULL);
#endif
}

void interrupt_catch(void)
{
    static const int signals[] = {SIGINT, SIGTERM};
    catch_signals(signals, 2);
}

void interrupt_catch_hangup(void)
{
#if defined(__wasi__)
    interrupt_catch();
#else
    static const int signals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};
    catch_signals(signals, 4);
#endif
}

int interrupt_exit_status(void)
{
    return interrupt_signal ? 128 + interrupt_signal : 0;
}

int interrupt_end_with_parent(int parent)
{
#if defined(__wasi__)
    (void)parent;
    return 0; /* no processes under WASI */
#else
#if defined(__linux__)
    prctl(PR_SET_PDEATHSIG, SIGKILL);
#endif
    return getppid() == (pid_t)parent ? 0 : -1;
#endif
}

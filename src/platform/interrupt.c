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
    for (int i = 0; i < count; i++) {
        /* A SIGHUP ignored already (nohup) stays ignored: the run must
         * outlive its terminal. */
        struct sigaction before;
        if (signals[i] == SIGHUP && sigaction(SIGHUP, NULL, &before) == 0 && !(before.sa_flags & SA_SIGINFO) &&
            before.sa_handler == SIG_IGN)
            continue;
        sigaction(signals[i], &action, NULL);
    }
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

#if !defined(__wasi__)
/* The actions interrupt_catch_meanwhile replaced, and which it did. */
static const int meanwhile_signals[2] = {SIGINT, SIGTERM};
static struct sigaction actions_before[2];
static int caught_meanwhile[2], meanwhile;
#endif

void interrupt_catch_meanwhile(void)
{
#if !defined(__wasi__)
    if (meanwhile) /* caught already: what it replaced is kept */
        return;
    meanwhile = 1;
    struct sigaction action = {0};
    action.sa_handler = on_signal;
    sigemptyset(&action.sa_mask);
    for (int i = 0; i < 2; i++)
        caught_meanwhile[i] = sigaction(meanwhile_signals[i], NULL, &actions_before[i]) == 0 &&
                              !(actions_before[i].sa_flags & SA_SIGINFO) && actions_before[i].sa_handler == SIG_DFL &&
                              sigaction(meanwhile_signals[i], &action, NULL) == 0;
#endif
}

void interrupt_release(void)
{
#if !defined(__wasi__)
    for (int i = 0; i < 2; i++)
        if (caught_meanwhile[i])
            sigaction(meanwhile_signals[i], &actions_before[i], NULL);
    caught_meanwhile[0] = caught_meanwhile[1] = meanwhile = 0;
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

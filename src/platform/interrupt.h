/* SIGINT and SIGTERM: the commands stop at the next check (within about a
 * second wherever they are: measuring, verifying, reading, building),
 * report what they finished and exit 128 + the signal number (130 for
 * SIGINT, 143 for SIGTERM), as shells report a process the signal killed. */
#ifndef ATTACKBENCH_INTERRUPT_H
#define ATTACKBENCH_INTERRUPT_H

#include <errno.h>
#include <signal.h>

/* Catch SIGINT and SIGTERM from now on. */
void interrupt_catch(void);

/* Also SIGHUP (a closed terminal or ssh session) and SIGQUIT, for a
 * command whose finished work or children must not be lost whatever
 * stops it (the benchmark, perft, recommend, ab, --dump, genpos); 128 +
 * the signal as for the others.  A SIGHUP ignored when it is called
 * (nohup) stays ignored. */
void interrupt_catch_hangup(void);

/* Catch SIGINT and SIGTERM for a while, where they still have their
 * default action (one a background job's shell ignores stays ignored):
 * while the plugins load, before a command catches them, so that a
 * plugin's code stuck there is named as stopped (crash_guard.h) and the
 * checks that return stop at their next look at the flag.
 * A second call while caught does nothing; interrupt_release() puts the
 * actions back (nothing when none were caught); the flag stays as it is. */
void interrupt_catch_meanwhile(void);
void interrupt_release(void);

/* Set by the handler; non-zero once a signal arrived.  Read it directly
 * in timed code (one load), through interrupt_requested() elsewhere. */
extern volatile sig_atomic_t interrupt_signal;

static inline int interrupt_requested(void)
{
    return interrupt_signal != 0;
}

/* Whether a write that failed with errno `error` was cut short by the
 * signal rather than failed: the handler has no SA_RESTART (a wait for
 * standard input must end), so a write blocked on a full pipe returns
 * EINTR.  The command then reports the interrupt, not a write error. */
static inline int interrupt_cut_write(int error)
{
    return error == EINTR && interrupt_requested();
}

/* 128 + the signal that arrived (0 when none did). */
int interrupt_exit_status(void);

/* In a child, between fork and exec: have the kernel kill it (SIGKILL)
 * when its parent ends, whatever ends the parent (SIGKILL from an OOM
 * killer, timeout -k or a cancelled CI job cannot be caught, so a parent
 * cannot stop its children itself).  The request survives exec.  -1 when
 * `parent`, the parent's pid taken before the fork, already ended (the
 * child should exit), else 0.  Linux only; elsewhere only the check. */
int interrupt_end_with_parent(int parent);

#endif
